/// Interactive transitions: a change a person's gesture drives, begun when the gesture begins and
/// finished or cancelled when it ends, as UIKit's percent-driven interactive transitions are
/// (docs/Semantics.md, Interactive pop).
///
/// An interactive transition is a plan like any other (the plan of the change a finished gesture
/// makes, built by the container that owns the rule) with the controllers that would leave and
/// enter the window and the calls that undo its `before` when it is cancelled. The executor runs
/// it in halves (`TransitionExecutor.swift`): beginning sends the plan's `before` calls, the
/// will-events of both sides and `willCommit`, and changes nothing; finishing makes the change
/// and sends the did-events and `didCommit`; cancelling reverses the will-events and sends the
/// undoing calls. One transition at a time: while one is in progress every other action is
/// refused, so nothing changes under the gesture. The edge swipe's pop is built here; another
/// gesture (a sheet dragged down) builds its own the same way and the same two actions end it.
public struct InteractiveTransition {
    /// What the gesture does, as STATE and messages name it (`pop`).
    public let kind: String
    /// The controller the gesture acts on (the navigation controller of a pop).
    public let controllerID: String
    /// The change a finished gesture makes.
    var plan: TransitionPlan
    /// Controllers that leave the window when it finishes (with their visible descendants).
    var leaving: [ViewController]
    /// Controllers that enter the window when it finishes: the roots until it begins, then
    /// each with the descendants shown with it.
    var arriving: [ViewController]
    /// Calls that undo the plan's `before` when the gesture is cancelled.
    var cancelCalls: [HierarchyCall]
    var animated: Bool

    func isInFlight(_ c: ViewController) -> Bool {
        leaving.contains { $0 === c } || arriving.contains { $0 === c }
    }
}

extension Window {
    /// The `beginInteractivePop`, `finishInteractiveTransition` and `cancelInteractiveTransition`
    /// actions. Ending with nothing in progress does nothing (a warning), as UIKit ignores it.
    func applyInteractive(_ action: Action, animated: Bool) throws(ActionError) {
        switch action {
        case .beginInteractivePop(let navID):
            try checkNoInteractiveTransition(for: "beginInteractivePop")
            let nav = try navigationController(navID)
            guard var transition = try nav.interactivePop(animated: animated) else { return }
            beginInteractive(&transition)
            interactiveTransition = transition
        case .finishInteractiveTransition, .cancelInteractiveTransition:
            guard let transition = interactiveTransition else {
                warn("no interactive transition is in progress; \(action.name) does nothing")
                return
            }
            interactiveTransition = nil
            if case .finishInteractiveTransition = action { finishInteractive(transition) } else { cancelInteractive(transition) }
        default:
            break
        }
    }

    /// Refuses an action while a gesture drives a transition (except the two that end it).
    func checkNoInteractiveTransition(for action: String) throws(ActionError) {
        guard let transition = interactiveTransition else { return }
        throw ActionError.illegal("an interactive \(transition.kind) of \(transition.controllerID) is in progress; finish or cancel it before \(action)")
    }

    /// `c` and the descendants whose views would be in the window with it, parent first (the
    /// propagation of appearance events, docs/Semantics.md, The event log).
    func shownTree(of c: ViewController) -> [ViewController] {
        var out: [ViewController] = [c]
        if c.isContainer || !c.children.isEmpty { c.forEachVisibleChild { out += shownTree(of: $0) } }
        return out
    }
}

extension NavigationController {
    /// The edge swipe's interactive pop: the plan of a pop of the top (`popPlan`), the top and
    /// its visible descendants leaving, the one below arriving, and the top's `didMove` back to
    /// this navigation controller when cancelled. Nil (a warning) at the root, where the gesture
    /// does not begin; refused when the top is not on screen or presents something.
    func interactivePop(animated: Bool) throws(ActionError) -> InteractiveTransition? {
        guard let window else { throw ActionError.illegal("navigation controller is not in a window") }
        let stack = displayedStack
        guard stack.count >= 2, stack.count == children.count, let top = stack.last else {
            window.warn("beginInteractivePop at the root of \(id) does nothing")
            return nil
        }
        let visible = window.visibleControllers
        guard visible.contains(where: { $0 === top }) else {
            throw ActionError.illegal("\(id) is not on screen with its top \(top.id); its back swipe cannot begin")
        }
        guard !window.subtree(of: top).contains(where: { $0.presentedStorage != nil }) else {
            throw ActionError.illegal("\(top.id) presents a controller; its back swipe cannot begin")
        }
        let leaving = visible.filter { c in c === top || c.hasAncestor(top) }
        return InteractiveTransition(
            kind: "pop", controllerID: id, plan: popPlan(to: stack.count - 2), leaving: leaving,
            arriving: [stack[stack.count - 2]], cancelCalls: [.didMove(top, to: self)], animated: animated)
    }
}

extension Window {
    /// `c` and everything contained in it, presented controllers included.
    func subtree(of c: ViewController) -> [ViewController] {
        var out: [ViewController] = [c]
        for child in c.children { out += subtree(of: child) }
        if let p = c.presentedStorage { out += subtree(of: p) }
        return out
    }
}

extension ViewController {
    /// Whether `ancestor` contains this controller (through parents).
    func hasAncestor(_ ancestor: ViewController) -> Bool {
        var node = parent
        while let n = node {
            if n === ancestor { return true }
            node = n.parent
        }
        return false
    }
}
