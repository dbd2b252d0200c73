import SegueAppFolder
import SegueCore
import SegueSourceNav

/// Joins an app folder's launch to its sources: when the app builds its root in code, the root
/// its app or scene delegate builds (`LaunchRootReader`) becomes the launch hook's answer
/// (`CodeFindings`), so the log and the page notice name the source line; then the navigation
/// its code does is added to the storyboard.
extension FlowSource {
    /// The app in a directory, launched as its code launches it, and its storyboard with the
    /// navigation its code does (nil when the directory holds no app Info.plist).
    public static func loadAppWithCode(path: String, options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> (app: AppImport, storyboard: Storyboard)? {
        guard let analyzed = try analyzeApp(path: path, options: options) else { return nil }
        var storyboard = CodeNavigation.augment(analyzed.app.storyboard, result: analyzed.result).storyboard
        // The code's texts are its strings tables' keys.
        CodeStrings.localize(&storyboard, app: analyzed.app.app)
        return (analyzed.app, storyboard)
    }

    /// The app in a directory with what its code does: the nibs its code creates controllers
    /// with reach the loader (`CodeFindings.nibNames`), and when it builds its root in code, the
    /// root its delegate builds is launched; the analysis is of the app as launched.
    public static func analyzeApp(path: String, options: AppLoadOptions = AppLoadOptions()) throws(LoadError) -> (app: AppImport, result: InferenceResult)? {
        // A folder of storyboards is no app: its sources are left to the caller to read, once.
        guard let folder = AppFolder.find(root: path) else { return nil }
        let facts = SourceTree.read(root: path)
        var told = options
        let nibNames = NavigationAnalysis.nibNames(facts: facts)
        if !nibNames.isEmpty {
            var code = told.code ?? CodeFindings()
            code.nibNames.merge(nibNames) { given, _ in given }
            told.code = code
        }
        var (app, builtInCode) = try loadAppOrItsCode(folder, facts: facts, options: told)
        var result = NavigationAnalysis.analyze(facts: facts, storyboard: app.storyboard)
        if let builtInCode {
            result.launchRoot = builtInCode.root
            result.launchScenes = builtInCode.made.map(\.id)
            return (app, result)
        }
        // No main interface gives a root (none is named, the one named has no initial
        // controller, or its root shows nothing): as in UIKit, the window's root is what the
        // delegate's code sets.
        let emptyRoot = app.launch.notice == nil && (showsNothing(app.storyboard.initialViewController, in: app.storyboard, result: result)
            || windowWithoutRoot(app))
        if app.launch.notice != nil || emptyRoot, options.code?.rootScene == nil, let root = result.launchRoot {
            let made = LaunchRootReader.madeScenes(for: root, among: result.madeScenes)
            told.code = codeFindings(root, nibNames: told.code?.nibNames ?? [:], made: made)
            told.code?.replacesEmptyMainInterface = emptyRoot
            app = try loadApp(folder, options: told)
            // A scene made for the root runs its class's code too.
            if LaunchRootReader.madeScene(root) != nil || !made.isEmpty {
                result = NavigationAnalysis.analyze(facts: facts, storyboard: app.storyboard)
                result.launchRoot = root
                result.launchScenes = made.map(\.id)
            }
        }
        return (app, result)
    }

    /// Whether the main interface is a nib whose window has no root view controller: what the
    /// window shows is the root the delegate's code sets (the nib's first container stands in
    /// only when the code sets none).
    static func windowWithoutRoot(_ app: AppImport) -> Bool {
        guard case .nib(let name)? = app.launch.phone else { return false }
        return AppImport.mainNib(name, in: app.nibs)?.windowWithoutRoot ?? false
    }

    /// Whether the scene `id` shows nothing a person could use: a plain controller (the one a new
    /// Xcode project's storyboard starts with) whose view holds no subview (at most the note that
    /// its content is made in code), with no segue, no bar item and no navigation in its class's code.
    static func showsNothing(_ id: String?, in storyboard: Storyboard, result: InferenceResult) -> Bool {
        guard let scene = id.flatMap({ storyboard[$0] }), scene.kind == .viewController else { return false }
        let hasCode = result.findings.contains { $0.scenes.contains(scene.id) }
            || scene.className.map { result.barItems[$0]?.isEmpty == false } == true
        return scene.view.allSatisfy { $0.kind == .placeholder } && scene.segues.isEmpty && !hasCode
            && scene.navigationItem.rightBarButtonItems.isEmpty && scene.navigationItem.leftBarButtonItems.isEmpty
            && scene.toolbarItems.isEmpty
    }

    /// The app in `folder`; when no storyboard or nib of it has a scene (its whole interface is
    /// built in code), the app as the root its code builds, where scenes are made for that root
    /// (a controller of the app with no scene, a tab bar controller filling its own tabs), with
    /// that root and the made scenes it needs.
    static func loadAppOrItsCode(_ folder: AppFolder, facts: [SourceFacts], options: AppLoadOptions)
        throws(LoadError) -> (AppImport, builtInCode: (root: LaunchRoot, made: [Scene])?) {
        do {
            return (try loadApp(folder, options: options), nil)
        } catch {
            let none = Storyboard(name: "Main", initialViewController: nil, scenes: [])
            let result = NavigationAnalysis.analyze(facts: facts, storyboard: none)
            guard options.code?.rootScene == nil, let root = result.launchRoot else { throw swiftUISaid(error, facts: facts, folder: folder) }
            let made = LaunchRootReader.madeScenes(for: root, among: result.madeScenes)
            guard !made.isEmpty || LaunchRootReader.madeScene(root) != nil else { throw error }
            var told = options
            told.code = codeFindings(root, nibNames: options.code?.nibNames ?? [:], made: made)
            // Another failure (a storyboard that cannot be read) is the first one again.
            return (try loadApp(folder, options: told), (root, made))
        }
    }

    /// `error`, saying first that the app is a SwiftUI app when its sources have the entry of
    /// one: its screens are SwiftUI views, which no storyboard, nib or view controller describes.
    static func swiftUISaid(_ error: LoadError, facts: [SourceFacts], folder: AppFolder) -> LoadError {
        guard let entry = facts.lazy.compactMap(\.swiftUIApp).first else { return error }
        let said = Diagnostic(.unreadableFile, at: SourceLocation(file: folder.infoPlist, line: 1),
                              "this is a SwiftUI app (@main struct \(entry)): its screens are SwiftUI views, which Segue does not read")
        return LoadError(diagnostics: [said] + error.diagnostics)
    }

    /// What the launch hook is told about a root built in code; `made`: the made scenes it needs.
    static func codeFindings(_ root: LaunchRoot, nibNames: [String: String], made: [Scene] = []) -> CodeFindings {
        CodeFindings(rootScene: LaunchRootReader.sceneID(root), nibNames: nibNames,
                     rootSource: LaunchRootReader.source(root), rootContainer: LaunchRootReader.container(root),
                     rootMadeScene: LaunchRootReader.madeScene(root), rootScenes: made)
    }
}
