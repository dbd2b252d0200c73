/// `UITabBarController`: tabs in array order, exactly one selected (SEMANTICS §5).
///
/// Unselected tabs keep their state and stay unloaded until first selected. A user's tap asks
/// `shouldSelect` (a refusal stops everything) and reports `didSelect`; programmatic selection
/// sends neither.
open class TabBarController: ViewController {
    public internal(set) var selectedIndex: Int = 0

    public required init(scene: Scene?) {
        super.init(scene: scene)
        selectedIndex = scene?.selectedIndex ?? 0
    }

    open override var kind: SceneKind { .tabBarController }
    open override var isContainer: Bool { true }

    public var viewControllers: [ViewController] { children }
    public var selectedViewController: ViewController? {
        children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
    }
    open override var visibleChildren: [ViewController] { selectedViewController.map { [$0] } ?? [] }

    override func installRelationshipChildren(_ children: [ViewController]) {
        guard let window else { return }
        for c in children { window.sendWillMove(c, to: self) }
        self.children = children
        for c in children { c.parent = self }
        for c in children { window.sendDidMove(c, to: self) }
        if !children.indices.contains(selectedIndex) { selectedIndex = 0 }
    }

    /// The delegate's `tabBarController(_:shouldSelect:)`. The default refuses the indexes a flow
    /// file lists in `refusesSelectionOf` and disabled tab items.
    open func shouldSelect(_ controller: ViewController, at index: Int) -> Bool {
        !(scene?.refusesSelectionOf.contains(index) ?? false) && controller.tabBarItem.enabled
    }

    /// Selects a tab. `userInitiated` adds the delegate events of a tap (SEMANTICS §3, Tab tap).
    public func select(index: Int, userInitiated: Bool, animated: Bool = false) throws(ActionError) {
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        guard children.indices.contains(index) else {
            throw ActionError(.invalidRequest, "tab index \(index) is out of range 0..<\(children.count)")
        }
        let target = children[index]
        if userInitiated {
            let allowed = shouldSelect(target, at: index)
            window.sendDelegate(self, .tabBarControllerShouldSelect, child: target, value: allowed)
            guard allowed else {
                window.warn("tab \(index) refused selection")
                return
            }
        }
        if index == selectedIndex {
            // Tapping the selected tab pops its navigation controller to the root, as UIKit does.
            if userInitiated, let nav = target as? NavigationController, nav.children.count > 1 {
                nav.popToRootViewController(animated: animated)
            }
        } else {
            window.transition(animated: animated, mutate: { selectedIndex = index })
        }
        if userInitiated { window.sendDelegate(self, .tabBarControllerDidSelect, child: target) }
    }
}
