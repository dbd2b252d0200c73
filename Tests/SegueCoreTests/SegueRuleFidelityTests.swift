import Testing
@testable import SegueCore

/// Segue rules: a presentation that turns out a no-op, the iOS 7 unwind search, declared
/// `shouldPerformSegue` refusals.
@Suite struct SegueRuleFidelityTests {
    /// `a` presents `sheet` from a button and can present `other`; both over full screen.
    func presentingBoard() -> Storyboard {
        storyboard(initial: "a", [
            scene("a") {
                var open = ViewNode(.button, id: "open", text: "Open")
                open.tap = .segue("showSheet")
                $0.view = [open, ViewNode(.textField, id: "name")]
                $0.segues = [segue("showSheet", .presentation, to: "sheet", style: .overFullScreen),
                             segue("showOther", .presentation, to: "other")]
            },
            scene("sheet"), scene("other"),
        ])
    }

    @Test func aSegueWhosePresentationIsANoOpStillAsksCreatesAndPrepares() throws {
        let w = try launched(presentingBoard())
        _ = try w.run(.tap(element: "open", values: [:]))
        let source = try #require(w.root)
        // Control-triggered while `a` already presents: asked, prepared, then only a warning.
        let before = w.log.lastSeq
        try w.performSegue("showOther", from: source, sender: nil, userInitiated: true)
        #expect(w.trace(after: before) == ["a.shouldPerformSegue", "a.prepareForSegue"])
        #expect(w.warnings.contains { $0.contains("showOther") })
        let prepared = try #require(w.log.events(after: before).last)
        #expect(prepared.destination != nil && w.controller(id: prepared.destination!) == nil)
        // performSegue from code: prepared without being asked.
        let outcome = try w.perform(.performSegue(identifier: "showOther", controller: source.id))
        #expect(outcome.events.map(\.event) == [.prepareForSegue] && outcome.warnings.count == 1)
        #expect(w.root.presentedViewController?.sceneID == "sheet")
    }

    @Test func aRefusedSegueStopsBeforeTheNoOp() throws {
        var board = presentingBoard()
        board.scenes["a"]!.shouldPerformSegue = ["showOther": .always]
        let w = try launched(board)
        _ = try w.run(.tap(element: "open", values: [:]))
        let before = w.log.lastSeq
        try w.performSegue("showOther", from: w.root, sender: nil, userInitiated: true)
        #expect(w.trace(after: before) == ["a.shouldPerformSegue"])
    }

    @Test func declaredRefusalsAnswerShouldPerformSegue() throws {
        var board = presentingBoard()
        board.scenes["a"]!.shouldPerformSegue = ["showSheet": .whileEmpty(["name"])]
        let w = try launched(board)
        let refused = try w.perform(.tap(element: "open", values: [:]))
        #expect(refused.events.map(\.event) == [.shouldPerformSegue] && refused.events[0].value == false)
        #expect(w.root.presentedViewController == nil)
        let blank = try w.perform(.tap(element: "open", values: ["name": .text("")]))
        #expect(blank.events.count == 1 && w.root.presentedViewController == nil)
        let typed = try w.perform(.tap(element: "open", values: ["name": .text("Ada")]))
        #expect(typed.events.first?.value == true && w.root.presentedViewController?.sceneID == "sheet")
        // performSegue from code is never asked.
        var always = presentingBoard()
        always.scenes["a"]!.shouldPerformSegue = ["showSheet": .always]
        let code = try launched(always)
        _ = try code.run(.performSegue(identifier: "showSheet", controller: nil))
        #expect(code.root.presentedViewController?.sceneID == "sheet")
    }

    /// `host` embeds `left` (which unwinds) and `right` (which declares the action), inside a
    /// navigation stack over `list`.
    func embedBoard(hostDeclares: Bool = false, navDeclares: Bool = false) -> Storyboard {
        storyboard(initial: "nav", [
            scene("nav", .navigationController) {
                $0.rootViewController = "list"
                if navDeclares { $0.unwindActions = ["back"] }
            },
            scene("list") { $0.segues = [segue("open", .show, to: "host")] },
            scene("host") {
                $0.segues = [segue("l", .embed, to: "left"), segue("r", .embed, to: "right")]
                if hostDeclares { $0.unwindActions = ["back"] }
            },
            scene("left") {
                var done = ViewNode(.button, id: "done", text: "Done")
                done.tap = .segue("unwind")
                $0.view = [done]
                $0.segues = [segue("unwind", .unwind, action: "back")]
            },
            scene("right") { $0.unwindActions = ["back"] },
        ])
    }

    @Test func inTheIOS7EraAnEmbedHostIsAskedOnlyForItself() throws {
        let w = try launched(embedBoard())
        _ = try w.run(.performSegue(identifier: "open", controller: nil))
        let left = try #require(w.allControllers.first { $0.sceneID == "left" })
        // The sibling `right` declares the action, but the host does not ask its children.
        #expect(w.unwindDestination(for: "back", from: left, sender: nil) == nil)
        expectRefusal(.unwindNotFound) { _ = try w.perform(.tap(element: "done", values: [:])) }
        // A host that declares the action is the destination.
        let declaring = try launched(embedBoard(hostDeclares: true))
        _ = try declaring.run(.performSegue(identifier: "open", controller: nil))
        let source = try #require(declaring.allControllers.first { $0.sceneID == "left" })
        #expect(declaring.unwindDestination(for: "back", from: source, sender: nil)?.sceneID == "host")
    }

    @Test func aNavigationControllerIsNeverItsOwnUnwindDestination() throws {
        let w = try launched(embedBoard(navDeclares: true))
        _ = try w.run(.performSegue(identifier: "open", controller: nil))
        let before = w.log.lastSeq
        expectRefusal(.unwindNotFound) { _ = try w.perform(.tap(element: "done", values: [:])) }
        #expect(w.log.lastSeq == before && w.visibleScenes == ["host", "left", "right"])
    }

    @Test func aContainerClassCanNameTheChildrenItAsks() throws {
        final class AskingHost: ViewController {
            override var allowedChildViewControllersForUnwinding: [ViewController]? { children.reversed() }
        }
        var board = embedBoard()
        board.scenes["host"]!.className = "AskingHost"
        var registry = ControllerRegistry()
        registry.register(AskingHost.self, as: "AskingHost")
        let w = try launched(board, registry: registry)
        _ = try w.run(.performSegue(identifier: "open", controller: nil))
        let left = try #require(w.allControllers.first { $0.sceneID == "left" })
        #expect(w.unwindDestination(for: "back", from: left, sender: nil)?.sceneID == "right")
    }
}
