/// What the last action did to the screen, in the terms UIKit animates it: a push or pop in one
/// navigation controller, a presentation or dismissal with its transition style, a tab switch
/// (UIKit does not animate those), a page turn. Renderers use it to play the matching motion; it
/// never changes what is drawn.
///
/// It is worked out from the events the action caused, so it says what UIKit would have
/// animated: an unwind that dismisses a sheet and pops the stack under it is a dismissal (the pop
/// happens unseen), and anything done with `animated: false` is `.none`.
public struct ScreenChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Nothing animates: a value typed, a trait change, a refused tap, an unanimated action.
        case none
        case push, pop
        case present, dismiss
        /// A tab bar selection: instant, as in UIKit.
        case selectTab
        case pageForward, pageReverse
    }

    public var kind: Kind
    /// The container that changed (the navigation, tab bar or page view controller) or, for
    /// `present` and `dismiss`, the presented controller.
    public var controllerID: String?
    /// `present` and `dismiss`: the presented controller's transition style.
    public var transitionStyle: ModalTransitionStyle?
    /// `present` and `dismiss`: how deep in the presentation chain the presented controller is
    /// (1 for what the root presents), the layer that moves; nil when not known.
    public var depth: Int? = nil

    public init(kind: Kind, controllerID: String? = nil, transitionStyle: ModalTransitionStyle? = nil) {
        self.kind = kind
        self.controllerID = controllerID
        self.transitionStyle = transitionStyle
    }

    public static let none = ScreenChange(kind: .none)

    /// What was on screen before an action, for what the events alone do not tell: the
    /// transition style of a controller dismissed since, which page a page view showed, which
    /// tab a tab bar controller had selected (a selection made in code tells no delegate).
    struct Before {
        var transitionStyles: [String: ModalTransitionStyle] = [:]
        var pageIndices: [String: Int] = [:]
        var selectedTabs: [String: Int] = [:]
        var presentationDepths: [String: Int] = [:]

        init(_ window: Window) {
            // Before every action: a walk that allocates nothing unless there is something to note.
            func visit(_ c: ViewController) {
                if let presented = c.presentedStorage {
                    transitionStyles[presented.id] = presented.presentedTransition ?? presented.modalTransitionStyle
                    presentationDepths[presented.id] = ScreenChange.presentationDepth(of: presented)
                    visit(presented)
                }
                if let pages = c as? PageViewController { pageIndices[pages.id] = pages.currentIndex }
                if let tabs = c as? TabBarController { selectedTabs[tabs.id] = tabs.selectedIndex }
                for child in c.children { visit(child) }
            }
            if let root = window.root { visit(root) }
        }
    }

    /// The change the events of one action made, most visible first: a presentation or dismissal
    /// covers whatever else happened underneath it, then pushes and pops, page turns, tab switches.
    static func from(_ events: [Event], before: Before, in window: Window) -> ScreenChange {
        var shown: String?, hidden: String?, navigation: String?, tabs: String?
        var pushed = false, popped = false
        // Fields read in place: an event is a large value, not worth a copy per look.
        for i in events.indices {
            if events[i].event == .tabBarControllerDidSelect, tabs == nil { tabs = events[i].controller }
            guard events[i].animated != false else { continue }
            switch events[i].event {
            case .viewWillAppear:
                if events[i].reasons.contains(.beingPresented), shown == nil { shown = events[i].controller }
                if events[i].reasons.contains(.movingToParent) { pushed = true }
            case .viewWillDisappear:
                if events[i].reasons.contains(.beingDismissed), hidden == nil { hidden = events[i].controller }
                if events[i].reasons.contains(.movingFromParent) { popped = true }
            case .navigationControllerWillShow where navigation == nil:
                navigation = events[i].controller
            default:
                break
            }
        }
        // UIKit switches tabs without animation: a tab switch is told apart all the same.
        func tabSwitch() -> ScreenChange {
            if let tabs { return ScreenChange(kind: .selectTab, controllerID: tabs) }
            for (id, index) in before.selectedTabs {
                guard let tabs = window.controller(id: id) as? TabBarController, tabs.selectedIndex != index else { continue }
                return ScreenChange(kind: .selectTab, controllerID: id)
            }
            return .none
        }
        guard events.contains(where: { $0.animated == true }) else { return tabSwitch() }
        if let hidden {
            var change = ScreenChange(kind: .dismiss, controllerID: hidden, transitionStyle: before.transitionStyles[hidden] ?? .coverVertical)
            change.depth = before.presentationDepths[hidden]
            return change
        }
        if let shown {
            let presented = window.controller(id: shown)?.topLevel
            let style = presented?.presentedTransition ?? presented?.modalTransitionStyle ?? .coverVertical
            var change = ScreenChange(kind: .present, controllerID: shown, transitionStyle: style)
            change.depth = presented.map(Self.presentationDepth)
            return change
        }
        // A tab shown for the first time tells its navigation delegate of its root (which moves to
        // its parent then) without anything sliding; a tab chosen in More's list is pushed there.
        if let navigation, pushed || popped,
           tabs == nil || window.controller(id: navigation) is MoreNavigationController {
            return ScreenChange(kind: pushed ? .push : .pop, controllerID: navigation)
        }
        for (id, index) in before.pageIndices {
            guard let pages = window.controller(id: id) as? PageViewController, pages.currentIndex != index else { continue }
            return ScreenChange(kind: pages.currentIndex < index ? .pageReverse : .pageForward, controllerID: id)
        }
        return tabSwitch()
    }

    /// 1 for what the root (or a controller inside it) presents, 2 for what that presents, …
    static func presentationDepth(of presented: ViewController) -> Int {
        var depth = 0
        var node: ViewController? = presented
        while let n = node?.topLevel, let presenter = n.presentingViewController {
            depth += 1
            node = presenter
        }
        return depth
    }
}
