import Testing
@testable import SegueCore

/// A popover from a bar button item leaves that bar usable (passthrough).
@Suite struct PopoverPassthroughTests {
    @Test func aPopoverFromABarButtonKeepsThatBarUsable() throws {
        let w = try launched(unwindStoryboard(), traits: Traits(width: 1024, height: 768))
        _ = try w.run(.tap(element: "pick", values: [:]))
        #expect(w.topmostPresented?.presentedStyle == .popover)
        let ids = w.elements.map(\.id)
        #expect(ids.contains("pick") && ids.contains("next"))
        #expect(!ids.contains("aButton"))   // the content under the popover stays covered
        #expect(ids.contains { $0.hasSuffix(".outside") })
        // A passthrough item works while the popover shows.
        let push = try w.run(.tap(element: "next", values: [:]))
        #expect(push.contains("b.viewDidAppear{movingTo}"))
    }
}
