import Testing
@testable import SegueCore

/// Wiring read from code onto a scene's rows: a step taken for some rows only (a branch on
/// `indexPath.row`) reaches those rows; a step for any row takes the rows still unwired.
@Suite struct SceneWiringTests {
    func menu() -> Scene {
        var table = ViewNode(.table)
        table.sections = [
            TableSection(rows: (0..<3).map { TableRow(text: "Row \($0)") }),
            TableSection(rows: (0..<2).map { TableRow(text: "More \($0)") }),
        ]
        var scene = Scene(id: "menu", kind: .tableViewController)
        scene.view = [table]
        return scene
    }

    func taps(_ scene: Scene) -> [[TapTarget?]] {
        scene.view[0].sections.map { $0.rows.map(\.tap) }
    }

    @Test func eachBranchWiresItsRowsAndTheRestTakeTheDefault() {
        var scene = menu()
        #expect(SceneElements.wireSelection(collection: false, to: .segue("map"), in: &scene, only: RowFilter(rows: [0])) == 2)
        #expect(SceneElements.wireSelection(collection: false, to: .segue("cams"), in: &scene, only: RowFilter(sections: [0], rows: [1, 2])) == 2)
        #expect(SceneElements.wireSelection(collection: false, to: .segue("more"), in: &scene) == 1)
        #expect(taps(scene) == [[.segue("map"), .segue("cams"), .segue("cams")], [.segue("map"), .segue("more")]])
    }

    @Test func filtersNarrow() {
        let both = RowFilter(sections: [1, 2]).narrowed(by: RowFilter(sections: [2], rows: [0]))
        #expect(both == RowFilter(sections: [2], rows: [0]))
        #expect(both.matches(section: 2, row: 0) && !both.matches(section: 1, row: 0) && !both.matches(section: 2, row: 1))
    }
}
