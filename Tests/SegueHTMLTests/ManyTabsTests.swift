import SegueCore
import Testing
@testable import SegueHTML
import SeguePageURL

/// A tab bar of 10,000 tabs launches, renders, and selects a tab deep in More. Every question
/// about the bar (how many tabs, whether More shows, which tab it shows) is asked per tab while
/// a page and its URL are built, so each must take constant time: were any linear again, this
/// test alone would run for minutes.
@Suite struct ManyTabsTests {
    @Test func tenThousandTabsServeTheirPage() throws {
        let count = 10_000
        var tabs = Scene(id: "tabs", kind: .tabBarController)
        tabs.viewControllers = (0..<count).map { "t\($0)" }
        var scenes = [tabs]
        for i in 0..<count {
            var tab = Scene(id: "t\(i)")
            tab.title = "T\(i)"
            tab.tabBarItem = TabBarItemSpec(title: "T\(i)")
            scenes.append(tab)
        }
        let window = Window(id: "w", storyboard: Storyboard(name: "many", initialViewController: "tabs", scenes: scenes))
        try window.launch()
        let bar = try #require(window.root as? TabBarController)
        #expect(bar.viewControllers.count == count)
        #expect(bar.showsMore && bar.barTabCount == 4)
        var html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(html.contains(">T0<"))
        _ = try window.perform(.selectTab(index: count - 1, controller: nil))
        #expect(bar.tabShownInMore?.sceneID == "t\(count - 1)")
        html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(html.contains("T\(count - 1)"))
        #expect(window.restorationURL.hasSuffix(",t\(count - 1))"))
        #expect(window.canonicalURL == "/ui/tabs")  // too large to name within the URL budget
    }
}
