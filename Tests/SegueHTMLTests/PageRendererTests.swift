import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML

/// Renders real windows (built from small flow files) and checks the page: chrome, escaping,
/// forms that work without JavaScript, and the data attributes scripts and tests rely on.
@Suite struct PageRendererTests {
    static let flow = """
    initialViewController: nav
    scenes:
      nav: {kind: navigationController, rootViewController: list}
      list:
        kind: tableViewController
        title: "Mail <&> \\"Quotes\\""
        unwindActions: [sent]
        navigationItem:
          backBarButtonItem: Back to list
          rightBarButtonItems: [{id: compose, systemItem: compose, segue: compose}, {id: done, systemItem: done, action: dismiss}]
        toolbarHidden: false
        toolbarItems:
          - {id: refresh, systemItem: refresh}
          - {systemItem: flexibleSpace}
          - {id: status, title: Updated, enabled: false}
        view:
          - table:
              style: insetGrouped
              sections:
                - header: "<script>alert(1)</script>"
                  rows:
                    - {id: row1, text: Anna, detail: Lunch, style: subtitle, accessory: disclosureIndicator, segue: open}
        segues:
          open: {kind: show, destination: detail}
          compose: {kind: presentation, destination: composeNav, modalPresentationStyle: formSheet}
      detail:
        title: A very long title for a detail screen
        navigationItem: {prompt: Pick one}
        view:
          - switch: {id: flag, text: Enabled, isOn: true}
          - textField: {id: name, placeholder: "Name \\"here\\""}
      composeNav: {kind: navigationController, rootViewController: compose}
      compose:
        title: New
        navigationItem:
          leftBarButtonItems: [{id: cancel, systemItem: cancel, action: dismiss}]
          rightBarButtonItems: [{id: send, title: Send, style: done, segue: sent}]
        segues:
          sent: {kind: unwind, action: sent}
    """

    func window(traits: Traits = .phonePortrait) throws -> Window {
        let storyboard = try FlowFileLoader.parse(Self.flow, fileName: "test.yaml", format: .yaml)
        let window = Window(id: "s1", storyboard: storyboard, traits: traits)
        try window.launch()
        return window
    }

    func page(_ window: Window, csrf: String = "tok\"en") -> String {
        String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: csrf)), as: UTF8.self)
    }

    @Test func imagesWithABundledGlyphDrawItAndOthersAreNeutralGlyphs() throws {
        let flow = """
        initialViewController: tabs
        scenes:
          tabs: {kind: tabBarController, viewControllers: [nav, other]}
          nav: {kind: navigationController, rootViewController: home, tabBarItem: {title: Home, image: star.fill}}
          home:
            navigationItem:
              rightBarButtonItems: [{id: add, image: plus, segue: go}, {id: logo, image: brand-logo.png, segue: go}]
            segues: {go: {kind: show, destination: other}}
          other: {title: Other, tabBarItem: {title: Other, image: custom-tab}}
        """
        let w = Window(id: "s1", storyboard: try FlowFileLoader.parse(flow, fileName: "icons.yaml", format: .yaml))
        try w.launch()
        let html = page(w)
        #expect(html.contains(#"<img class="art bar-icon" src="/public/icons/add.svg" alt="Plus""#))
        #expect(html.contains(#"<img class="art tab-glyph" src="/public/icons/favorites.svg""#))
        // No glyph for it: a neutral glyph named in words, never the file name as text.
        #expect(html.contains(#"art-missing bar-icon" role="img" aria-label="Brand logo""#))
        #expect(!html.contains(">brand-logo.png<"))
        #expect(html.contains(#"tab-glyph-generic" aria-hidden="true" data-image="custom-tab""#))
    }

    @Test func customActionsWithoutAClassAreInertAndCaptionsShow() throws {
        let flow = """
        initialViewController: nav
        scenes:
          nav: {kind: navigationController, rootViewController: card}
          card:
            class: CardController
            navigationItem: {rightBarButtonItems: [{id: flip, title: Flip, action: flip}]}
            view:
              - image: {image: photo, text: Sunrise at the beach}
              - button: {id: spin, title: Spin, action: spin}
              - button: {id: close, title: Close, action: dismiss}
        """
        let w = Window(id: "s1", storyboard: try FlowFileLoader.parse(flow, fileName: "card.yaml", format: .yaml))
        try w.launch()
        // CardController is not registered: nothing could handle flip or spin.
        #expect(w.elements.map { "\($0.id):\($0.enabled)" } == ["flip:false", "spin:false", "close:true"])
        let html = page(w)
        #expect(html.contains(#"data-element="flip" disabled"#) && html.contains(#"data-element="spin" disabled"#))
        #expect(html.contains(#"aria-label="Sunrise at the beach""#) && html.contains(#"<span class="image-caption">Sunrise at the beach</span>"#))
        let tap = try w.perform(.tap(element: "spin", values: [:]))
        #expect(tap.events.isEmpty && tap.warnings.count == 1)
    }

    @Test func documentCarriesSessionVersionAndOneCSRFForm() throws {
        let html = page(try window())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("data-session=\"s1\""))
        #expect(html.contains("data-version=\"0\""))
        #expect(html.contains("<form class=\"screen\" method=\"post\" action=\"/tap\">"))
        // The token is escaped like any attribute value.
        #expect(html.contains("name=\"csrf\" value=\"tok&quot;en\""))
        #expect(html.contains("name=\"url\" value=\"/ui/nav(list)\""))
        #expect(html.contains("href=\"/public/segue.css\""))
    }

    @Test func everythingRenderedIsEscaped() throws {
        let html = page(try window())
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Mail &lt;&amp;&gt; &quot;Quotes&quot;") || html.contains("Mail &lt;&amp;&gt; \"Quotes\""))
        #expect(!html.contains("Mail <&>"))
    }

    @Test func barButtonsAreSubmitButtonsWithElementIDsGlyphsAndBoldDone() throws {
        let html = page(try window())
        #expect(html.contains("<button type=\"submit\" name=\"element\" value=\"compose\" data-element=\"compose\""))
        #expect(html.contains("src=\"/public/icons/compose.svg\" alt=\"Compose\""))
        // `done` is a text item, drawn bold.
        #expect(html.range(of: #"data-element="done" class="bar-button is-bold">Done</button>"#) != nil)
        // The toolbar shows the top controller's items; a disabled item is not a live button.
        #expect(html.contains("<div class=\"toolbar\" role=\"toolbar\">"))
        #expect(html.contains("icons/refresh.svg"))
        #expect(html.contains("class=\"bar-space-flexible\""))
        #expect(html.range(of: #"value="status"[^>]*disabled"#, options: .regularExpression) != nil)
        // The root has no back button.
        #expect(!html.contains("bar-back"))
    }

    @Test func pushedScreenHasBackButtonTitledByThePreviousItemAndAPrompt() throws {
        let w = try window()
        _ = try w.perform(.tap(element: "row1", values: [:]))
        let html = page(w)
        // backBarButtonItem of the previous controller wins over its title.
        #expect(html.contains("<span class=\"bar-title\">Back to list</span>"))
        #expect(html.contains("class=\"chevron chevron-left\""))
        #expect(html.contains("data-element=\"c1.back\"") || html.contains("class=\"bar-button bar-back\""))
        #expect(html.contains("class=\"navbar-prompt\">Pick one</p>") || html.contains("Pick one</"))
        // Switch and text field: no-JS controls that post with the form.
        #expect(html.contains("role=\"switch\" aria-checked=\"true\""))
        #expect(html.contains("name=\"field.name\""))
        #expect(html.contains("placeholder=\"Name &quot;here&quot;\""))
        // The content of the previous screen is gone.
        #expect(!html.contains("data-element=\"row1\""))
    }

    @Test func formSheetAtPadWidthDimsThePresenterAndIsADialog() throws {
        let w = try window(traits: Traits(width: 1024, height: 768))
        _ = try w.perform(.tap(element: "compose", values: [:]))
        let html = page(w)
        #expect(html.contains("class=\"dimming\""))
        #expect(html.contains("layer-formSheet"))
        #expect(html.contains("role=\"dialog\" aria-modal=\"true\""))
        // The presenter stays on screen but inert: its row is not a live button.
        #expect(html.contains("is-inert"))
        #expect(!html.contains("data-element=\"row1\""))
        #expect(html.contains("data-element=\"send\""))
    }

    @Test func formSheetAtPhoneWidthCoversTheScreen() throws {
        let w = try window()
        _ = try w.perform(.tap(element: "compose", values: [:]))
        let html = page(w)
        #expect(!html.contains("class=\"dimming\""))
        #expect(!html.contains("data-scene=\"list\""))
        #expect(html.contains("data-scene=\"compose\""))
    }

    @Test func errorPageIsEscapedAndLinksToAFreshStart() {
        let html = String(decoding: PageRenderer.renderError(status: 404, code: "unknown_session", message: "No <session>", assetsPath: "/public"), as: UTF8.self)
        #expect(html.contains("Not Found"))
        #expect(html.contains("No &lt;session&gt;"))
        #expect(html.contains("<code>unknown_session</code>"))
        #expect(html.contains("href=\"/\""))
    }
}
