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
        guard var app = try loadApp(path: path, options: options) else { return nil }
        let result = NavigationAnalysis.analyze(root: path, storyboard: app.storyboard)
        if app.launch.phone == nil, options.code?.rootScene == nil, let root = result.launchRoot {
            var told = options
            told.code = codeFindings(root, nibNames: options.code?.nibNames ?? [:])
            app = try loadApp(path: path, options: told) ?? app
        }
        return (app, CodeNavigation.augment(app.storyboard, result: result).storyboard)
    }

    /// What the launch hook is told about a root built in code.
    static func codeFindings(_ root: LaunchRoot, nibNames: [String: String]) -> CodeFindings {
        CodeFindings(rootScene: LaunchRootReader.sceneID(root), nibNames: nibNames,
                     rootSource: LaunchRootReader.source(root), rootContainer: LaunchRootReader.container(root))
    }
}
