import Foundation
import SegueCore
import SegueStoryboard

/// Options of an app import: `--main`, and what the source analysis found.
public struct AppLoadOptions: Sendable {
    /// A storyboard or nib name that overrides the Info.plist's main interface (`--main`).
    public var main: String?
    public var code: CodeFindings?
    /// The era `segue serve --ios` names, over what the files say (``UIKitEra``).
    public var era: UIKitEra?
    public init(main: String? = nil, code: CodeFindings? = nil, era: UIKitEra? = nil) {
        self.main = main
        self.code = code
        self.era = era
    }
}

/// An imported app: one storyboard holding every scene (storyboards, nib controllers, nib-based
/// controller classes), with its roots per idiom and its localized scenes, plus what was launched.
public struct AppImport: Sendable {
    public var app: AppFolder
    public var storyboard: Storyboard
    public var launch: AppLaunch
    /// The nibs read, by name (their scenes are in `storyboard`).
    public var nibs: [NibFile]

    /// The nib a main interface names (`MainWindow`, else its phone copy `MainWindow~iphone`).
    public static func mainNib(_ name: String, in nibs: [NibFile]) -> NibFile? {
        nibs.first { $0.name == name } ?? nibs.first { $0.name == name + "~iphone" }
    }
}

/// Reads an app folder (see `AppFolder`) into a storyboard that launches what iOS launches.
public enum AppLoader {
    public static func load(path: String, options: AppLoadOptions = AppLoadOptions()) throws(StoryboardImportError) -> AppImport? {
        guard let app = AppFolder.find(root: path) else { return nil }
        return try load(app, options: options)
    }

    public static func load(_ app: AppFolder, options: AppLoadOptions = AppLoadOptions()) throws(StoryboardImportError) -> AppImport {
        let wanted = AppLaunch.interfaces(of: app, override: options.main)
        var diagnostics = app.diagnostics
        var storyboard = try loadStoryboards(app, main: wanted.phone, diagnostics: &diagnostics)
        let nibs = loadNibs(app, diagnostics: &diagnostics)
        NibViews.merge(nibs, into: &storyboard, code: options.code, diagnostics: &diagnostics)
        // With none, the root the code builds, when it has scenes made for it, is the whole app.
        if storyboard.scenes.isEmpty, options.code?.rootScenes.isEmpty ?? true, options.code?.rootMadeScene == nil {
            throw StoryboardImportError(diagnostics: diagnostics + [
                Diagnostic(.unreadableFile, at: SourceLocation(file: app.infoPlist, line: 1), "the app has no storyboard or xib with a view controller"),
            ])
        }
        var launch = AppLaunch(phone: wanted.phone, pad: wanted.pad, reason: wanted.reason)
        decideRoots(&launch, app: app, storyboard: &storyboard, nibs: nibs, code: options.code, diagnostics: &diagnostics)
        storyboard.diagnostics = diagnostics + storyboard.diagnostics
        AppEra.apply(to: &storyboard, app: app)
        AppStrings.localize(&storyboard, app: app, nibs: nibs)
        launch.logLines = logLines(launch, app: app, storyboard: storyboard)
        return AppImport(app: app, storyboard: storyboard, launch: launch, nibs: nibs)
    }

    /// The storyboards in the app's own language (Base, development region, unlocalized),
    /// linked with `main` as the main storyboard. Nil-safe: an app of nibs only has none.
    static func loadStoryboards(_ app: AppFolder, main: AppLaunch.Interface?, diagnostics: inout [Diagnostic]) throws(StoryboardImportError) -> Storyboard {
        let files = baseFiles(app.storyboards, app: app)
        guard !files.isEmpty else { return Storyboard(name: appName(app), initialViewController: nil, scenes: []) }
        // A launch screen is never the main interface: with none named, the others are the app.
        let mainName: String? = if case .storyboard(let name)? = main { name } else if main != nil { "\u{0}" } else { nil }
        var storyboard = try StoryboardImporter.loadFiles(files, in: app.root, main: mainName)
        if mainName == "\u{0}" {
            storyboard.initialViewController = nil
            storyboard.name = appName(app)
        }
        return storyboard
    }

    /// One copy of each name: Base.lproj's, else the development region's, else an unlocalized
    /// one, else the first localized one; among equals the one nearest the app's Info.plist (a
    /// sample project's `Main.storyboard` elsewhere in the repository is not the app's). Other
    /// languages' copies are translations.
    static func baseFiles(_ paths: [String], app: AppFolder) -> [String] {
        var best: [String: (rank: Int, path: String)] = [:]
        for path in paths {
            let name = (path as NSString).lastPathComponent
            let rank: Int = switch AppFolder.lproj(of: path) {
            case "Base"?: 0
            case app.developmentRegion?: 1
            case nil: 2
            default: 3
            }
            if let current = best[name], (current.rank, app.distance(current.path)) <= (rank, app.distance(path)) { continue }
            best[name] = (rank, path)
        }
        return best.values.sorted { ($0.rank, $0.path) < ($1.rank, $1.path) }.map(\.path)
    }

    static func loadNibs(_ app: AppFolder, diagnostics: inout [Diagnostic]) -> [NibFile] {
        var nibs: [NibFile] = []
        for path in baseFiles(app.xibs, app: app) {
            do {
                let nib = try XibImporter.load(path: path)
                diagnostics += nib.diagnostics
                nibs.append(nib)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return nibs
    }

    static func appName(_ app: AppFolder) -> String {
        if let name = app.info["CFBundleName"]?.string, !name.isEmpty, !name.contains("$") { return name }
        var plist = (app.infoPlist as NSString).lastPathComponent
        if plist.hasSuffix("-Info.plist") { return String(plist.dropLast("-Info.plist".count)) }
        plist = ((app.infoPlist as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return plist.isEmpty ? (app.root as NSString).lastPathComponent : plist
    }
}
