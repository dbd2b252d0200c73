import Testing
@testable import SegueCore
import SeguePageURL

@Suite struct UnwindFidelityTests {
    let pad = Traits(width: 1024, height: 768)

    @Test func anUnwindFromAModalToTheRootBeneathRunsOneTransition() throws {
        let w = try launched(unwindStoryboard())
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        _ = try w.run(.performSegue(identifier: "full", controller: nil))
        #expect(w.visibleScenes == ["m"])
        let trace = try w.run(.performSegue(identifier: "back", controller: nil))
        // The stack is popped beneath the modal (b only moves), and the dismissal reveals a.
        #expect(trace == [
            "m.prepareForSegue", "a.unwind",
            "b.willMoveToParentViewController(nil)",
            "m.viewWillDisappear{dismissed}", "nav.viewWillAppear", "a.viewWillAppear",
            "nav.navigationControllerWillShow(a)",
            "m.viewDidDisappear{dismissed}", "nav.viewDidAppear", "a.viewDidAppear",
            "b.didMoveToParentViewController(nil)", "nav.navigationControllerDidShow(a)",
        ])
        #expect(w.visibleScenes == ["a"] && w.root.children.count == 1)
    }

    @Test func anUnwindThatOnlyPopsIsAnimatedLikeABackTap() throws {
        let w = try launched(unwindStoryboard())
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        _ = try w.run(.performSegue(identifier: "c", controller: nil))
        let before = w.log.lastSeq
        let trace = try w.run(.performSegue(identifier: "back", controller: nil))
        #expect(trace.contains("c.viewWillDisappear{movingFrom}") && trace.contains("b.willMoveToParentViewController(nil)"))
        #expect(!trace.contains { $0.hasPrefix("b.view") })
        let appearance = w.log.events(after: before).filter { $0.event.isAppearance }
        #expect(!appearance.isEmpty && appearance.allSatisfy { $0.animated == true })
    }

    @Test func aContextPresentationOfAPoppedControllerIsDismissedWithThePop() throws {
        for (style, traits) in [("context", pad), ("over", pad), ("over", Traits.phonePortrait)] {
            let w = try launched(unwindStoryboard(), traits: traits)
            _ = try w.run(.performSegue(identifier: "b", controller: nil))
            _ = try w.run(.performSegue(identifier: style, controller: nil))
            let o = try #require(w.topmostPresented)
            #expect(o.presentingStorage?.sceneID == "b")
            let trace = try w.run(.performSegue(identifier: "back", controller: nil))
            #expect(trace.contains("o.viewWillDisappear{dismissed}") && trace.contains("o.viewDidDisappear{dismissed}"))
            #expect(trace.contains("a.viewDidAppear") && trace.contains("b.didMoveToParentViewController(nil)"))
            // One transition: every will-event comes before every did-event.
            let lastWill = try #require(trace.lastIndex { $0.contains(".viewWill") })
            let firstDid = try #require(trace.firstIndex { $0.contains(".viewDid") && !$0.contains("Load") })
            #expect(lastWill < firstDid)
            if style == "over" { #expect(trace.contains("b.viewWillDisappear{movingFrom}")) }
            #expect(w.topmostPresented == nil && w.visibleScenes == ["a"])
        }
    }

    /// The same without an unwind: the back button, `pop` and `setViewControllers` remove the
    /// controller that presented over its own context, and the presented controller goes with
    /// it, dismissed (`isBeingDismissed`), in the same transition.
    @Test(arguments: ["back", "pop", "set"])
    func aContextPresentationGoesWithItsPoppedPresenter(how: String) throws {
        let w = try launched(unwindStoryboard(), traits: pad)
        _ = try w.run(.performSegue(identifier: "b", controller: nil))
        _ = try w.run(.performSegue(identifier: "over", controller: nil))
        let b = try #require(w.topmostPresented?.presentingStorage)
        let trace: [String]
        switch how {
        case "back": trace = try w.run(.tap(element: "\(w.root.id).back", values: [:]))
        case "pop": trace = try w.run(.pop(navigationController: w.root.id))
        default: trace = try w.run(.setViewControllers(scenes: ["a"], navigationController: w.root.id))
        }
        #expect(trace.contains("o.viewWillDisappear{dismissed}") && trace.contains("o.viewDidDisappear{dismissed}"))
        let lastWill = try #require(trace.lastIndex { $0.contains(".viewWill") })
        let firstDid = try #require(trace.firstIndex { $0.contains(".viewDid") && !$0.contains("Load") })
        #expect(lastWill < firstDid)
        #expect(b.presentedStorage == nil && w.topmostPresented == nil)
        #expect(w.visibleScenes == ["a"])
    }
}

/// Two tabs; the second's navigation controller is a presentation context, and its root presents
/// `mod` over that context; `mod` presents `full` full screen. Both unwind to `home`, in the
/// first tab.
private func contextInAnotherTabStoryboard() -> Storyboard {
    storyboard(initial: "tabs", [
        scene("tabs", .tabBarController) { $0.viewControllers = ["homeNav", "ctxNav"] },
        scene("homeNav", .navigationController) { $0.rootViewController = "home" },
        scene("home") { $0.unwindActions = ["toHome"] },
        scene("ctxNav", .navigationController) {
            $0.rootViewController = "ctxRoot"
            $0.definesPresentationContext = true
        },
        scene("ctxRoot") { $0.segues = [segue("over", .presentation, to: "mod", style: .overCurrentContext)] },
        scene("mod") {
            $0.segues = [segue("full", .presentation, to: "full", style: .fullScreen), segue("back", .unwind, action: "toHome")]
        },
        scene("full") { $0.segues = [segue("back", .unwind, action: "toHome")] },
    ])
}

@Suite struct UnwindOutOfAnotherTabTests {
    /// The unwind releases its source: a controller presented over a context in another tab is
    /// dismissed (`isBeingDismissed`) in the unwind's transition, and the tab shows its own root
    /// when selected again.
    @Test func aContextPresentationInAnotherTabIsDismissedByTheUnwind() throws {
        let w = try launched(contextInAnotherTabStoryboard())
        _ = try w.run(.selectTab(index: 1, controller: nil))
        _ = try w.run(.performSegue(identifier: "over", controller: nil))
        #expect(w.visibleScenes == ["ctxRoot", "mod"])
        let trace = try w.run(.performSegue(identifier: "back", controller: nil))
        #expect(trace.contains("mod.viewWillDisappear{dismissed}") && trace.contains("mod.viewDidDisappear{dismissed}"))
        #expect(trace.contains("home.viewDidAppear"))
        #expect(w.topmostPresented == nil && w.visibleScenes == ["home"])
        #expect(w.canonicalURL == "/ui/tabs@0(homeNav(home),ctxNav(ctxRoot))")
        _ = try w.run(.selectTab(index: 1, controller: nil))
        #expect(w.visibleScenes == ["ctxRoot"])
    }

    /// Unwinding from a full-screen controller presented by that one dismisses both: nothing
    /// the source was presented from survives to cover the window again.
    @Test func aChainStartedInAnotherTabIsDismissedWhole() throws {
        let w = try launched(contextInAnotherTabStoryboard())
        _ = try w.run(.selectTab(index: 1, controller: nil))
        _ = try w.run(.performSegue(identifier: "over", controller: nil))
        _ = try w.run(.performSegue(identifier: "full", controller: nil))
        #expect(w.visibleScenes == ["full"])
        let trace = try w.run(.performSegue(identifier: "back", controller: nil))
        #expect(trace.contains("full.viewWillDisappear{dismissed}"))
        #expect(w.topmostPresented == nil && w.visibleScenes == ["home"])
        #expect(w.canonicalURL == "/ui/tabs@0(homeNav(home),ctxNav(ctxRoot))")
        _ = try w.run(.selectTab(index: 1, controller: nil))
        #expect(w.visibleScenes == ["ctxRoot"])
    }
}

@Suite struct DefaultDismissTests {
    /// The default `dismiss` takes what is on screen: a controller presented over the context of
    /// a tab that is not selected stays, and the call warns that nothing is presented.
    @Test func theDefaultDismissLeavesAPresentationInAnUnselectedTab() throws {
        let w = try launched(contextInAnotherTabStoryboard())
        _ = try w.run(.selectTab(index: 1, controller: nil))
        _ = try w.run(.performSegue(identifier: "over", controller: nil))
        _ = try w.run(.selectTab(index: 0, controller: nil))
        let outcome = try w.perform(.dismiss(controller: nil))
        #expect(outcome.events.isEmpty)
        #expect(outcome.warnings == ["dismiss: nothing is presented"])
        _ = try w.run(.selectTab(index: 1, controller: nil))
        #expect(w.visibleScenes == ["ctxRoot", "mod"])
        // Selected again, it is in reach.
        _ = try w.run(.dismiss(controller: nil))
        #expect(w.visibleScenes == ["ctxRoot"])
    }
}
