import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML

/// The navigation item's search bar on a page: a field of its own form (Enter posts the text
/// and taps nothing), Cancel posting its element while there is text, the rows that match, and
/// "No Results" when none does.
@Suite struct NavigationSearchPageTests {
    static let flow = """
    era: modern
    initialViewController: nav
    scenes:
      nav: {kind: navigationController, rootViewController: list}
      list:
        kind: tableViewController
        title: Fruit
        navigationItem: {searchController: {placeholder: Search Fruit}}
        view:
          - table:
              sections:
                - rows:
                    - {id: apple, text: Apple, segue: open}
                    - {id: pear, text: Pear, detail: Orchard, segue: open}
        segues:
          open: {kind: show, destination: other}
      other: {title: Other}
    """

    func page(search text: String? = nil) throws -> String {
        let storyboard = try FlowFileLoader.parse(Self.flow, fileName: "test.yaml", format: .yaml)
        let window = Window(id: "s1", storyboard: storyboard, traits: .phonePortrait)
        try window.launch()
        if let text { _ = try window.perform(.setValues(["c2.search": .text(text)])) }
        return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    @Test func theFieldBelongsToItsOwnFormWhoseFirstButtonTapsNothing() throws {
        let html = try page()
        let bar = try #require(html.firstRange(of: "<div class=\"search-bar nav-search\"")).lowerBound
        let markup = String(html[bar...].prefix(900))
        #expect(markup.contains("<button type=\"submit\" class=\"search-submit\" hidden tabindex=\"-1\" aria-hidden=\"true\" name=\"element\" value=\"\" form=\"search-form-c2.search\">"))
        #expect(markup.contains("form=\"search-form-c2.search\" name=\"field.c2.search\" data-element=\"c2.search\" value=\"\" placeholder=\"Search Fruit\""))
        // No text: Cancel (shown while the field has focus) only ends the editing.
        #expect(markup.contains("class=\"search-cancel\" name=\"element\" form=\"search-form-c2.search\" value=\"\">Cancel</button>"))
        #expect(html.contains("<form class=\"search-form\" method=\"post\" hidden id=\"search-form-c2.search\" action=\"/tap\"><input type=\"hidden\" name=\"csrf\" value=\"t\">"))
        #expect(html.contains("data-element=\"apple\"") && html.contains("data-element=\"pear\""))
    }

    @Test func textFiltersTheRowsAndCancelIsItsElement() throws {
        let html = try page(search: "orch")
        #expect(html.contains("<div class=\"search-bar nav-search has-text\""))
        #expect(html.contains("value=\"c2.search.cancel\" data-element=\"c2.search.cancel\">Cancel</button>"))
        #expect(html.contains("data-element=\"pear\"") && !html.contains("data-element=\"apple\""))
        #expect(!html.contains("No Results"))
    }

    @Test func nothingMatchingSaysNoResults() throws {
        let html = try page(search: "kiwi")
        #expect(html.contains("<div class=\"search-no-results\" role=\"status\"><p class=\"search-no-results-title\">No Results</p>"))
        #expect(!html.contains("data-element=\"pear\""))
    }
}
