import Testing
@testable import SegueCore
import SeguePageURL

/// Presenting from a controller whose view is not in the window does nothing; dismissing a
/// presentation that is off screen changes the hierarchy without callbacks.
@Suite struct OffScreenPresentTests {
    @Test func presentingFromAControllerOffScreenIsAWarnedNoOp() throws {
        let board = storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["nav", "t1"] },
            scene("nav", .navigationController) { $0.rootViewController = "a" },
            scene("a") { $0.segues = [segue("b", .show, to: "b")] },
            scene("b"), scene("t1"), scene("m"),
        ])
        let w = try launched(board)
        let t1 = w.tabs.viewControllers[1]
        let fromTab = try w.perform(.present(scene: "m", style: nil, transitionStyle: nil, controller: t1.id))
        #expect(fromTab.events.isEmpty && fromTab.warnings.contains { $0.contains("not in the window hierarchy") })
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        let a = try #require(w.allControllers.first { $0.sceneID == "a" })
        let fromBelow = try w.perform(.present(scene: "m", style: nil, transitionStyle: nil, controller: a.id))
        #expect(fromBelow.events.isEmpty && !fromBelow.warnings.isEmpty)
        #expect(w.topmostPresented == nil)
        // Selecting that tab later shows it without anything presented.
        _ = try w.run(.selectTab(index: 1, controller: nil))
        #expect(w.visibleScenes == ["t1"])
    }

    func tabsWithContext() -> Storyboard {
        storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["nav", "other"] },
            scene("nav", .navigationController) {
                $0.rootViewController = "list"
                $0.definesPresentationContext = true
            },
            scene("list", title: "List"),
            scene("player", title: "Player"),
            scene("other", title: "Other"),
        ])
    }

    @Test func dismissingAPresentationOffScreenIsAChange() throws {
        let w = try launched(tabsWithContext())
        let list = try #require(w.allControllers.first { $0.sceneID == "list" })
        _ = try w.perform(.present(scene: "player", style: .currentContext, transitionStyle: nil, controller: list.id))
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        #expect(w.canonicalURL.contains("~currentContext~player"))
        let version = w.version
        let outcome = try w.perform(.dismiss(controller: nil))
        // No callbacks (the presentation was off screen), but the hierarchy and its URL changed:
        // the action counts as a change, so the server stores it.
        #expect(outcome.changed)
        #expect(w.version == version + 1)
        #expect(!w.canonicalURL.contains("player"))
    }
}
