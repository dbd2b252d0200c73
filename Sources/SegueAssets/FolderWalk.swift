import Foundation

/// The files under an app's folder that may be served: regular files whose real path (symbolic
/// links resolved) is inside the folder's real path. Hidden entries, version-control and build
/// folders are skipped; the walk is bounded.
struct FolderWalk {
    struct Entry {
        /// Path relative to the root, `/`-separated.
        var relative: String
        /// The real absolute path.
        var path: String
    }

    static let skippedFolders: Set<String> = [".git", "build", "DerivedData", "node_modules", "Carthage", ".build", "fastlane"]

    /// The real path of `path` (symbolic links resolved, no `.` or `..`).
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// The file in `path`'s folder whose name is `path`'s but for case, when there is one.
    static func sameNameIgnoringCase(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let wanted = (path as NSString).lastPathComponent.lowercased()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().first { $0.lowercased() == wanted }.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Whether `path` (a real path) is `root` or inside it.
    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static func entries(under root: String, limit: Int) -> [Entry] {
        let realRoot = realPath(root)
        let base = URL(fileURLWithPath: realRoot)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [Entry] = []
        while found.count < limit, let url = walker.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values?.isDirectory == true {
                if skippedFolders.contains(url.lastPathComponent) { walker.skipDescendants() }
                continue
            }
            let real = realPath(url.path)
            var isDirectory: ObjCBool = false
            guard isInside(real, root: realRoot), FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(realRoot.count)).drop { $0 == "/" }
            found.append(Entry(relative: String(relative), path: real))
        }
        return found.sorted { $0.relative < $1.relative }
    }

    /// Reads a file inside `root` (checked again: the file may have changed since the walk).
    static func read(_ path: String, root: String, maxBytes: Int) -> [UInt8]? {
        // Apps are built on a Mac, whose disks ignore case: `HackTheBox.png` finds `hackthebox.png`.
        let real = realPath(FileManager.default.fileExists(atPath: path) ? path : sameNameIgnoringCase(path) ?? path)
        guard isInside(real, root: realPath(root)),
              let size = (try? FileManager.default.attributesOfItem(atPath: real))?[.size] as? Int, size <= maxBytes,
              let data = FileManager.default.contents(atPath: real) else { return nil }
        return [UInt8](data)
    }
}
