import Foundation
import Logging
import SegueAssets
import SegueCore
import SegueFlowFiles
import SegueHTML
import SegueSourceNav
import SegueStoryboard
import SegueAppFolder

/// Loads what `segue serve` is given: a flow file (`.json`, `.yaml`, `.yml`), an Xcode
/// storyboard (`.storyboard`), an app folder (a directory holding an app's Info.plist, read by
/// `AppLoader`), or a directory of storyboards. A directory's Swift and Objective-C sources add
/// the navigation their code does (`CodeNavigation`).
public enum FlowSource {
    public struct LoadError: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
        public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    }

    /// Loads `path`, then applies its overlay: `overlay` when given, else `NAME.segue.yaml` next
    /// to it when that file exists (``overlayPath(for:explicit:)``). An overlay that does not
    /// parse, or names scenes, elements or cells the flow lacks, is an error with its lines.
    public static func load(path: String, overlay: String?, app options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> Storyboard {
        withEra(try applyingOverlay(to: try load(path: path, app: options), of: path, explicit: overlay), options.era)
    }

    /// `storyboard` in `era` when one is named (`segue serve --ios`), else as its files decided.
    public static func withEra(_ storyboard: Storyboard, _ era: UIKitEra?) -> Storyboard {
        guard let era else { return storyboard }
        var chosen = storyboard
        chosen.era = era
        chosen.eraReason = "segue serve --ios \(era == .modern ? "17" : "7")"
        return chosen
    }

    /// `storyboard` with the overlay of `path` (see ``overlayPath(for:explicit:)``) applied.
    public static func applyingOverlay(to storyboard: Storyboard, of path: String, explicit: String?) throws(LoadError) -> Storyboard {
        guard let file = overlayPath(for: path, explicit: explicit) else { return storyboard }
        let parsed: Overlay
        do {
            parsed = try OverlayLoader.load(path: file)
        } catch {
            throw LoadError(diagnostics: error.diagnostics)
        }
        let problems = parsed.validate(against: storyboard)
        if !problems.isEmpty { throw LoadError(diagnostics: problems) }
        return parsed.applied(to: storyboard)
    }

    /// The overlay of `path`: `explicit`, else `NAME.segue.yaml` (or `.json`) beside the
    /// storyboard, flow file or app folder `NAME`, when it exists.
    public static func overlayPath(for path: String, explicit: String?) -> String? {
        if let explicit { return explicit }
        var base = URL(fileURLWithPath: path).standardizedFileURL
        if base.pathExtension != "" { base.deletePathExtension() }
        for ext in ["segue.yaml", "segue.json"] {
            let candidate = base.path + "." + ext
            if candidate != URL(fileURLWithPath: path).standardizedFileURL.path, FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    public static func load(path: String, app options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> Storyboard {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(diagnostics: [Diagnostic(at: nil, "\(path): no such file or directory")])
        }
        do {
            if isDirectory.boolValue {
                if let app = try loadAppWithCode(path: path, options: options) { return app.storyboard }
                return CodeNavigation.augment(try StoryboardImporter.loadDirectory(path: path), root: path).storyboard
            }
            switch (path as NSString).pathExtension.lowercased() {
            case "json", "yaml", "yml": return try FlowFileLoader.load(path: path)
            case "storyboard": return try StoryboardImporter.load(path: path)
            default:
                throw LoadError(diagnostics: [Diagnostic(at: nil, "\(path): expected a .json, .yaml, .yml or .storyboard file, or a directory")])
            }
        } catch let error as FlowFileError {
            throw LoadError(diagnostics: error.diagnostics)
        } catch let error as StoryboardImportError {
            throw LoadError(diagnostics: error.diagnostics)
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(diagnostics: [Diagnostic(at: nil, "\(path): \(error)")])
        }
    }

    /// The app in a directory (nil when it holds no app Info.plist: a set of storyboards).
    public static func loadApp(path: String, options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> AppImport? {
        do {
            return try AppLoader.load(path: path, options: options)
        } catch {
            throw LoadError(diagnostics: error.diagnostics)
        }
    }

    /// The app `folder` (found with `AppFolder.find`).
    public static func loadApp(_ folder: AppFolder, options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> AppImport {
        do {
            return try AppLoader.load(folder, options: options)
        } catch {
            throw LoadError(diagnostics: error.diagnostics)
        }
    }

    /// What `segue serve` runs: the storyboard itself, or, when it names no initial view
    /// controller (apps that instantiate scenes by identifier in code), the same storyboard
    /// starting at `StoryboardReachability.entryScene` with a warning. Unchanged when it has none.
    public static func servingStoryboard(_ storyboard: Storyboard) -> Storyboard {
        guard storyboard.initialViewController == nil, let entry = StoryboardReachability.entryScene(storyboard) else { return storyboard }
        var serving = storyboard
        serving.initialViewController = entry
        serving.diagnostics.append(StoryboardCheck.guessedInitialScene(entry, in: storyboard))
        return serving
    }

    /// The app resources a served storyboard or folder draws with: those under the folder (for a
    /// storyboard, under its app's folder, ``AppResources/root(forServedPath:)``); nil for a flow
    /// file. Problems are logged as warnings (a font the app's Info.plist declares but lacks among
    /// them), and a summary line says what was found.
    public static func resources(path: String, storyboard: Storyboard, logger: Logger) -> AppResources? {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext != "json", ext != "yaml", ext != "yml" else { return nil }
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        // An app folder's Info.plist declares its fonts (`UIAppFonts`): one it names but lacks is a warning.
        let app = isFolder ? AppFolder.find(root: path) : nil
        var resources = AppResources(root: AppResources.root(forServedPath: path), appFonts: app?.appFonts ?? [], iconFiles: app?.iconFiles ?? [])
        resources.addStylesheet(rules: AppStyleRules.css(for: storyboard, catalog: resources.catalog))
        for problem in resources.problems.prefix(20) { logger.warning("\(problem.description)") }
        let catalog = resources.catalog
        let images = Set(catalog.images.values.map(\.name)).count
        logger.info("app resources in \(resources.root): \(images) images, \(catalog.colors.count) colours, \(Set(catalog.fonts.values.map(\.url)).count) fonts, \(catalog.symbols.glyphs.count) symbols\(resources.problems.isEmpty ? "" : ", \(resources.problems.count) problems")")
        return resources
    }

    /// The traits a storyboard is designed for, from its `targetRuntime`: iPad storyboards
    /// (`iOS.CocoaTouch.iPad`) open on an iPad in landscape, Apple TV ones (`AppleTV`) on a
    /// 1920 × 1080 screen; `nil` (the server's default, an iPhone) for everything else, flow files
    /// included. For a directory, the main storyboard's (`Main`, else the first by name); for an
    /// app folder, the pad's when the app is built for the iPad alone (`AppDevices`).
    public static func preferredTraits(path: String) -> Traits? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        var file = path
        if isDirectory.boolValue {
            // An app opens at the phone's size (its pad root shows on a pad-sized viewport), and
            // at the pad's when it is built for the iPad alone.
            if let app = AppFolder.find(root: path) { return AppDevices.isPadOnly(app) ? .padLandscape : nil }
            var files: [String] = []
            if let walker = FileManager.default.enumerator(atPath: path) {
                while files.count < 1000, let rel = walker.nextObject() as? String {
                    if rel.hasSuffix(".storyboard") { files.append(rel) }
                }
            }
            files.sort()
            guard let main = files.first(where: { ($0 as NSString).lastPathComponent == "Main.storyboard" }) ?? files.first else { return nil }
            file = (path as NSString).appendingPathComponent(main)
        } else if (path as NSString).pathExtension.lowercased() != "storyboard" {
            return nil
        }
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 2048), as: UTF8.self)
        guard let r = head.range(of: "targetRuntime=\"") else { return nil }
        let runtime = head[r.upperBound...].prefix { $0 != "\"" }
        switch runtime {
        case "iOS.CocoaTouch.iPad": return .padLandscape
        case "AppleTV": return Traits(width: 1920, height: 1080)
        default: return nil
        }
    }

    /// Whether a storyboard can serve anything: it names an initial scene that exists and that
    /// launches (a trial session).
    public static func servable(_ storyboard: Storyboard) -> Diagnostic? {
        guard let initial = storyboard.initialViewController else {
            return Diagnostic(at: nil, "\(storyboard.name): no initial view controller; nothing to serve")
        }
        guard storyboard[initial] != nil else {
            return Diagnostic(at: nil, "\(storyboard.name): the initial view controller '\(initial)' does not exist")
        }
        // A trial launch: a scene that contains itself, say, cannot be instantiated.
        let probe = Window(id: "probe", storyboard: storyboard)
        do {
            try probe.launch()
        } catch {
            return Diagnostic(at: storyboard[initial]?.location, "\(storyboard.name): the initial view controller '\(initial)' cannot be shown: \(error.message)")
        }
        return nil
    }
}
