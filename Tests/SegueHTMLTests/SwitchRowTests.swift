import Foundation
import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML
import SeguePageURL

/// Settings rows: `accessory: switch` rows are switches a tap anywhere on the row toggles; custom
/// rows hold controls; elements report the values their controls hold.
@Suite struct SwitchRowTests {
    static let flow = """
    initialViewController: settings
    scenes:
      settings:
        kind: tableViewController
        title: Settings
        restorationIdentifier: settings
        view:
          - table:
              style: insetGrouped
              rows:
                - {id: wifi, text: Wi-Fi, detail: Home, style: value1, accessory: switch, isOn: true}
                - {id: bluetooth, text: Bluetooth, accessory: switch}
                - views:
                    - segmentedControl: {id: period, segments: [Day, Week], value: 1}
                - {id: name, text: Name, views: [{textField: {id: nameField, text: iPhone}}]}
    """

    func window() throws -> Window {
        let storyboard = try FlowFileLoader.parse(Self.flow, fileName: "settings.yaml", format: .yaml)
        let window = Window(id: "s1", storyboard: storyboard, traits: .phonePortrait)
        try window.launch()
        return window
    }

    func html(_ window: Window) -> String {
        String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    @Test func aSwitchRowIsOneSwitchElementATapOnTheRowToggles() throws {
        let w = try window()
        let wifi = try #require(w.elements.first { $0.id == "wifi" })
        #expect(wifi.role == .switch && wifi.title == "Wi-Fi" && wifi.isOn == true)
        #expect(w.elements.first { $0.id == "bluetooth" }?.isOn == false)
        // The first tap turns the declared state over, the second turns it back.
        _ = try w.perform(.tap(element: "wifi", values: [:]))
        #expect(w.elements.first { $0.id == "wifi" }?.isOn == false)
        _ = try w.perform(.tap(element: "wifi", values: [:]))
        #expect(w.elements.first { $0.id == "wifi" }?.isOn == true)
        // The state is part of the URL: the same screen comes back from it.
        _ = try w.perform(.tap(element: "bluetooth", values: [:]))
        let restored = Window(id: "s2", storyboard: w.storyboard, traits: .phonePortrait)
        try restored.restore(try #require(HierarchyPath.parse(w.canonicalURL)))
        #expect(restored.elements.first { $0.id == "bluetooth" }?.isOn == true)
    }

    @Test func theRowIsALabelAroundTheSwitchSoATapAnywhereOnItToggles() throws {
        let page = html(try window())
        let row = try #require(page.range(of: #"<label class="cell cell-switch is-tappable cell-value1">"#))
        let rest = page[row.upperBound...]
        let end = try #require(rest.range(of: "</label>"))
        let inside = String(rest[..<end.lowerBound])
        #expect(inside.contains(#"<span class="cell-text">Wi-Fi</span>"#) && inside.contains(#"<span class="cell-detail">Home</span>"#))
        #expect(inside.contains(#"name="element" value="wifi""#) && inside.contains(#"aria-checked="true""#))
        #expect(inside.contains(#"data-control="value""#))
    }

    @Test func elementsReportTheValuesTheirControlsHold() throws {
        let w = try window()
        let byID = Dictionary(uniqueKeysWithValues: w.elements.map { ($0.id, $0) })
        #expect(byID["period"]?.selectedSegmentIndex == 1 && byID["period"]?.role == .segmentedControl)
        #expect(byID["nameField"]?.text == "iPhone")
        _ = try w.perform(.setValues(["period": .text("0"), "nameField": .text("Pad")]))
        let after = Dictionary(uniqueKeysWithValues: w.elements.map { ($0.id, $0) })
        #expect(after["period"]?.selectedSegmentIndex == 0 && after["nameField"]?.text == "Pad")
        #expect(after["period"]?.isOn == nil && after["wifi"]?.value == nil)
    }

    @Test func isOnWithoutASwitchAccessoryIsAnError() {
        let flow = Self.flow.replacingOccurrences(of: "{id: bluetooth, text: Bluetooth, accessory: switch}", with: "{id: bluetooth, text: Bluetooth, isOn: true}")
        #expect(throws: FlowFileError.self) { try FlowFileLoader.parse(flow, fileName: "settings.yaml", format: .yaml) }
    }
}

/// A storyboard-like custom cell holding a label and a switch: the cell is a `label` around the
/// switch, so a tap on the row toggles it; a cell with other controls too stays a `div`.
@Suite struct CustomCellSwitchTests {
    @Test func aCellWhoseOneControlIsASwitchIsALabel() throws {
        var row = TableRow(id: nil, text: nil)
        row.style = .custom
        var toggle = ViewNode(.switch, id: "cellSwitch")
        toggle.isOn = true
        row.content = [ViewNode(.label, text: "Wi-Fi"), toggle]
        var scene = Scene(id: "s")
        var table = ViewNode(.table)
        var other = row
        other.content.append(ViewNode(.textField, id: "name"))
        table.sections = [TableSection(rows: [row, other])]
        scene.view = [table]
        let window = Window(id: "w", storyboard: Storyboard(name: "t", initialViewController: "s", scenes: [scene]), traits: .phonePortrait)
        try window.launch()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        let label = try #require(html.range(of: "<label class=\"cell cell-custom\">"))
        let end = try #require(html[label.upperBound...].range(of: "</label>"))
        #expect(html[label.upperBound..<end.lowerBound].contains("value=\"cellSwitch\""))
        #expect(html.components(separatedBy: "<label class=\"cell").count == 2)
    }
}
