import Testing
@testable import SegueCore
import SeguePageURL

/// The navigation delegate at a navigation controller's first display.
@Suite struct NavigationDelegateTests {
    @Test func theNavigationDelegateHearsOfTheRootAtFirstDisplay() throws {
        let w = try launched(unwindStoryboard())
        #expect(w.trace() == [
            "a.willMoveToParentViewController(nav)", "a.didMoveToParentViewController(nav)",
            "nav.loadView", "nav.viewDidLoad", "a.loadView", "a.viewDidLoad",
            "nav.viewWillAppear", "a.viewWillAppear", "nav.navigationControllerWillShow(a)",
            "nav.viewDidAppear", "a.viewDidAppear", "nav.navigationControllerDidShow(a)",
        ])
        // Only the first display: a push tells of the pushed controller, a pop of the root again.
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        let pop = try w.run(.pop(navigationController: nil))
        #expect(pop.filter { $0.contains("navigationController") } == ["nav.navigationControllerWillShow(a)", "nav.navigationControllerDidShow(a)"])
    }

    @Test func aStackChangedOffScreenTellsTheDelegateOnceWhenShown() throws {
        // Under a full-screen presentation: nothing at the push, the pair when the stack shows.
        let w = try launched(mailStoryboard())
        _ = try w.run(.present(scene: "composeNav", style: .fullScreen, transitionStyle: nil, controller: nil))
        let push = try w.run(.push(scene: "inbox", navigationController: w.root.id))
        #expect(!push.contains { $0.contains("navigationController") })
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(dismiss.filter { $0.hasPrefix("nav.navigationController") } == ["nav.navigationControllerWillShow(inbox)", "nav.navigationControllerDidShow(inbox)"])
        // An unselected tab never shown: one pair, at its first display.
        let tabs = try launched(tabBoard(count: 3) { board in board.scenes["tabs"]!.viewControllers = ["t1", "nav0", "t2"] })
        let nav = try #require(tabs.tabs.viewControllers[1] as? NavigationController)
        let hidden = try tabs.run(.push(scene: "info", navigationController: nav.id))
        #expect(!hidden.contains { $0.contains("navigationController") })
        let select = try tabs.run(.selectTab(index: 1, controller: nil))
        #expect(select.filter { $0.contains("navigationController") } == ["nav0.navigationControllerWillShow(info)", "nav0.navigationControllerDidShow(info)"])
    }

    @Test func theMoreNavigationControllerTellsOfItsListAtFirstDisplay() throws {
        // Nine tabs on a phone: the fifth is More. Its list is the root of its stack.
        let w = try launched(tabBoard(count: 9) { board in
            board.scenes["t6"]!.segues = [segue("deeper", .show, to: "info")]
        })
        let more = w.tabs.moreNavigationController
        let first = try w.tap("\(w.tabs.id).tab.more")
        let delegate = first.filter { $0.contains("navigationController") }
        #expect(delegate.count == 2 && delegate.allSatisfy { $0.hasSuffix("(\(more.moreList!.id))") }, "\(first)")
        // Shown again later: the delegate heard of it already.
        _ = try w.run(.selectTab(index: 0, controller: nil))
        let again = try w.tap("\(w.tabs.id).tab.more")
        #expect(!again.contains { $0.contains("navigationController") }, "\(again)")
    }

    @Test func aRestoredMoreStackTellsOfItsTop() throws {
        // The tab shown inside More with a controller pushed above it: the delegate hears of the
        // controller on top, the one a person sees.
        let w = Window(id: "test", storyboard: tabBoard(count: 9) { board in
            board.scenes["t6"]!.segues = [segue("deeper", .show, to: "info")]
        })
        try w.restore(try #require(HierarchyPath.parse("/ui/tabs@6(nav0(songs),t1,t2,t3,t4,t5,t6!(info),t7,t8)")))
        #expect(w.visibleScenes == ["info"])
        let delegate = w.trace().filter { $0.contains("navigationController") }
        #expect(delegate.suffix(2) == ["\(w.tabs.moreNavigationController.id).navigationControllerWillShow(info)",
                                       "\(w.tabs.moreNavigationController.id).navigationControllerDidShow(info)"], "\(delegate)")
    }
}
