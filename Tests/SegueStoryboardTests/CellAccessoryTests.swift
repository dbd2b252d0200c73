import Testing
import SegueCore
@testable import SegueStoryboard

/// A cell's accessory button and its `trigger="accessoryAction"` segue.
@Suite struct CellAccessoryTests {
    static let xml = ImportedTextTests.xml

    @Test func anAccessorySegueBelongsToTheAccessoryButtonNotToTheRow() throws {
        let board = try importString(Self.xml)
        let rows = try #require(board["list"]?.view.first?.sections.first?.rows)
        #expect(rows[0].tap == nil && rows[0].accessoryTap == .segue("showDetails"))
        #expect(rows[1].tap == .segue("showMap") && rows[1].accessoryTap == .segue("showDetails2"))
        let w = Window(id: "w", storyboard: board)
        try w.launch()
        #expect(w.elements.map(\.id) == ["info.accessory", "both", "both.accessory"])
        #expect(w.elements.first?.title == "More Info: Harbour")
        #expect(w.manualSegues.isEmpty)
        // The row selects its own segue; the info button runs the accessory one.
        _ = try w.perform(.tap(element: "both", values: [:]))
        #expect(w.frontmostController?.sceneID == "map")
        let w2 = Window(id: "w2", storyboard: board)
        try w2.launch()
        let tap = try w2.perform(.tap(element: "info.accessory", values: [:]))
        #expect(tap.events.contains { $0.event == .prepareForSegue && $0.segue == "showDetails" })
        #expect(w2.frontmostController?.sceneID == "details")
        #expect(throws: ActionError.self) { try w2.perform(.tap(element: "info", values: [:])) }
    }
}
