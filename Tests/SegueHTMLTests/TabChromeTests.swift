import Foundation
import SegueCore
import SegueFlowFiles
@testable import SegueHTML
import Testing

/// The rendered tab bar: items in order, selection, badges, system icons, More, hidden bar,
/// context presentations.
@Suite struct TabChromeTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    func music(_ traits: Traits = .phonePortrait) throws -> Window {
        let board = try FlowFileLoader.load(path: Self.root.appendingPathComponent("Examples/music.yaml").path)
        let w = Window(id: "s", storyboard: board, traits: traits)
        try w.launch()
        return w
    }

    func html(_ w: Window) -> String {
        String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    func tabBar(_ page: String) -> String {
        guard let start = page.range(of: "<nav class=\"tabbar\"") else { return "" }
        let rest = page[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</nav>")?.upperBound ?? rest.endIndex)])
    }

    /// The title of the tab drawn as selected (the one marked `aria-current`), nil when none is.
    func selectedTitle(_ bar: String) -> String? {
        let marked = bar.components(separatedBy: "<").filter { $0.contains("class=\"tab is-selected\"") }
        guard marked.count == 1, marked[0].contains("aria-current=\"page\""),
              let start = bar.range(of: "<" + marked[0]) else { return nil }
        let rest = bar[start.upperBound...]
        guard let title = rest.range(of: "<span class=\"tab-title\">") else { return nil }
        return String(rest[title.upperBound...].prefix { $0 != "<" })
    }

    @Test func itemsInOrderWithSelectionBadgesAndIcons() throws {
        let w = try music()
        let bar = tabBar(html(w))
        let titles = bar.components(separatedBy: "<span class=\"tab-title\">").dropFirst().map { $0.components(separatedBy: "<").first! }
        #expect(titles == ["Playlists", "Library", "Radio", "Search", "More"])
        #expect(bar.components(separatedBy: "aria-current=\"page\"").count == 2)
        #expect(selectedTitle(bar) == "Playlists")
        #expect(bar.contains("<span class=\"badge\">New</span>"))
        #expect(bar.contains("src=\"/public/icons/search.svg\""))
        #expect(bar.contains("src=\"/public/icons/more.svg\""))
        let tabs = w.root!
        #expect(bar.contains("data-element=\"\(tabs.id).tab.more\""))
        // Every system item has its icon file.
        for item in TabBarSystemItem.allCases {
            let path = Self.root.appendingPathComponent("Public/icons/\(item.rawValue).svg").path
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            #expect(svg.hasPrefix("<svg") && svg.contains("viewBox=\"0 0 28 28\""), "\(item.rawValue)")
        }
    }

    @Test func moreListBackButtonAndConfigure() throws {
        let w = try music()
        let tabs = try #require(w.root as? TabBarController)
        _ = try w.perform(.selectTab(index: 9, controller: nil))
        var page = html(w)
        #expect(page.contains(#/<h1 class="navbar-title"[^>]*>More</h1>/#))
        #expect(page.contains("data-element=\"\(tabs.id).more.4\""))
        #expect(page.contains("data-element=\"\(tabs.id).more.edit\""))
        #expect(selectedTitle(tabBar(page)) == "More")
        _ = try w.perform(.tap(element: "\(tabs.id).more.6", values: [:]))
        page = html(w)
        #expect(page.contains(#/<h1 class="navbar-title"[^>]*>Downloads</h1>/#))
        #expect(page.contains("data-element=\"\(tabs.id).more.back\""))
        #expect(page.contains("<span class=\"bar-title\">More</span>"))
        _ = try w.perform(.tap(element: "\(tabs.id).more.back", values: [:]))
        _ = try w.perform(.tap(element: "\(tabs.id).more.edit", values: [:]))
        page = html(w)
        #expect(page.contains(#/<h1 class="navbar-title"[^>]*>Configure</h1>/#))
        #expect(page.contains("data-element=\"\(tabs.id).more.done\""))
        #expect(!page.contains("data-element=\"\(tabs.id).tab.0\""))     // the bar waits for Done
    }

    @Test func hiddenBarAndToolbar() throws {
        let w = try music()
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        _ = try w.perform(.tap(element: "artistA", values: [:]))
        var page = html(w)
        #expect(page.contains("<div class=\"toolbar\" role=\"toolbar\">"))
        #expect(page.contains("data-element=\"shuffle\""))
        _ = try w.perform(.tap(element: "track1", values: [:]))
        page = html(w)
        #expect(!page.contains("<nav class=\"tabbar\""))
        #expect(page.contains("pane-tabs is-bar-hidden"))
    }

    @Test func currentContextIsDrawnInsideItsAreaAndTheBarStaysLive() throws {
        let w = try music(Traits(width: 1024, height: 768))
        _ = try w.perform(.tap(element: "roadTrip", values: [:]))
        let page = html(w)
        let context = w.root!.children[0].id
        #expect(page.contains("<div class=\"context-area\" data-controller=\"\(context)\">"))
        #expect(page.contains("layer layer-currentContext"))
        // The tab bar comes after the context and its buttons are live.
        let bar = tabBar(page)
        #expect(bar.contains("<button type=\"submit\" name=\"element\""))
        #expect(page.range(of: "context-area")!.lowerBound < page.range(of: "<nav class=\"tabbar\"")!.lowerBound)
    }

    @Test func overCurrentContextDrawsOverTheContextWhoseControlsAreInert() throws {
        let w = try music()
        _ = try w.perform(.present(scene: "nowPlaying", style: .overCurrentContext, transitionStyle: nil, controller: nil))
        let page = html(w)
        #expect(page.contains("<div class=\"context-area has-over\""))
        #expect(!page.contains("data-element=\"roadTrip\""))
        #expect(page.contains("data-element=\"closePlayer\""))
        #expect(tabBar(page).contains("<button type=\"submit\""))
    }
}

@Suite struct TableEditingChromeTests {
    @Test func editingRowsHaveLiveDeleteAndMoveButtons() throws {
        let board = try FlowFileLoader.load(path: TabChromeTests.root.appendingPathComponent("Examples/music.yaml").path)
        let w = Window(id: "s", storyboard: board)
        try w.launch()
        _ = try w.perform(.tap(element: "editPlaylists", values: [:]))
        let page = String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(page.contains("data-element=\"roadTrip.delete\""))
        #expect(page.contains("data-element=\"focus.moveUp\""))
        #expect(page.contains("class=\"table table-plain is-editing\"") || page.contains("is-editing"))
        #expect(!page.contains("data-element=\"roadTrip\""))
        // No button inside a button.
        for chunk in page.components(separatedBy: "<button").dropFirst() {
            let inner = chunk.components(separatedBy: "</button>").first ?? ""
            #expect(!inner.contains("<button"))
        }
        #expect(page.contains(">Done<"))
    }
}
