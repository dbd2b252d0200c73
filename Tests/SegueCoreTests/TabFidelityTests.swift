import Testing
@testable import SegueCore
import SeguePageURL

@Suite struct TabFidelityTests {
    /// Six tabs on a phone: t4 and t5 are listed in More.
    func board(selected: Int? = nil) -> Storyboard {
        tabBoard(count: 6) { board in
            board.scenes["tabs"]!.selectedIndex = selected
            for id in board.sceneOrder { board.scenes[id]?.restorationIdentifier = id }
        }
    }

    func moreID(_ w: Window) -> String { w.tabs.moreNavigationController.id }

    @Test func aProgrammaticSelectionPutsTheTabOnTheMoreNavigationController() throws {
        let w = try launched(board())
        let trace = try w.run(.selectTab(index: 5, controller: nil))
        let more = moreID(w)
        #expect(trace.contains("t5.willMoveToParentViewController(\(more))"))
        #expect(trace.contains("t5.viewWillAppear{movingTo}") && trace.contains("t5.didMoveToParentViewController(\(more))"))
        #expect(w.tabs.viewControllers[5].navigationController === w.tabs.moreNavigationController)
        // Another tab from More replaces it there, balanced.
        let swap = try w.run(.selectTab(index: 4, controller: nil))
        #expect(swap.contains("t5.willMoveToParentViewController(nil)") && swap.contains("t5.didMoveToParentViewController(nil)"))
        #expect(swap.contains("t4.willMoveToParentViewController(\(more))") && swap.contains("t4.viewWillAppear{movingTo}"))
        // Back to the list: t4 leaves More.
        let back = try w.run(.pop(navigationController: nil))
        #expect(back.contains("t4.willMoveToParentViewController(nil)"))
        #expect(!back.contains("t5.willMoveToParentViewController(nil)"))
    }

    @Test func aLaunchSelectionInsideMoreSitsOnTheMoreNavigationController() throws {
        let w = try launched(board(selected: 5))
        let more = moreID(w)
        let trace = w.trace()
        #expect(trace.contains("t5.willMoveToParentViewController(\(more))"))
        #expect(trace.contains("t5.viewWillAppear{movingTo}") && trace.contains("t5.didMoveToParentViewController(\(more))"))
        let back = try w.run(.pop(navigationController: nil))
        #expect(back.contains("t5.willMoveToParentViewController(nil)") && back.contains("t5.viewWillDisappear{movingFrom}"))
    }

    @Test func aRestoredTabInsideMoreSitsOnTheMoreNavigationController() throws {
        let w = Window(id: "r", storyboard: board())
        try w.restore(try #require(HierarchyPath.parse("/ui/tabs@5(nav0(songs),t1,t2,t3,t4,t5)")))
        let more = moreID(w)
        let trace = w.trace()
        #expect(trace.contains("t5.willMoveToParentViewController(\(more))") && trace.contains("t5.viewWillAppear{movingTo}"))
        #expect(w.visibleScenes == ["t5"])
    }

    /// An unwind from a presentation into a tab listed in More is one transition: the
    /// presentation is dismissed and the tab, pushed onto the More navigation controller within
    /// the same transition, appears directly; the tab that was selected gets no events.
    @Test func anUnwindIntoATabListedInMoreIsOneTransition() throws {
        let board = tabBoard(count: 6) { board in
            board.scenes["t5"]!.unwindActions = ["toT5"]
            board.scenes["sheet"]!.segues = [segue("back", .unwind, action: "toT5")]
        }
        let w = try launched(board)
        let songs = try #require(w.visibleControllers.first)
        _ = try w.run(.present(scene: "sheet", style: .fullScreen, transitionStyle: nil, controller: songs.id))
        let trace = try w.run(.performSegue(identifier: "back", controller: nil))
        let more = moreID(w)
        #expect(trace.contains("t5.unwind"))
        #expect(!trace.contains { $0.hasPrefix("songs.") || $0.hasPrefix("nav0.") })  // never shown on the way
        let willAppear = try #require(trace.firstIndex { $0.hasPrefix("t5.viewWillAppear") })
        let dismissed = try #require(trace.firstIndex { $0.hasPrefix("sheet.viewDidDisappear") })
        #expect(willAppear < dismissed)  // one transition: t5 appears as the sheet leaves
        #expect(trace.filter { $0.hasPrefix("t5.viewWillAppear") }.count == 1)
        #expect(trace.contains("t5.willMoveToParentViewController(\(more))") && trace.contains("t5.didMoveToParentViewController(\(more))"))
        #expect(w.visibleScenes == ["t5"])
        #expect(w.tabs.viewControllers[5].navigationController === w.tabs.moreNavigationController)
    }

    /// `popTo` acts on the frontmost visible controller's stack unless a navigation controller is
    /// named: a controller of an unselected tab's stack is not in it (409, nothing changes).
    @Test func popToAControllerOfAnotherTabsStackIsRefused() throws {
        let w = try launched(board())
        _ = try w.run(.performSegue(identifier: "open", controller: nil))  // nav0: [songs, song]
        let songs = try #require(w.tabs.viewControllers[0].children.first)
        _ = try w.run(.selectTab(index: 1, controller: nil))
        let (version, lastSeq) = (w.version, w.log.lastSeq)
        expectRefusal(.illegalTransition) { _ = try w.perform(.popTo(controller: songs.id, navigationController: nil)) }
        #expect(w.version == version && w.log.lastSeq == lastSeq && w.tabs.viewControllers[0].children.count == 2)
        // Named, it pops that stack.
        _ = try w.run(.popTo(controller: songs.id, navigationController: w.tabs.viewControllers[0].id))
        #expect(w.tabs.viewControllers[0].children.count == 1)
    }

    @Test func selectTabWorksWhileAModalCoversTheTabBar() throws {
        let w = try launched(board())
        _ = try w.run(.present(scene: "sheet", style: .fullScreen, transitionStyle: nil, controller: nil))
        let (url, version) = (w.canonicalURL, w.version)
        let trace = try w.run(.selectTab(index: 2, controller: nil))
        #expect(trace.contains("t2.willMoveToParentViewController(tabs)") == false)
        #expect(w.tabs.selectedIndex == 2)
        // No events, yet a new state: a new version and a URL naming the selected tab, which
        // restores to the same selection.
        #expect(w.version == version + 1)
        #expect(w.canonicalURL != url && w.canonicalURL.contains("@2"))
        let restored = Window(id: "r", storyboard: w.storyboard)
        try restored.restore(try #require(HierarchyPath.parse(w.canonicalURL)))
        #expect((restored.root as? TabBarController)?.selectedIndex == 2)
        #expect(!trace.contains { $0.contains("viewWillAppear") })   // the bar is covered: nothing appears
        _ = try w.run(.dismiss(controller: nil))
        #expect(w.visibleScenes == ["t2"])
    }
}
