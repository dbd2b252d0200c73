/// Interactive transitions: a change a person's gesture drives, begun when the gesture begins and
/// finished or cancelled when it ends, as UIKit's percent-driven interactive transitions are
/// (docs/Semantics.md, Interactive pop).
///
/// Beginning sends the will-events of both sides at once and leaves the controllers between
/// states; finishing commits the change with its did-events; cancelling reverses the will-events
/// and leaves the hierarchy as it was. One transition at a time: while one is in progress every
/// other action is refused, so nothing changes under the gesture.
///
/// A transition is a value holding its two endings, made by the gesture that begins it: the edge
/// swipe's pop here; any other gesture (a sheet dragged down) begins its own the same way and the
/// same two actions end it.
public struct InteractiveTransition {
    /// What the gesture does, as STATE and messages name it (`pop`).
    public let kind: String
    /// The controller the gesture acts on (the navigation controller of a pop).
    public let controllerID: String
    /// Controllers between states until the end (disappearing or appearing).
    let inFlight: [ViewController]
    /// Commits the change with its did-events.
    let finish: () -> Void
    /// Reverses the will-events; the hierarchy stays as it was.
    let cancel: () -> Void

    func isInFlight(_ c: ViewController) -> Bool { inFlight.contains { $0 === c } }
}

extension Window {
    /// The `beginInteractivePop`, `finishInteractiveTransition` and `cancelInteractiveTransition`
    /// actions. Ending with nothing in progress does nothing (a warning), as UIKit ignores it.
    func applyInteractive(_ action: Action, animated: Bool) throws(ActionError) {
        switch action {
        case .beginInteractivePop(let navID):
            try beginInteractivePop(try navigationController(navID), animated: animated)
        case .finishInteractiveTransition, .cancelInteractiveTransition:
            guard let transition = interactiveTransition else {
                warn("no interactive transition is in progress; \(action.name) does nothing")
                return
            }
            interactiveTransition = nil
            if case .finishInteractiveTransition = action { transition.finish() } else { transition.cancel() }
        default:
            break
        }
    }

    /// Refuses an action while a gesture drives a transition (except the two that end it).
    func checkNoInteractiveTransition(for action: String) throws(ActionError) {
        guard let transition = interactiveTransition else { return }
        throw ActionError.illegal("an interactive \(transition.kind) of \(transition.controllerID) is in progress; finish or cancel it before \(action)")
    }

    /// The edge swipe begins: the top gets `willMove(nil)` and `viewWillDisappear`, the one below
    /// `viewWillAppear`, the delegate `navigationControllerWillShow`. A stack of one does nothing
    /// (a warning), as the gesture does not begin at the root.
    func beginInteractivePop(_ nav: NavigationController, animated: Bool) throws(ActionError) {
        try checkNoInteractiveTransition(for: "beginInteractivePop")
        guard nav.children.count >= 2, nav.displayedStack.count == nav.children.count else {
            warn("beginInteractivePop at the root of \(nav.id) does nothing")
            return
        }
        let top = nav.children[nav.children.count - 1], below = nav.children[nav.children.count - 2]
        let visible = visibleControllers
        guard visible.contains(where: { $0 === top }) else {
            throw ActionError.illegal("\(nav.id) is not on screen with its top \(top.id); its back swipe cannot begin")
        }
        guard !subtree(of: top).contains(where: { $0.presentedStorage != nil }) else {
            throw ActionError.illegal("\(top.id) presents a controller; its back swipe cannot begin")
        }
        let leaving = visible.filter { c in c === top || c.hasAncestor(top) }
        sendWillMove(top, to: nil)
        loadViewIfNeeded(below)
        let arriving = shownTree(of: below)
        for c in arriving { loadViewIfNeeded(c) }
        top.reasons = .movingFromParent
        for c in leaving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewWillDisappear, animated) }
        for c in arriving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewWillAppear, animated) }
        for c in arriving where c.shouldBeTrackedForAppearance { sendLayout(c) }
        top.reasons = []
        sendDelegate(nav, .navigationControllerWillShow, child: below)
        interactiveTransition = InteractiveTransition(
            kind: "pop", controllerID: nav.id, inFlight: leaving + arriving,
            finish: { [unowned self] in
                top.reasons = .movingFromParent
                nav.unlinkLastChildren(1)
                for c in leaving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewDidDisappear, animated) }
                for c in arriving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewDidAppear, animated) }
                top.reasons = []
                sendDidMove(top, to: nil)
                sendDelegate(nav, .navigationControllerDidShow, child: below)
            },
            cancel: { [unowned self] in
                for c in arriving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewWillDisappear, animated) }
                for c in arriving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewDidDisappear, animated) }
                for c in leaving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewWillAppear, animated) }
                for c in leaving where c.shouldBeTrackedForAppearance { sendAppearance(c, .viewDidAppear, animated) }
                sendDidMove(top, to: nav)
            })
    }

    /// `c` and everything contained in it, presented controllers included.
    func subtree(of c: ViewController) -> [ViewController] {
        var out: [ViewController] = [c]
        for child in c.children { out += subtree(of: child) }
        if let p = c.presentedStorage { out += subtree(of: p) }
        return out
    }

    /// `c` and the descendants whose views would be in the window with it, parent first (the
    /// propagation of appearance events, docs/Semantics.md, The event log).
    func shownTree(of c: ViewController) -> [ViewController] {
        var out: [ViewController] = [c]
        if c.isContainer || !c.children.isEmpty { for child in c.visibleChildren { out += shownTree(of: child) } }
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
