import Testing
@testable import SegueCore

/// The `setViewControllers` action on a navigation controller.
@Suite struct StackReplacementTests {
    @Test func setViewControllersReplacesTheStackWithTheEventsOfAStackChange() throws {
        let w = try launched(unwindStoryboard())
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        let trace = try w.run(.setViewControllers(scenes: ["a", "c", "m"], navigationController: nil))
        #expect(trace == [
            "c.willMoveToParentViewController(nav)", "m.willMoveToParentViewController(nav)",
            "b.willMoveToParentViewController(nil)",
            "m.loadView", "m.viewDidLoad",
            "b.viewWillDisappear{movingFrom}", "m.viewWillAppear{movingTo}", "nav.navigationControllerWillShow(m)",
            "b.viewDidDisappear{movingFrom}", "m.viewDidAppear{movingTo}",
            "c.didMoveToParentViewController(nav)", "m.didMoveToParentViewController(nav)",
            "b.didMoveToParentViewController(nil)", "nav.navigationControllerDidShow(m)",
        ])
        #expect(w.root.children.map(\.sceneID) == ["a", "c", "m"] && !w.root.children[1].isViewLoaded)
        // Bad input changes nothing.
        let version = w.version
        expectRefusal(.invalidRequest) { _ = try w.perform(.setViewControllers(scenes: [], navigationController: nil)) }
        expectRefusal(.unknownScene) { _ = try w.perform(.setViewControllers(scenes: ["a", "nope"], navigationController: nil)) }
        expectRefusal(.illegalTransition) { _ = try w.perform(.setViewControllers(scenes: ["nav"], navigationController: nil)) }
        #expect(w.version == version && w.root.children.count == 3)
    }
}
