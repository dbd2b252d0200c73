/// Browser back and forward: bringing a live session to the hierarchy a canonical URL names
/// (``HierarchyPath``), through the same pops, dismissals, pushes, tab selections and
/// presentations an app would make, each with its events.
extension Window {
    /// Brings the session to the hierarchy a URL names, with the events the pops, dismissals,
    /// pushes, tab selections and presentations involved cause (browser back and forward).
    public func navigate(to target: HierarchyPath, animated: Bool = true) throws(ActionError) -> ActionOutcome {
        guard isLaunched, let root else { throw ActionError.illegal("the session has not launched") }
        guard root.sceneID == target.scene else {
            throw ActionError(.invalidURL, "the URL's root scene '\(target.scene)' is not this flow's root '\(root.sceneID ?? "-")'")
        }
        try validate(target)
        try checkNoInteractiveTransition(for: "going to another URL")
        warnings = []
        let firstSeq = log.lastSeq
        let before = ScreenChange.Before(self)
        var stateChanged = false
        try reconcile(root, with: target, animated: animated, stateChanged: &stateChanged)
        let events = Array(log.events(after: firstSeq))
        lastChange = ScreenChange.from(events, before: before, in: self)
        let changed = stateChanged || !events.isEmpty
        if changed { version += 1 }
        checkInvariants()
        return ActionOutcome(events: events, warnings: warnings, changed: changed)
    }

    /// Every scene named must exist; containers must name children of the right count.
    func validate(_ node: HierarchyPath) throws(ActionError) {
        guard let scene = storyboard[node.scene] else { throw ActionError(.unknownScene, "the URL names an unknown scene '\(node.scene)'") }
        if scene.kind == .navigationController, node.children?.isEmpty ?? false, scene.rootViewController != nil {
            throw ActionError(.invalidURL, "navigation controller '\(node.scene)' needs a stack")
        }
        if let children = node.children {
            guard scene.canHoldChildren else {
                throw ActionError(.invalidURL, "'\(node.scene)' is an alert controller, which holds no children")
            }
            for child in children {
                try validate(child)
                if scene.kind == .navigationController, storyboard[child.scene]?.kind == .navigationController {
                    throw ActionError(.invalidURL, "a navigation controller cannot be in a navigation stack")
                }
            }
        }
        if let p = node.presented { try validate(p.node) }
        for pushed in node.pushedInMore ?? [] {
            try validate(pushed)
            if storyboard[pushed.scene]?.kind == .navigationController {
                throw ActionError(.invalidURL, "a navigation controller cannot be pushed onto the More navigation controller")
            }
        }
        if scene.kind == .splitViewController, let index = node.index, index != 0 {
            throw ActionError(.invalidURL, "split view '\(node.scene)' takes only @0 (the primary in front), not @\(index)")
        }
        if let index = node.index, ![.tabBarController, .pageViewController, .splitViewController].contains(scene.kind) {
            throw ActionError(.invalidURL, "'\(node.scene)' is a \(scene.kind.rawValue); only tab bar, page and split view controllers take an index (@\(index))")
        }
    }

    /// Brings `c` and what it holds and presents to `target`, outside in. Every change is a plan
    /// of the container that owns its rule (``dismissalPlan(_:)``, ``NavigationController/popPlan(to:)``,
    /// ``TabBarController/selectionPlan(to:window:)``, …), built against the state the previous
    /// one left and run by the executor as a transition of its own, in this order: what `c`
    /// presents that the URL does not name is dismissed; `c`'s own children change (a stack, a tab,
    /// a page, a secondary column); its restorable state; the children, recursively; a split
    /// view's primary in front or not; what the URL presents from `c` is presented, then
    /// brought to the URL too. Presentations and dismissals then turn the interface where the
    /// orientation policy asks.
    func reconcile(_ c: ViewController, with target: HierarchyPath, animated: Bool, stateChanged: inout Bool) throws(ActionError) {
        if let presented = c.presentedStorage {
            let keep = target.presented.map { $0.node.scene == presented.sceneID && $0.style == presented.presentedStyle } ?? false
            if !keep { dismissPresented(presented, animated: animated) }
        }
        switch c {
        case let nav as NavigationController:
            try reconcileStack(nav, with: target, animated: animated)
        case let tabs as TabBarController:
            try reconcileTabs(tabs, with: target, animated: animated, stateChanged: &stateChanged)
        case let pages as PageViewController:
            if let index = target.index, index != pages.currentIndex,
               let plan = try pages.pagePlan(showing: index, finished: false, window: self) {
                run(plan, animated: animated)
            }
        case let split as SplitViewController:
            // A secondary column replaced by showDetail/replace segues: replace it again.
            if let wanted = target.children, wanted.count >= 2, split.children.count >= 1,
               split.children.count < 2 || split.children[1].sceneID != wanted[1].scene {
                run(split.detailPlan(try instantiate(sceneID: wanted[1].scene)), animated: animated)
            }
        default:
            break
        }
        // Back or forward across an edit or a form change: the state the URL carries.
        if reconcileState(c, with: target.state, animated: animated) { stateChanged = true }
        if let wanted = target.children {
            // The URL names controllers embedded in a content controller: its view must be
            // loaded for them to exist (it loads covered, as state restoration does in UIKit).
            if !c.isContainer, !wanted.isEmpty {
                loadViewIfNeeded(c)
                try reconcileAddedChildren(of: c, with: wanted, animated: animated)
            }
            for (child, node) in zip(c.children, wanted) where child.sceneID == node.scene {
                try reconcile(child, with: node, animated: animated, stateChanged: &stateChanged)
            }
        }
        if let split = c as? SplitViewController, let plan = split.primaryInFrontPlan(target.index == 0) {
            run(plan, animated: animated)
        }
        if let p = target.presented {
            if c.presentedStorage == nil {
                let m = try instantiate(sceneID: p.node.scene)
                present(m, presenter: c, style: p.style, transitionStyle: p.transition ?? .coverVertical, anchor: p.anchor, animated: animated)
            }
            if let presented = c.presentedStorage { try reconcile(presented, with: p.node, animated: animated, stateChanged: &stateChanged) }
        }
    }

    /// A navigation stack: pops back to the longest common bottom of the stack and the URL's,
    /// then pushes the rest (only the last push animated); nothing in common replaces the stack.
    func reconcileStack(_ nav: NavigationController, with target: HierarchyPath, animated: Bool) throws(ActionError) {
        let wanted = target.children ?? []
        var common = 0
        while common < min(wanted.count, nav.children.count), nav.children[common].sceneID == wanted[common].scene { common += 1 }
        // An empty navigation controller (its storyboard gives it no root) stays empty.
        if common == 0 && wanted.isEmpty && nav.children.isEmpty { return }
        if common == 0 {
            guard !wanted.isEmpty else { throw ActionError(.invalidRequest, "a navigation stack cannot be empty") }
            var fresh: [ViewController] = []
            for node in wanted { fresh.append(try instantiate(sceneID: node.scene)) }
            run(nav.stackPlan(fresh), animated: animated)
            return
        }
        if common < nav.children.count { popStack(nav, to: nav.children[common - 1], animated: animated) }
        for (i, node) in wanted.enumerated().dropFirst(common) {
            run(nav.pushPlan(try instantiate(sceneID: node.scene)), animated: animated && i == wanted.count - 1)
        }
    }

    /// The pop of `nav`'s stack as drawn down to `controller` (nothing when it is the top).
    private func popStack(_ nav: NavigationController, to controller: ViewController, animated: Bool) {
        let stack = nav.displayedStack
        guard let index = stack.firstIndex(where: { $0 === controller }), index < stack.count - 1 else { return }
        run(nav.popPlan(to: index), animated: animated)
    }

    /// A tab bar: the tab order, the selected tab, and the More navigation controller's stack.
    func reconcileTabs(_ tabs: TabBarController, with target: HierarchyPath, animated: Bool, stateChanged: inout Bool) throws(ActionError) {
        if let wanted = target.children?.map(\.scene), let plan = tabs.reorderPlan(toScenes: wanted) { run(plan, animated: false) }
        if let index = target.index, index != tabs.selectedIndex, tabs.isSelectableIndex(index) {
            // Leaving the More list while customizing ends it, as Done would (the URL does not
            // carry the Configure mode: it is a transient edit of the list).
            if tabs.isCustomizing { tabs.endCustomizing() }
            // A selection the app makes (no delegate is asked), not animated.
            run(tabs.selectionPlan(to: tabs.selectionDestination(of: index), window: self), animated: false)
            // Covered by a presentation, the selection sends no event: it is a change all the same.
            stateChanged = true
            // Selecting More brings back the tab it last showed; the URL names the list itself:
            // the More navigation controller's pop back to its list.
            if index == tabs.viewControllers.count, tabs.isShowingTabInMore {
                run(tabs.moreNavigationController.popPlan(to: 0), animated: animated)
            }
        }
        try reconcileMoreStack(tabs, with: target, animated: animated, stateChanged: &stateChanged)
    }

    /// What was pushed onto the More navigation controller above the tab shown inside it (`!(…)`).
    func reconcileMoreStack(_ tabs: TabBarController, with target: HierarchyPath, animated: Bool, stateChanged: inout Bool) throws(ActionError) {
        guard let shown = tabs.tabShownInMore, let more = tabs.moreStorage else { return }
        let wanted = target.children.flatMap { $0.indices.contains(tabs.selectedIndex) ? $0[tabs.selectedIndex].pushedInMore : nil } ?? []
        let current = tabs.pushedInMore(above: shown) ?? []
        var common = 0
        while common < min(wanted.count, current.count), current[common].sceneID == wanted[common].scene { common += 1 }
        // Back to the tab shown inside More when nothing pushed above it stays.
        if common < current.count { popStack(more, to: common == 0 ? shown : current[common - 1], animated: animated) }
        for (i, node) in wanted.enumerated().dropFirst(common) {
            run(more.pushPlan(try instantiate(sceneID: node.scene)), animated: animated && i == wanted.count - 1)
        }
        for (child, node) in zip(more.children.dropFirst(), wanted) where child.sceneID == node.scene {
            try reconcile(child, with: node, animated: animated, stateChanged: &stateChanged)
        }
    }
}
