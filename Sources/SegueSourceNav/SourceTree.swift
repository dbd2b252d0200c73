import Foundation

/// Finds and reads an app's source files (`.swift`, `.m`, `.mm`, `.h`) under its root, in
/// parallel, skipping dependency, build and test folders, prebuilt frameworks and files over 2 MB. Swift files are read in
/// worker processes when ``SwiftReaderProcesses`` has a worker installed.
public enum SourceTree {
    static let skippedFolders: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", "fastlane"]
    /// Prebuilt libraries shipped inside the app's folder: their headers are a vendor's, not the app's.
    static let skippedBundles: Set<String> = ["xcframework", "framework", "bundle"]
    static let maxFileSize = 2 * 1024 * 1024

    /// A test target's folder (`AppTests`, `AppUITests`, `Tests`, `Specs`): its controllers and
    /// windows are the tests' (`testWindow.rootViewController = …`), not the app's.
    static func isTestFolder(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name.hasSuffix("Specs") || ["tests", "specs"].contains(name.lowercased())
    }

    /// A Mac target's folder in a repository that builds for both (`Mac`, `macOS`, `OSX`): its
    /// controllers are AppKit's.
    static func isMacFolder(_ name: String) -> Bool {
        ["mac", "macos", "osx"].contains(name.lowercased())
    }

    /// Paths relative to `root`, sorted.
    public static func sourceFiles(root: String) -> [String] {
        // A root given as a symbolic link is walked where it leads (the walker does not enter it).
        let resolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: resolved) else { return [] }
        var files: [String] = []
        while let rel = walker.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if skippedFolders.contains(name) || skippedBundles.contains((name as NSString).pathExtension) || isTestFolder(name) || isMacFolder(name) {
                walker.skipDescendants()
                continue
            }
            switch (name as NSString).pathExtension {
            case "swift", "m", "mm", "h": files.append(rel)
            default: break
            }
        }
        return files.sorted()
    }

    /// Every source file's facts, in path order.
    public static func read(root: String) -> [SourceFacts] {
        read(root: root, pool: SwiftReaderProcesses.command.map { SwiftReaderPool(command: $0) })
    }

    static func read(root: String, pool: SwiftReaderPool?) -> [SourceFacts] {
        let files = sourceFiles(root: root)
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.set(index, readFile(root: root, relative: files[index], pool: pool))
        }
        pool?.close()
        return results.values.compactMap { $0 }
    }

    static func readFile(root: String, relative: String, pool: SwiftReaderPool? = nil) -> SourceFacts? {
        let path = (root as NSString).appendingPathComponent(relative)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int, size <= maxFileSize,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard relative.hasSuffix(".swift") else { return ObjCReader.read(source: text, file: relative) }
        return pool?.read(source: text, file: relative) ?? SwiftReader.read(source: text, file: relative)
    }
}

/// Slots filled by parallel readers, one each.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [SourceFacts?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: SourceFacts?) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }
    var values: [SourceFacts?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
