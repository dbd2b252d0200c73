import Testing
import SegueCore
@testable import SegueHTML

/// A child controller the parent's code adds is drawn inside the view left for it (an
/// unembedded container view, else a large empty view), and views with nothing in them are
/// drawn as UIKit draws them: their background, never a wireframe box.
@Suite struct CodeChildrenTests {
    func framed(_ kind: ViewNode.Kind, _ id: String, _ frame: Rect, text: String? = nil) -> ViewNode {
        var n = ViewNode(kind, text: text)
        n.frame = frame
        n.layout = ViewLayout(xmlID: id)
        return n
    }

    /// A parent whose view holds `nodes`; its code embeds the scene `child`.
    func render(_ nodes: [ViewNode]) throws -> String {
        var parent = Scene(id: "parent")
        parent.title = "Parent"
        parent.className = "ParentViewController"
        parent.view = nodes
        var embed = SegueSpec(id: "code:Parent.m:9", kind: .embed, destination: "child")
        embed.codeSource = "Parent.m:9"
        parent.segues = [embed]
        var child = Scene(id: "child")
        child.view = [framed(.label, "child-label", Rect(x: 16, y: 16, width: 200, height: 21), text: "Child content")]
        let board = Storyboard(name: "t", initialViewController: "parent", scenes: [parent, child])
        let window = Window(id: "w", storyboard: board, traits: .phonePortrait)
        try window.launch()
        return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "x")), as: UTF8.self)
    }

    @Test func aChildAddedInCodeFillsTheContainerViewLeftForIt() throws {
        let html = try render([
            framed(.label, "heading", Rect(x: 16, y: 10, width: 300, height: 21), text: "Heading"),
            framed(.container, "slot", Rect(x: 0, y: 40, width: 375, height: 500)),
        ])
        let slot = try #require(html.range(of: "<div class=\"container container-code\">"))
        let content = try #require(html.range(of: ">Child content<"))
        #expect(slot.lowerBound < content.lowerBound)
        #expect(!html.contains("Container View"))
        #expect(html.components(separatedBy: "data-embed=\"code:Parent.m:9\"").count == 2)
    }

    @Test func elseTheLargestEmptyViewHostsIt() throws {
        let html = try render([
            framed(.view, "line", Rect(x: 0, y: 600, width: 375, height: 1)),
            framed(.view, "main", Rect(x: 0, y: 64, width: 375, height: 500)),
        ])
        #expect(html.contains("<div class=\"view container-code\"><div class=\"container container-embed\" data-embed=\"code:Parent.m:9\">"))
        // The hairline is an empty view: drawn as nothing but its background.
        #expect(html.contains("<div class=\"view view-empty\" aria-hidden=\"true\"></div>"))
        #expect(!html.contains("placeholder-view"))
    }

    @Test func withoutRoomTheChildFollowsTheView() throws {
        let html = try render([framed(.view, "dot", Rect(x: 0, y: 0, width: 10, height: 10))])
        #expect(!html.contains("container-code"))
        #expect(html.contains(">Child content<"))
    }

    @Test func anImageViewWhoseImageTheCodeSetsDrawsNothing() throws {
        let html = try render([framed(.image, "photo", Rect(x: 0, y: 0, width: 100, height: 100))])
        #expect(!html.contains("image-placeholder"))
        #expect(html.contains("view-empty"))
    }
}
