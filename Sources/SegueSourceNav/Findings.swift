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

    public var description: String {
        switch self {
        case .action(let m): "action \(m)"
        case .rowSelection: "row selection"
        case .itemSelection: "item selection"
        case .automatic(let m): "automatic (\(m))"
        case .code(let m): "code (\(m))"
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
    /// The destination scene (push, show, present, …).
    public var destination: String?
    /// The storyboard segue `performSegue` names.
    public var segue: String?
    public var presentationStyle: ModalPresentationStyle?
    public var tabIndex: Int?
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
    public init() {}
}
