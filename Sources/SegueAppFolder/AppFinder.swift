import Foundation
import SegueCore

extension AppFolder {
    /// The folders whose contents never belong to the app itself: other targets (extensions,
    /// widgets, watch apps, tests), dependencies and build products.
    static func isForeignFolder(_ name: String) -> Bool {
        if name.hasPrefix(".") { return true }
        let lower = name.lowercased()
        if ["pods", "carthage", "node_modules", "build", "deriveddata", "vendor"].contains(lower) { return true }
        // A Mac target's folder in a repository that builds for both.
        if ["mac", "macos", "osx"].contains(lower) { return true }
        if lower.hasSuffix(".xcassets") || lower.hasSuffix(".xcodeproj") || lower.hasSuffix(".xcworkspace")
            || lower.hasSuffix(".framework") || lower.hasSuffix(".bundle") { return true }
        return ["extension", "widget", "watch", "tests", "intents"].contains { lower.contains($0) }
    }

    /// Whether a file name can be an app's Info.plist (`Info.plist`, `NAME-Info.plist`).
    static func isInfoPlistName(_ name: String) -> Bool {
        name == "Info.plist" || name.hasSuffix("-Info.plist")
    }

    /// Finds the app in `root`: walks it once (skipping foreign folders), reads every candidate
    /// Info.plist and keeps the best application one. Nil when the folder holds no app Info.plist
    /// (then the folder is served as a set of storyboards); malformed candidates are noted in
    /// `diagnostics` of the app found, or of a folder without one (`findReport`).
    public static func find(root: String) -> AppFolder? {
        findReport(root: root).app
    }

    public static func findReport(root: String) -> (app: AppFolder?, diagnostics: [Diagnostic]) {
        let root = (root as NSString).standardizingPath
        var plists: [String] = []
        var scan = AppFolder(root: root, infoPlist: "", info: [:])
        walk(root) { path, name in
            if isInfoPlistName(name) { plists.append(path) }
            switch (name as NSString).pathExtension {
            case "storyboard": scan.storyboards.append(path)
            case "xib": scan.xibs.append(path)
            case "strings": scan.strings.append(path)
            case "xcstrings": scan.stringCatalogs.append(path)
            default: break
            }
        }
        var problems: [Diagnostic] = []
        var best: (score: Int, path: String, info: [String: PlistValue])?
        var extensionFolders: [String] = []
        let projects = projectNames(root)
        for path in plists.sorted() {
            switch PropertyListReader.read(path: path) {
            case .failure(let problem): problems.append(problem)
            case .success(let info):
                if info["NSExtension"] != nil { extensionFolders.append((path as NSString).deletingLastPathComponent) }
                let name = (path as NSString).lastPathComponent
                guard let score = applicationScore(info), score > 0 || isBundlePlist(info, name: name) else { continue }
                let depth = path.split(separator: "/").count
                let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : name
                let ranked = (score + namePenalty(relative) + projectBonus(relative, projects: projects)) * 10_000
                    + (name == "Info.plist" ? 5_000 : 0) - depth
                if best == nil || ranked > best!.score { best = (ranked, path, info) }
            }
        }
        guard let best else { return (nil, problems) }
        scan.infoPlist = best.path
        scan.info = best.info
        // An extension's target (a Today widget's `MainInterface.storyboard`) is not the app's,
        // whatever its folder is named: what lies in the folder of its Info.plist is left out,
        // unless the app's own plist is there too.
        let appFolder = (best.path as NSString).deletingLastPathComponent
        let foreign = extensionFolders.filter { appFolder != $0 && !appFolder.hasPrefix($0 + "/") }
        func isApps(_ path: String) -> Bool { !foreign.contains { path.hasPrefix($0 + "/") } }
        // A Mac target's interface files, wherever they lie, are AppKit's.
        scan.storyboards = scan.storyboards.filter { isApps($0) && !isMacInterface($0) }
        scan.xibs = scan.xibs.filter { isApps($0) && !isMacInterface($0) }
        scan.strings = scan.strings.filter(isApps)
        scan.stringCatalogs = scan.stringCatalogs.filter(isApps).sorted()
        scan.storyboards.sort()
        scan.xibs.sort()
        scan.strings.sort()
        scan.diagnostics = problems
        return (scan, problems)
    }

    /// Whether an interface file is made for the Mac: its document's `targetRuntime` is
    /// `MacOSX.Cocoa` (read from the file's first kilobyte, where the root element is).
    static func isMacInterface(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        return String(decoding: head, as: UTF8.self).contains("targetRuntime=\"MacOSX")
    }

    /// Between plists of several app targets side by side, a sample, demo, example or snapshot
    /// target's counts less (as two keys fewer), by its file's or a folder's name (`AWKGallery/
    /// Example/Info.plist`); of equal ones, `Info.plist` itself wins over `NAME-Info.plist`, then
    /// the shallowest.
    static func namePenalty(_ relative: String) -> Int {
        let lower = relative.lowercased()
        return ["sample", "demo", "example", "snapshot"].contains(where: lower.contains) ? -4 : 0
    }

    /// Whether a plist that scores nothing still describes a bundle: named `Info.plist`, or with a
    /// `CFBundle…` key. `GoogleService-Info.plist` (Firebase's settings) is neither.
    static func isBundlePlist(_ info: [String: PlistValue], name: String) -> Bool {
        name == "Info.plist" || info.keys.contains { $0.hasPrefix("CFBundle") }
    }

    /// A plist named for the repository's own Xcode project (`CycleStreets-Info.plist` or
    /// `Beam/Info.plist` beside `CycleStreets.xcodeproj`, `Beam.xcodeproj`) is its main app's,
    /// not a white-label variant's or a bundled library's example: it counts as a key more.
    static func projectBonus(_ relative: String, projects: Set<String>) -> Int {
        var names = relative.lowercased().split(separator: "/").map(String.init)
        if let file = names.popLast(), file.hasSuffix("-info.plist") { names.append(String(file.dropLast("-info.plist".count))) }
        return names.contains(where: projects.contains) ? 3 : 0
    }

    /// The names of the Xcode projects at the top of `root`, else one folder down, lowercased.
    static func projectNames(_ root: String) -> Set<String> {
        let fm = FileManager.default
        func projects(in folder: String) -> Set<String> {
            let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
            return Set(names.filter { $0.hasSuffix(".xcodeproj") }.map { String($0.dropLast(".xcodeproj".count)).lowercased() })
        }
        let top = projects(in: root)
        if !top.isEmpty { return top }
        let folders = ((try? fm.contentsOfDirectory(atPath: root)) ?? []).filter { !isForeignFolder($0) }.sorted().prefix(64)
        return folders.reduce(into: Set<String>()) { $0.formUnion(projects(in: root + "/" + $1)) }
    }

    /// How surely a plist is an application's: nil for an extension's (`NSExtension`) or a
    /// bundle that is no application (`CFBundlePackageType` other than `APPL`); higher with a
    /// main interface, a scene manifest, a launch screen and an executable.
    static func applicationScore(_ info: [String: PlistValue]) -> Int? {
        if info["NSExtension"] != nil || info["WKWatchKitApp"] != nil || info["WKApplication"] != nil { return nil }
        if let type = info["CFBundlePackageType"]?.string, !type.hasPrefix("$("), type != "APPL" { return nil }
        var score = 0
        // A main interface (a pad's as well counts once).
        if ["UIMainStoryboardFile", "NSMainNibFile", "UIMainStoryboardFile~ipad", "NSMainNibFile~ipad"].contains(where: { info[$0] != nil }) {
            score += 8
        }
        if info["UIApplicationSceneManifest"] != nil { score += 4 }
        for key in ["UILaunchStoryboardName", "LSRequiresIPhoneOS", "UISupportedInterfaceOrientations", "UIAppFonts"] where info[key] != nil {
            score += 2
        }
        if info["CFBundleExecutable"] != nil { score += 1 }
        if info["CFBundleIdentifier"] != nil { score += 1 }
        return score
    }

    /// Every file under `root` outside foreign folders, as (absolute path, name).
    static func walk(_ root: String, _ body: (String, String) -> Void) {
        let fm = FileManager.default
        var pending = [root]
        var visited = 0
        while let folder = pending.popLast(), visited < 200_000 {
            guard let names = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                visited += 1
                let path = (folder as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !isForeignFolder(name) { pending.append(path) }
                } else {
                    body(path, name)
                }
            }
        }
    }
}
