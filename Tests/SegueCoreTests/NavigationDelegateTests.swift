import Testing
@testable import SegueCore

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
}
