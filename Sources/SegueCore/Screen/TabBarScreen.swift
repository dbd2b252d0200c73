/// What a tap on the More tab's own controls does (element targets of `TabBarScreen`).
enum TabBarTap {
    /// A row of the More list: show that tab inside More.
    case moreRow(TabBarController, index: Int)
    /// The "More" back button of a tab shown inside More.
    case moreBack(TabBarController)
    /// Edit on the More list: begin customizing.
    case edit(TabBarController)
    /// Done on the Configure list: end customizing.
    case done(TabBarController)
    /// A Configure move: tab `from` exchanges places with tab `to`.
    case move(TabBarController, from: Int, to: Int)

    /// Returns true when the state changed without an event (a Configure move).
    func run(animated: Bool) throws(ActionError) -> Bool {
        switch self {
        case .moreRow(let tabs, let index): try tabs.showInMore(index: index, animated: animated)
        case .moreBack(let tabs): tabs.popMoreToList(animated: animated)
        case .edit(let tabs): try tabs.beginCustomizing()
        case .done(let tabs): tabs.endCustomizing()
        case .move(let tabs, let from, let to): return try tabs.moveTab(from: from, to: to)
        }
        return false
    }
}

/// The tab bar in a `Screen`: bar items (with More), the selected tab's pane, the More list, a
/// tab shown inside More and the Configure list.
///
/// Element ids: tabs `{tabs}.tab.{i}` (or the item's declared `id`), the More tab
/// `{tabs}.tab.more`, More rows `{tabs}.more.{i}`, the back button `{tabs}.more.back`, Edit/Done
/// `{tabs}.more.edit` / `{tabs}.more.done`, Configure moves `{tabs}.more.up.{i}` /
/// `{tabs}.more.down.{i}` (`i` is the tab's index in `viewControllers`).
extension ScreenBuilder {
    /// The title a tab shows: its item's title, the system item's fixed title, the child's title.
    static func declaredTabTitle(_ child: ViewController) -> String? {
        let item = child.tabBarItem
        return item.title ?? item.systemItem?.title ?? child.title ?? child.navigationItem.title
            ?? (child as? NavigationController)?.children.first.flatMap { $0.title ?? $0.navigationItem.title }
    }

    /// A tab's name in STATE and the More list: its title; for a tab with an image and no title
    /// (UIKit shows the image alone) the image's name, as for an image-only bar button item;
    /// "Tab N" for a tab with neither.
    static func tabTitle(_ child: ViewController, index: Int) -> String {
        tabTitle(child, index: index, declared: declaredTabTitle(child))
    }

    static func tabTitle(_ child: ViewController, index: Int, declared: String?) -> String {
        if declared?.isEmpty ?? true, let image = child.tabBarItem.image { return image }
        return declared ?? "Tab \(index + 1)"
    }

    mutating func tabPane(_ tabs: TabBarController) -> TabPane {
        let barHidden = hidesTabBar(tabs)
        var items: [TabItem] = []
        // The bar comes after the content in reading order? No: register the selected pane first
        // (top of the page), then the bar (bottom).
        let selected: Pane
        if tabs.isShowingMoreList || tabs.isShowingTabInMore {
            selected = morePane(tabs)
        } else if let child = tabs.selectedViewController {
            selected = pane(for: child)
        } else {
            selected = .content(ContentPane(controllerID: tabs.id, sceneID: nil, kind: .viewController, title: nil, nodes: [], isEditing: false))
        }
        let all = tabs.viewControllers
        for (index, child) in all.prefix(tabs.barTabCount).enumerated() {
            let item = child.tabBarItem
            let declared = Self.declaredTabTitle(child)
            let title = Self.tabTitle(child, index: index, declared: declared)
            var id = item.id ?? ElementID.tab(tabs.id, index: index)
            if !barHidden && !tabs.isCustomizing {
                id = register(id, role: .tab, title: title, controller: tabs, target: .tab(tabs, index: index), enabled: item.enabled)
            }
            var tab = TabItem(elementID: id, title: title, image: item.image, systemItem: item.systemItem,
                              badgeValue: item.badgeValue, isSelected: index == tabs.selectedIndex, isEnabled: item.enabled)
            tab.selectedImage = item.selectedImage
            tab.isImageOnly = item.image != nil && declared?.isEmpty ?? true
            items.append(tab)
        }
        if tabs.showsMore {
            let more = tabs.moreNavigationController
            var id = ElementID.moreTab(tabs.id)
            if !barHidden && !tabs.isCustomizing {
                id = register(id, role: .tab, title: "More", controller: tabs, target: .tab(tabs, index: all.count), enabled: true)
            }
            // A badge on a tab listed in More shows on the More tab, as in UIKit? No: UIKit shows
            // badges only on bar items; More carries its own (none).
            items.append(TabItem(elementID: id, title: more.tabBarItem.title ?? "More", systemItem: .more,
                                 badgeValue: nil, isSelected: tabs.selectedIndex >= tabs.barTabCount))
        }
        var pane = TabPane(controllerID: tabs.id, items: items, selected: selected, isBarHidden: barHidden)
        pane.barAppearance = tabs.scene?.barAppearance
        return pane
    }

    /// Hidden while the selected stack has a `hidesBottomBarWhenPushed` controller above its root.
    func hidesTabBar(_ tabs: TabBarController) -> Bool {
        guard !tabs.isShowingMoreList else { return false }
        guard let selected = tabs.selectedViewController else { return false }
        if let nav = selected as? NavigationController { return nav.hidesBottomBar }
        // A tab shown inside More sits above the More list: its own flag counts (index ≥ 1), and
        // so do those of what was pushed above it.
        return tabs.isShowingTabInMore && tabs.moreNavigationController.displayedStack.dropFirst().contains { $0.hidesBottomBarWhenPushed }
    }

    /// The More navigation controller's pane: a tab shown inside More, the Configure sheet, or
    /// the More list.
    mutating func morePane(_ tabs: TabBarController) -> Pane {
        let more = tabs.moreNavigationController
        if tabs.isShowingTabInMore, more.children.count > 1 {
            // Pushed above the tab: the More navigation controller's own bar and back button.
            return .navigation(navigationPane(more))
        }
        if tabs.isShowingTabInMore { return tabInMorePane(tabs) }
        if tabs.isCustomizing { return configurePane(tabs) }
        return moreListPane(tabs)
    }

    /// A tab listed in More, shown at the root of the More navigation controller: its own bar
    /// (or the More controller's, for a tab that is not a navigation controller) with a back
    /// button to the More list.
    mutating func tabInMorePane(_ tabs: TabBarController) -> Pane {
        let more = tabs.moreNavigationController
        let shown = tabs.viewControllers[tabs.selectedIndex]
        func back(_ b: inout ScreenBuilder) -> BarItem {
            let id = b.register(ElementID.moreBack(tabs.id), role: .backButton, title: "More", controller: more,
                                target: .tabBar(.moreBack(tabs)))
            return BarItem(elementID: id, role: .backButton, title: "More")
        }
        if let nav = shown as? NavigationController {
            // Its own bar, with a back button to the More list at its root (registered first:
            // it is the leftmost control of the bar).
            let top = nav.topViewController?.navigationItem
            let wantsBack = nav.children.count == 1 && nav.showsNavigationBar && !(top?.hidesBackButton ?? false)
                && ((top?.leftBarButtonItems.isEmpty ?? true) || (top?.leftItemsSupplementBackButton ?? false))
            let moreBack = wantsBack ? back(&self) : nil
            var p = navigationPane(nav)
            if let moreBack, var bar = p.bar {
                bar.backButton = moreBack
                p.bar = bar
            }
            return .navigation(p)
        }
        let item = shown.navigationItem
        let showsBack = !item.hidesBackButton && (item.leftBarButtonItems.isEmpty || item.leftItemsSupplementBackButton)
        let backItem = showsBack ? back(&self) : nil
        let left = barItems(item.leftBarButtonItems, owner: shown, slot: "left")
        let right = barItems(item.rightBarButtonItems, owner: shown, slot: "right", rightmostFirst: true)
        let bar = NavigationBar(title: item.title ?? shown.title, prompt: item.prompt, backButton: backItem,
                                leftItems: left, rightItems: right)
        return .navigation(NavigationPane(controllerID: more.id, bar: bar, top: pane(for: shown), toolbar: nil))
    }

    /// The Configure sheet: Done, and every tab as a tile with Move Up / Move Down for the
    /// customizable ones (each exchanges the tab with its customizable neighbour).
    mutating func configurePane(_ tabs: TabBarController) -> Pane {
        let more = tabs.moreNavigationController
        let list = more.moreList ?? MoreListController(scene: nil)
        let all = tabs.viewControllers
        let doneID = register(ElementID.moreDone(tabs.id), role: .barButton, title: "Done", controller: more, target: .tabBar(.done(tabs)))
        let done = BarItem(elementID: doneID, role: .barButton, title: "Done", systemItem: .done, isBold: true)
        let customizable = all.indices.filter { tabs.isCustomizable(all[$0]) }
        var tiles: [TabConfiguration.Tile] = []
        for (i, child) in all.enumerated() {
            let title = Self.tabTitle(child, index: i)
            var tile = TabConfiguration.Tile(index: i, title: title, image: child.tabBarItem.image, systemItem: child.tabBarItem.systemItem,
                                             isCustomizable: tabs.isCustomizable(child))
            if tile.isCustomizable {
                if let up = customizable.last(where: { $0 < i }) {
                    tile.moveUpElementID = register(ElementID.moreMoveUp(tabs.id, index: i), role: .button, title: "Move Up: \(title)",
                                                    controller: more, target: .tabBar(.move(tabs, from: i, to: up)))
                }
                if let down = customizable.first(where: { $0 > i }) {
                    tile.moveDownElementID = register(ElementID.moreMoveDown(tabs.id, index: i), role: .button, title: "Move Down: \(title)",
                                                      controller: more, target: .tabBar(.move(tabs, from: i, to: down)))
                }
            }
            tiles.append(tile)
        }
        let bar = NavigationBar(title: "Configure", prompt: nil, backButton: nil, leftItems: [], rightItems: [done])
        var content = ContentPane(controllerID: list.id, sceneID: nil, kind: .viewController, title: "Configure", nodes: [], isEditing: false)
        content.configure = TabConfiguration(tabBarControllerID: tabs.id, barCount: tabs.barTabCount, tiles: tiles)
        return .navigation(NavigationPane(controllerID: more.id, bar: bar, top: .content(content), toolbar: nil))
    }

    /// The More list: a row per tab beyond the bar, and Edit when some tab is customizable.
    mutating func moreListPane(_ tabs: TabBarController) -> Pane {
        let more = tabs.moreNavigationController
        let list = more.moreList ?? MoreListController(scene: nil)
        let all = tabs.viewControllers
        // Reading order: the bar's Edit above the rows.
        var right: [BarItem] = []
        if tabs.canCustomize {
            let editID = register(ElementID.moreEdit(tabs.id), role: .barButton, title: "Edit", controller: more, target: .tabBar(.edit(tabs)))
            right = [BarItem(elementID: editID, role: .barButton, title: "Edit", systemItem: .edit)]
        }
        var rows: [TableRow] = []
        for index in tabs.barTabCount..<all.count {
            let child = all[index]
            var row = TableRow(text: Self.tabTitle(child, index: index))
            row.id = register(ElementID.moreRow(tabs.id, index: index), role: .row, title: row.text, controller: list,
                              target: .tabBar(.moreRow(tabs, index: index)), enabled: child.tabBarItem.enabled)
            row.image = child.tabBarItem.systemItem?.rawValue ?? child.tabBarItem.image
            row.detail = child.tabBarItem.badgeValue
            row.style = child.tabBarItem.badgeValue == nil ? .basic : .value1
            row.accessory = .disclosureIndicator
            rows.append(row)
        }
        var table = ViewNode(.table)
        table.sections = [TableSection(rows: rows)]
        let bar = NavigationBar(title: "More", prompt: nil, backButton: nil, leftItems: [], rightItems: right)
        let content = ContentPane(controllerID: list.id, sceneID: nil, kind: .tableViewController, title: "More", nodes: [table], isEditing: false)
        return .navigation(NavigationPane(controllerID: more.id, bar: bar, top: .content(content), toolbar: nil))
    }
}
