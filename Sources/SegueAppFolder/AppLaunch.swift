import SegueCore

/// What an app launches and why: the root of a phone window and of a pad window, the lines the
/// log starts with, and the notice a page shows when the root is built in code.
public struct AppLaunch: Sendable, Hashable {
    /// The main interface's kind and name as the Info.plist (or `--main`) names it.
    public enum Interface: Sendable, Hashable {
        case storyboard(String)
        case nib(String)
    }

    public var phone: Interface?
    public var pad: Interface?
    /// Why `phone` was chosen (`UIMainStoryboardFile in Info.plist`, `--main`, …).
    public var reason: String
    public var phoneRoot: String?
    public var padRoot: String?
    /// Set when no main interface gives the root (none is named, or the one named has no
    /// initial controller): the root is the one the code builds, or a guess.
    public var notice: String?
    /// What the log says first: what was launched and why.
    public var logLines: [String] = []
}

/// What the source analysis of the app's code found, handed to the loader: the scene (or
/// controller class) the app delegate or scene delegate makes its root, and the nib names
/// controllers are created with (`initWithNibName:`, `init(nibName:)`), by class.
public struct CodeFindings: Sendable {
    /// A scene id, or a controller class name, of the root the code builds; nil when unknown.
    public var rootScene: String?
    /// Controller class → the nib its code loads for it.
    public var nibNames: [String: String]
    /// Where the code builds the root (`AppDelegate.m:12`), named by the log and the notice.
    public var rootSource: String?
    /// A container the code makes around scenes (a navigation or tab bar controller built in
    /// code): added to the storyboard, with `rootScene` its id.
    public var rootContainer: Scene?
    /// A scene made for a root controller that has none (its view built in code): added to the
    /// storyboard before `rootContainer`.
    public var rootMadeScene: Scene?
    /// Scenes made for a root that fills itself in code (a tab bar controller of the app's own
    /// and its tabs), `rootScene` among them: added to the storyboard where no scene has their ids.
    public var rootScenes: [Scene]
    /// Set when the main interface's root shows nothing (an empty view, no segue, no code of its
    /// own) while the delegate sets the window's root in code: the code's root is launched
    /// instead, as the window the delegate makes is the one on screen.
    public var replacesEmptyMainInterface = false

    public init(rootScene: String? = nil, nibNames: [String: String] = [:], rootSource: String? = nil, rootContainer: Scene? = nil,
                rootMadeScene: Scene? = nil, rootScenes: [Scene] = []) {
        self.rootScene = rootScene
        self.nibNames = nibNames
        self.rootSource = rootSource
        self.rootContainer = rootContainer
        self.rootMadeScene = rootMadeScene
        self.rootScenes = rootScenes
    }
}

extension AppLaunch {
    /// The interfaces an app's Info.plist names (or `override`, from `--main`), with the reason.
    static func interfaces(of app: AppFolder, override: String?) -> (phone: Interface?, pad: Interface?, reason: String) {
        if let override {
            if app.resolve(override, ext: "storyboard") != nil { return (.storyboard(override), nil, "--main") }
            return (.nib(override), nil, "--main")
        }
        if let name = app.mainStoryboard {
            let pad = app.padMainStoryboard.map(Interface.storyboard) ?? app.padMainNib.map(Interface.nib)
            return (.storyboard(name), pad, "UIMainStoryboardFile in \(app.infoPlistName)")
        }
        if let name = app.sceneStoryboard {
            return (.storyboard(name), nil, "UISceneStoryboardFile of the scene manifest in \(app.infoPlistName)")
        }
        if let name = app.mainNib {
            return (.nib(name), app.padMainNib.map(Interface.nib), "NSMainNibFile in \(app.infoPlistName)")
        }
        if let pad = app.padMainStoryboard {
            return (nil, .storyboard(pad), "UIMainStoryboardFile~ipad in \(app.infoPlistName)")
        }
        return (nil, nil, "\(app.infoPlistName) names no main storyboard or nib")
    }

    /// The root the app builds in code, as best it can be guessed: the scene the source
    /// analysis names (by id or class), else the initial scene of a storyboard, else a nib's
    /// root controller, else a tab bar, split view or navigation controller nothing leads to.
    public static func rootFromCode(_ findings: CodeFindings?, storyboard: Storyboard, nibRoots: [String],
                                    entry: (Storyboard) -> String?) -> (scene: String?, why: String) {
        if let wanted = findings?.rootScene {
            let at = findings?.rootSource.map { " at \($0)" } ?? ""
            if storyboard[wanted] != nil { return (wanted, "the root the app's code builds\(at)") }
            if let scene = storyboard.orderedScenes.first(where: { $0.className == wanted }) {
                return (scene.id, "the root the app's code builds\(at) (\(wanted))")
            }
        }
        if let initial = storyboard.initialViewController { return (initial, "the initial view controller of storyboard '\(storyboard.name)'") }
        if let nib = nibRoots.first { return (nib, "the root controller of a nib") }
        if let scene = entry(storyboard) { return (scene, "a scene nothing leads to (containers first)") }
        return (nil, "no scene")
    }
}

extension AppFolder {
    /// The Info.plist's path relative to the root, for messages.
    public var infoPlistName: String {
        infoPlist.hasPrefix(root + "/") ? String(infoPlist.dropFirst(root.count + 1)) : infoPlist
    }
}
