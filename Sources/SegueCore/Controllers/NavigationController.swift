/// `UINavigationController`: a stack of controllers, bottom (root, index 0) to top.
///
/// Only the top controller's view is in the navigation controller's view. Push and pop run the
/// canonical orders (docs/Semantics.md, Canonical orders) with `navigationControllerWillShow`/`DidShow` delegate events.
open class NavigationController: ViewController {
    @exclusivity(unchecked) public var isNavigationBarHidden: Bool
    @exclusivity(unchecked) public var isToolbarHidden: Bool
    /// Set the first time this navigation controller is in the window.
    @exclusivity(unchecked) var hasBeenShown = false
    /// Set when the top changed while this navigation controller was off screen (an unselected
    /// tab, under a full-screen presentation): its delegate hears of the top when it is shown.
    @exclusivity(unchecked) var hasDeferredShow = false

    public required init(scene: Scene?) {
        isNavigationBarHidden = scene?.navigationBarHidden ?? false
        isToolbarHidden = scene?.toolbarHidden ?? true
        super.init(scene: scene)
    }

    open override var kind: SceneKind { .navigationController }
    open override var isContainer: Bool { true }

    /// The stack, bottom to top.
    public var viewControllers: [ViewController] { children }
    public var topViewController: ViewController? { displayedStack.last }

    /// The stack as drawn, bottom to top: `children` (the More navigation controller adds the tab
    /// shown inside it).
    open var displayedStack: [ViewController] { children }
    /// The top controller's presented controller if any, else the top.
    public var visibleViewController: ViewController? {
        guard let top = topViewController else { return nil }
        return top.presentedViewController ?? top
    }

    open override func forEachVisibleChild(_ body: (ViewController) -> Void) {
        // The primary of a collapsed split view shows the secondary on top of its stack.
        if let split = parent as? SplitViewController, split.collapsedStack === self, split.collapsedShowsSecondary,
           let secondary = split.secondaryViewController {
            return body(secondary)
        }
        if let top = children.last { body(top) }
    }

    /// Whether the navigation bar shows now: not hidden on the navigation controller, nor by the
    /// top scene (`navigationBarHidden: true` on a content scene, as its `viewWillAppear` calling
    /// `setNavigationBarHidden` would).
    public var showsNavigationBar: Bool {
        !isNavigationBarHidden && !(topViewController?.sceneHidesNavigationBar ?? false)
    }

    /// Whether the toolbar shows now (before `hidesBottomBarWhenPushed`): shown by the navigation
    /// controller, or asked for by the top scene (`toolbarHidden: false` on a content scene).
    public var showsToolbar: Bool {
        !isToolbarHidden || (topViewController?.sceneShowsToolbar ?? false)
    }

    override func installRelationshipChildren(_ children: [ViewController]) {
        guard let root = children.first else { return }
        installChildren([root])
    }

    /// Whether the bottom bar (toolbar or an ancestor tab bar) is hidden: some controller at
    /// stack index ≥ 1 has `hidesBottomBarWhenPushed`.
    public var hidesBottomBar: Bool { children.dropFirst().contains { $0.hidesBottomBarWhenPushed } }

    // MARK: - Stack operations

    /// Pushes `controller` with a push's events (docs/Semantics.md, Canonical orders). Errors: already in a stack, or a navigation controller.
    public func pushViewController(_ controller: ViewController, animated: Bool) throws(ActionError) {
        guard let window else { throw ActionError.illegal("navigation controller is not in a window") }
        try window.checkDetached(controller, "\(controller.id) is already in a hierarchy; pushing the same instance twice is not allowed")
        guard !(controller is NavigationController) else {
            throw ActionError.illegal("pushing a navigation controller is not supported")
        }
        window.run(pushPlan(controller), animated: animated)
    }

    /// A push: `willMove(self)`, the controller enters `{movingTo}`, the delegate's
    /// `willShow` between the will- and did-events, then `didMove(self)` and `didShow`.
    func pushPlan(_ controller: ViewController) -> TransitionPlan {
        var plan = TransitionPlan(capacity: 7)
        plan.attach(controller)
        plan.add(.before, .willMove(controller, to: self))
        plan.addReason(controller, .movingToParent)
        plan.mutate { self.linkChild(controller) }
        plan.add(.willCommit, .show(self, .navigationControllerWillShow, .controller(controller)))
        plan.add(.didCommit, .didMove(controller, to: self))
        plan.add(.didCommit, .show(self, .navigationControllerDidShow, .controller(controller)))
        return plan
    }

    /// Pops the top controller. At the root it does nothing (a warning, no events).
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        let stack = displayedStack
        guard stack.count >= 2 else {
            window?.warn("popViewController at the root of \(id) does nothing")
            return nil
        }
        return pop(to: stack.count - 2, animated: animated).first
    }

    /// Pops to the root. At the root it does nothing (a warning).
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        guard displayedStack.count >= 2 else {
            window?.warn("popToRootViewController at the root of \(id) does nothing")
            return []
        }
        return pop(to: 0, animated: animated)
    }

    /// Pops to `controller`. Error when it is not in the stack; a warning when it is the top.
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) throws(ActionError) -> [ViewController] {
        let stack = displayedStack
        guard let index = stack.firstIndex(where: { $0 === controller }) else {
            throw ActionError.illegal("\(controller.id) is not in the stack of \(id)")
        }
        guard index < stack.count - 1 else {
            window?.warn("popToViewController: \(controller.id) is already the top of \(id)")
            return []
        }
        return pop(to: index, animated: animated)
    }

    /// Runs `popPlan(to:)`; returns the popped controllers, top first.
    private func pop(to index: Int, animated: Bool) -> [ViewController] {
        guard let window else { return [] }
        let removed = Array(displayedStack[(index + 1)...])
        window.run(popPlan(to: index), animated: animated)
        return removed.reversed()
    }

    /// A pop or popTo: every controller above `index` of the stack as drawn leaves. All get
    /// `willMove(nil)` (top first) before and `didMove(nil)` after; only the top one disappears,
    /// `{movingFrom}`; the delegate hears of the new top. What a popped controller presents over
    /// its own context goes with it, dismissed. The one pop rule: back buttons, pops in code,
    /// More back to its list, the pops of an unwind and of browser back.
    func popPlan(to index: Int) -> TransitionPlan {
        guard let window else { return TransitionPlan() }
        let stack = displayedStack
        let removed = Array(stack[(index + 1)...])
        guard let top = removed.last else { return TransitionPlan() }
        let newTop = stack[index]
        var plan = TransitionPlan(capacity: 2 * removed.count + 4)
        for c in removed.reversed() { plan.add(.before, .willMove(c, to: nil)) }
        plan.append(window.dismissalPlan(presentedIn: removed))
        plan.addReason(top, .movingFromParent)
        plan.mutate(popMutation(removing: removed.count))
        plan.add(.willCommit, .show(self, .navigationControllerWillShow, .controller(newTop)))
        for c in removed.reversed() { plan.add(.didCommit, .didMove(c, to: nil)) }
        plan.add(.didCommit, .show(self, .navigationControllerDidShow, .controller(newTop)))
        return plan
    }

    /// The change of a pop: the last `count` controllers of the stack as drawn leave it.
    func popMutation(removing count: Int) -> () -> Void {
        { self.unlinkLastChildren(count) }
    }

    /// Replaces the stack: new controllers get `willMove`, removed ones `willMove(nil)`, then the old
    /// top disappears and the new one appears; covered new entries keep their views unloaded.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws(ActionError) {
        guard let window else { throw ActionError.illegal("navigation controller is not in a window") }
        guard !controllers.isEmpty else { throw ActionError(.invalidRequest, "a navigation stack cannot be empty") }
        let ids = Set(controllers.map { ObjectIdentifier($0) })
        guard ids.count == controllers.count else { throw ActionError.illegal("the same controller appears twice in the stack") }
        for c in controllers where c.parent !== self { try window.checkDetached(c, "\(c.id) is already in another hierarchy") }
        guard !controllers.contains(where: { $0 is NavigationController }) else {
            throw ActionError.illegal("a navigation controller cannot be in a navigation stack")
        }
        window.run(stackPlan(controllers), animated: animated)
    }

    /// `setViewControllers`: added controllers get `willMove(self)`, removed ones `willMove(nil)`;
    /// the old top disappears and the new one appears, the delegate hearing of it when the top
    /// changes; what a removed controller presents over its own context goes with it, dismissed.
    func stackPlan(_ controllers: [ViewController]) -> TransitionPlan {
        guard let window, let newTop = controllers.last else { return TransitionPlan() }
        let ids = Set(controllers.map { ObjectIdentifier($0) })
        let oldTop = children.last
        let added = controllers.filter { $0.parent !== self }
        let removed = children.filter { !ids.contains(ObjectIdentifier($0)) }
        var plan = window.dismissalPlan(presentedIn: removed)
        plan.attaching = added
        plan.before = added.map { .willMove($0, to: self) } + removed.map { .willMove($0, to: nil) }
        plan.mutations.append { self.linkChildren(controllers) }
        plan.didCommit = added.map { .didMove($0, to: self) } + removed.map { .didMove($0, to: nil) }
        if newTop !== oldTop {
            if !children.contains(where: { $0 === newTop }) { plan.reasons.append((newTop, .movingToParent)) }
            if let oldTop, !ids.contains(ObjectIdentifier(oldTop)) { plan.reasons.append((oldTop, .movingFromParent)) }
            plan.willCommit = [.show(self, .navigationControllerWillShow, .controller(newTop))]
            plan.didCommit.append(.show(self, .navigationControllerDidShow, .controller(newTop)))
        }
        return plan
    }
}
