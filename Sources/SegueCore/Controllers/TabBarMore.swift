/// The More tab of a tab bar controller.
///
/// Phone idiom: up to 5 tabs show all; 6 or more show the first 4 plus More. Pad idiom: up to 8
/// show all; 9 or more show 7 plus More. The idiom comes from the window's traits, so a viewport
/// change re-lays the bar (`layoutMore()`, called from `setTraits`) and keeps the selection.
///
/// `moreNavigationController` is a navigation controller whose root is the More list (a table of
/// the remaining tabs). Choosing a row shows that tab inside More, with a back button titled
/// "More", while the More tab stays selected. Choosing a row is a push onto the More navigation
/// controller and its back button a pop, with a push's and a pop's events: `willMove`/`didMove`
/// naming the More navigation controller (nil on the way back), `isMovingToParent` /
/// `isMovingFromParent`, and `navigationControllerWillShow`/`DidShow` logged on the More
/// navigation controller. A `show` segue (or a push) from a tab shown inside More pushes onto the
/// More navigation controller, above the tab, as in UIKit; its back button pops there.
/// Decision: in the model the chosen tab stays a child of the tab bar controller (STATE lists it
/// among the tabs; the More navigation controller's `topViewController` names it, its `children`
/// are the list and what was pushed above the tab); the More controllers themselves get no
/// containment events (UIKit creates them privately).
extension TabBarController {
    /// Tabs the bar can show before it needs More: 5 on phone, 8 on pad, every tab on tvOS (its
    /// tab bar has no More).
    public var maximumBarItems: Int {
        if window?.storyboard.platform == .tvOS { return .max }
        return (window?.traits.idiom ?? .phone) == .pad ? 8 : 5
    }

    /// `viewControllers.count` without building the array: the More navigation controller, when
    /// in `children`, is always last. Constant time, as the questions below are asked per tab
    /// (a URL, a screen) and a bar may hold thousands of tabs.
    var tabCount: Int {
        if let more = moreStorage, children.last === more { return children.count - 1 }
        return children.count
    }

    /// Whether the bar shows a More tab now.
    public var showsMore: Bool { tabCount > maximumBarItems }

    /// How many of `viewControllers` have their own tab in the bar.
    public var barTabCount: Int { showsMore ? maximumBarItems - 1 : tabCount }

    /// The tabs listed in More (empty without More).
    public var moreViewControllers: [ViewController] { showsMore ? Array(viewControllers.dropFirst(barTabCount)) : [] }

    /// `moreNavigationController`: made on first use, in `children` only while the bar shows More.
    public var moreNavigationController: MoreNavigationController {
        if let more = moreStorage { return more }
        let more = MoreNavigationController(scene: nil)
        let list = MoreListController(scene: nil)
        more.linkChildren([list])
        more.tabs = self
        moreStorage = more
        if let window { window.attach(more) }
        return more
    }

    /// Whether the More list itself (no tab chosen in it) is shown.
    public var isShowingMoreList: Bool { showsMore && selectedIndex == tabCount }

    /// Whether `index` can be selected: a tab, or `viewControllers.count` (the More list) while
    /// the bar shows More.
    public func isSelectableIndex(_ index: Int) -> Bool {
        (0..<tabCount).contains(index) || (showsMore && index == tabCount)
    }

    /// Whether the selected tab is shown inside More.
    public var isShowingTabInMore: Bool { showsMore && selectedIndex >= barTabCount && selectedIndex < tabCount }

    /// The tab shown inside More, if any.
    public var tabShownInMore: ViewController? { isShowingTabInMore ? children[selectedIndex] : nil }

    /// What was pushed onto the More navigation controller above `tab` (bottom to top), when `tab`
    /// is shown inside More and something was; else nil.
    public func pushedInMore(above tab: ViewController) -> [ViewController]? {
        guard tabShownInMore === tab, let more = moreStorage, more.children.count > 1 else { return nil }
        return Array(more.children.dropFirst())
    }

    /// Drops what was pushed onto the More navigation controller (containment events only; the
    /// caller's transition sends the appearance events).
    func dropPushedInMore() -> [ViewController] {
        guard let more = moreStorage, more.children.count > 1 else { return [] }
        return more.unlinkLastChildren(more.children.count - 1)
    }

    /// Puts the More controller into `children` when the bar needs it and takes it out when it
    /// does not. The More list selection falls back to the first tab when More goes away.
    func layoutMore() {
        let tabs = viewControllers
        if showsMore {
            linkChildren(tabs + [moreNavigationController])
        } else {
            if moreStorage != nil {
                for p in dropPushedInMore().reversed() { window?.sendWillMove(p, to: nil); window?.sendDidMove(p, to: nil) }
            }
            linkChildren(tabs)
            if selectedIndex >= tabs.count {
                selectedIndex = 0
                if isCustomizing { isCustomizing = false }
            }
        }
        if !showsMore { isCustomizing = false }
    }

    /// Chooses a row of the More list: shows `viewControllers[index]` inside More.
    public func showInMore(index: Int, animated: Bool = true) throws(ActionError) {
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        guard showsMore else { throw ActionError.illegal("the tab bar shows no More tab") }
        let tabs = viewControllers
        guard index >= barTabCount, index < tabs.count else {
            throw ActionError(.invalidRequest, "tab \(index) is not listed in More (\(barTabCount)..<\(tabs.count))")
        }
        guard !isCustomizing else { throw ActionError.illegal("the More list is being customized; tap Done first") }
        let target = tabs[index]
        guard target.tabBarItem.enabled else {
            window.warn("tab \(index) is disabled; choosing it does nothing")
            return
        }
        guard selectedIndex != index else {
            window.warn("tab \(index) is already shown in More")
            return
        }
        // A push onto the More navigation controller (UIKit pushes the chosen tab there while More stays selected).
        let more = moreNavigationController
        window.sendWillMove(target, to: more)
        window.transition(
            animated: animated,
            reasons: [(target, .movingToParent)],
            mutate: { selectedIndex = index },
            beforeCommit: { window.sendShowDelegate(more, .navigationControllerWillShow, child: target) },
            afterCommit: {
                window.sendDidMove(target, to: more)
                window.sendShowDelegate(more, .navigationControllerDidShow, child: target)
            }
        )
        shownInMore = target
    }

    /// The back button of a tab shown inside More: back to the More list.
    public func popMoreToList(animated: Bool = true) {
        guard let window, isShowingTabInMore else {
            window?.warn("no tab is shown inside More")
            return
        }
        // A pop of the More navigation controller back to its list (a pop; a popTo for
        // what was pushed above the tab too: only the top one disappears).
        let shown = viewControllers[selectedIndex]
        let more = moreNavigationController
        let pushed = Array(more.children.dropFirst())
        let leaving = [shown] + pushed
        shownInMore = nil
        for c in leaving.reversed() { window.sendWillMove(c, to: nil) }
        window.transition(
            animated: animated,
            reasons: [(leaving.last!, .movingFromParent)],
            mutate: {
                _ = dropPushedInMore()
                selectedIndex = viewControllers.count
            },
            beforeCommit: { if let list = more.moreList { window.sendShowDelegate(more, .navigationControllerWillShow, child: list) } },
            afterCommit: {
                for c in leaving.reversed() { window.sendDidMove(c, to: nil) }
                if let list = more.moreList { window.sendShowDelegate(more, .navigationControllerDidShow, child: list) }
            }
        )
    }
}

/// `moreNavigationController`: the navigation controller of the More tab. Its stack is the More
/// list; a tab chosen from the list is shown on top of it (see `TabBarController`).
public final class MoreNavigationController: NavigationController {
    weak var tabs: TabBarController?

    public var moreList: MoreListController? { children.first as? MoreListController }

    /// The stack as a person sees it: the list, the tab shown inside More, what was pushed above it.
    public override var displayedStack: [ViewController] {
        guard let shown = tabs?.tabShownInMore else { return Array(children.prefix(1)) }
        return [children[0], shown] + children.dropFirst()
    }

    public override var visibleChildren: [ViewController] {
        displayedStack.last.map { [$0] } ?? []
    }

    // Pops work on the stack a person sees: the tab shown inside More sits between the list and
    // what was pushed above it, though it stays the tab bar controller's child.

    @discardableResult
    public override func popViewController(animated: Bool) -> ViewController? {
        guard let tabs, tabs.isShowingTabInMore, children.count < 2 else { return super.popViewController(animated: animated) }
        let shown = tabs.tabShownInMore
        tabs.popMoreToList(animated: animated)
        return shown
    }

    @discardableResult
    public override func popToRootViewController(animated: Bool) -> [ViewController] {
        guard let tabs, tabs.isShowingTabInMore else { return super.popToRootViewController(animated: animated) }
        let leaving = Array(displayedStack.dropFirst().reversed())
        tabs.popMoreToList(animated: animated)
        return leaving
    }

    @discardableResult
    public override func popToViewController(_ controller: ViewController, animated: Bool) throws(ActionError) -> [ViewController] {
        guard let tabs, let shown = tabs.tabShownInMore else { return try super.popToViewController(controller, animated: animated) }
        if controller === children.first { return popToRootViewController(animated: animated) }
        if controller === shown {
            guard children.count >= 2 else {
                window?.warn("popToViewController: \(controller.id) is already the top of \(id)")
                return []
            }
            // What was pushed above the tab goes; the tab is the top again.
            return try super.popToViewController(children[0], animated: animated)
        }
        return try super.popToViewController(controller, animated: animated)
    }
}

/// The More list: a table with a row per tab that does not fit the bar.
public final class MoreListController: TableViewController {
    public required init(scene: Scene?) {
        super.init(scene: scene)
        title = "More"
    }
    public override var kind: SceneKind { .tableViewController }
}
