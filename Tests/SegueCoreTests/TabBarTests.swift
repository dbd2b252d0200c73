import Testing
@testable import SegueCore
import SeguePageURL

/// A tab bar with `count` tabs: tab 0 is a navigation controller (songs → song, which hides the
/// bottom bar), the others plain scenes `t1`, `t2`, ...
func tabBoard(count: Int = 9, _ configure: (inout Storyboard) -> Void = { _ in }) -> Storyboard {
    var scenes: [Scene] = [
        scene("tabs", .tabBarController) { $0.viewControllers = ["nav0"] + (1..<count).map { "t\($0)" } },
        scene("nav0", .navigationController) {
            $0.rootViewController = "songs"
            $0.tabBarItem = TabBarItemSpec(title: "Songs")
            $0.tabBarItem?.badgeValue = "3"
        },
        scene("songs", title: "Songs") {
            $0.segues = [segue("open", .show, to: "song"), segue("info", .show, to: "info")]
        },
        scene("song", title: "Song") { $0.hidesBottomBarWhenPushed = true },
        scene("info", title: "Info"),
        scene("sheet", title: "Sheet"),
    ]
    for i in 1..<count { scenes.append(scene("t\(i)", title: "T\(i)")) }
    var board = storyboard(initial: "tabs", scenes)
    configure(&board)
    return board
}

extension Window {
    var tabs: TabBarController { root as! TabBarController }
    func tap(_ id: String) throws -> [String] { try run(.tap(element: id, values: [:])) }
    var tabTitles: [String] { elements.filter { $0.role == .tab }.map { $0.title ?? "" } }
    var tabPane: TabPane? {
        if case .tabs(let p) = screen().layers.first?.pane { return p }
        return nil
    }
}

@Suite struct TabBarModelTests {
    @Test func unselectedTabsStayUnloadedUntilFirstSelected() throws {
        let w = try launched(tabBoard(count: 3))
        #expect(w.controller(id: w.tabs.viewControllers[1].id)?.isViewLoaded == false)
        #expect(w.tabs.viewControllers[2].isViewLoaded == false)
        let trace = try w.run(.selectTab(index: 2, controller: nil))
        #expect(trace.prefix(2) == ["t2.loadView", "t2.viewDidLoad"])
        #expect(!trace.contains { $0.hasPrefix("tabs.tabBarController") })   // programmatic: no delegate events
        #expect(w.tabs.viewControllers[1].isViewLoaded == false)
    }

    @Test func tabTitlesDefaultToTheChildsTitleAndSystemItemsHaveFixedTitles() throws {
        let w = try launched(tabBoard(count: 4) {
            $0.scenes["t2"]!.tabBarItem = { var i = TabBarItemSpec(); i.systemItem = .favorites; return i }()
            $0.scenes["t3"]!.tabBarItem = { var i = TabBarItemSpec(title: "Own"); i.systemItem = .search; return i }()
        })
        #expect(w.tabTitles == ["Songs", "T1", "Favorites", "Own"])
        let items = w.tabPane!.items
        #expect(items[0].badgeValue == "3")
        #expect(items[2].systemItem == .favorites)
        #expect(items[0].isSelected && !items[1].isSelected)
    }

    @Test func badgeValueCanChangeWhileShown() throws {
        let w = try launched(tabBoard(count: 3))
        w.tabs.viewControllers[1].tabBarItem.badgeValue = "New"
        #expect(w.tabPane!.items[1].badgeValue == "New")
        w.tabs.viewControllers[0].tabBarItem.badgeValue = nil
        #expect(w.tabPane!.items[0].badgeValue == nil)
    }

    @Test func eachTabKeepsItsOwnStack() throws {
        let w = try launched(tabBoard(count: 3))
        _ = try w.run(.performSegue(identifier: "info", controller: nil))
        #expect(w.visibleScenes == ["info"])
        _ = try w.tap(w.elements.first { $0.title == "T2" }!.id)
        #expect(w.visibleScenes == ["t2"])
        _ = try w.tap(w.elements.first { $0.title == "Songs" }!.id)
        #expect(w.visibleScenes == ["info"])
        #expect(w.canonicalURL == "/ui/tabs@0(nav0(songs,info),t1,t2)")
    }

    @Test func tappingTheSelectedNavigationTabPopsToRoot() throws {
        let w = try launched(tabBoard(count: 3))
        _ = try w.run(.performSegue(identifier: "info", controller: nil))
        let trace = try w.tap(w.elements.first { $0.role == .tab }!.id)
        #expect(trace.first == "tabs.tabBarControllerShouldSelect(nav0)")
        #expect(trace.contains("info.viewWillDisappear{movingFrom}"))
        #expect(trace.last == "tabs.tabBarControllerDidSelect(nav0)")
        #expect(w.visibleScenes == ["songs"])
        // The pop is animated, as UIKit's is (the tab switch itself is not).
        let pop = w.log.events(after: 0).last { $0.event == .viewWillDisappear }
        #expect(pop?.animated == true)
    }

    @Test func setViewControllersKeepsTheSelectionWhenPossible() throws {
        let w = try launched(tabBoard(count: 4))
        _ = try w.perform(.selectTab(index: 2, controller: nil))
        let old = w.tabs.viewControllers
        let fresh = try w.instantiate(sceneID: "sheet")
        try w.tabs.setViewControllers([old[2], fresh, old[0]])
        #expect(w.tabs.selectedIndex == 0)
        #expect(w.tabs.selectedViewController === old[2])
        #expect(w.visibleScenes == ["t2"])
        #expect(w.tabs.customizableViewControllers.count == 3)
        #expect(old[1].parent == nil && old[3].parent == nil)
        // The selected tab goes away: index 0 is selected.
        let before = w.log.lastSeq
        try w.tabs.setViewControllers([fresh, old[0]])
        #expect(w.tabs.selectedIndex == 0)
        #expect(w.visibleScenes == ["sheet"])
        let trace = w.trace(after: before)
        #expect(trace.contains("t2.willMoveToParentViewController(nil)"))
        #expect(trace.contains("sheet.viewDidAppear"))
        w.checkInvariants()
    }

    @Test func outOfRangeSelectionIsA400AndChangesNothing() throws {
        let w = try launched(tabBoard(count: 3))
        let seq = w.log.lastSeq, version = w.version
        #expect { try w.perform(.selectTab(index: 3, controller: nil)) } throws: { ($0 as? ActionError)?.code == .invalidRequest }
        #expect { try w.perform(.selectTab(index: -1, controller: nil)) } throws: { ($0 as? ActionError)?.code == .invalidRequest }
        #expect(w.log.lastSeq == seq && w.version == version && w.tabs.selectedIndex == 0)
    }

    @Test func disabledTabRefusesATap() throws {
        let w = try launched(tabBoard(count: 3) { $0.scenes["t1"]!.tabBarItem = { var i = TabBarItemSpec(); i.enabled = false; return i }() })
        let t1 = w.elements.first { $0.title == "T1" }!
        #expect(!t1.enabled)
        _ = try w.tap(t1.id)
        #expect(w.tabs.selectedIndex == 0)
    }
}

/// Refusal policies written in Swift.
final class GuardedTabs: TabBarController {
    override func shouldSelect(_ controller: ViewController, at index: Int) -> Bool { controller.sceneID != "t2" }
}

final class RefusingDelegate: TabBarControllerDelegate {
    var selected: [String] = []
    var customizing: [String] = []
    func tabBarController(_ t: TabBarController, shouldSelect vc: ViewController) -> Bool { vc.sceneID != "t1" }
    func tabBarController(_ t: TabBarController, didSelect vc: ViewController) { selected.append(vc.sceneID ?? vc.id) }
    func tabBarController(_ t: TabBarController, willBeginCustomizing vcs: [ViewController]) { customizing.append("begin") }
    func tabBarController(_ t: TabBarController, didEndCustomizing vcs: [ViewController], changed: Bool) { customizing.append("end \(changed)") }
}

@Suite struct TabBarDelegateTests {
    @Test func subclassRefusesATab() throws {
        var registry = ControllerRegistry()
        registry.register(GuardedTabs.self, as: "GuardedTabs")
        let w = try launched(tabBoard(count: 3) { $0.scenes["tabs"]!.className = "GuardedTabs" }, registry: registry)
        #expect(try w.tap("\(w.tabs.id).tab.2") == ["tabs.tabBarControllerShouldSelect(t2)"])
        #expect(w.tabs.selectedIndex == 0)
        #expect(try w.tap("\(w.tabs.id).tab.1").last == "tabs.tabBarControllerDidSelect(t1)")
        // Programmatic selection asks nobody.
        _ = try w.perform(.selectTab(index: 2, controller: nil))
        #expect(w.tabs.selectedIndex == 2)
    }

    @Test func delegateRefusesAndHearsDidSelect() throws {
        let w = try launched(tabBoard(count: 3))
        let delegate = RefusingDelegate()
        w.tabs.delegate = delegate
        _ = try w.tap("\(w.tabs.id).tab.1")
        #expect(w.tabs.selectedIndex == 0)
        _ = try w.tap("\(w.tabs.id).tab.2")
        #expect(w.tabs.selectedIndex == 2)
        #expect(delegate.selected == ["t2"])
        // The refusal is logged with its answer.
        #expect(w.log.events(after: 0).contains { $0.event == .tabBarControllerShouldSelect && $0.value == false })
    }

    @Test func flowFileRefusalPolicy() throws {
        let w = try launched(tabBoard(count: 3) { $0.scenes["tabs"]!.refusesSelectionOf = [2] })
        let seq = w.log.lastSeq
        #expect(try w.tap("\(w.tabs.id).tab.2") == ["tabs.tabBarControllerShouldSelect(t2)"])
        #expect(w.tabs.selectedIndex == 0 && w.visibleScenes == ["songs"])
        #expect(w.log.events(after: seq).count == 1)
        #expect(!w.warnings.isEmpty)
    }
}

@Suite struct TabBarMoreTests {
    @Test func phoneShowsFourPlusMoreFromSixTabs() throws {
        #expect(try launched(tabBoard(count: 5)).tabTitles == ["Songs", "T1", "T2", "T3", "T4"])
        let w = try launched(tabBoard(count: 6))
        #expect(w.tabTitles == ["Songs", "T1", "T2", "T3", "More"])
        #expect(w.tabs.moreViewControllers.map(\.sceneID) == ["t4", "t5"])
        #expect(w.tabPane!.items.last?.systemItem == .more)
    }

    @Test func padShowsSevenPlusMoreFromNineTabs() throws {
        #expect(try launched(tabBoard(count: 8), traits: .padLandscape).tabTitles.count == 8)
        let w = try launched(tabBoard(count: 9), traits: .padLandscape)
        #expect(w.tabTitles == ["Songs", "T1", "T2", "T3", "T4", "T5", "T6", "More"])
    }

    @Test func moreListsTheRestAndShowsAChosenTabInsideMore() throws {
        let w = try launched(tabBoard(count: 9))
        let trace = try w.tap("\(w.tabs.id).tab.more")
        #expect(trace.first == "tabs.tabBarControllerShouldSelect(c\(w.tabs.moreNavigationController.id.dropFirst()))"
                || trace.first?.hasPrefix("tabs.tabBarControllerShouldSelect") == true)
        #expect(trace.last?.hasPrefix("tabs.tabBarControllerDidSelect") == true)
        #expect(w.tabs.isShowingMoreList)
        #expect(w.tabs.selectedIndex == 9)
        #expect(w.visibleContentControllers.last is MoreListController)
        let rows = w.elements.filter { $0.role == .row }
        #expect(rows.map(\.title) == ["T4", "T5", "T6", "T7", "T8"])
        #expect(w.elements.contains { $0.title == "Edit" && $0.role == .barButton })

        // Choose T6: a push onto the More navigation controller, with a push's events; no tab bar
        // delegate events; More stays selected.
        let more = w.tabs.moreNavigationController.id, list = w.tabs.moreNavigationController.moreList!.id
        let choose = try w.tap(rows[2].id)
        #expect(choose == ["t6.willMoveToParentViewController(\(more))", "t6.loadView", "t6.viewDidLoad",
                           "\(list).viewWillDisappear", "t6.viewWillAppear{movingTo}", "\(more).navigationControllerWillShow(t6)",
                           "\(list).viewDidDisappear", "t6.viewDidAppear{movingTo}",
                           "t6.didMoveToParentViewController(\(more))", "\(more).navigationControllerDidShow(t6)"])
        #expect(!choose.contains { $0.hasPrefix("tabs.tabBarController") })
        #expect(w.visibleScenes == ["t6"])
        #expect(w.tabs.selectedIndex == 6)
        #expect(w.tabPane!.items.last!.isSelected)
        let back = w.elements.first { $0.role == .backButton }!
        #expect(back.title == "More")
        #expect(w.canonicalURL.hasPrefix("/ui/tabs@6("))

        // Back to the list.
        let backTrace = try w.tap(back.id)
        #expect(backTrace == ["t6.willMoveToParentViewController(nil)", "t6.viewWillDisappear{movingFrom}",
                              "\(list).viewWillAppear", "\(more).navigationControllerWillShow(\(list))",
                              "t6.viewDidDisappear{movingFrom}", "\(list).viewDidAppear",
                              "t6.didMoveToParentViewController(nil)", "\(more).navigationControllerDidShow(\(list))"])
        #expect(w.tabs.isShowingMoreList)

        // Tapping More while a tab is shown inside More pops to the list.
        _ = try w.tap(rows[0].id)
        #expect(w.visibleScenes == ["t4"])
        let again = try w.tap("\(w.tabs.id).tab.more")
        #expect(again.contains("t4.viewWillDisappear{movingFrom}"))
        #expect(w.tabs.isShowingMoreList)
        w.checkInvariants()
    }

    @Test func navigationControllerInMoreGetsABackButtonToMoreAtItsRoot() throws {
        let w = try launched(tabBoard(count: 6) {
            $0.scenes["tabs"]!.viewControllers = ["t1", "t2", "t3", "t4", "t5", "nav0"]
        })
        _ = try w.perform(.selectTab(index: 5, controller: nil))
        #expect(w.visibleScenes == ["songs"])
        #expect(w.elements.first { $0.role == .backButton }?.title == "More")
        _ = try w.perform(.performSegue(identifier: "info", controller: nil))
        #expect(w.elements.first { $0.role == .backButton }?.title == "Songs")
    }

    @Test func selectingOutsideTheBarProgrammaticallyShowsItInMore() throws {
        let w = try launched(tabBoard(count: 7))
        _ = try w.perform(.selectTab(index: 5, controller: nil))
        #expect(w.tabs.isShowingTabInMore)
        #expect(w.visibleScenes == ["t5"])
        // The More list index is valid only with More. (Selecting More again shows what More
        // showed: back to its list first.)
        _ = try w.perform(.pop(navigationController: nil))
        _ = try w.perform(.selectTab(index: 0, controller: nil))
        _ = try w.perform(.selectTab(index: 7, controller: nil))
        #expect(w.tabs.isShowingMoreList)
        let few = try launched(tabBoard(count: 3))
        expectRefusal(.invalidRequest) { _ = try few.perform(.selectTab(index: 3, controller: nil)) }
    }

    @Test func viewportChangeRelaysTheBarAndKeepsTheSelection() throws {
        let w = try launched(tabBoard(count: 6))
        _ = try w.perform(.selectTab(index: 5, controller: nil))
        #expect(w.tabs.isShowingTabInMore)
        let trace = try w.run(.setTraits(Traits(width: 1024, height: 768)))
        #expect(w.tabTitles == ["Songs", "T1", "T2", "T3", "T4", "T5"])
        #expect(w.tabs.selectedIndex == 5 && w.visibleScenes == ["t5"])
        #expect(!trace.contains("t5.viewWillDisappear"))
        #expect(!w.tabs.children.contains { $0 is MoreNavigationController })
        // Back to phone: More reappears, still showing T5 inside it.
        _ = try w.run(.setTraits(.phonePortrait))
        #expect(w.tabTitles.last == "More")
        #expect(w.tabs.isShowingTabInMore && w.visibleScenes == ["t5"])
        #expect(w.elements.first { $0.role == .backButton }?.title == "More")
        // The More list itself has no place on pad: the first tab is selected.
        _ = try w.perform(.pop(navigationController: nil))
        #expect(w.tabs.isShowingMoreList)
        _ = try w.run(.setTraits(Traits(width: 1024, height: 768)))
        #expect(w.tabs.selectedIndex == 0 && w.visibleScenes == ["songs"])
        w.checkInvariants()
    }
}

@Suite struct TabBarCustomizingTests {
    func moreList(_ board: Storyboard = tabBoard(count: 7)) throws -> Window {
        let w = try launched(board)
        _ = try w.perform(.selectTab(index: 7, controller: nil))
        return w
    }

    @Test func editRearrangesAndLogsCustomizingEvents() throws {
        let w = try moreList()
        let delegate = RefusingDelegate()
        w.tabs.delegate = delegate
        let tabs = w.tabs
        #expect(try w.tap("\(tabs.id).more.edit") == ["tabs.tabBarControllerWillBeginCustomizing"])
        #expect(tabs.isCustomizing)
        #expect(!w.elements.contains { $0.role == .tab })       // the bar waits for Done
        // Move T5 up into T3's place: they exchange places. No event, but a new version and URL
        // (the page shows the new order at once; its move buttons name the tabs where they are now).
        let version = w.version
        let move = try w.perform(.tap(element: "\(tabs.id).more.up.5", values: [:]))
        #expect(move.changed && move.events.isEmpty && w.version == version + 1)
        #expect(tabs.viewControllers.map(\.sceneID) == ["nav0", "t1", "t2", "t3", "t5", "t4", "t6"])
        #expect(w.canonicalURL == "/ui/tabs@7(nav0(songs),t1,t2,t3,t5,t4,t6)")
        #expect(w.elements.first { $0.id == "\(tabs.id).more.up.4" }?.title == "Move Up: T5")
        _ = try w.perform(.moveTab(from: 4, to: 1, controller: nil))
        #expect(tabs.viewControllers.map(\.sceneID) == ["nav0", "t5", "t2", "t3", "t1", "t4", "t6"])
        let done = try w.tap("\(tabs.id).more.done")
        #expect(done == ["tabs.tabBarControllerWillEndCustomizing", "tabs.tabBarControllerDidEndCustomizing"])
        #expect(w.log.events(after: 0).last?.value == true)
        #expect(delegate.customizing == ["begin", "end true"])
        #expect(w.tabTitles == ["Songs", "T5", "T2", "T3", "More"])
        #expect(w.elements.filter { $0.role == .row }.map(\.title) == ["T1", "T4", "T6"])
        #expect(w.canonicalURL == "/ui/tabs@7(nav0(songs),t5,t2,t3,t1,t4,t6)")
        // The order persists: selecting tabs later keeps it.
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        #expect(w.visibleScenes == ["t5"])
    }

    @Test func onlyCustomizableTabsMove() throws {
        let w = try moreList(tabBoard(count: 7) { $0.scenes["tabs"]!.customizableViewControllers = ["t4", "t5", "t6"] })
        let tabs = w.tabs
        _ = try w.tap("\(tabs.id).more.edit")
        let seq = w.log.lastSeq, order = tabs.viewControllers.map(\.id)
        #expect { try w.perform(.moveTab(from: 4, to: 0, controller: nil)) } throws: { ($0 as? ActionError)?.code == .illegalTransition }
        #expect { try w.perform(.moveTab(from: 4, to: 99, controller: nil)) } throws: { ($0 as? ActionError)?.code == .invalidRequest }
        #expect(tabs.viewControllers.map(\.id) == order && w.log.lastSeq == seq)
        // No move buttons for fixed tabs; T4 cannot go up (the tabs above are fixed).
        #expect(!w.elements.contains { $0.id == "\(tabs.id).more.up.1" })
        #expect(!w.elements.contains { $0.id == "\(tabs.id).more.up.4" })
        #expect(w.elements.contains { $0.id == "\(tabs.id).more.down.4" })
        _ = try w.tap("\(tabs.id).more.down.4")
        #expect(tabs.viewControllers.map(\.sceneID).suffix(3) == ["t5", "t4", "t6"])
        let done = try w.tap("\(tabs.id).more.done")
        #expect(done.count == 2)
    }

    @Test func moveWithoutCustomizingIsRefusedAndUnchangedOrderReportsNoChange() throws {
        let w = try moreList()
        #expect { try w.perform(.moveTab(from: 4, to: 5, controller: nil)) } throws: { ($0 as? ActionError)?.code == .illegalTransition }
        _ = try w.tap("\(w.tabs.id).more.edit")
        _ = try w.tap("\(w.tabs.id).more.done")
        #expect(w.log.events(after: 0).last?.event == .tabBarControllerDidEndCustomizing)
        #expect(w.log.events(after: 0).last?.value == false)
    }

    @Test func noEditWithoutCustomizableTabs() throws {
        let w = try moreList(tabBoard(count: 7) { $0.scenes["tabs"]!.customizableViewControllers = [] })
        #expect(!w.elements.contains { $0.title == "Edit" })
        expectRefusal(.illegalTransition) { try w.tabs.beginCustomizing() }
    }

    @Test func urlRestoresTheOrderAndTheMoreList() throws {
        let w = try launched(tabBoard(count: 7))
        let path = HierarchyPath.parse("/ui/tabs@7(nav0(songs),t5,t2,t3,t1,t4,t6)")!
        _ = try w.navigate(to: path)
        #expect(w.tabs.viewControllers.map(\.sceneID) == ["nav0", "t5", "t2", "t3", "t1", "t4", "t6"])
        #expect(w.tabs.isShowingMoreList)
        #expect(w.canonicalURL == "/ui/tabs@7(nav0(songs),t5,t2,t3,t1,t4,t6)")
        w.checkInvariants()
    }
}

@Suite struct TabPresentationContextTests {
    func board() -> Storyboard {
        tabBoard(count: 3) {
            $0.scenes["nav0"]!.definesPresentationContext = true
            $0.scenes["nav0"]!.providesPresentationContextTransitionStyle = true
            $0.scenes["nav0"]!.modalTransitionStyle = .crossDissolve
        }
    }

    @Test func currentContextOnPadCoversOnlyTheContextAndKeepsTheTabBar() throws {
        let w = try launched(board(), traits: .padLandscape)
        let songs = w.frontmostController!
        let trace = try w.run(.present(scene: "sheet", style: .currentContext, transitionStyle: nil, controller: songs.id))
        #expect(trace.contains("nav0.viewWillDisappear") && trace.contains("songs.viewWillDisappear"))
        #expect(trace.contains("sheet.viewDidAppear{presented}"))
        let sheet = w.controller(id: w.visibleContentControllers.last!.id)!
        #expect(sheet.presentingViewController?.sceneID == "nav0")
        #expect(sheet.presentedTransition == .crossDissolve)   // the context provides its style
        #expect(w.visibleScenes == ["sheet"])
        #expect(w.tabTitles == ["Songs", "T1", "T2"])           // the tab bar stays usable
        let layer = w.screen().layers.last!
        #expect(layer.appearance == .currentContext && layer.contextControllerID == w.tabs.viewControllers[0].id)
        // Switching tabs hides the context with what it presents; coming back shows it again.
        _ = try w.tap("\(w.tabs.id).tab.1")
        #expect(w.visibleScenes == ["t1"])
        #expect(sheet.appearance == .disappeared)
        _ = try w.tap("\(w.tabs.id).tab.0")
        #expect(w.visibleScenes == ["sheet"])
        _ = try w.perform(.dismiss(controller: nil))
        #expect(w.visibleScenes == ["songs"])
        w.checkInvariants()
    }

    @Test func currentContextOnPhoneIsFullScreen() throws {
        let w = try launched(board())
        _ = try w.perform(.present(scene: "sheet", style: .currentContext, transitionStyle: nil, controller: nil))
        #expect(w.visibleScenes == ["sheet"])
        #expect(w.tabTitles.isEmpty)
        #expect(w.frontmostController?.presentingViewController === w.tabs)
        #expect(w.screen().layers.last!.appearance == .fullScreen)
    }

    @Test func withoutADefiningContextItIsFullScreen() throws {
        let w = try launched(tabBoard(count: 3), traits: .padLandscape)
        _ = try w.perform(.present(scene: "sheet", style: .currentContext, transitionStyle: nil, controller: nil))
        #expect(w.frontmostController?.presentingViewController === w.tabs)
        #expect(w.tabTitles.isEmpty)
    }

    @Test func overCurrentContextKeepsThePresenterAndTheTabBarOnBothIdioms() throws {
        for traits in [Traits.phonePortrait, .padLandscape] {
            let w = try launched(board(), traits: traits)
            let trace = try w.run(.present(scene: "sheet", style: .overCurrentContext, transitionStyle: nil, controller: nil))
            #expect(!trace.contains { $0.hasPrefix("songs.") || $0.hasPrefix("nav0.") })
            #expect(w.visibleScenes == ["songs", "sheet"])
            #expect(w.tabTitles == ["Songs", "T1", "T2"])
            // The covered context's own controls are not tappable.
            #expect(!w.elements.contains { $0.controller == w.tabs.viewControllers[0].children[0].id })
            #expect(w.screen().layers.last!.appearance == .currentContext)
        }
    }
}

@Suite struct TabBarChromeTests {
    @Test func hidesBottomBarWhenPushedHidesTheTabBar() throws {
        let w = try launched(tabBoard(count: 3))
        _ = try w.perform(.performSegue(identifier: "open", controller: nil))
        #expect(w.tabPane!.isBarHidden)
        #expect(w.tabTitles.isEmpty)
        _ = try w.perform(.pop(navigationController: nil))
        #expect(!w.tabPane!.isBarHidden)
        #expect(w.tabTitles.count == 3)
    }
}

@Suite struct TabContextTraitTests {
    @Test func aContextPresentationBecomesFullScreenWhenThePadTurnsIntoAPhone() throws {
        let w = try launched(tabBoard(count: 3) { $0.scenes["nav0"]!.definesPresentationContext = true }, traits: .padLandscape)
        _ = try w.perform(.present(scene: "sheet", style: .currentContext, transitionStyle: nil, controller: nil))
        #expect(w.tabTitles.count == 3)
        let trace = try w.run(.setTraits(.phonePortrait))
        #expect(trace.contains("tabs.viewWillDisappear"))
        #expect(w.tabTitles.isEmpty && w.visibleScenes == ["sheet"])
        _ = try w.run(.setTraits(.padLandscape))
        #expect(w.tabTitles.count == 3 && w.visibleScenes == ["sheet"])
        w.checkInvariants()
    }
}

@Suite struct TabRefusalFollowsTheTabTests {
    @Test func flowFileRefusalFollowsItsTabAfterRearranging() throws {
        let w = try launched(tabBoard(count: 7) { $0.scenes["tabs"]!.refusesSelectionOf = [5] })
        _ = try w.perform(.selectTab(index: 7, controller: nil))
        _ = try w.tap("\(w.tabs.id).more.edit")
        _ = try w.perform(.moveTab(from: 5, to: 1, controller: nil))     // t5 into the bar
        _ = try w.tap("\(w.tabs.id).more.done")
        #expect(try w.tap("\(w.tabs.id).tab.1") == ["tabs.tabBarControllerShouldSelect(t5)"])
        #expect(w.tabs.isShowingMoreList)
        #expect(try w.tap("\(w.tabs.id).tab.2").last == "tabs.tabBarControllerDidSelect(t2)")
    }
}

@Suite struct MorePopTests {
    @Test func popOnTheFrontmostNavigationInMoreGoesBackToTheList() throws {
        let w = try launched(tabBoard(count: 7))
        _ = try w.perform(.selectTab(index: 5, controller: nil))
        let trace = try w.run(.pop(navigationController: nil))
        #expect(trace.contains("t5.viewWillDisappear{movingFrom}"))
        #expect(w.tabs.isShowingMoreList)
        let again = try w.perform(.pop(navigationController: nil))
        #expect(again.events.isEmpty && !again.warnings.isEmpty)
    }
}

@Suite struct MoreGuardTests {
    @Test func anUnwindToTheTabInMorePopsWhatWasPushedAboveIt() throws {
        let w = try launched(tabBoard(count: 7) {
            $0.scenes["t5"]!.segues = [segue("details", .show, to: "info")]
            $0.scenes["t5"]!.unwindActions = ["backToT5"]
            $0.scenes["info"]!.segues = [segue("done", .unwind, action: "backToT5"), segue("more", .show, to: "sheet")]
        })
        _ = try w.perform(.selectTab(index: 5, controller: nil))
        _ = try w.run(.performSegue(identifier: "details", controller: nil))
        _ = try w.run(.performSegue(identifier: "more", controller: nil))
        #expect(w.visibleScenes == ["sheet"] && w.canonicalURL.hasSuffix("t5!(info,sheet),t6)"))
        _ = try w.run(.popTo(controller: try #require(w.controller(id: w.tabs.moreNavigationController.children[1].id)).id, navigationController: nil))
        #expect(w.visibleScenes == ["info"])
        let unwind = try w.run(.performSegue(identifier: "done", controller: nil))
        #expect(unwind.prefix(2) == ["info.prepareForSegue", "t5.unwind"])
        #expect(unwind.contains("info.viewWillDisappear{movingFrom}") && unwind.last == "\(w.tabs.moreNavigationController.id).navigationControllerDidShow(t5)")
        #expect(w.visibleScenes == ["t5"] && w.tabs.moreNavigationController.children.count == 1)
    }

    @Test func pushingOntoTheMoreListIsRefusedAndChangesNothing() throws {
        let w = try launched(tabBoard(count: 7))
        _ = try w.perform(.selectTab(index: 7, controller: nil))
        let seq = w.log.lastSeq
        #expect { try w.perform(.push(scene: "info", navigationController: nil)) } throws: { ($0 as? ActionError)?.code == .illegalTransition }
        #expect(w.log.lastSeq == seq)
        #expect(w.tabs.moreNavigationController.children.count == 1)
    }

    @Test func aShowSegueFromATabInMorePushesOntoTheMoreNavigationController() throws {
        let w = try launched(tabBoard(count: 7) { $0.scenes["t5"]!.segues = [segue("details", .show, to: "info")] })
        _ = try w.tap("\(w.tabs.id).tab.more")
        _ = try w.tap("\(w.tabs.id).more.5")
        let more = w.tabs.moreNavigationController
        let t5 = try #require(w.tabs.tabShownInMore)
        #expect(t5.navigationController === more)
        let push = try w.run(.performSegue(identifier: "details", controller: nil))
        #expect(push == ["t5.prepareForSegue", "info.willMoveToParentViewController(\(more.id))", "info.loadView", "info.viewDidLoad",
                         "t5.viewWillDisappear", "info.viewWillAppear{movingTo}", "\(more.id).navigationControllerWillShow(info)",
                         "t5.viewDidDisappear", "info.viewDidAppear{movingTo}",
                         "info.didMoveToParentViewController(\(more.id))", "\(more.id).navigationControllerDidShow(info)"])
        #expect(w.visibleScenes == ["info"])
        #expect(w.tabPane!.items.last!.isSelected)  // More stays selected
        let url = w.canonicalURL
        #expect(url == "/ui/tabs@5(nav0(songs),t1,t2,t3,t4,t5!(info),t6)")
        // The back button is titled with the tab below and pops back to it.
        let back = try #require(w.elements.first { $0.role == .backButton })
        #expect(back.title == "T5")
        // A new session restores the same hierarchy.
        let fresh = Window(id: "r", storyboard: tabBoard(count: 7) { $0.scenes["t5"]!.segues = [segue("details", .show, to: "info")] })
        try fresh.restore(try #require(HierarchyPath.parse(url)))
        #expect(fresh.canonicalURL == url && fresh.visibleScenes == ["info"])
        let pop = try w.run(.tap(element: back.id, values: [:]))
        #expect(pop == ["info.willMoveToParentViewController(nil)", "info.viewWillDisappear{movingFrom}", "t5.viewWillAppear",
                        "\(more.id).navigationControllerWillShow(t5)", "info.viewDidDisappear{movingFrom}", "t5.viewDidAppear",
                        "info.didMoveToParentViewController(nil)", "\(more.id).navigationControllerDidShow(t5)"])
        #expect(w.visibleScenes == ["t5"] && w.canonicalURL == "/ui/tabs@5(nav0(songs),t1,t2,t3,t4,t5,t6)")
        // Browser back to the pushed state pushes it again; tapping More goes back to the list.
        _ = try w.navigate(to: try #require(HierarchyPath.parse(url)))
        #expect(w.visibleScenes == ["info"])
        let list = try w.tap("\(w.tabs.id).tab.more")
        #expect(list.contains("info.viewWillDisappear{movingFrom}") && list.contains("t5.willMoveToParentViewController(nil)"))
        #expect(w.tabs.isShowingMoreList && more.children.count == 1)
        w.checkInvariants()
    }

    @Test func tabSwitchesAreNotAnimated() throws {
        let w = try launched(tabBoard(count: 3))
        let before = w.log.lastSeq
        _ = try w.tap("\(w.tabs.id).tab.1")
        let appearance = w.log.events(after: before).filter(\.event.isAppearance)
        #expect(!appearance.isEmpty && appearance.allSatisfy { $0.animated == false })
        #expect(appearance.allSatisfy { $0.reasons.isEmpty })   // no reason flags for either side
    }
}

@Suite struct MoreKeepsItsStackTests {
    @Test func returningToMoreShowsTheTabItShowed() throws {
        let w = try launched(tabBoard(count: 7))
        _ = try w.tap("\(w.tabs.id).tab.more")
        _ = try w.tap("\(w.tabs.id).more.5")
        _ = try w.tap("\(w.tabs.id).tab.1")
        #expect(w.visibleScenes == ["t1"])
        let back = try w.tap("\(w.tabs.id).tab.more")
        #expect(w.visibleScenes == ["t5"] && w.tabs.isShowingTabInMore)
        #expect(!back.contains { $0.contains("movingTo") })      // uncovered, not pushed again
        #expect(!back.contains("t5.viewDidLoad"))
        // Tapping More again pops to the list; then More opens on the list.
        _ = try w.tap("\(w.tabs.id).tab.more")
        _ = try w.tap("\(w.tabs.id).tab.0")
        _ = try w.tap("\(w.tabs.id).tab.more")
        #expect(w.tabs.isShowingMoreList)
    }
}
