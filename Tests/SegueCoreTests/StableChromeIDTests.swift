import Testing
@testable import SegueCore

/// The ids of chrome a flow cannot name (a navigation controller's back button, the area
/// outside a popover) are made from the scene of their controller, not from its number, so a
/// hierarchy rebuilt from its URL (a live reload, a new session on the same page) keeps them,
/// though its controllers are numbered afresh. The number-based ids still tap.
@Suite struct StableChromeIDTests {
    /// nav[home → detail], home pushes `other` and presents `pickNav[pick → picked]` as a popover.
    static func board() -> Storyboard {
        storyboard(initial: "nav", [
            scene("nav", .navigationController) { $0.rootViewController = "home" },
            scene("home") {
                $0.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "pickButton", title: "Pick", tap: .segue("pick"))]
                var other = ViewNode(.button, id: "otherButton", text: "Other")
                other.tap = .segue("other")
                $0.view = [other]
                $0.segues = [segue("other", .show, to: "other"), segue("pick", .presentation, to: "pickNav", style: .popover)]
            },
            scene("other"),
            scene("pickNav", .navigationController) { $0.rootViewController = "pick" },
            scene("pick") {
                var next = ViewNode(.button, id: "nextButton", text: "Next")
                next.tap = .segue("next")
                $0.view = [next]
                $0.segues = [segue("next", .show, to: "picked")]
            },
            scene("picked"),
        ])
    }

    /// The session as a person left it: `other` pushed and popped (its number is used up), then
    /// the popover opened and pushed.
    static func lived() throws -> Window {
        let w = try launched(board(), traits: .padLandscape)
        _ = try w.run(.tap(element: "otherButton", values: [:]))
        _ = try w.run(.tap(element: "nav.back", values: [:]))
        _ = try w.run(.tap(element: "pickButton", values: [:]))
        _ = try w.run(.tap(element: "nextButton", values: [:]))
        return w
    }

    @Test func aRebuiltHierarchyKeepsItsBackAndOutsideIDs() throws {
        let w = try Self.lived()
        let ids = w.elements.map(\.id)
        #expect(ids.contains("pickNav.back") && ids.contains("pickNav.outside"))
        let path = try #require(w.canonicalURL.split(separator: "/").last.map(String.init))
        let rebuilt = try Window.carryingOver(path: path, to: Self.board(), id: "again", traits: w.traits)
        // The controllers are numbered afresh (the pushed and popped one is not made again) ...
        #expect(controllerID(of: "pickNav", in: rebuilt) != controllerID(of: "pickNav", in: w))
        // ... and the ids a person taps are the same.
        #expect(rebuilt.elements.map(\.id) == ids)
        _ = try rebuilt.run(.tap(element: "pickNav.back", values: [:]))
        #expect(rebuilt.visibleScenes.last == "pick")
        _ = try rebuilt.run(.tap(element: "pickNav.outside", values: [:]))
        #expect(rebuilt.visibleScenes == ["home"])
    }

    @Test func numberBasedIDsStillTap() throws {
        let w = try Self.lived()
        let nav = try #require(controllerID(of: "pickNav", in: w))
        _ = try w.run(.tap(element: "\(nav).back", values: [:]))
        #expect(w.visibleScenes.last == "pick")
        _ = try w.run(.tap(element: "\(nav).outside", values: [:]))
        #expect(w.visibleScenes == ["home"])
    }

    /// The id of the controller showing `sceneID`.
    func controllerID(of sceneID: String, in w: Window) -> String? { w.allControllers.first { $0.sceneID == sceneID }?.id }
}
