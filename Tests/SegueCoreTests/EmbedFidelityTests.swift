import Testing
@testable import SegueCore

/// A controller refusing its embed segue.
final class RefusingHost: ViewController {
    override func shouldPerformSegue(withIdentifier identifier: String, sender: Element?) -> Bool { false }
}

@Suite struct EmbedFidelityTests {
    func board(placed: Bool, hostClass: String? = nil) -> Storyboard {
        storyboard(initial: "host", [
            scene("host") {
                if placed {
                    var container = ViewNode(.container, id: "box")
                    container.embed = "content"
                    $0.view = [ViewNode(.label, text: "Soup"), container]
                }
                $0.className = hostClass
                $0.segues = [SegueSpec(id: "content", kind: .embed, destination: "child")]
            },
            scene("child") { $0.view = [ViewNode(.label, text: "Inside")] },
        ])
    }

    @Test func theChildLoadsInsideTheEmbedBeforeTheHostsViewDidLoad() throws {
        for placed in [true, false] {
            let w = try launched(board(placed: placed))
            #expect(w.trace() == [
                "host.loadView", "host.shouldPerformSegue", "host.prepareForSegue",
                "child.willMoveToParentViewController(host)", "child.loadView", "child.viewDidLoad",
                "child.didMoveToParentViewController(host)", "host.viewDidLoad",
                "host.viewWillAppear", "child.viewWillAppear", "host.viewDidAppear", "child.viewDidAppear",
            ])
            #expect(w.visibleScenes == ["host", "child"])
        }
    }

    @Test func anUnplacedEmbedFillsTheHostsView() throws {
        let w = try launched(board(placed: false))
        let host = w.root!
        #expect(host.view.count == 1 && host.view[0].kind == .container && host.view[0].embed == "content")
        guard case .content(let pane)? = w.screen().layers.first?.pane else { Issue.record("no content pane"); return }
        #expect(pane.children.map(\.embedSegue) == ["content"])
    }

    @Test func aRefusedEmbedLeavesTheContainerEmpty() throws {
        var registry = ControllerRegistry()
        registry.register(RefusingHost.self, as: "RefusingHost")
        let w = try launched(board(placed: true, hostClass: "RefusingHost"), registry: registry)
        #expect(w.trace().prefix(3) == ["host.loadView", "host.shouldPerformSegue", "host.viewDidLoad"])
        #expect(w.root.children.isEmpty && w.visibleScenes == ["host"])
        #expect(!w.trace().contains { $0.contains("prepareForSegue") })
    }
}
