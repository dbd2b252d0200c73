import Foundation
import SegueCore
import SegueFlowFiles
import SegueHTML
import Testing

/// Page chrome of presentations and containers: sheets, popovers, alerts, the curl, split columns, pages, containers.
@Suite struct PresentationPageTests {
    static let flow = """
    initialViewController: split
    scenes:
      split: {kind: splitViewController, masterViewController: listNav, detailViewController: detailNav}
      listNav: {kind: navigationController, rootViewController: list}
      list:
        title: Mailboxes
        navigationItem:
          rightBarButtonItems: [{id: filters, title: Filters, segue: filters}]
        view:
          - button: {id: curlButton, text: Curl, segue: curl}
          - button: {id: ask, text: Ask, alert: {title: Sure?, message: Really, textFields: [{id: why, placeholder: Why}], actions: [{title: OK}, {title: No, style: cancel}]}}
        segues:
          filters: {kind: popoverPresentation, destination: filter}
          curl: {kind: presentation, destination: filter, modalPresentationStyle: fullScreen, modalTransitionStyle: partialCurl}
      filter: {title: Filter}
      detailNav: {kind: navigationController, rootViewController: recipe}
      recipe:
        title: Recipe
        view:
          - label: Soup
          - container: {id: box, embed: content}
        segues:
          content: {kind: embed, destination: ingredients}
      ingredients:
        title: Ingredients
        view: [{label: Carrots}]
      book: {kind: pageViewController, pages: [p1, p2, p3], transitionStyle: scroll}
      p1: {view: [{label: One}]}
      p2: {view: [{label: Two}]}
      p3: {view: [{label: Three}]}
    """

    func window(_ traits: Traits) throws -> Window {
        let board = try FlowFileLoader.parse(Self.flow, fileName: "t.yaml", format: .yaml)
        let w = Window(id: "s", storyboard: board, traits: traits)
        try w.launch()
        return w
    }

    func html(_ w: Window) -> String {
        String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    @Test func popoverHasAnArrowAnAnchorAndAnOutsideButton() throws {
        let w = try window(Traits(width: 1180, height: 820))
        _ = try w.perform(.tap(element: "filters", values: [:]))
        let page = html(w)
        #expect(page.contains("class=\"layer layer-popover"))
        #expect(page.contains("data-anchor=\"filters\""))
        // The anchor's bar stays usable under the popover (passthrough): the item is live, and
        // the script finds it by its element id to point the arrow.
        #expect(page.contains("data-element=\"filters\"") && page.contains("data-passthrough=\"top\""))
        #expect(page.contains("popover-arrow"))
        let outside = try #require(w.screen().layers.last?.dismissElementID)
        #expect(page.contains("class=\"popover-outside\"") && page.contains("data-element=\"\(outside)\""))
        // Every element appears once, live.
        for element in w.elements { #expect(page.components(separatedBy: "data-element=\"\(element.id)\"").count == 2) }
    }

    /// A popover from a bar button item leaves that bar usable (UIKit's passthrough views): the
    /// bar's items stay live buttons in the layer beneath, and the outside-tap area stops at it.
    @Test func aPopoverFromABarButtonKeepsThatBarLive() throws {
        let flow = """
        initialViewController: nav
        scenes:
          nav: {kind: navigationController, rootViewController: a, toolbarHidden: false}
          a:
            title: A
            navigationItem:
              rightBarButtonItems: [{id: pick, title: Pick, segue: pick}, {id: next, title: Next, segue: b}]
            toolbarItems: [{id: share, title: Share, segue: share}, {id: trash, title: Trash, segue: b}]
            view: [{button: {id: goB, title: Go, segue: b}}]
            segues:
              b: {kind: show, destination: b}
              pick: {kind: popoverPresentation, destination: picker}
              share: {kind: popoverPresentation, destination: picker}
          b: {title: B}
          picker: {title: Picker}
        """
        let board = try FlowFileLoader.parse(flow, fileName: "t.yaml", format: .yaml)
        for (anchor, sameBar, otherBar, position) in [("pick", "next", "trash", "top"), ("share", "trash", "next", "bottom")] {
            let w = Window(id: "s", storyboard: board, traits: Traits(width: 1180, height: 820))
            try w.launch()
            _ = try w.perform(.tap(element: anchor, values: [:]))
            let page = html(w)
            #expect(page.contains("data-passthrough=\"\(position)\""))
            #expect(page.contains("data-element=\"\(sameBar)\""))   // live, under the popover
            #expect(page.contains("data-element=\"\(anchor)\""))
            #expect(!page.contains("data-element=\"\(otherBar)\"") && !page.contains("data-element=\"goB\""))
            for element in w.elements { #expect(page.components(separatedBy: "data-element=\"\(element.id)\"").count == 2) }
        }
    }

    @Test func popoversFromContentPointAtTheirInertAnchor() throws {
        // A popover presented by a content button's segue points at the (inert) button.
        var board = try FlowFileLoader.parse(Self.flow.replacingOccurrences(of: "segue: curl}", with: "segue: filters}"),
                                             fileName: "t.yaml", format: .yaml)
        board.initialViewController = "split"
        let pad = Window(id: "s", storyboard: board, traits: Traits(width: 1180, height: 820))
        try pad.launch()
        _ = try pad.perform(.tap(element: "curlButton", values: [:]))
        let page = html(pad)
        #expect(page.contains("data-anchor=\"curlButton\"") && page.contains("data-item=\"curlButton\""))
    }

    @Test func splitOverlayAndCollapsedStackHaveTheirButtons() throws {
        let w = try window(Traits(width: 820, height: 1180))
        var page = html(w)
        #expect(page.contains("split-primaryHidden"))
        let show = try #require(w.elements.first { $0.title == "Mailboxes" })
        #expect(page.contains("data-element=\"\(show.id)\""))
        _ = try w.perform(.tap(element: show.id, values: [:]))
        page = html(w)
        #expect(page.contains("is-primary-overlay") && page.contains("class=\"split-dimming\""))
        let phone = try window(.phonePortrait)
        page = html(phone)
        #expect(page.contains("is-collapsed") && page.contains("bar-back"))
    }

    @Test func embeddedChildrenAreDrawnInTheirContainerView() throws {
        let w = try window(Traits(width: 1180, height: 820))
        let page = html(w)
        let container = try #require(page.range(of: "data-embed=\"content\""))
        let carrots = try #require(page.range(of: "Carrots"))
        #expect(container.lowerBound < carrots.lowerBound)
    }

    @Test func alertsAreDialogsAndTheCurlDismisses() throws {
        let w = try window(.phonePortrait)
        _ = try w.perform(.tap(element: try #require(w.elements.first { $0.role == .backButton }).id, values: [:]))
        _ = try w.perform(.tap(element: "ask", values: [:]))
        var page = html(w)
        #expect(page.contains("role=\"alertdialog\"") && page.contains("name=\"field.why\"") && page.contains("action-cancel"))
        _ = try w.perform(.dismiss(controller: nil))
        _ = try w.perform(.tap(element: "curlButton", values: [:]))
        page = html(w)
        #expect(page.contains("class=\"page-curl\"") && page.contains("class=\"page-curl-button\""))
        #expect(page.contains("data-transition=\"partialCurl\""))
    }

    @Test func scrollPagesShowDotsAndWorkingLinks() throws {
        let board = try FlowFileLoader.parse(Self.flow.replacingOccurrences(of: "initialViewController: split", with: "initialViewController: book"),
                                             fileName: "t.yaml", format: .yaml)
        let w = Window(id: "s", storyboard: board)
        try w.launch()
        let page = html(w)
        #expect(page.components(separatedBy: "class=\"page-dot\"").count == 3)
        #expect(page.components(separatedBy: "class=\"page-dot is-current\"").count == 2)
        #expect(page.contains("page-next") && !page.contains("page-previous"))
    }

    @Test func stylesheetPartsAndScriptExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let css = try String(contentsOf: root.appendingPathComponent("Public/styles/05-motion.css"), encoding: .utf8)
        #expect(css.contains("prefers-reduced-motion") && css.contains("@view-transition"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Public/viewport.js").path))
        let js = try String(contentsOf: root.appendingPathComponent("Public/segue.js"), encoding: .utf8)
        #expect(js.contains("/traits") && js.contains("csrf"))
    }
}
