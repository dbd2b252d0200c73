/// Which controllers the unwind search asks (docs/Semantics.md, Segues and unwinds): the rule of
/// `viewControllerForUnwindSegueAction(_:fromViewController:withSender:)` in each era.
///
/// - iOS 7: only navigation, tab bar and split view controllers ask their children; any other
///   controller with children (a custom container, a content controller hosting embed segues) is
///   asked only for itself, unless its class names the children to ask
///   (``ViewController/allowedChildViewControllersForUnwinding``).
/// - Modern UIKit: every container asks its children (`allowedChildViewControllersForUnwinding`).
///
/// In both, a navigation controller is never its own destination: it consults its stack from the
/// top and nothing else, even when its own scene declares the action.
public enum UnwindSearchRule: Sendable {
    case iOS7
    case modern

    /// Whether a controller that is not a navigation, tab bar or split view controller asks its
    /// children.
    var customContainersAskChildren: Bool { self == .modern }
}

extension Window {
    /// The era's unwind search. The one place the era decides it: the iOS 7 rule until a flow
    /// chooses modern UIKit.
    var unwindSearchRule: UnwindSearchRule { .iOS7 }
}

extension ViewController {
    /// `viewControllerForUnwindSegueAction`: the children this controller asks (top-down), then
    /// the controller itself, a navigation controller excepted.
    func unwindCandidate(for action: String, from source: ViewController, sender: Element?,
                         rule: UnwindSearchRule) -> ViewController? {
        for child in childrenAskedForUnwinding(rule) {
            if let found = child.unwindCandidate(for: action, from: source, sender: sender, rule: rule) { return found }
        }
        if self is NavigationController { return nil }
        return canPerformUnwindSegueAction(action, from: source, sender: sender) ? self : nil
    }

    /// The children asked, in order: a navigation stack from its top, a tab bar controller's
    /// selected tab first, a split view's and a custom container's (where the rule or the class
    /// asks them) last first.
    func childrenAskedForUnwinding(_ rule: UnwindSearchRule) -> [ViewController] {
        if let declared = allowedChildViewControllersForUnwinding { return declared.filter { $0.parent === self } }
        switch self {
        case let nav as NavigationController:
            return nav.children.reversed()
        case let tabs as TabBarController:
            guard let selected = tabs.selectedViewController else { return tabs.children }
            return [selected] + tabs.children.filter { $0 !== selected }
        case is SplitViewController:
            return children.reversed()
        default:
            return rule.customContainersAskChildren ? children.reversed() : []
        }
    }
}
