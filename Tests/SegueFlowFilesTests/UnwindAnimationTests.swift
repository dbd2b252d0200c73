import SegueCore
import SegueFlowFiles
import Testing

/// An unwind that only pops is animated like a back tap, wherever the destination's stack is: a
/// collapsed split view's one stack, or the More navigation controller.
@Suite struct UnwindAnimationTests {
    func window(_ fixture: String) throws -> Window {
        let board = try FlowFileLoader.load(path: packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)").path)
        let w = Window(id: "unwind", storyboard: board, traits: Traits(width: 390, height: 844))
        try w.launch()
        return w
    }

    func tap(_ w: Window, _ element: String) throws -> [Event] {
        try w.perform(.tap(element: element, values: [:])).events
    }

    func appearance(_ events: [Event]) -> [Event] {
        events.filter { [.viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear].contains($0.event) }
    }

    @Test func aPopOnlyUnwindToTheCollapsedPrimaryIsOneAnimatedTransition() throws {
        let w = try window("collapsed-split.yaml")
        for element in ["c1.back", "sd1"] { _ = try tap(w, element) }
        let events = appearance(try tap(w, "uList"))
        #expect(events.map(\.scene) == ["dNav", "d", "list", "dNav", "d", "list"].map(Optional.some))
        #expect(events.allSatisfy { $0.animated == true })
        // One transition: nothing appears after something has disappeared, and d never comes back.
        #expect(events.filter { $0.scene == "d" }.map(\.event) == [.viewWillDisappear, .viewDidDisappear])
    }

    @Test func aPopOnlyUnwindToATabShownInMoreIsAnimated() throws {
        let w = try window("more-unwind.yaml")
        for element in ["c1.tab.more", "c1.more.4", "goY", "goZ"] { _ = try tap(w, element) }
        let events = appearance(try tap(w, "zX"))
        #expect(events.map(\.scene) == ["z", "x", "z", "x"].map(Optional.some))
        #expect(events.allSatisfy { $0.animated == true })
    }
}
