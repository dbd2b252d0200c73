import Testing
@testable import SegueCore
import SeguePageURL

/// What the last action did to the screen, as UIKit would animate it (`Window.lastChange`).
@Suite struct ScreenChangeTests {
    func sceneID(_ w: Window, _ id: String?) -> String? { id.flatMap { w.controller(id: $0)?.sceneID } }

    @Test func pushAndPopNameTheNavigationController() throws {
        let w = try launched(mailStoryboard())
        #expect(w.lastChange == .none)
        _ = try w.run(.tap(element: "inboxRow", values: [:]))
        #expect(w.lastChange.kind == .push)
        #expect(sceneID(w, w.lastChange.controllerID) == "nav")
        #expect(w.screen().change == w.lastChange)
        _ = try w.run(.pop(navigationController: nil))
        #expect(w.lastChange.kind == .pop)
        #expect(sceneID(w, w.lastChange.controllerID) == "nav")
    }

    @Test func presentAndDismissCarryTheTransitionStyle() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.present(scene: "message", style: .fullScreen, transitionStyle: .flipHorizontal, controller: nil))
        #expect(w.lastChange.kind == .present)
        #expect(w.lastChange.transitionStyle == .flipHorizontal)
        #expect(sceneID(w, w.lastChange.controllerID) == "message")
        _ = try w.run(.dismiss(controller: nil))
        // The dismissed controller is gone; its style was noted before the action.
        #expect(w.lastChange.kind == .dismiss)
        #expect(w.lastChange.transitionStyle == .flipHorizontal)
    }

    @Test func anUnwindThatDismissesAndPopsIsADismissal() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.tap(element: "inboxRow", values: [:]))
        _ = try w.run(.tap(element: "composeButton", values: [:]))
        #expect(w.lastChange.kind == .present && w.lastChange.transitionStyle == .coverVertical)
        _ = try w.run(.tap(element: "send", values: [:]))
        #expect(w.lastChange.kind == .dismiss)
    }

    @Test func unanimatedActionsAndNoOpsMoveNothing() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.tap(element: "inboxRow", values: [:]), animated: false)
        #expect(w.lastChange == .none)
        _ = try w.run(.tap(element: "msg1", values: [:]))
        #expect(w.lastChange.kind == .push)
        _ = try w.run(.setTraits(.padLandscape))
        #expect(w.lastChange == .none)
    }

    @Test func tabSwitchesAreInstantButAPickInMoreIsAPush() throws {
        let w = try launched(tabBoard(count: 9))
        _ = try w.run(.selectTab(index: 1, controller: nil))
        #expect(w.lastChange.kind == .selectTab)
        // Tab 0 is a navigation controller shown again: still a tab switch, not a push.
        _ = try w.run(.selectTab(index: 0, controller: nil))
        #expect(w.lastChange.kind == .selectTab)
        // A tap on the tab bar (the delegate hears of it) is one too.
        _ = try w.run(.tap(element: try #require(w.element(titled: "T2")).id, values: [:]))
        #expect(w.lastChange.kind == .selectTab)
        // In More's list, a tab is pushed onto the More navigation controller.
        _ = try w.run(.tap(element: try #require(w.element(titled: "More")).id, values: [:]))
        _ = try w.run(.tap(element: try #require(w.element(titled: "T6")).id, values: [:]))
        #expect(w.lastChange.kind == .push)
        #expect(w.controller(id: w.lastChange.controllerID ?? "") is MoreNavigationController)
    }

    @Test func pageTurnsKnowTheirDirection() throws {
        let w = try launched(containerStoryboard(initial: "album"))
        _ = try w.run(.turnPage(forward: true, controller: nil))
        #expect(w.lastChange.kind == .pageForward)
        #expect(sceneID(w, w.lastChange.controllerID) == "album")
        _ = try w.run(.turnPage(forward: false, controller: nil))
        #expect(w.lastChange.kind == .pageReverse)
    }

    @Test func goingBackThroughAURLIsAPop() throws {
        let w = try launched(mailStoryboard())
        let root = w.canonicalURL
        _ = try w.run(.tap(element: "inboxRow", values: [:]))
        _ = try w.navigate(to: try #require(HierarchyPath.parse(root)))
        #expect(w.lastChange.kind == .pop)
    }
}
