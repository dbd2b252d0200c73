import Testing
import SegueCore
@testable import SegueHTML

/// Imported views with Auto Layout constraints are drawn absolutely positioned where their
/// constraints put them at the viewport's size, in reading order; without usable constraints
/// they keep the flow layout.
@Suite struct AutoLayoutRenderingTests {
    func constrained(_ kind: ViewNode.Kind, _ id: String, text: String? = nil, frame: Rect) -> ViewNode {
        var n = ViewNode(kind, id: id, text: text)
        n.frame = frame
        n.layout = ViewLayout(xmlID: id)
        n.layout?.translatesAutoresizingMask = false
        return n
    }

    func pin(_ item: String, _ attribute: String, to other: String, _ otherAttribute: String, _ constant: Double = 0) -> LayoutConstraintSpec {
        LayoutConstraintSpec(firstItem: item, firstAttribute: attribute, secondItem: other, secondAttribute: otherAttribute, constant: constant)
    }

    func render(_ nodes: [ViewNode], host: ViewLayout, traits: Traits = .phonePortrait) throws -> String {
        var nodes = nodes
        nodes[0].layout?.host = [host]
        var scene = Scene(id: "s")
        scene.title = "S"
        scene.view = nodes
        let window = Window(id: "w", storyboard: Storyboard(name: "t", initialViewController: "s", scenes: [scene]), traits: traits)
        try window.launch()
        return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "x")), as: UTF8.self)
    }

    func rootHost(_ constraints: [LayoutConstraintSpec]) -> ViewLayout {
        var host = ViewLayout(xmlID: "root")
        host.hostRole = .rootView
        host.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        host.constraints = constraints
        return host
    }

    @Test func aPinnedMapFillsTheContainer() throws {
        let map = constrained(.map, "map", frame: Rect(x: 0, y: 0, width: 375, height: 100))
        let host = rootHost([
            pin("map", "top", to: "root", "top"), pin("map", "bottom", to: "root", "bottom"),
            pin("map", "leading", to: "root", "leading"), pin("map", "trailing", to: "root", "trailing"),
        ])
        let html = try render([map], host: host)
        // 390 × (844 − 91): height 193 % of the width.
        #expect(html.contains("<div class=\"ib-layout ib-ar193\"><div class=\"ib-abs ib-x0 ib-y0 ib-w200 ib-h200 ib-z0 ib-abs-map\">"))
        #expect(!html.contains("ib-row"))
    }

    @Test func domOrderIsReadingOrderOfTheSolvedFrames() throws {
        // In the document "Second" comes first, but its constraints put it below "First".
        let second = constrained(.label, "second", text: "Second", frame: Rect(x: 20, y: 10, width: 80, height: 21))
        let first = constrained(.label, "first", text: "First", frame: Rect(x: 20, y: 80, width: 80, height: 21))
        let host = rootHost([
            pin("first", "top", to: "root", "top", 20), pin("first", "leading", to: "root", "leading", 20),
            pin("second", "top", to: "first", "bottom", 20), pin("second", "leading", to: "first", "leading"),
        ])
        let html = try render([second, first], host: host)
        let a = try #require(html.range(of: ">First<")), b = try #require(html.range(of: ">Second<"))
        #expect(a.lowerBound < b.lowerBound)
        // Both at x = 20 of 390: step round(20 / 390 × 200) = 10.
        #expect(html.components(separatedBy: "ib-abs ib-x10 ").count == 3)
        #expect(html.contains("ib-one-line"))
    }

    @Test func aLabelsTextLiesInItsBoxAsItsAlignmentSays() throws {
        var title = constrained(.label, "title", text: "Welcome", frame: Rect(x: 16, y: 20, width: 343, height: 25))
        title.alignment = "center"
        var note = constrained(.label, "note", text: "Note", frame: Rect(x: 16, y: 60, width: 343, height: 21))
        note.alignment = "trailing"
        let plain = constrained(.label, "plain", text: "Plain", frame: Rect(x: 16, y: 100, width: 343, height: 21))
        let host = rootHost(["title", "note", "plain"].flatMap { id in
            [pin(id, "leading", to: "root", "leading", 16), pin("root", "trailing", to: id, "trailing", 16)]
        } + [pin("title", "top", to: "root", "top", 20), pin("note", "top", to: "root", "top", 60), pin("plain", "top", to: "root", "top", 100)])
        let html = try render([title, note, plain], host: host)
        #expect(html.contains("ib-abs-label ib-one-line ib-center\"><p class=\"label label-body\">Welcome</p>"))
        #expect(html.contains("ib-abs-label ib-one-line ib-trailing\"><p class=\"label label-body\">Note</p>"))
        #expect(html.contains("ib-abs-label ib-one-line\"><p class=\"label label-body\">Plain</p>"))
    }

    @Test func aStacksArrangedSubviewsKeepTheirDocumentFrames() throws {
        // A 100 × 20 stack of two 20 × 20 images, 80 apart: drawn where the stack put them,
        // as shares of the stack, not at a default icon size.
        var stack = constrained(.stack, "stack", frame: Rect(x: 20, y: 20, width: 100, height: 20))
        stack.axis = .horizontal
        var first = ViewNode(.image, id: "down")
        first.image = "down"
        first.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        first.layout = ViewLayout(xmlID: "down")
        var second = ViewNode(.image, id: "more")
        second.image = "more"
        second.frame = Rect(x: 80, y: 0, width: 20, height: 20)
        second.layout = ViewLayout(xmlID: "more")
        stack.children = [first, second]
        let host = rootHost([pin("stack", "top", to: "root", "top", 20), pin("stack", "leading", to: "root", "leading", 20)])
        let html = try render([stack], host: host)
        #expect(html.contains("<div class=\"stack stack-horizontal ib-arranged\"><div class=\"ib-abs ib-x0 ib-y0 ib-w40 ib-h200 ib-z0 ib-abs-image\">"))
        #expect(html.contains("<div class=\"ib-abs ib-x160 ib-y0 ib-w40 ib-h200 ib-z1 ib-abs-image\">"))
        #expect(!html.contains("ib-image-s"))
    }

    @Test func contradictionsKeepTheFlowLayout() throws {
        var box = constrained(.label, "box", text: "Box", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        box.layout?.constraints = [
            LayoutConstraintSpec(firstItem: nil, firstAttribute: "width", constant: 100),
            LayoutConstraintSpec(firstItem: nil, firstAttribute: "width", constant: 200),
        ]
        let html = try render([box], host: rootHost([]))
        #expect(!html.contains("ib-layout"))
        #expect(html.contains(">Box<"))
    }

    @Test func theLayoutFollowsTheViewportWidth() throws {
        let button = constrained(.button, "go", text: "Go", frame: Rect(x: 300, y: 20, width: 55, height: 30))
        let host = rootHost([pin("root", "trailing", to: "go", "trailing", 20), pin("go", "top", to: "root", "top", 20)])
        let phone = try render([button], host: host)
        let pad = try render([button], host: host, traits: Traits(width: 1180, height: 820))
        // Its right edge 20 pt from the trailing edge: further right (in percent) on the wider viewport.
        func x(_ html: String) -> Int? {
            guard let r = html.range(of: "ib-abs ib-x") else { return nil }
            return Int(html[r.upperBound...].prefix { $0.isNumber })
        }
        let px = try #require(x(phone)), ppad = try #require(x(pad))
        #expect(ppad > px)
    }
}
