import Testing
@testable import SegueCore

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
