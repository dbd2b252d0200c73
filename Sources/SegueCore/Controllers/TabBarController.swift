/// `UITabBarController`: tabs in array order, exactly one selected.
///
/// Unselected tabs keep their state and stay unloaded until first selected. A user's tap asks
/// `shouldSelect` (a refusal stops everything) and reports `didSelect`; programmatic selection
/// sends neither. With more tabs than the bar holds (phone: 6+, pad: 9+) the bar shows the first
/// 4 (pad: 7) plus More; see `TabBarMore.swift`. Customizing (rearranging within
/// `customizableViewControllers`) is in `TabBarCustomizing.swift`.
///
/// `children` (containment) are the tabs in order, followed by `moreNavigationController` while
/// the bar shows More. `selectedIndex` indexes `viewControllers`; it equals
/// `viewControllers.count` (the More controller's position in `children`) while the More list
/// itself is shown.
open class TabBarController: ViewController {
    @exclusivity(unchecked) public internal(set) var selectedIndex: Int = 0
    /// Tabs the user may rearrange (default: all; `setViewControllers` resets it).
    @exclusivity(unchecked) public var customizableViewControllers: [ViewController] = []
    /// Swift delegate: refusal policies and customizing callbacks (`TabBarControllerDelegate`).
    @exclusivity(unchecked) public weak var delegate: (any TabBarControllerDelegate)?
    /// Lazily made the first time the bar needs More.
    @exclusivity(unchecked) public internal(set) var moreStorage: MoreNavigationController?
    /// True while the More list shows its "Configure" (Edit) mode.
    @exclusivity(unchecked) public internal(set) var isCustomizing = false
    /// The order when customizing began, to report whether it changed.
    @exclusivity(unchecked) var orderAtCustomizingStart: [ObjectIdentifier] = []
    /// The tab shown on top of the More list, kept while another tab is selected (the More
    /// navigation controller keeps its stack, like every tab).
    @exclusivity(unchecked) weak var shownInMore: ViewController?

    public required init(scene: Scene?) {
        super.init(scene: scene)
        selectedIndex = scene?.selectedIndex ?? 0
    }

    open override var kind: SceneKind { .tabBarController }
    open override var isContainer: Bool { true }

    /// The tabs in order (customized order included), without the More controller.
    public var viewControllers: [ViewController] { children.filter { $0 !== moreStorage } }
    /// The selected tab; the More navigation controller while the More list is shown.
    public var selectedViewController: ViewController? {
        let tabs = viewControllers
        if tabs.indices.contains(selectedIndex) { return tabs[selectedIndex] }
        return isShowingMoreList ? moreStorage : nil
    }
    open override func forEachVisibleChild(_ body: (ViewController) -> Void) {
        let tabs = viewControllers
        if showsMore, selectedIndex >= barTabCount, let more = moreStorage { return body(more) }
        if tabs.indices.contains(selectedIndex) { body(tabs[selectedIndex]) }
    }

    override func installRelationshipChildren(_ children: [ViewController]) {
        guard window != nil else { return }
        installChildren(children)
        customizableViewControllers = customizableFromScene(children)
        if !children.indices.contains(selectedIndex) { selectedIndex = 0 }
        layoutMore()
    }

    func customizableFromScene(_ tabs: [ViewController]) -> [ViewController] {
        guard let ids = scene?.customizableViewControllers else { return tabs }
        return tabs.filter { c in c.sceneID.map(ids.contains) ?? false }
    }

    /// The delegate's `tabBarController(_:shouldSelect:)`. The default asks the Swift `delegate`,
    /// then refuses the tabs a flow file lists in `refusesSelectionOf` and disabled tab items.
    /// `index` is the tab's position in `viewControllers` (the More tab: `viewControllers.count`).
    open func shouldSelect(_ controller: ViewController, at index: Int) -> Bool {
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return false }
        return !refusesByFlowFile(controller) && controller.tabBarItem.enabled
    }

    /// `refusesSelectionOf` names tabs by their index in the scene's declared `viewControllers`,
    /// so a refusal follows its tab when the user rearranges the bar.
    public func refusesByFlowFile(_ controller: ViewController) -> Bool {
        guard let scene, !scene.refusesSelectionOf.isEmpty, let id = controller.sceneID,
              let declared = scene.viewControllers.firstIndex(of: id) else { return false }
        return scene.refusesSelectionOf.contains(declared)
    }

    /// The delegate's `tabBarController(_:didSelect:)`, after the event is logged.
    open func didSelect(_ controller: ViewController) {
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Selects a tab. `userInitiated` adds the delegate events of a tap (`tabBarControllerShouldSelect`, which may veto, and `tabBarControllerDidSelect`).
    /// `index` may be `viewControllers.count` (the More tab) while the bar shows More.
    ///
    /// The switch itself is not animated by default; `popAnimated` is for the pops a
    /// user's tap causes (the selected tab's stack to its root, More to its list), which UIKit animates.
    public func select(index: Int, userInitiated: Bool, animated: Bool = false, popAnimated: Bool? = nil) throws(ActionError) {
        let popAnimated = popAnimated ?? animated
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        let tabs = viewControllers
        let moreIndex = showsMore ? tabs.count : nil
        guard isSelectableIndex(index) else {
            throw ActionError(.invalidRequest, "tab index \(index) is out of range 0..<\(tabs.count)")
        }
        guard !isCustomizing else {
            throw ActionError.illegal("the tab bar is being customized; tap Done first")
        }
        let target = index == moreIndex ? moreStorage! : tabs[index]
        if userInitiated {
            let allowed = shouldSelect(target, at: index)
            window.send([.delegate(self, .tabBarControllerShouldSelect, child: target, value: allowed)])
            guard allowed else {
                window.warn("tab \(index) refused selection")
                return
            }
        }
        if index == moreIndex, selectedIndex >= barTabCount, selectedIndex < tabs.count, userInitiated {
            // Tapping More while a tab is shown inside More pops More to its list.
            popMoreToList(animated: popAnimated)
        } else if index == selectedIndex {
            // Tapping the selected tab pops its navigation controller to the root, as UIKit does.
            if userInitiated, let nav = target as? NavigationController, nav.children.count > 1 {
                nav.popToRootViewController(animated: popAnimated)
            }
        } else {
            window.run(selectionPlan(to: selectionDestination(of: index), window: window), animated: animated)
        }
        if userInitiated {
            window.send([.delegate(self, .tabBarControllerDidSelect, child: target, value: nil)])
            didSelect(target)
        }
    }

    /// The tab selecting `index` shows: itself, or for the More tab the tab More showed when
    /// the user left it (its list when it showed none).
    func selectionDestination(of index: Int) -> Int {
        let tabs = viewControllers
        if showsMore, index == tabs.count, let kept = shownInMore, let at = tabs.firstIndex(where: { $0 === kept }), at >= barTabCount {
            return at
        }
        return index
    }

    /// What selecting the tab at `destination` changes, so that a selection can also join
    /// another transition (an unwind that dismisses and switches tabs at once). A tab listed in
    /// More that is not on the More navigation controller yet goes there as a push (however it
    /// is selected), replacing what More showed above its list: `willMove(More)`/`didMove(More)`,
    /// `isMovingToParent`, and the More navigation controller's delegate events.
    func selectionPlan(to destination: Int, window: Window) -> TransitionPlan {
        let tabs = viewControllers
        let entering = showsMore && destination >= barTabCount && destination < tabs.count && tabs[destination] !== shownInMore
            ? tabs[destination] : nil
        let more = entering != nil ? moreNavigationController : nil
        let dropped = entering != nil ? (shownInMore.map { [$0] } ?? []) + (moreStorage?.children ?? []).dropFirst() : []
        var reasons: [(ViewController, AppearanceReason)] = []
        if let entering { reasons.append((entering, .movingToParent)) }
        if let top = dropped.last { reasons.append((top, .movingFromParent)) }
        var didCommit: [HierarchyCall] = dropped.reversed().map { .didMove($0, to: nil) }
        var willCommit: [HierarchyCall] = []
        if let entering, let more {
            willCommit = [.show(more, .navigationControllerWillShow, .controller(entering))]
            didCommit += [.didMove(entering, to: more), .show(more, .navigationControllerDidShow, .controller(entering))]
        }
        return TransitionPlan(
            before: dropped.reversed().map { .willMove($0, to: nil) } + (entering.map { [.willMove($0, to: more)] } ?? []),
            reasons: reasons,
            mutate: {
                if let entering {
                    _ = self.dropPushedInMore()
                    self.shownInMore = entering
                }
                self.selectedIndex = destination
            },
            willCommit: willCommit,
            didCommit: didCommit)
    }

    /// `setViewControllers(_:animated:)`: replaces the tabs. The selected tab stays selected when
    /// it is still present, else index 0; `customizableViewControllers` resets to all.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool = false) throws(ActionError) {
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        let ids = Set(controllers.map { ObjectIdentifier($0) })
        guard ids.count == controllers.count else { throw ActionError.illegal("the same controller appears twice among the tabs") }
        for c in controllers where c.parent !== self { try window.checkDetached(c, "\(c.id) is already in another hierarchy") }
        let old = viewControllers
        let selected = old.indices.contains(selectedIndex) ? old[selectedIndex] : nil
        let added = controllers.filter { $0.parent !== self }
        let removed = old.filter { !ids.contains(ObjectIdentifier($0)) }
        window.run(TransitionPlan(
            attaching: added,
            before: added.map { .willMove($0, to: self) } + removed.map { .willMove($0, to: nil) },
            mutate: {
                let more = self.moreStorage.flatMap { m in self.children.contains { $0 === m } ? m : nil }
                self.linkChildren(controllers + (more.map { [$0] } ?? []))
                self.customizableViewControllers = controllers
                self.selectedIndex = selected.flatMap { s in controllers.firstIndex { $0 === s } } ?? 0
                self.layoutMore()
            },
            didCommit: added.map { .didMove($0, to: self) } + removed.map { .didMove($0, to: nil) }), animated: animated)
    }
}

/// The Swift side of `UITabBarControllerDelegate`: set `TabBarController.delegate`, or subclass
/// `TabBarController` and override `shouldSelect(_:at:)`. Every method has a default.
public protocol TabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
    func tabBarController(_ tabBarController: TabBarController, willBeginCustomizing viewControllers: [ViewController])
    func tabBarController(_ tabBarController: TabBarController, didEndCustomizing viewControllers: [ViewController], changed: Bool)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
    public func tabBarController(_ tabBarController: TabBarController, willBeginCustomizing viewControllers: [ViewController]) {}
    public func tabBarController(_ tabBarController: TabBarController, didEndCustomizing viewControllers: [ViewController], changed: Bool) {}
}
