import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML

/// The markup the motion stylesheet and the page script read: what changed (on `<html>`), the
/// view-transition names of layers and navigation parts, and what stays off the device screen.
@Suite struct MotionMarkupTests {
    static let flow = """
    initialViewController: nav
    scenes:
      nav: {kind: navigationController, rootViewController: list}
      list:
        title: Inbox
        navigationItem:
          rightBarButtonItems: [{id: compose, systemItem: compose, segue: compose}]
        view:
          - button: {id: open, title: Open, segue: open}
          - button: {id: flip, title: Flip, segue: flip}
        segues:
          open: {kind: show, destination: detail}
          compose: {kind: presentation, destination: composeNav, modalPresentationStyle: formSheet}
          flip: {kind: presentation, destination: about, modalPresentationStyle: fullScreen, modalTransitionStyle: flipHorizontal}
      detail: {title: Detail}
      about: {title: About}
      composeNav: {kind: navigationController, rootViewController: compose}
      compose:
        title: New
        navigationItem:
          leftBarButtonItems: [{id: cancel, systemItem: cancel, action: dismiss}]
    """

    func window(traits: Traits = .phonePortrait) throws -> Window {
        let window = Window(id: "s1", storyboard: try FlowFileLoader.parse(Self.flow, fileName: "motion.yaml", format: .yaml), traits: traits)
        try window.launch()
        return window
    }

    func page(_ window: Window) -> String {
        String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    func htmlTag(_ page: String) -> String {
        String(page[page.range(of: "<html")!.lowerBound..<page.range(of: "<head>")!.lowerBound])
    }

    @Test func aFreshPageNamesNoChangeButNamesItsParts() throws {
        let w = try window()
        let html = page(w)
        #expect(!htmlTag(html).contains("data-change"))
        #expect(htmlTag(html).contains(#"data-viewport="390x844""#))
        let nav = try #require(w.root?.id)
        #expect(html.contains(#"data-vt="layer-0""#))
        for part in ["body", "title", "leading", "trailing"] { #expect(html.contains(#"data-vt="\#(nav)-\#(part)""#)) }
        #expect(!html.contains("is-changing"))
    }

    @Test func aPushMarksTheNavigationControllerThatMoved() throws {
        let w = try window()
        _ = try w.perform(.tap(element: "open", values: [:]))
        let html = page(w)
        #expect(htmlTag(html).contains(#"data-change="push""#))
        #expect(html.contains(#"class="pane pane-navigation is-changing" data-controller="\#(w.root!.id)""#))
        _ = try w.perform(.pop(navigationController: nil))
        #expect(htmlTag(page(w)).contains(#"data-change="pop""#))
    }

    @Test func presentationsNameTheirTransitionAndEveryLayer() throws {
        let w = try window()
        _ = try w.perform(.tap(element: "flip", values: [:]))
        var html = page(w)
        #expect(htmlTag(html).contains(#"data-change="present" data-change-transition="flipHorizontal""#))
        // Named by depth: the full-screen layer hides the root's, and stays layer-1 all the same.
        #expect(html.contains(#"data-vt="layer-1""#) && !html.contains(#"data-vt="layer-0""#))
        // The presenting navigation controller is not the one that changed.
        #expect(!html.contains("is-changing"))
        _ = try w.perform(.dismiss(controller: nil))
        html = page(w)
        #expect(htmlTag(html).contains(#"data-change="dismiss" data-change-transition="flipHorizontal""#))
    }

    @Test func aSheetDimsItsPresenterWithANamedDimmingAndItsCancelIsMarked() throws {
        let w = try window(traits: .padLandscape)
        _ = try w.perform(.tap(element: "compose", values: [:]))
        let html = page(w)
        #expect(html.contains(#"class="dimming" aria-hidden="true" data-vt="dimming-0""#))
        // Esc on a hardware keyboard taps it (segue.js).
        #expect(html.contains(#"data-element="cancel" class="bar-button is-cancel""#))
    }

    @Test func aTabSwitchIsNamedSoItStaysInstant() throws {
        let flow = """
        initialViewController: tabs
        scenes:
          tabs: {kind: tabBarController, viewControllers: [a, b]}
          a: {title: A}
          b: {title: B}
        """
        let w = Window(id: "s1", storyboard: try FlowFileLoader.parse(flow, fileName: "tabs.yaml", format: .yaml))
        try w.launch()
        _ = try w.perform(.selectTab(index: 1, controller: nil))
        #expect(htmlTag(page(w)).contains(#"data-change="selectTab""#))
    }

    @Test func noOpWarningsStayOffTheDeviceScreen() throws {
        let w = try window()
        let outcome = try w.perform(.pop(navigationController: nil))
        #expect(outcome.warnings.count == 1)
        let html = page(w)
        #expect(!html.contains("warning"))
        #expect(!htmlTag(html).contains("data-change"))
    }

    @Test func theDeveloperPanelListsTheWarnings() throws {
        var info = DevPanel.Info(sessionID: "s1", csrfToken: "t", url: "/ui/nav(list)", traits: .phonePortrait, version: 1,
                                 hierarchy: "nav", manualSegues: [], sceneTitles: [:], events: [], lastSeq: 0)
        #expect(!String(decoding: DevPanel.render(info, fragment: true, assetsPath: "/public"), as: UTF8.self).contains("dev-warning"))
        info.warnings = ["pop at the root <does nothing>"]
        let panel = String(decoding: DevPanel.render(info, fragment: true, assetsPath: "/public"), as: UTF8.self)
        #expect(panel.contains(#"<li class="dev-warning">pop at the root &lt;does nothing&gt;</li>"#))
    }

    @Test func theViewportScriptBlocksAndThePageScriptIsDeferred() throws {
        let html = page(try window())
        let head = String(html[..<html.range(of: "</head>")!.lowerBound])
        #expect(head.contains(#"<script src="/public/viewport.js"></script>"#))
        #expect(head.contains(#"<script defer src="/public/segue.js"></script>"#))
        // A view transition captures the new page once the whole screen is parsed.
        #expect(head.contains(##"<link rel="expect" href="#segue-end" blocking="render">"##))
        #expect(html.contains(#"</form><span id="segue-end" hidden></span>"#))
    }
}
