import SegueCore
import Testing
@testable import SegueHTML

/// A tab bar item with an image and no title shows the image alone, as UIKit draws it: no
/// "Tab N" caption under it. Its element keeps a name (the image's, as an image-only bar button
/// item's), and the page names it for assistive technology in words.
@Suite struct ImageOnlyTabTests {
    func window() throws -> Window {
        var tabs = Scene(id: "tabs", kind: .tabBarController)
        tabs.viewControllers = ["home", "search", "plain"]
        var home = Scene(id: "home")
        home.tabBarItem = TabBarItemSpec()
        home.tabBarItem?.image = "icnHome"
        var search = Scene(id: "search")
        search.tabBarItem = TabBarItemSpec(title: "")
        search.tabBarItem?.image = "search-tab"
        var plain = Scene(id: "plain")
        plain.tabBarItem = TabBarItemSpec(title: "Plain")
        plain.tabBarItem?.image = "plain"
        let window = Window(id: "w", storyboard: Storyboard(name: "tabs", initialViewController: "tabs", scenes: [tabs, home, search, plain]))
        try window.launch()
        return window
    }

    @Test func anImageOnlyTabIsNamedForItsImage() throws {
        let window = try window()
        let tabs = window.elements.filter { $0.role == .tab }
        #expect(tabs.map(\.title) == ["icnHome", "search-tab", "Plain"])
        guard case .tabs(let pane)? = window.screen().layers.first?.pane else {
            Issue.record("no tab pane")
            return
        }
        #expect(pane.items.map(\.isImageOnly) == [true, true, false])
    }

    @Test func itsPageShowsTheImageWithoutACaption() throws {
        let html = String(decoding: PageRenderer.render(try window().screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(!html.contains("Tab 1") && !html.contains(">icnHome<") && !html.contains(">search-tab<"))
        #expect(html.contains(#"aria-label="Icn home""#) && html.contains(#"aria-label="Search tab""#))
        #expect(html.contains(#"<span class="tab-title">Plain</span>"#))
        #expect(html.components(separatedBy: #"class="tab-title""#).count == 2)
    }
}
