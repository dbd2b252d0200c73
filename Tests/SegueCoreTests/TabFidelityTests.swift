import Testing
@testable import SegueCore

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

    @Test func selectTabWorksWhileAModalCoversTheTabBar() throws {
        let w = try launched(board())
        _ = try w.run(.present(scene: "sheet", style: .fullScreen, transitionStyle: nil, controller: nil))
        let trace = try w.run(.selectTab(index: 2, controller: nil))
        #expect(trace.contains("t2.willMoveToParentViewController(tabs)") == false)
        #expect(w.tabs.selectedIndex == 2)
        #expect(!trace.contains { $0.contains("viewWillAppear") })   // the bar is covered: nothing appears
        _ = try w.run(.dismiss(controller: nil))
        #expect(w.visibleScenes == ["t2"])
    }
}
