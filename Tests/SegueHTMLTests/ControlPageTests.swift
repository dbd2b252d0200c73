import Foundation
import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML

/// Controls, the Configure sheet, landmarks and the weight of table pages as rendered.
@Suite struct ControlPageTests {
    static let controls = """
    initialViewController: form
    scenes:
      form:
        title: Controls
        view:
          - searchBar: {id: search, placeholder: Search}
          - textField: {id: to, detail: "To:"}
          - textView: {id: body, placeholder: Message}
          - switch: {id: airplane, text: Airplane Mode}
          - switch: {id: wired, text: Wired, segue: next}
          - slider: {id: volume, value: 0.25}
          - segmentedControl: {id: period, segments: [Day, Week, Month], value: 1}
          - segmentedControl: {id: mode, segments: [A, B], segue: next}
          - stepper: {id: copies, value: 0}
          - picker: {id: fruit, segments: [Apple, Banana, Cherry], value: 2}
          - datePicker: {id: when}
        segues:
          next: {kind: show, destination: other}
      other: {title: Other}
    """

    func page(_ flow: String, traits: Traits = .phonePortrait, _ act: (Window) throws -> Void = { _ in }) throws -> String {
        let storyboard = try FlowFileLoader.parse(flow, fileName: "test.yaml", format: .yaml)
        let window = Window(id: "s1", storyboard: storyboard, traits: traits)
        try window.launch()
        try act(window)
        return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    /// A page control draws its dots, the current one marked, and reads as "Page N of M"; it
    /// is no element (turning pages is the app's code).
    @Test func aPageControlDrawsItsDots() throws {
        let flow = """
        initialViewController: intro
        scenes:
          intro:
            view:
              - pageControl: {id: dots, pages: 4, value: 2}
        """
        let html = try page(flow)
        #expect(html.contains(#"<span class="page-control" role="img" aria-label="Page 3 of 4"><span class="dot"></span><span class="dot"></span><span class="dot current"></span><span class="dot"></span></span>"#))
        let storyboard = try FlowFileLoader.parse(flow, fileName: "test.yaml", format: .yaml)
        let window = Window(id: "s1", storyboard: storyboard)
        try window.launch()
        #expect(window.elements.isEmpty)
    }

    @Test func anAccessoryButtonIsDrawnBesideItsRowNotInsideIt() throws {
        var list = Scene(id: "list", kind: .tableViewController)
        var row = TableRow(id: "both", text: "Beach")
        row.accessory = .detailDisclosureButton
        row.tap = .segue("showMap")
        row.accessoryTap = .segue("showDetails")
        var table = ViewNode(.table)
        table.sections = [TableSection(rows: [row])]
        list.view = [table]
        list.segues = [SegueSpec(id: "showMap", kind: .show, destination: "other"), SegueSpec(id: "showDetails", kind: .show, destination: "other")]
        let board = Storyboard(name: "t", initialViewController: "list", scenes: [list, Scene(id: "other", kind: .viewController)])
        let window = Window(id: "s1", storyboard: board)
        try window.launch()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        let wrapper = try #require(html.firstRange(of: "<div class=\"cell-with-accessory\">"))
        let rest = html[wrapper.upperBound...]
        let rowButton = try #require(rest.firstRange(of: "data-element=\"both\""))
        let rowEnd = try #require(rest.firstRange(of: "</button>"))
        let accessory = try #require(rest.firstRange(of: "data-element=\"both.accessory\""))
        // The row's button closes before the accessory's opens: two sibling buttons.
        #expect(rowButton.lowerBound < rowEnd.lowerBound && rowEnd.upperBound <= accessory.lowerBound)
        #expect(rest.contains("aria-label=\"More Info\""))
    }

    @Test func aTableHeaderViewIsDrawnAboveTheRowsAndAFooterViewBelow() throws {
        var list = Scene(id: "list", kind: .tableViewController)
        var row = TableRow(id: "row", text: "Privacy")
        row.tap = .segue("go")
        var table = ViewNode(.table)
        table.sections = [TableSection(rows: [row])]
        table.children = [ViewNode(.label, text: "Header Text"), ViewNode(.label, text: "Footer Text")]
        table.tableHeaderCount = 1
        list.view = [table]
        list.segues = [SegueSpec(id: "go", kind: .show, destination: "other")]
        let board = Storyboard(name: "t", initialViewController: "list", scenes: [list, Scene(id: "other", kind: .viewController)])
        let window = Window(id: "s1", storyboard: board)
        try window.launch()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        let header = try #require(html.firstRange(of: "Header Text"))
        let rowAt = try #require(html.firstRange(of: "data-element=\"row\""))
        let footer = try #require(html.firstRange(of: "Footer Text"))
        #expect(header.lowerBound < rowAt.lowerBound && rowAt.lowerBound < footer.lowerBound)
    }

    @Test func unwiredValueControlsPostTheirValue() throws {
        let html = try page(Self.controls)
        // Segments and stepper buttons post the control's next value as a form field.
        #expect(html.contains(#"<button type="submit" name="field.period" value="0" class="segment" aria-pressed="false">Day</button>"#))
        #expect(html.contains(#"<button type="submit" name="field.period" value="1" class="segment is-selected" aria-pressed="true">Week</button>"#))
        #expect(html.contains(#"name="field.copies" value="0" disabled class="stepper-minus""#))
        #expect(html.contains(#"name="field.copies" value="1" class="stepper-plus""#))
        #expect(html.contains(#"<output class="stepper-value">0</output>"#))
        // The slider is a live field the script sends on release, its track filled to a quarter.
        #expect(html.contains(#"name="field.volume" data-element="volume" data-control="value" value="0.25" data-fill="25""#))
        // Switches: only the unwired one changes in place.
        #expect(html.contains(#"value="airplane" data-element="airplane" data-control="value" role="switch""#))
        #expect(html.contains(#"value="wired" data-element="wired" role="switch""#))
        // A segmented control wired to a segue taps its element.
        #expect(html.contains(#"<button type="submit" name="element" value="mode" formaction="/tap?segment=1""#))
    }

    @Test func theSessionKeepsWhatTheyWereSetTo() throws {
        let html = try page(Self.controls) { w in
            _ = try w.perform(.setValues(["period": .text("2"), "copies": .text("3"), "volume": .text("1")]))
        }
        #expect(html.contains(#"value="2" class="segment is-selected" aria-pressed="true">Month</button>"#))
        #expect(html.contains(#"<output class="stepper-value">3</output>"#))
        #expect(html.contains(#"value="1" data-fill="100""#))
    }

    @Test func formRowsSearchBarAndWheels() throws {
        let html = try page(Self.controls)
        #expect(html.contains(#"<label class="text-field-row"><span class="text-field-caption">To:</span><input class="text-field" type="text" name="field.to""#))
        #expect(html.contains(#"<div class="search-bar" role="search"><span class="search-icon" aria-hidden="true"></span><input class="search-field" type="search" name="field.search""#))
        #expect(html.contains(#"<button type="button" class="search-cancel">Cancel</button></div>"#))
        #expect(html.contains(#"<span class="picker-row is-chosen">Cherry</span>"#))
        #expect(html.contains(#"role="img" aria-label="Date Picker""#))
        #expect(!html.contains("placeholder-datePicker") && !html.contains("placeholder-picker"))
    }

    @Test func theScreenIsTheMainLandmark() throws {
        let html = try page(Self.controls)
        #expect(html.contains(#"<main class="screen-main"><section class="layer"#))
        #expect(html.contains("</main></form>"))
        #expect(html.contains("/public/controls.js"))
    }

    /// A plain table of 50 rows with disclosure indicators: the markup of one row is at most 300
    /// bytes (the accessory is a class the stylesheet draws, not a picture repeated per row).
    @Test func plainTableRowsAreLight() throws {
        func table(_ rows: Int) -> String {
            var flow = """
            initialViewController: list
            scenes:
              list:
                kind: tableViewController
                title: Inbox
                view:
                  - table:
                      style: plain
                      rows:

            """
            for i in 0..<rows {
                flow += "            - {id: message\(i), text: Message \(i), accessory: disclosureIndicator, segue: open}\n"
            }
            if rows == 0 { flow += "            []\n" }
            flow += """
                segues:
                  open: {kind: show, destination: other}
              other: {title: Other}
            """
            return flow
        }
        let empty = try page(table(0)).utf8.count
        let full = try page(table(50))
        let perRow = Double(full.utf8.count - empty) / 50
        #expect(perRow <= 300, "\(perRow) bytes per row")
        #expect(!full.contains("<svg"))
        #expect(full.components(separatedBy: #"<span class="accessory accessory-disclosureIndicator"></span>"#).count == 51)
    }

    @Test func configureIsAnIconGridWithMoveButtons() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let board = try FlowFileLoader.load(path: url.appendingPathComponent("Examples/music.yaml").path)
        let w = Window(id: "s", storyboard: board, traits: .phonePortrait)
        try w.launch()
        _ = try w.perform(.tap(element: "\(w.root.id).tab.more", values: [:]))
        _ = try w.perform(.tap(element: w.elements.first { $0.title == "Edit" }!.id, values: [:]))
        let html = String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        let tabs = w.root.id
        #expect(html.contains(#"<div class="configure" data-tabs="\#(tabs)" data-bar-count="4"><ul class="configure-grid" aria-label="Tabs">"#))
        #expect(html.components(separatedBy: "<li class=\"configure-tile").count == 10)
        // Playlists is not customizable: no moves; Library has no customizable tab above it.
        #expect(html.contains(#"<li class="configure-tile is-in-bar is-fixed" data-tab-index="0">"#))
        #expect(html.contains(#"<button type="button" class="configure-move" disabled>Move Up</button>"#))
        #expect(html.contains(#"data-element="\#(tabs).more.down.1" class="configure-move" aria-label="Move Down: Library">Move Down</button>"#))
        #expect(html.contains(#"<li class="configure-tile" data-tab-index="8" data-customizable>"#))
    }
}
