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

    open override var visibleChildren: [ViewController] {
        // The primary of a collapsed split view shows the secondary on top of its stack.
        if let split = parent as? SplitViewController, split.collapsedStack === self, split.collapsedShowsSecondary,
           let secondary = split.secondaryViewController {
            return [secondary]
        }
        return children.last.map { [$0] } ?? []
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
        window.attach(controller)
        window.sendWillMove(controller, to: self)
        window.transition(
            animated: animated,
            reasons: [(controller, .movingToParent)],
            mutate: { linkChild(controller) },
            beforeCommit: { window.sendShowDelegate(self, .navigationControllerWillShow, child: controller) },
            afterCommit: {
                window.sendDidMove(controller, to: self)
                window.sendShowDelegate(self, .navigationControllerDidShow, child: controller)
            }
        )
    }

    /// Pops the top controller. At the root it does nothing (a warning, no events).
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard children.count >= 2 else {
            window?.warn("popViewController at the root of \(id) does nothing")
            return nil
        }
        return pop(to: children.count - 2, animated: animated).first
    }

    /// Pops to the root. At the root it does nothing (a warning).
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        guard children.count >= 2 else {
            window?.warn("popToRootViewController at the root of \(id) does nothing")
            return []
        }
        return pop(to: 0, animated: animated)
    }

    /// Pops to `controller`. Error when it is not in the stack; a warning when it is the top.
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) throws(ActionError) -> [ViewController] {
        guard let index = children.firstIndex(where: { $0 === controller }) else {
            throw ActionError.illegal("\(controller.id) is not in the stack of \(id)")
        }
        guard index < children.count - 1 else {
            window?.warn("popToViewController: \(controller.id) is already the top of \(id)")
            return []
        }
        return pop(to: index, animated: animated)
    }

    /// Removes every controller above `index` (a pop or popTo). Returns them, top first.
    /// Only the top one gets disappear events; the others get only `willMove(nil)`/`didMove(nil)`.
    private func pop(to index: Int, animated: Bool) -> [ViewController] {
        guard let window else { return [] }
        let removed = Array(children[(index + 1)...])
        let top = removed.last!
        let newTop = children[index]
        // What a popped controller presents over its own context goes with it, dismissed.
        let dismissal = window.dismissalPlan(presentedIn: removed)
        for c in removed.reversed() { window.sendWillMove(c, to: nil) }
        window.transition(
            animated: animated,
            reasons: [(top, .movingFromParent)] + dismissal.reasons,
            silentlyLeaving: dismissal.silent,
            mutate: {
                dismissal.mutate()
                unlinkLastChildren(removed.count)
            },
            beforeCommit: { window.sendShowDelegate(self, .navigationControllerWillShow, child: self.topViewController ?? newTop) },
            afterCommit: {
                for c in removed.reversed() { window.sendDidMove(c, to: nil) }
                window.sendShowDelegate(self, .navigationControllerDidShow, child: self.topViewController ?? newTop)
            }
        )
        return removed.reversed()
    }

    /// Replaces the stack: new controllers get `willMove`, removed ones `willMove(nil)`, then the old
    /// top disappears and the new one appears; covered new entries keep their views unloaded.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws(ActionError) {
        guard let window else { throw ActionError.illegal("navigation controller is not in a window") }
        guard let newTop = controllers.last else { throw ActionError(.invalidRequest, "a navigation stack cannot be empty") }
        let ids = Set(controllers.map { ObjectIdentifier($0) })
        guard ids.count == controllers.count else { throw ActionError.illegal("the same controller appears twice in the stack") }
        for c in controllers where c.parent !== self { try window.checkDetached(c, "\(c.id) is already in another hierarchy") }
        guard !controllers.contains(where: { $0 is NavigationController }) else {
            throw ActionError.illegal("a navigation controller cannot be in a navigation stack")
        }
        let oldTop = children.last
        let added = controllers.filter { $0.parent !== self }
        let removed = children.filter { !ids.contains(ObjectIdentifier($0)) }
        for c in added { window.attach(c); window.sendWillMove(c, to: self) }
        for c in removed { window.sendWillMove(c, to: nil) }
        // What a removed controller presents over its own context goes with it, dismissed.
        let dismissal = window.dismissalPlan(presentedIn: removed)
        var reasons: [(ViewController, AppearanceReason)] = dismissal.reasons
        if newTop !== oldTop {
            if !children.contains(where: { $0 === newTop }) { reasons.append((newTop, .movingToParent)) }
            if let oldTop, !ids.contains(ObjectIdentifier(oldTop)) { reasons.append((oldTop, .movingFromParent)) }
        }
        window.transition(
            animated: animated,
            reasons: reasons,
            silentlyLeaving: dismissal.silent,
            mutate: {
                dismissal.mutate()
                linkChildren(controllers)
            },
            beforeCommit: { if newTop !== oldTop { window.sendShowDelegate(self, .navigationControllerWillShow, child: newTop) } },
            afterCommit: {
                for c in added { window.sendDidMove(c, to: self) }
                for c in removed { window.sendDidMove(c, to: nil) }
                if newTop !== oldTop { window.sendShowDelegate(self, .navigationControllerDidShow, child: newTop) }
            }
        )
    }
}
