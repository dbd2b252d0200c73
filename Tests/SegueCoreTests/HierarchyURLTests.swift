import Testing
@testable import SegueCore
import SeguePageURL

/// Canonical URLs and browser history.
@Suite struct HierarchyURLTests {
    @Test func urlNamesTheWholeHierarchy() throws {
        let w = try launched(mailStoryboard(), traits: .padLandscape)
        #expect(w.canonicalURL == "/ui/nav(mailboxes)")
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        #expect(w.canonicalURL == "/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        let parsed = HierarchyPath.parse(w.canonicalURL)
        #expect(parsed?.encoded == "nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        #expect(parsed?.presented?.style == .formSheet)
    }

    @Test func escapingRoundTrips() {
        let node = HierarchyPath(scene: "a b(c)~é", children: [HierarchyPath(scene: "x$y")])
        let text = node.encoded
        #expect(!text.contains(" ") && !text.contains("é"))
        #expect(HierarchyPath.parse(text) == node)
        for bad in ["", "nav(", "nav(a,", "nav)", "a~weird~b", "a~formSheet~", "a@", "a$4", "a(b)c"] {
            #expect(HierarchyPath.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func goingBackToAnEarlierURLPopsAndDismissesWithEvents() throws {
        let w = try launched(mailStoryboard(), traits: .padLandscape)
        let start = w.canonicalURL
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        let inboxURL = w.canonicalURL
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        let back = try w.navigate(to: HierarchyPath.parse(inboxURL)!)
        #expect(back.events.first?.event == .viewWillDisappear)
        #expect(back.events.first?.reasons == .beingDismissed)
        #expect(w.canonicalURL == inboxURL)
        let seq = w.log.lastSeq
        _ = try w.navigate(to: HierarchyPath.parse(start)!)
        #expect(w.trace(after: seq).contains("inbox.viewWillDisappear{movingFrom}"))
        #expect(w.canonicalURL == start)
        // Forward again: a fresh push.
        _ = try w.navigate(to: HierarchyPath.parse(inboxURL)!)
        #expect(w.visibleScenes == ["inbox"])
        // The same URL again changes nothing.
        let same = try w.navigate(to: HierarchyPath.parse(inboxURL)!)
        #expect(same.events.isEmpty)
    }

    @Test func badURLsAreRefusedWithoutChanges() throws {
        let w = try launched(mailStoryboard())
        let seq = w.log.lastSeq
        expectRefusal(.invalidURL) { _ = try w.navigate(to: HierarchyPath(scene: "other")) }
        expectRefusal(.unknownScene) { _ = try w.navigate(to: HierarchyPath.parse("nav(mailboxes,ghost)")!) }
        expectRefusal(.invalidURL) { _ = try w.navigate(to: HierarchyPath.parse("nav(mailboxes,composeNav)")!) }
        #expect(w.log.lastSeq == seq)
    }
}

/// Tab bars (selection, More) and traits in the URL.
@Suite struct TabAndTraitTests {
    func tabs() -> Storyboard {
        storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["nav", "b"]; $0.refusesSelectionOf = [] },
            scene("nav", .navigationController) { $0.rootViewController = "a" },
            scene("a") { $0.segues = [segue("next", .show, to: "c")] },
            scene("b") { $0.tabBarItem = TabBarItemSpec(title: "Bee") },
            scene("c"),
        ])
    }

    @Test func userTabTapSendsDelegateEventsAroundTheSwitch() throws {
        let w = try launched(tabs())
        let b = w.elements.first { $0.title == "Bee" }!
        #expect(try w.run(.tap(element: b.id, values: [:])) == [
            "tabs.tabBarControllerShouldSelect(b)", "b.loadView", "b.viewDidLoad",
            "nav.viewWillDisappear", "a.viewWillDisappear", "b.viewWillAppear",
            "nav.viewDidDisappear", "a.viewDidDisappear", "b.viewDidAppear", "tabs.tabBarControllerDidSelect(b)",
        ])
        #expect(try w.run(.selectTab(index: 0, controller: nil)).first == "b.viewWillDisappear")
    }

    @Test func refusedTabStopsEverything() throws {
        var board = tabs()
        board.scenes["tabs"]!.refusesSelectionOf = [1]
        let w = try launched(board)
        let b = w.elements.first { $0.title == "Bee" }!
        #expect(try w.run(.tap(element: b.id, values: [:])) == ["tabs.tabBarControllerShouldSelect(b)"])
        #expect((w.root as! TabBarController).selectedIndex == 0)
        expectRefusal(.invalidRequest) { _ = try w.perform(.selectTab(index: 7, controller: nil)) }
    }

    @Test func stacksSurviveTabSwitchesAndReselectPopsToRoot() throws {
        let w = try launched(tabs())
        _ = try w.perform(.performSegue(identifier: "next", controller: nil))
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        _ = try w.perform(.selectTab(index: 0, controller: nil))
        #expect(w.visibleScenes == ["c"])
        let first = w.elements.first { $0.role == .tab }!
        _ = try w.perform(.tap(element: first.id, values: [:]))
        #expect(w.visibleScenes == ["a"])
        #expect(w.canonicalURL == "/ui/tabs@0(nav(a),b)")
    }

    @Test func traitChangeRevealsTheSheetPresenterAndRotates() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.present(scene: "message", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(w.visibleScenes == ["message"])
        let trace = try w.run(.setTraits(Traits(width: 1180, height: 820)))
        #expect(trace.first == "message.willRotateToInterfaceOrientation")
        #expect(trace.contains("mailboxes.viewWillAppear"))
        #expect(trace.contains("message.traitCollectionDidChange"))
        #expect(trace.last == "message.didRotateFromInterfaceOrientation")
        #expect(w.visibleScenes == ["mailboxes", "message"])
        #expect(w.traits.idiom == .pad)
    }

    @Test func orientationMaskOfTheTopLevelControllerDecidesRotation() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.portrait]
        let w = try launched(board)
        let refused = try w.perform(.setTraits(Traits(width: 844, height: 390)))
        // A refused rotation changes nothing, traits included.
        #expect(refused.events.isEmpty && !refused.changed && refused.warnings.count == 1)
        #expect(w.traits == .phonePortrait)
    }
}

/// Every state keeps a page URL that restores it: growing the hierarchy past what a URL may name
/// is refused, and changes nothing.
@Suite struct HierarchyLimitTests {
    func board() -> Storyboard {
        storyboard(initial: "nav", [
            scene("nav", .navigationController) { $0.rootViewController = "a" },
            scene("a") { $0.segues = [segue("more", .show, to: "a"), segue("up", .presentation, to: "a", style: .fullScreen)] },
        ])
    }

    /// Performs `segue` up to `times` times; the first refusal, if any.
    func firstRefusal(performing segue: String, times: Int, on w: Window) -> ActionError? {
        for _ in 0..<times {
            do { _ = try w.perform(.performSegue(identifier: segue, controller: nil)) } catch { return error }
        }
        return nil
    }

    @Test func pushesStopWhereAURLCouldNoLongerNameTheStack() throws {
        let w = try launched(board())
        let refusal = firstRefusal(performing: "more", times: HierarchyPath.maximumNodes, on: w)
        #expect(refusal?.code == .illegalTransition)
        let url = w.canonicalURL
        #expect(HierarchyPath.parse(url: url) != nil)
        #expect(w.allControllers.count < HierarchyPath.maximumNodes)
    }

    @Test func presentationsStopWhereAURLCouldNoLongerNestThem() throws {
        let w = try launched(board())
        let refusal = firstRefusal(performing: "up", times: HierarchyPath.maximumDepth, on: w)
        #expect(refusal?.code == .illegalTransition)
        let version = w.version
        #expect(throws: ActionError.self) { try w.perform(.performSegue(identifier: "up", controller: nil)) }
        #expect(w.version == version)
        #expect(HierarchyPath.parse(url: w.canonicalURL) != nil)
    }
}
