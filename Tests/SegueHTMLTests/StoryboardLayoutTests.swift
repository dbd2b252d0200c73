import Foundation
import Testing
import SegueCore
@testable import SegueHTML

/// The flow layout of imported storyboard views (`ContentStoryboardViews.swift`).
@Suite struct StoryboardLayoutTests {
    func framed(_ kind: ViewNode.Kind, _ text: String?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                id: String? = nil, image: String? = nil, alignment: String? = nil) -> ViewNode {
        var n = ViewNode(kind, id: id, text: text)
        n.frame = Rect(x: x, y: y, width: w, height: h)
        n.image = image
        n.alignment = alignment
        return n
    }

    func render(_ nodes: [ViewNode], segues: [SegueSpec] = []) throws -> String {
        var scene = Scene(id: "s")
        scene.title = "S"
        scene.view = nodes
        scene.segues = segues
        var other = Scene(id: "t")
        other.title = "T"
        let window = Window(id: "w", storyboard: Storyboard(name: "t", initialViewController: "s", scenes: [scene, other]))
        try window.launch()
        return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "x")), as: UTF8.self)
    }

    @Test func siblingsAreDrawnInReadingOrderByFrameNotDocumentOrder() throws {
        let html = try render([
            framed(.label, "Bottom", 20, 400, 280, 21),
            framed(.label, "Top", 20, 20, 280, 21),
            framed(.label, "Middle", 20, 200, 280, 21),
        ])
        let top = try #require(html.range(of: "Top")), middle = try #require(html.range(of: "Middle")), bottom = try #require(html.range(of: "Bottom"))
        #expect(top.lowerBound < middle.lowerBound && middle.lowerBound < bottom.lowerBound)
    }

    @Test func sideBySideViewsShareARowAndLayeredOnesDoNot() throws {
        let layout = try #require(IBFlowLayout.layout([
            framed(.label, "Wi-Fi", 20, 100, 100, 21),
            framed(.switch, nil, 251, 95, 51, 31),
            framed(.textView, "Log", 20, 200, 280, 140),
            framed(.button, "Over", 66, 300, 188, 40),   // layered over the text view
        ]))
        #expect(layout.lines.map { $0.nodes.map { $0.text ?? "switch" } } == [["Wi-Fi", "switch"], ["Log"], ["Over"]])
        #expect(layout.lines[0].isSpread)
        #expect(layout.lines[2].alignment == .center)
        let html = try render([framed(.label, "Wi-Fi", 20, 100, 100, 21), framed(.switch, "x", 251, 95, 51, 31, id: "sw")])
        #expect(html.contains("<div class=\"ib-row ib-row-spread\">"))
    }

    @Test func aCellsValueSitsAtTheTrailingEdgeAsInIB() throws {
        let nodes = [framed(.label, "Fire Button Animation", 20, 10, 266, 24), framed(.label, "Animation", 306, 14, 71, 16)]
        let layout = try #require(IBFlowLayout.layout(nodes))
        #expect(layout.lines.count == 1 && !layout.lines[0].isSpread)
        #expect(IBFlowLayout.growingIndex(layout.lines[0], in: layout) == 0)
        let html = try render(nodes)
        #expect(html.contains("<div class=\"ib-row\"><div class=\"ib-grow\"><p class=\"label label-body\">Fire Button Animation</p></div>"))
    }

    @Test func alignmentComesFromNarrowFramesOrTheContentsOwnAlignment() throws {
        let layout = try #require(IBFlowLayout.layout([
            framed(.label, "Centred", 110, 20, 100, 21),
            framed(.label, "Trailing", 220, 60, 80, 21),
            framed(.button, "Wide", 20, 100, 280, 30, alignment: "center"),
            framed(.label, "Plain", 20, 140, 280, 21),
        ]))
        #expect(layout.lines.map(\.alignment) == [.center, .trailing, .center, .leading])
    }

    @Test func imagesAreSizedFromTheirFramesAndBackgroundsAreDrawn() throws {
        let html = try render([
            framed(.image, nil, 0, 0, 320, 504, image: "Background4"),
            framed(.image, nil, 20, 20, 40, 40, image: "icon"),
            framed(.button, nil, 120, 20, 78, 78, id: "go", image: "FeatureBPM"),
            framed(.label, "Caption", 20, 120, 100, 21),
        ])
        #expect(html.contains("class=\"ib-image ib-image-s\""))
        // A background image is drawn (here: missing, a neutral glyph), never named as text.
        #expect(html.contains("class=\"ib-background ib-image"))
        #expect(!html.contains("Background4<"))
        #expect(!html.contains("data-image=\"Background4\""))
        // An image-only button is drawn as its image (no tap wired here: inert).
        #expect(html.contains("data-image=\"FeatureBPM\""))
    }

    @Test func flowFileViewsWithoutFramesKeepTheirOrder() throws {
        #expect(IBFlowLayout.layout([ViewNode(.label, text: "B"), ViewNode(.label, text: "A")]) == nil)
        let html = try render([ViewNode(.label, text: "Second-first"), ViewNode(.label, text: "First-second")])
        #expect(try #require(html.range(of: "Second-first")).lowerBound < (try #require(html.range(of: "First-second"))).lowerBound)
    }
}
