/// The links that make up a window's hierarchy: parent and children, presenting and presented.
///
/// Every change to them goes through the functions in this file, which only link and unlink:
/// they send no callbacks (plans call them in their change; the executor sends the events),
/// and they keep both sides of each link in step. `Window.checkInvariants()` verifies the result
/// after every action in debug builds.
extension ViewController {
    /// Makes `newChildren` the children, in this order: controllers that leave lose their
    /// parent, the others get this controller as their parent.
    final func linkChildren(_ newChildren: [ViewController]) {
        // A set of the new children: linear in both lists (a tab bar may hold thousands).
        let kept = Set(newChildren.map(ObjectIdentifier.init))
        for old in children where old.parent === self && !kept.contains(ObjectIdentifier(old)) {
            old.parent = nil
        }
        children = newChildren
        for c in newChildren { c.parent = self }
    }

    /// Adds `child` at `index` (the end by default).
    final func linkChild(_ child: ViewController, at index: Int? = nil) {
        assert(child.parent == nil && child.presentingStorage == nil, "\(child.id) already has a place in the hierarchy")
        children.insert(child, at: index.map { min($0, children.count) } ?? children.count)
        child.parent = self
    }

    /// Removes `child` from the children.
    final func unlinkChild(_ child: ViewController) {
        children.removeAll { $0 === child }
        if child.parent === self { child.parent = nil }
    }

    /// Removes the last `count` children (the top of a stack) and returns them, bottom to top.
    @discardableResult
    final func unlinkLastChildren(_ count: Int) -> [ViewController] {
        let removed = Array(children.suffix(count))
        children.removeLast(removed.count)
        for c in removed where c.parent === self { c.parent = nil }
        return removed
    }

    /// Makes every one of `newChildren` a child at once, with the containment callbacks UIKit
    /// sends (all `willMove`, then all `didMove`): how containers take their relationship children.
    final func installChildren(_ newChildren: [ViewController]) {
        guard let window else { return }
        window.apply(TransitionPlan(before: newChildren.map { .willMove($0, to: self) },
                                    mutate: { self.linkChildren(newChildren) },
                                    didCommit: newChildren.map { .didMove($0, to: self) }))
    }
}

extension Window {
    /// Refuses `controller` when it already has a place in this window's hierarchy: a parent, a
    /// presenting controller, or the root. The one check before a controller is pushed, presented,
    /// added as a child or put into a container.
    func checkDetached(_ controller: ViewController, _ message: @autoclosure () -> String) throws(ActionError) {
        guard controller.parent == nil, controller.presentingStorage == nil, controller !== root else {
            throw ActionError.illegal(message())
        }
    }

    /// Links `presented` as what `presenter` presents, with the style and transition it was
    /// presented with (fixed from now on). `caller` is the controller `present` was sent to.
    func link(presented: ViewController, over presenter: ViewController, caller: ViewController,
              style: ModalPresentationStyle, transition: ModalTransitionStyle, anchor: String? = nil) {
        assert(presenter.presentedStorage == nil, "\(presenter.id) already presents \(presenter.presentedStorage?.id ?? "")")
        assert(presented.parent == nil && presented.presentingStorage == nil, "\(presented.id) already has a place in the hierarchy")
        Self.linkPresentation(presented, over: presenter)
        presented.presentationCaller = caller
        presented.presentedStyle = style
        presented.presentedTransition = transition
        presented.popoverAnchor = style == .popover || presented is AlertController ? anchor : nil
    }

    /// The two sides of a presentation link, nothing else (a snapshot restores the style, the
    /// transition and the caller itself).
    static func linkPresentation(_ presented: ViewController, over presenter: ViewController) {
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
    }

    /// Unlinks `presented` from the controller that presents it.
    func unlink(presented: ViewController) {
        presented.presentingStorage?.presentedStorage = nil
        presented.presentingStorage = nil
    }

    // MARK: - Invariants

    /// Checks the structural rules of the hierarchy after every action in debug and test builds:
    /// parent and child links point at each other, a controller has at most one place (a parent,
    /// a presenter or the root), presenting and presented point at each other (so a controller
    /// presents at most one and is presented by at most one), every controller belongs to this
    /// window with a distinct id, exactly the visible controllers are `appeared`, and the
    /// containers' own state agrees with their children (`checkContainerState`).
    public func checkInvariants() {
        #if DEBUG
        guard let root else { return }
        assert(root.parent == nil && root.presentingStorage == nil, "the root \(root.id) has a parent or a presenter")
        let visible = Set(visibleControllers.map { ObjectIdentifier($0) })
        var ids: Set<String> = []
        // Controllers with a parent, and children listed: equal when every parent lists its
        // children (counted, not searched: a tab bar may hold thousands of tabs).
        var withParent = 0, listed = 0, presenting = 0, presented = 0
        for c in allControllers {
            checkContainerState(c)
            if c.presentedStorage != nil { presenting += 1 }
            if c.presentingStorage != nil { presented += 1 }
            assert(ids.insert(c.id).inserted, "two controllers share the id \(c.id)")
            assert(c.window === self, "\(c.id) belongs to another window")
            let isVisible = visible.contains(ObjectIdentifier(c))
            assert(isVisible == (c.appearance == .appeared) || !c.shouldBeTrackedForAppearance,
                   "\(c.id) (\(c.sceneID ?? "-")) is \(c.appearance) but \(isVisible ? "visible" : "not visible")")
            assert(!(c.parent != nil && c.presentingStorage != nil), "\(c.id) has both a parent and a presenter")
            if c.parent != nil { withParent += 1 }
            listed += c.children.count
            for child in c.children { assert(child.parent === c, "\(child.id)'s parent is not \(c.id)") }
            assert(Set(c.children.map(ObjectIdentifier.init)).count == c.children.count, "\(c.id) lists a child twice")
            if let p = c.presentedStorage {
                assert(p.presentingStorage === c, "\(p.id)'s presenter is not \(c.id)")
                assert(p.presentedStyle != nil, "\(p.id) is presented without a style")
            }
            if let presenter = c.presentingStorage {
                assert(presenter.presentedStorage === c, "\(c.id)'s presenter \(presenter.id) presents something else")
            }
            assert(c.reasons.isEmpty, "\(c.id) kept reason flags after a transition")
        }
        assert(withParent == listed, "a controller's parent does not list it as a child")
        assert(presenting == presented, "a presented controller has more than one presenter")
        #endif
    }

    /// A container's state agrees with its links: a navigation stack's children are its stack
    /// (the More navigation controller's drawn stack adds the tab shown inside it, which stays
    /// the tab bar's child), a tab bar's selection is one of its tabs (or More's list), a split
    /// view's and a page view's children are theirs.
    func checkContainerState(_ c: ViewController) {
        #if DEBUG
        if let nav = c as? NavigationController {
            assert(nav.displayedStack.filter { $0.parent === nav }.elementsEqual(nav.children, by: ===),
                   "the stack of \(nav.id) is not its children")
            if let more = nav as? MoreNavigationController, let shown = more.tabs?.tabShownInMore {
                assert(shown.parent === more.tabs, "\(shown.id), shown inside More, is not a tab of its tab bar")
            }
        }
        if let tabs = c as? TabBarController, tabs.tabCount > 0 {
            assert(tabs.isSelectableIndex(tabs.selectedIndex), "\(tabs.id) selects \(tabs.selectedIndex), not one of its tabs")
            if let selected = tabs.selectedViewController { assert(selected.parent === tabs, "\(tabs.id)'s selection is not its child") }
        }
        #endif
    }
}
