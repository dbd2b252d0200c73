/// Customizing the tab bar from More: Edit on the More list begins customizing,
/// the user rearranges tabs within `customizableViewControllers`, Done ends it. The order
/// persists in the session (and in the canonical URL, which lists the tabs in order).
///
/// Events, logged on the tab bar controller: `tabBarControllerWillBeginCustomizing`,
/// then on Done `tabBarControllerWillEndCustomizing` and `tabBarControllerDidEndCustomizing`,
/// both with `"changed"` (whether the order differs from when customizing began).
///
/// Decision: without drag and drop, rearranging is `moveTab(from:to:)`: the tab at `from` is
/// dropped on the position `to` and the two exchange places, as dropping an item on a bar slot
/// does in UIKit's Configure sheet. Both tabs must be customizable.
extension TabBarController {
    /// Whether Edit is offered: the bar shows More and some tab is customizable.
    public var canCustomize: Bool { showsMore && !customizableViewControllers.isEmpty }

    /// Edit on the More list.
    public func beginCustomizing() throws(ActionError) {
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        guard isShowingMoreList else { throw ActionError.illegal("customizing starts from the More list") }
        guard canCustomize else { throw ActionError.illegal("no tab of \(id) is customizable") }
        guard !isCustomizing else {
            window.warn("\(id) is already customizing")
            return
        }
        window.record(self, .tabBarControllerWillBeginCustomizing)
        isCustomizing = true
        orderAtCustomizingStart = viewControllers.map { ObjectIdentifier($0) }
        delegate?.tabBarController(self, willBeginCustomizing: viewControllers)
    }

    /// Done on the Configure list.
    public func endCustomizing() {
        guard let window, isCustomizing else {
            window?.warn("\(id) is not customizing")
            return
        }
        let changed = viewControllers.map { ObjectIdentifier($0) } != orderAtCustomizingStart
        window.record(self, .tabBarControllerWillEndCustomizing) { $0.value = changed }
        isCustomizing = false
        window.record(self, .tabBarControllerDidEndCustomizing) { $0.value = changed }
        delegate?.tabBarController(self, didEndCustomizing: viewControllers, changed: changed)
    }

    /// Exchanges the tabs at `from` and `to` (indexes in `viewControllers`) while customizing.
    /// Returns whether the order changed (no event is sent: the new version and URL show it).
    @discardableResult
    public func moveTab(from: Int, to: Int) throws(ActionError) -> Bool {
        let tabs = viewControllers
        guard tabs.indices.contains(from), tabs.indices.contains(to) else {
            throw ActionError(.invalidRequest, "tab index out of range 0..<\(tabs.count) (from \(from), to \(to))")
        }
        guard isCustomizing else { throw ActionError.illegal("rearranging tabs needs customizing (Edit on the More list)") }
        for i in [from, to] where !isCustomizable(tabs[i]) {
            throw ActionError.illegal("tab \(i) ('\(tabs[i].sceneID ?? tabs[i].id)') is not customizable")
        }
        guard from != to else {
            window?.warn("tab \(from) is already at position \(to)")
            return false
        }
        let selected = selectedViewController
        var reordered = tabs
        reordered.swapAt(from, to)
        linkChildren(reordered + children.filter { $0 === moreStorage })
        if let selected, let index = reordered.firstIndex(where: { $0 === selected }) { selectedIndex = index }
        return true
    }

    public func isCustomizable(_ c: ViewController) -> Bool { customizableViewControllers.contains { $0 === c } }

    /// Restores an order (canonical URL): `sceneIDs` must be a permutation of the tabs' scenes.
    /// Nil when the order is already that, or `sceneIDs` is not a permutation.
    func reorderPlan(toScenes sceneIDs: [String]) -> TransitionPlan? {
        let tabs = viewControllers
        guard sceneIDs.count == tabs.count, sceneIDs != tabs.map({ $0.sceneID ?? "" }) else { return nil }
        var pool = tabs
        var reordered: [ViewController] = []
        for id in sceneIDs {
            guard let i = pool.firstIndex(where: { $0.sceneID == id }) else { return nil }
            reordered.append(pool.remove(at: i))
        }
        let selected = selectedViewController
        return TransitionPlan(mutate: {
            self.linkChildren(reordered + self.children.filter { $0 === self.moreStorage })
            if let selected, let index = reordered.firstIndex(where: { $0 === selected }) { self.selectedIndex = index }
        })
    }
}

extension Window {
    /// Re-lays every tab bar for the current idiom (More appears or disappears).
    func relayoutTabBars() {
        for case let tabs as TabBarController in allControllers { tabs.layoutMore() }
    }
}
