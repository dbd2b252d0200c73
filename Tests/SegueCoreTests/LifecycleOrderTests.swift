import Testing
@testable import SegueCore

/// The canonical event orders of every transition (docs/Semantics.md, Canonical orders).
@Suite struct LifecycleOrderTests {
    @Test func launchLoadsAndShowsContainerThenChild() throws {
        let w = try launched(mailStoryboard())
        #expect(w.trace() == [
            "mailboxes.willMoveToParentViewController(nav)", "mailboxes.didMoveToParentViewController(nav)",
            "nav.loadView", "nav.viewDidLoad", "mailboxes.loadView", "mailboxes.viewDidLoad",
            "nav.viewWillAppear", "mailboxes.viewWillAppear", "nav.navigationControllerWillShow(mailboxes)",
            "nav.viewDidAppear", "mailboxes.viewDidAppear", "nav.navigationControllerDidShow(mailboxes)",
        ])
        let appear = w.log.events.first { $0.event == .viewWillAppear }!
        #expect(appear.animated == false)
        #expect(w.visibleScenes == ["mailboxes"])
    }

    @Test func pushFollowsTheCanonicalOrder() throws {
        let w = try launched(mailStoryboard())
        #expect(try w.run(.push(scene: "inbox", navigationController: nil)) == [
            "inbox.willMoveToParentViewController(nav)",
            "inbox.loadView", "inbox.viewDidLoad",
            "mailboxes.viewWillDisappear", "inbox.viewWillAppear{movingTo}",
            "nav.navigationControllerWillShow(inbox)",
            "mailboxes.viewDidDisappear", "inbox.viewDidAppear{movingTo}",
            "inbox.didMoveToParentViewController(nav)", "nav.navigationControllerDidShow(inbox)",
        ])
    }

    @Test func popFollowsTheCanonicalOrder() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        #expect(try w.run(.pop(navigationController: nil)) == [
            "inbox.willMoveToParentViewController(nil)",
            "inbox.viewWillDisappear{movingFrom}", "mailboxes.viewWillAppear",
            "nav.navigationControllerWillShow(mailboxes)",
            "inbox.viewDidDisappear{movingFrom}", "mailboxes.viewDidAppear",
            "inbox.didMoveToParentViewController(nil)", "nav.navigationControllerDidShow(mailboxes)",
        ])
    }

    @Test func popAtRootIsAWarnedNoOp() throws {
        let w = try launched(mailStoryboard())
        let version = w.version
        let outcome = try w.perform(.pop(navigationController: nil))
        #expect(outcome.events.isEmpty)
        #expect(outcome.warnings.count == 1)
        #expect(w.version == version)
    }

    @Test func popToRootSendsOnlyContainmentToIntermediates() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        _ = try w.run(.push(scene: "message", navigationController: nil))
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        let trace = try w.run(.popToRoot(navigationController: nil))
        #expect(trace == [
            "inbox.willMoveToParentViewController(nil)", "message.willMoveToParentViewController(nil)", "inbox.willMoveToParentViewController(nil)",
            "inbox.viewWillDisappear{movingFrom}", "mailboxes.viewWillAppear",
            "nav.navigationControllerWillShow(mailboxes)",
            "inbox.viewDidDisappear{movingFrom}", "mailboxes.viewDidAppear",
            "inbox.didMoveToParentViewController(nil)", "message.didMoveToParentViewController(nil)", "inbox.didMoveToParentViewController(nil)",
            "nav.navigationControllerDidShow(mailboxes)",
        ])
        #expect(!trace.contains { $0.hasPrefix("message.view") })
    }

    @Test func popToAControllerNotInTheStackIsAnErrorThatChangesNothing() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        let nav = try #require(w.root as? NavigationController)
        let stray = try w.instantiate(sceneID: "message")
        let seq = w.log.lastSeq
        expectRefusal(.illegalTransition) { try nav.popToViewController(stray, animated: true) }
        expectRefusal(.unknownController) { _ = try w.perform(.popTo(controller: "c999", navigationController: nil)) }
        #expect(nav.children.count == 2)
        #expect(w.log.lastSeq == seq, "a refused pop records no event")
    }

    @Test func setViewControllersLeavesCoveredNewcomersUnloaded() throws {
        let w = try launched(mailStoryboard())
        let nav = try #require(w.root as? NavigationController)
        let x = try w.instantiate(sceneID: "inbox"), y = try w.instantiate(sceneID: "message")
        let before = w.log.lastSeq
        try nav.setViewControllers([nav.children[0], x, y], animated: true)
        let trace = w.trace(after: before)
        #expect(trace.first == "inbox.willMoveToParentViewController(nav)")
        #expect(trace.contains("message.viewWillAppear{movingTo}"))
        #expect(trace.contains("mailboxes.viewWillDisappear"))
        #expect(!x.isViewLoaded)
        #expect(y.isViewLoaded)
        #expect(trace.suffix(3) == ["inbox.didMoveToParentViewController(nav)", "message.didMoveToParentViewController(nav)", "nav.navigationControllerDidShow(message)"])
    }

    @Test func pushingTheSameInstanceTwiceIsAnError() throws {
        let w = try launched(mailStoryboard())
        let nav = try #require(w.root as? NavigationController)
        expectRefusal(.illegalTransition) { try nav.pushViewController(nav.children[0], animated: true) }
    }

    @Test func fullScreenPresentAndDismiss() throws {
        let w = try launched(mailStoryboard())
        let present = try w.run(.present(scene: "message", style: .fullScreen, transitionStyle: nil, controller: nil))
        #expect(present == [
            "message.loadView", "message.viewDidLoad",
            "nav.viewWillDisappear", "mailboxes.viewWillDisappear", "message.viewWillAppear{presented}",
            "nav.viewDidDisappear", "mailboxes.viewDidDisappear", "message.viewDidAppear{presented}",
        ])
        #expect(w.visibleScenes == ["message"])
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(dismiss == [
            "message.viewWillDisappear{dismissed}", "nav.viewWillAppear", "mailboxes.viewWillAppear",
            "message.viewDidDisappear{dismissed}", "nav.viewDidAppear", "mailboxes.viewDidAppear",
        ])
    }

    @Test func formSheetOnPadCoversWithoutSupplanting() throws {
        let w = try launched(mailStoryboard(), traits: .padLandscape)
        let trace = try w.run(.present(scene: "message", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(trace == ["message.loadView", "message.viewDidLoad", "message.viewWillAppear{presented}", "message.viewDidAppear{presented}"])
        #expect(w.visibleScenes == ["mailboxes", "message"])
        #expect(try w.run(.dismiss(controller: nil)) == ["message.viewWillDisappear{dismissed}", "message.viewDidDisappear{dismissed}"])
    }

    @Test func formSheetOnPhoneIsFullScreen() throws {
        let w = try launched(mailStoryboard())
        let trace = try w.run(.present(scene: "message", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(trace.contains("mailboxes.viewWillDisappear"))
        #expect(w.visibleScenes == ["message"])
    }

    @Test func presentingWhilePresentingIsAWarnedNoOp() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.present(scene: "message", style: nil, transitionStyle: nil, controller: "c2"))
        let outcome = try w.perform(.present(scene: "inbox", style: nil, transitionStyle: nil, controller: "c2"))
        #expect(outcome.events.isEmpty)
        #expect(outcome.warnings.count == 1)
    }

    @Test func dismissingLowInAChainOnlyTheTopmostDisappears() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.present(scene: "message", style: .fullScreen, transitionStyle: nil, controller: nil))
        _ = try w.perform(.present(scene: "inbox", style: .fullScreen, transitionStyle: nil, controller: nil))
        #expect(w.visibleScenes == ["inbox"])
        let trace = try w.run(.dismiss(controller: "c2"))
        #expect(!trace.contains { $0.hasPrefix("message.") })
        #expect(trace.first == "inbox.viewWillDisappear{dismissed}")
        #expect(w.visibleScenes == ["mailboxes"])
    }

    @Test func dismissIsRoutedFromThePresentedControllerToItsPresenter() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.present(scene: "composeNav", style: nil, transitionStyle: nil, controller: nil))
        let compose = w.frontmostController!
        #expect(compose.sceneID == "compose")
        #expect(compose.presentingViewController === w.root)
        #expect(w.root.presentedViewController?.sceneID == "composeNav")
        _ = try w.perform(.dismiss(controller: compose.id))
        #expect(w.root.presentedViewController == nil)
        let nothing = try w.perform(.dismiss(controller: nil))
        #expect(nothing.warnings == ["dismiss: nothing is presented"])
    }

    @Test func memoryWarningReachesEveryLiveControllerPreOrder() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.push(scene: "inbox", navigationController: nil))
        _ = try w.perform(.present(scene: "message", style: nil, transitionStyle: nil, controller: nil))
        #expect(try w.run(.memoryWarning) == ["nav.didReceiveMemoryWarning", "mailboxes.didReceiveMemoryWarning", "inbox.didReceiveMemoryWarning", "message.didReceiveMemoryWarning"])
    }

    @Test func editingTogglesAndLogs() throws {
        let w = try launched(mailStoryboard())
        #expect(try w.run(.setEditing(true, controller: nil)) == ["mailboxes.setEditing"])
        #expect(w.frontmostController?.isEditing == true)
        #expect(try w.perform(.setEditing(true, controller: nil)).warnings.count == 1)
    }
}
