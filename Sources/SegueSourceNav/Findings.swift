import SegueCore

/// What sets a piece of code navigation off.
public enum NavigationTrigger: Hashable, Sendable, CustomStringConvertible {
    /// An action method Interface Builder connects to an element (button, bar button item,
    /// gesture recognizer, control event).
    case action(String)
    /// A table view's `didSelectRowAt` (its rows become tappable).
    case rowSelection
    /// A collection view's `didSelectItemAt` (its items become tappable).
    case itemSelection
    /// `viewDidLoad`, `viewWillAppear`, `viewDidAppear`: an automatic step.
    case automatic(String)
    /// A method only code calls (a timer, a callback, a notification): a manual step.
    case code(String)
    /// Choosing the action at this index of an alert the code presents (``AlertScenes``).
    case alertAction(Int)

    public var description: String {
        switch self {
        case .action(let m): "action \(m)"
        case .rowSelection: "row selection"
        case .itemSelection: "item selection"
        case .automatic(let m): "automatic (\(m))"
        case .code(let m): "code (\(m))"
        case .alertAction(let k): "alert action \(k + 1)"
        }
    }
}

/// One navigating line, resolved: where it runs, what triggers it, where it leads.
public struct NavigationFinding: Hashable, Sendable {
    /// `code:FeedViewController.swift:142`: the segue identifier it is performed by.
    public var identifier: String
    /// `Sources/Feed/FeedViewController.swift:142`, relative to the app's root.
    public var source: String
    public var className: String
    public var method: String
    public var triggers: [NavigationTrigger]
    public var action: NavigationAction
    /// The scenes whose class runs the code.
    public var scenes: [String]
    /// Run by the app delegate (or a helper it calls) once the app has launched: a step of the
    /// launch scene, whichever it is (``CodeNavigation/augment(_:result:)`` fills `scenes`).
    public var onLaunchScene = false
    /// The destination scene (push, show, present, …).
    public var destination: String?
    /// The storyboard segue `performSegue` names.
    public var segue: String?
    public var presentationStyle: ModalPresentationStyle?
    public var tabIndex: Int?
    /// The destination is shown inside a navigation controller the code makes around it
    /// (`UINavigationController(rootViewController:)`, written there or returned by the class
    /// factory called), which no storyboard has: a navigation scene is made for it.
    public var inMadeNavigation = false
    /// The rows whose selection runs it (a branch on `indexPath.row` or `.section`); nil: every
    /// row not wired by an earlier step.
    public var rowFilter: RowFilter?
    /// The outlets of the cells whose selection runs it (``NavigationCall/cellOutlets``).
    public var cellOutlets: Set<String>?
}

/// A navigating line Segue could not resolve, and why.
public struct UnresolvedNavigation: Hashable, Sendable {
    public var source: String
    public var className: String
    public var action: NavigationAction
    public var reason: String
}

/// The root the app delegate or scene delegate builds in code.
public enum LaunchRoot: Hashable, Sendable {
    /// One scene (its own container, or a content scene).
    case scene(String, source: String)
    /// A navigation controller made in code around a scene.
    case navigation(root: String, source: String)
    /// A tab bar controller made in code with these scenes as its tabs.
    case tabs([String], source: String)
    /// A controller of the app that has no scene (its view is built in code), alone or as the
    /// root of a navigation controller made in code: a scene is made for it.
    case madeInCode(className: String, inNavigation: Bool, source: String)
}

/// Everything `segue infer` reports.
public struct InferenceResult: Sendable {
    public var files = 0
    public var classes = 0
    public var findings: [NavigationFinding] = []
    public var unresolved: [UnresolvedNavigation] = []
    /// System controllers shown in code (alerts, share sheets, mail): not scenes, not reported.
    public var systemControllers = 0
    public var launchRoot: LaunchRoot?
    /// Scenes made for controllers the code shows whose views it builds (``MadeInCodeScenes``):
    /// steps lead to them, and the storyboard the steps are applied to gets them.
    public var madeScenes: [Scene] = []
    /// Made scenes the launch added to the app's storyboard (a tab bar controller of the app's
    /// own that is the root, and its tabs): made, so not counted among the app's scenes.
    public var launchScenes: [String] = []
    /// Class → the actions its code attaches to its outlets (``OutletWiring``).
    public var outletActions: [String: [OutletAction]] = [:]
    /// Class → the titles its own code gives its controllers as they are made or load (``CodeTitles``).
    public var titles: [String: CodeTitle] = [:]
    /// Scenes made for the alerts the code presents (``AlertScenes``): steps lead to them.
    public var alertScenes: [Scene] = []
    /// Controller class → the nib its code creates it with (`initWithNibName:`, `init(nibName:)`).
    public var nibNames: [String: String] = [:]
    /// Classes of the app that are views, not controllers (they inherit from `UIView`, a cell, a
    /// control…): a nib they own is a view to load, not a screen to reach.
    public var viewClasses: Set<String> = []
    /// Class → the bar button items its code makes with itself as target (``CodeBarItem``): an
    /// item whose action navigates is added to the class's scenes to be tapped.
    public var barItems: [String: [CodeBarItem]] = [:]
    /// Class with scenes → the methods its code has (its own and inherited): a bar button item
    /// connected to one that navigates nowhere Segue follows still runs it, enabled, as in UIKit.
    public var methodNames: [String: Set<String>] = [:]
    /// Classes whose tables delete rows by swiping (``RowDeletion``).
    public var rowDeletingClasses: Set<String> = []
    /// Split view scenes whose delegate keeps the primary when the columns collapse (``SplitCollapse``).
    public var primaryKeepingSplits: Set<String> = []
    /// Source files that were found but not read, with the reason (``SourceFacts/unreadReason``).
    public var unreadFiles: [(file: String, reason: String)] = []
    public init() {}
}
