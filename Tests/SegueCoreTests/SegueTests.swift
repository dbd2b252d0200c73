import Testing
@testable import SegueCore

/// Segues, unwinds and data passing.
@Suite struct SegueTests {
    @Test func tapAsksShouldPerformThenPreparesBeforeTheDestinationLoads() throws {
        let w = try launched(mailStoryboard())
        let trace = try w.run(.tap(element: "inboxRow", values: [:]))
        #expect(Array(trace.prefix(3)) == [
            "mailboxes.shouldPerformSegue", "mailboxes.prepareForSegue", "inbox.willMoveToParentViewController(nav)",
        ])
        #expect(trace.contains("inbox.viewWillAppear{movingTo}"))
        let prepare = w.log.events.first { $0.event == .prepareForSegue }!
        #expect(prepare.segue == "showInbox")
        #expect(prepare.sender == "inboxRow")
        #expect(w.controller(id: prepare.destination!)?.sceneID == "inbox")
    }

    @Test func programmaticSegueSkipsShouldPerform() throws {
        let w = try launched(mailStoryboard())
        let trace = try w.run(.performSegue(identifier: "showInbox", controller: nil))
        #expect(trace.first == "mailboxes.prepareForSegue")
        #expect(!trace.contains("mailboxes.shouldPerformSegue"))
    }

    @Test func unknownSegueAndElementAre404sThatChangeNothing() throws {
        let w = try launched(mailStoryboard())
        let seq = w.log.lastSeq, version = w.version
        #expect(throws: ActionError(.unknownSegue, "scene 'mailboxes' has no segue 'nope'")) {
            try w.perform(.performSegue(identifier: "nope", controller: nil))
        }
        do {
            _ = try w.perform(.tap(element: "ghost", values: [:]))
            Issue.record("expected an error")
        } catch { #expect(error.code == .unknownElement) }
        #expect(w.log.lastSeq == seq && w.version == version)
    }

    @Test func pushSegueWithoutANavigationControllerIs409() throws {
        let board = storyboard(initial: "a", [
            scene("a") { $0.segues = [segue("p", .push, to: "b"), segue("s", .show, to: "b")] },
            scene("b"),
        ])
        let w = try launched(board)
        do {
            _ = try w.perform(.performSegue(identifier: "p", controller: nil))
            Issue.record("expected an error")
        } catch { #expect(error.code == .illegalTransition) }
        // `show` without a navigation controller presents instead.
        _ = try w.perform(.performSegue(identifier: "s", controller: nil))
        #expect(w.root.presentedViewController?.sceneID == "b")
    }

    @Test func unwindFromTheComposeSheetPopsBeneathAndDismissesInOneTransition() throws {
        let w = try launched(mailStoryboard(), traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        _ = try w.perform(.tap(element: "replyButton", values: [:]))
        #expect(w.visibleScenes == ["compose"])  // presented full screen (the default style)
        let trace = try w.run(.tap(element: "send", values: [:]))
        #expect(Array(trace.prefix(3)) == ["compose.shouldPerformSegue", "compose.prepareForSegue", "inbox.unwind"])
        // The stack is popped beneath the sheet (message only moves), then inbox is revealed.
        let dismissAt = try #require(trace.firstIndex(of: "composeNav.viewWillDisappear{dismissed}"))
        let popAt = try #require(trace.firstIndex(of: "message.willMoveToParentViewController(nil)"))
        #expect(popAt < dismissAt)
        #expect(!trace.contains { $0.hasPrefix("message.view") })
        #expect(trace.contains("inbox.viewWillAppear") && trace.contains("message.didMoveToParentViewController(nil)"))
        let unwind = w.log.events.first { $0.event == .unwind }!
        #expect(unwind.action == "sentMessage" && unwind.segue == "sent")
        #expect(w.visibleScenes == ["inbox"])
        #expect(w.root.presentedViewController == nil)
        let dismissal = try #require(w.log.events.last { $0.event == .viewWillDisappear && $0.scene == "composeNav" })
        #expect(dismissal.animated == true)
    }

    @Test func unwindSearchSkipsTheSourceAndFailsCleanly() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.present(scene: "composeNav", style: nil, transitionStyle: nil, controller: nil))
        let seq = w.log.lastSeq
        do {
            _ = try w.perform(.performSegue(identifier: "nowhere", controller: nil))
            Issue.record("expected an error")
        } catch { #expect(error.code == .unwindNotFound) }
        #expect(w.log.lastSeq == seq)
        // The source itself is never its own destination, even when it declares the action.
        var board = mailStoryboard()
        board.scenes["compose"]!.unwindActions = ["sentMessage"]
        let w2 = try launched(board)
        _ = try w2.perform(.present(scene: "composeNav", style: nil, transitionStyle: nil, controller: nil))
        let compose = w2.frontmostController!
        #expect(w2.unwindDestination(for: "sentMessage", from: compose, sender: nil) == nil)
    }

    @Test func navigationControllerPollsItsChildrenFromTheTop() throws {
        var board = mailStoryboard()
        board.scenes["mailboxes"]!.unwindActions = ["sentMessage"]
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.present(scene: "composeNav", style: nil, transitionStyle: nil, controller: nil))
        let compose = w.frontmostController!
        #expect(w.unwindDestination(for: "sentMessage", from: compose, sender: nil)?.sceneID == "inbox")
    }

    @Test func shouldPerformSegueInASubclassCanRefuse() throws {
        final class GuardedCompose: ViewController {
            override func shouldPerformSegue(withIdentifier identifier: String, sender: Element?) -> Bool {
                identifier != "sent" || !(text(of: "subject") ?? "").isEmpty
            }
        }
        var board = mailStoryboard()
        board.scenes["compose"]!.className = "GuardedCompose"
        var registry = ControllerRegistry()
        registry.register(GuardedCompose.self, as: "GuardedCompose")
        let w = try launched(board, registry: registry)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        #expect(w.frontmostController is GuardedCompose)
        let refused = try w.perform(.tap(element: "send", values: [:]))
        #expect(refused.events.map(\.event) == [.shouldPerformSegue])
        #expect(refused.events[0].value == false)
        #expect(w.visibleScenes.last == "compose")
        let sent = try w.perform(.tap(element: "send", values: ["subject": .text("Hi")]))
        #expect(sent.events.contains { $0.event == .unwind })
        #expect(w.visibleScenes == ["inbox"])
    }

    @Test func seguesPassValuesToTheDestination() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.segues[0].passes = ["title": "{{sender.title}}", "time": "at {{sender.id}}"]
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        let message = w.frontmostController!
        #expect(message.title == "Welcome")
        #expect(message.passedValues["time"] == "at msg1")
        #expect(w.screen().layers[0].pane.title == "Welcome")
    }

    @Test func alertActionsDismissThenRun() throws {
        var board = mailStoryboard()
        board.scenes["alert"]!.alert!.actions[0].tap = .action("pop")
        let w = try launched(board, traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        let trace = try w.run(.present(scene: "alert", style: nil, transitionStyle: nil, controller: nil))
        #expect(!trace.contains { $0.hasPrefix("inbox.") })
        #expect(w.visibleScenes == ["inbox", "alert"])
        #expect(w.elements.map(\.role) == [.alertAction, .alertAction])
        let run = try w.run(.tap(element: "ok", values: [:]))
        #expect(run.first == "alert.viewWillDisappear{dismissed}")
        #expect(run.contains("inbox.willMoveToParentViewController(nil)"))
        #expect(w.visibleScenes == ["mailboxes"])
    }

    /// An action's handler performs the presenter's segue from code: prepared, never asked.
    @Test func anAlertActionsSegueIsNotAskedWhetherToRun() throws {
        var board = mailStoryboard()
        board.scenes["alert"]!.alert!.actions[0].tap = .segue("open")
        let w = try launched(board, traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.run(.present(scene: "alert", style: nil, transitionStyle: nil, controller: nil))
        let run = try w.run(.tap(element: "ok", values: [:]))
        #expect(!run.contains { $0.hasPrefix("inbox.shouldPerformSegue") })
        #expect(run.contains("inbox.prepareForSegue"))
        #expect(w.visibleScenes == ["message"])
    }

    /// A handler names the segue as the app's code sees it: its identifier, where the storyboard
    /// gave the segue another id (two segues of a scene sharing an identifier).
    @Test func anAlertActionFindsThePresentersSegueByItsIdentifier() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.segues[0].id = "open-1"
        board.scenes["inbox"]!.segues[0].identifier = "open"
        board.scenes["inbox"]!.view[0].sections[0].rows[0].tap = .segue("open-1")
        board.scenes["alert"]!.alert!.actions[0].tap = .segue("open")
        let w = try launched(board, traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.run(.present(scene: "alert", style: nil, transitionStyle: nil, controller: nil))
        _ = try w.run(.tap(element: "ok", values: [:]))
        #expect(w.visibleScenes == ["message"])
    }
}

/// Unwinds that leave a presentation made over part of the screen (a current-context presentation or a popover).
@Suite struct UnwindAcrossContextsTests {
    func board() -> Storyboard {
        storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["aNav", "bNav"] },
            scene("aNav", .navigationController) { $0.rootViewController = "a" },
            scene("a"),
            scene("bNav", .navigationController) { $0.rootViewController = "b1"; $0.definesPresentationContext = true },
            scene("b1") {
                $0.unwindActions = ["backToB1"]
                $0.segues = [segue("more", .show, to: "b2")]
            },
            scene("b2") { $0.segues = [segue("context", .presentation, to: "sheet", style: .currentContext)] },
            scene("sheet") { $0.segues = [segue("done", .unwind, action: "backToB1")] },
        ])
    }

    @Test func anUnwindOutOfACurrentContextPresentationDismissesItThenPops() throws {
        let w = try launched(board(), traits: .padLandscape)
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        _ = try w.run(.performSegue(identifier: "more", controller: nil))
        _ = try w.run(.performSegue(identifier: "context", controller: nil))
        let bNav = try #require(w.tabs.viewControllers.last)
        #expect(bNav.presentedStorage?.sceneID == "sheet")  // presented over the tab only
        let trace = try w.run(.performSegue(identifier: "done", controller: nil))
        #expect(trace.first == "sheet.prepareForSegue" && trace[1] == "b1.unwind")
        #expect(trace.contains("sheet.viewWillDisappear{dismissed}"))
        #expect(trace.contains("b2.willMoveToParentViewController(nil)") && trace.contains("b1.viewDidAppear"))
        #expect(bNav.presentedStorage == nil)
        #expect(w.visibleScenes == ["b1"])
    }
}
