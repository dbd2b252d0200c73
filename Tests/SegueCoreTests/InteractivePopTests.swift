import Testing
@testable import SegueCore
import SeguePageURL

/// The edge swipe as UIKit's interactive pop: begun, then finished or cancelled.
@Suite struct InteractivePopTests {
    /// nav[a, b], the swipe not begun.
    func pushed() throws -> Window {
        let w = try launched(unwindStoryboard())
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        return w
    }

    @Test func beginningSendsTheWillEventsOfBothSides() throws {
        let w = try pushed()
        let begin = try w.run(.beginInteractivePop(navigationController: nil))
        #expect(begin == ["b.willMoveToParentViewController(nil)", "b.viewWillDisappear{movingFrom}", "a.viewWillAppear",
                          "nav.navigationControllerWillShow(a)"])
        #expect(w.interactiveTransition?.kind == "pop")
        // Both are between states; the stack has not changed yet.
        let nav = try #require(w.root as? NavigationController)
        #expect(nav.children.map(\.sceneID) == ["a", "b"])
        #expect(nav.children.map(\.appearance) == [.appearing, .disappearing])
    }

    @Test func finishingCompletesItAsAPop() throws {
        let w = try pushed()
        _ = try w.run(.beginInteractivePop(navigationController: nil))
        let finish = try w.run(.finishInteractiveTransition)
        #expect(finish == ["b.viewDidDisappear{movingFrom}", "a.viewDidAppear", "b.didMoveToParentViewController(nil)",
                           "nav.navigationControllerDidShow(a)"])
        #expect(w.visibleScenes == ["a"] && w.interactiveTransition == nil)
        // The page after it shows the popped stack without sliding again: the drag moved it.
        #expect(w.lastChange.kind == .none)
    }

    @Test func cancellingReversesItAndKeepsTheStack() throws {
        let w = try pushed()
        let version = w.version
        _ = try w.run(.beginInteractivePop(navigationController: nil))
        let cancel = try w.run(.cancelInteractiveTransition)
        #expect(cancel == ["a.viewWillDisappear", "a.viewDidDisappear", "b.viewWillAppear", "b.viewDidAppear",
                           "b.didMoveToParentViewController(nav)"])
        #expect(!cancel.contains { $0.contains("navigationControllerDidShow") })
        let nav = try #require(w.root as? NavigationController)
        #expect(nav.children.map(\.sceneID) == ["a", "b"] && w.visibleScenes == ["b"])
        #expect(nav.children.map(\.appearance) == [.disappeared, .appeared])
        // Logged and versioned like any other action.
        #expect(w.version == version + 2)
        // The swipe can begin again.
        _ = try w.run(.beginInteractivePop(navigationController: nil))
        #expect(try w.run(.finishInteractiveTransition).last == "nav.navigationControllerDidShow(a)")
    }

    @Test func whileOneIsInProgressOtherActionsAreRefused() throws {
        let w = try pushed()
        _ = try w.run(.beginInteractivePop(navigationController: nil))
        let seq = w.log.lastSeq
        expectRefusal(.illegalTransition) { _ = try w.perform(.pop(navigationController: nil)) }
        expectRefusal(.illegalTransition) { _ = try w.perform(.beginInteractivePop(navigationController: nil)) }
        expectRefusal(.illegalTransition) { _ = try w.navigate(to: try #require(HierarchyPath.parse("/ui/nav(a)"))) }
        #expect(w.log.lastSeq == seq)
    }

    @Test func atTheRootOrWithNothingInProgressNothingHappens() throws {
        let w = try launched(unwindStoryboard())
        let seq = w.log.lastSeq
        let begin = try w.perform(.beginInteractivePop(navigationController: nil))
        #expect(begin.events.isEmpty && !begin.warnings.isEmpty && w.interactiveTransition == nil)
        let finish = try w.perform(.finishInteractiveTransition)
        let cancel = try w.perform(.cancelInteractiveTransition)
        #expect(finish.events.isEmpty && !finish.warnings.isEmpty && cancel.events.isEmpty && !cancel.warnings.isEmpty)
        #expect(w.log.lastSeq == seq)
    }

    @Test func aTopThatPresentsCannotBeSwipedAway() throws {
        let w = try pushed()
        _ = try w.run(.performSegue(identifier: "over", controller: nil))
        let nav = try #require(w.root as? NavigationController)
        expectRefusal(.illegalTransition) { _ = try w.perform(.beginInteractivePop(navigationController: nav.id)) }
        expectRefusal(.unknownController) { _ = try w.perform(.beginInteractivePop(navigationController: "c999")) }
    }
}
