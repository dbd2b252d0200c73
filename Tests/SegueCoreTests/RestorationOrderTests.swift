import Testing
@testable import SegueCore
import SeguePageURL

/// Restoration loads every needed view parent first before any controller decodes.
@Suite struct RestorationOrderTests {
    func restorable() -> Storyboard {
        var board = storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["nav", "other"] },
            scene("nav", .navigationController) { $0.rootViewController = "list" },
            scene("list") { $0.segues = [segue("open", .show, to: "host")] },
            scene("host") {
                var container = ViewNode(.container, id: "box")
                container.embed = "content"
                $0.view = [container]
                $0.segues = [SegueSpec(id: "content", kind: .embed, destination: "child")]
            },
            scene("child"), scene("other"),
        ])
        for id in board.sceneOrder { board.scenes[id]?.restorationIdentifier = id }
        return board
    }

    @Test func restorationLoadsEveryViewParentFirstBeforeDecoding() throws {
        let w = Window(id: "r", storyboard: restorable())
        try w.restore(try #require(HierarchyPath.parse("/ui/tabs(nav(list,host(child)),other)")))
        let trace = w.trace()
        let loads = trace.filter { $0.hasSuffix(".viewDidLoad") }
        // Parent first down each chain: the stack's root before the host pushed above it, the
        // host before the child its container view embeds.
        #expect(loads == ["tabs.viewDidLoad", "nav.viewDidLoad", "list.viewDidLoad", "host.viewDidLoad", "child.viewDidLoad", "other.viewDidLoad"])
        // The embed segue still runs as the host's view loads: the child joins it then.
        let joins = try #require(trace.firstIndex(of: "child.didMoveToParentViewController(host)"))
        #expect(joins < (trace.firstIndex(of: "host.viewDidLoad") ?? 0))
        let lastLoad = try #require(trace.lastIndex { $0.hasSuffix(".viewDidLoad") })
        let firstDecode = try #require(trace.firstIndex { $0.hasSuffix(".decodeRestorableState") })
        #expect(lastLoad < firstDecode)
        #expect(w.visibleScenes == ["host", "child"])
    }
}
