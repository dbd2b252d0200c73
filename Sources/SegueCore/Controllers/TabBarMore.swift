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
                let dropped = dropPushedInMore()
                window?.send(dropped.reversed().flatMap { [.willMove($0, to: nil), .didMove($0, to: nil)] })
            }
            linkChildren(tabs)
            if selectedIndex >= tabs.count {
                selectedIndex = 0
                if isCustomizing { isCustomizing = false }
            }
        }
        if !showsMore { isCustomizing = false }
    }

    /// Chooses a row of the More list: shows `viewControllers[index]` inside More, as selecting
    /// it does (`selectionPlan`: a push onto the More navigation controller while More stays selected).
    public func showInMore(index: Int, animated: Bool = true) throws(ActionError) {
        guard let window else { throw ActionError.illegal("tab bar controller is not in a window") }
        guard showsMore else { throw ActionError.illegal("the tab bar shows no More tab") }
        let tabs = viewControllers
        guard index >= barTabCount, index < tabs.count else {
            throw ActionError(.invalidRequest, "tab \(index) is not listed in More (\(barTabCount)..<\(tabs.count))")
        }
        guard !isCustomizing else { throw ActionError.illegal("the More list is being customized; tap Done first") }
        guard tabs[index].tabBarItem.enabled else {
            window.warn("tab \(index) is disabled; choosing it does nothing")
            return
        }
        guard selectedIndex != index else {
            window.warn("tab \(index) is already shown in More")
            return
        }
        // The list is shown: More holds no tab now, whatever it showed when the user left it.
        if isShowingMoreList { shownInMore = nil }
        window.run(selectionPlan(to: index, window: window), animated: animated)
    }

    /// The back button of a tab shown inside More: back to the More list, a pop of the More
    /// navigation controller to its root (`popPlan(to:)`).
    public func popMoreToList(animated: Bool = true) {
        guard let window, isShowingTabInMore else {
            window?.warn("no tab is shown inside More")
            return
        }
        window.run(moreNavigationController.popPlan(to: 0), animated: animated)
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

    public override func forEachVisibleChild(_ body: (ViewController) -> Void) {
        if let top = displayedStack.last { body(top) }
    }

    // Pops work on the stack a person sees (`displayedStack`): the tab shown inside More sits
    // between the list and what was pushed above it, though it stays the tab bar controller's child.

    /// Popping the tab shown inside More too leaves the More list shown.
    override func popMutation(removing count: Int) -> () -> Void {
        guard let tabs, tabs.isShowingTabInMore, count >= children.count else { return super.popMutation(removing: count) }
        return {
            _ = tabs.dropPushedInMore()
            tabs.shownInMore = nil
            tabs.selectedIndex = tabs.viewControllers.count
        }
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
