import Testing
@testable import SegueCore

/// Browser back and forward (`Window.navigate(to:)`): the events of going back across a push, a
/// presentation and a tab switch, and forward again. Each is the plan of the change it undoes or
/// redoes (a pop, a push, a dismissal, a presentation, a selection), run by the executor, so its
/// events are those of docs/Semantics.md, Canonical orders.
@Suite struct BrowserBackForwardTests {
    /// Brings `w` to the canonical path `path` and returns the events it caused.
    func go(_ w: Window, to path: String) throws -> [String] {
        let before = w.log.lastSeq
        let outcome = try w.navigate(to: try #require(HierarchyPath(encoded: path)))
        #expect(w.canonicalPath == path, "the session is where the URL says")
        #expect(outcome.changed)
        return w.trace(after: before)
    }

    @Test func backAcrossAPushIsAPopAndForwardAPush() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        let back = try go(w, to: "nav(mailboxes)")
        #expect(back == [
            "inbox.willMoveToParentViewController(nil)",
            "inbox.viewWillDisappear{movingFrom}", "mailboxes.viewWillAppear",
            "nav.navigationControllerWillShow(mailboxes)",
            "inbox.viewDidDisappear{movingFrom}", "mailboxes.viewDidAppear",
            "inbox.didMoveToParentViewController(nil)", "nav.navigationControllerDidShow(mailboxes)",
        ])
        // The same events as the back button's pop.
        let popped = try launched(mailStoryboard())
        _ = try popped.run(.push(scene: "inbox", navigationController: nil))
        #expect(try popped.run(.pop(navigationController: nil)) == back)
        #expect(try go(w, to: "nav(mailboxes,inbox)") == [
            "inbox.willMoveToParentViewController(nav)",
            "inbox.loadView", "inbox.viewDidLoad",
            "mailboxes.viewWillDisappear", "inbox.viewWillAppear{movingTo}",
            "nav.navigationControllerWillShow(inbox)",
            "mailboxes.viewDidDisappear", "inbox.viewDidAppear{movingTo}",
            "inbox.didMoveToParentViewController(nav)", "nav.navigationControllerDidShow(inbox)",
        ])
    }

    @Test func backAcrossAPresentationIsADismissalAndForwardAPresentation() throws {
        let w = try launched(mailStoryboard())
        _ = try w.run(.push(scene: "inbox", navigationController: nil))
        _ = try w.run(.tap(element: "composeButton", values: [:]))
        let presented = w.canonicalPath
        #expect(presented == "nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        #expect(try go(w, to: "nav(mailboxes,inbox)") == [
            "composeNav.viewWillDisappear{dismissed}", "compose.viewWillDisappear",
            "nav.viewWillAppear", "inbox.viewWillAppear",
            "composeNav.viewDidDisappear{dismissed}", "compose.viewDidDisappear",
            "nav.viewDidAppear", "inbox.viewDidAppear",
        ])
        #expect(try go(w, to: presented) == [
            "compose.willMoveToParentViewController(composeNav)", "compose.didMoveToParentViewController(composeNav)",
            "composeNav.loadView", "composeNav.viewDidLoad", "compose.loadView", "compose.viewDidLoad",
            "nav.viewWillDisappear", "inbox.viewWillDisappear",
            "composeNav.viewWillAppear{presented}", "compose.viewWillAppear",
            "composeNav.navigationControllerWillShow(compose)",
            "nav.viewDidDisappear", "inbox.viewDidDisappear",
            "composeNav.viewDidAppear{presented}", "compose.viewDidAppear",
            "composeNav.navigationControllerDidShow(compose)",
        ])
    }

    @Test func backAcrossATabSwitchSelectsTheTabAgainWithoutItsDelegate() throws {
        let w = try launched(TabAndTraitTests().tabs())
        _ = try w.run(.selectTab(index: 1, controller: nil))
        // A selection the app makes: no tabBarControllerShouldSelect/DidSelect, as a tap has.
        #expect(try go(w, to: "tabs@0(nav(a),b)") == [
            "b.viewWillDisappear", "nav.viewWillAppear", "a.viewWillAppear",
            "b.viewDidDisappear", "nav.viewDidAppear", "a.viewDidAppear",
        ])
        #expect(try go(w, to: "tabs@1(nav(a),b)") == [
            "nav.viewWillDisappear", "a.viewWillDisappear", "b.viewWillAppear",
            "nav.viewDidDisappear", "a.viewDidDisappear", "b.viewDidAppear",
        ])
    }

    @Test func backAcrossAPushInsideMoreShowsTheTabAgain() throws {
        let w = try launched(tabBoard(count: 7) { $0.scenes["t5"]!.segues = [segue("details", .show, to: "info")] })
        _ = try w.tap("\(w.tabs.id).tab.more")
        _ = try w.tap("\(w.tabs.id).more.5")
        _ = try w.run(.performSegue(identifier: "details", controller: nil))
        let more = w.tabs.moreNavigationController
        #expect(w.canonicalPath == "tabs@5(nav0(songs),t1,t2,t3,t4,t5!(info),t6)")
        // The back button's pop: the tab shown inside More, not the More list.
        #expect(try go(w, to: "tabs@5(nav0(songs),t1,t2,t3,t4,t5,t6)") == [
            "info.willMoveToParentViewController(nil)", "info.viewWillDisappear{movingFrom}", "t5.viewWillAppear",
            "\(more.id).navigationControllerWillShow(t5)", "info.viewDidDisappear{movingFrom}", "t5.viewDidAppear",
            "info.didMoveToParentViewController(nil)", "\(more.id).navigationControllerDidShow(t5)",
        ])
        #expect(w.visibleScenes == ["t5"])
    }
}
