import SegueCore
import SegueFlowFiles
import Testing

/// Embed segues in flow files: placed by a `container` element or not.
@Suite struct EmbedFlowTests {
    @Test func anEmbedSegueWithoutAContainerEmbedsItsChildFillingTheView() throws {
        let board = try #require(load("""
        initialViewController: host
        scenes:
          host:
            title: Host
            segues:
              content: {kind: embed, destination: child}
          child:
            view:
              - label: Inside
        """))
        let w = Window(id: "t", storyboard: board)
        try w.launch()
        let host = try #require(w.root)
        #expect(host.children.map(\.sceneID) == ["child"])
        #expect(host.view.map(\.kind) == [.container] && host.view.first?.embed == "content")
        #expect(w.visibleContentControllers.map(\.sceneID) == ["host", "child"])
        let names = w.log.events(after: 0).map { "\($0.scene ?? "").\($0.event.rawValue)" }
        let childLoad = try #require(names.firstIndex(of: "child.viewDidLoad"))
        let hostLoad = try #require(names.firstIndex(of: "host.viewDidLoad"))
        #expect(names.contains("host.shouldPerformSegue") && childLoad < hostLoad)
    }
}
