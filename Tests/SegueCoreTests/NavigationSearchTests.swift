import Testing
@testable import SegueCore

/// The search bar of a navigation item's search controller (modern era): its text is kept by
/// the top controller, filters the screen's table rows by title or subtitle (ignoring case and
/// diacritics), says when nothing matches, and Cancel clears it.
@Suite struct NavigationSearchTests {
    func searchable(era: UIKitEra = .modern) -> Storyboard {
        var board = storyboard(initial: "nav", [
            scene("nav", .navigationController) { $0.rootViewController = "list" },
            scene("list", .tableViewController, title: "Cities") {
                $0.navigationItem.searchBarPlaceholder = "Search Cities"
                var detailRow = TableRow(id: "rome", text: "Rome", detail: "Lazio")
                detailRow.tap = .segue("open")
                var table = ViewNode(.table)
                table.sections = [
                    TableSection(header: "Europe", rows: [TableRow(id: "zurich", text: "Zürich"), detailRow, TableRow(id: "cafe", text: "Café Crème")]),
                    TableSection(header: "Asia", rows: [TableRow(id: "kyoto", text: "Kyoto", detail: "Kansai")]),
                ]
                $0.view = [table]
                $0.segues = [segue("open", .show, to: "detail")]
            },
            scene("detail"),
        ])
        board.era = era
        return board
    }

    func rows(_ w: Window) throws -> [String] {
        let screen = w.screen()
        guard case .navigation(let nav) = screen.layers.first?.pane, case .content(let content) = nav.top else { return [] }
        let table = try #require(content.nodes.first)
        return table.sections.flatMap { $0.rows.compactMap(\.text) }
    }

    func search(_ w: Window) throws -> NavigationSearch {
        guard case .navigation(let nav) = w.screen().layers.first?.pane else { throw ActionError(.invalidRequest, "no navigation") }
        return try #require(nav.bar?.search)
    }

    @Test func theSearchFieldIsAnElementHoldingItsText() throws {
        let w = try launched(searchable())
        let field = try #require(w.elements.first { $0.id == "c2.search" })
        #expect(field.role == .textField && field.title == "Search Cities" && field.text == "")
        #expect(!w.elements.contains { $0.id == "c2.search.cancel" })
        _ = try w.run(.setValues(["c2.search": .text("ro")]))
        #expect(w.elements.first { $0.id == "c2.search" }?.text == "ro")
        #expect(w.elements.contains { $0.id == "c2.search.cancel" && $0.title == "Cancel" })
    }

    @Test func rowsAreFilteredByTitleOrSubtitleIgnoringCaseAndDiacritics() throws {
        let w = try launched(searchable())
        #expect(try rows(w) == ["Zürich", "Rome", "Café Crème", "Kyoto"])
        _ = try w.run(.setValues(["c2.search": .text("ZURI")]))
        #expect(try rows(w) == ["Zürich"])
        _ = try w.run(.setValues(["c2.search": .text("cafe cre")]))
        #expect(try rows(w) == ["Café Crème"])
        _ = try w.run(.setValues(["c2.search": .text("kansai")]))
        #expect(try rows(w) == ["Kyoto"])
        // The rows kept keep their ids and still work.
        _ = try w.run(.setValues(["c2.search": .text("lazio")]))
        #expect(try w.elements.contains { $0.id == "rome" } && !search(w).findsNothing)
        _ = try w.run(.tap(element: "rome", values: [:]))
        #expect(w.visibleScenes == ["detail"])
        // Back on the list, its search is still there.
        _ = try w.run(.tap(element: "c1.back", values: [:]))
        #expect(try search(w).text == "lazio" && rows(w) == ["Rome"])
    }

    @Test func nothingMatchingSaysNoResults() throws {
        let w = try launched(searchable())
        _ = try w.run(.setValues(["c2.search": .text("Lisbon")]))
        #expect(try rows(w).isEmpty && search(w).findsNothing)
        #expect(!w.elements.contains { $0.role == .row })
    }

    @Test func cancelClearsTheText() throws {
        let w = try launched(searchable())
        _ = try w.run(.setValues(["c2.search": .text("ky")]))
        #expect(try rows(w) == ["Kyoto"])
        _ = try w.run(.tap(element: "c2.search.cancel", values: [:]))
        #expect(try search(w).text == "" && rows(w).count == 4)
        #expect(!w.elements.contains { $0.id == "c2.search.cancel" })
    }

    @Test func cancelIgnoresTheTextSentWithIt() throws {
        let w = try launched(searchable())
        _ = try w.run(.setValues(["c2.search": .text("ky")]))
        // A form sends the field with Cancel: emptied by the person first, it still cancels.
        _ = try w.run(.tap(element: "c2.search.cancel", values: ["c2.search": .text("")]))
        #expect(try search(w).text == "" && rows(w).count == 4)
    }

    @Test func theIOS7EraHasNoSearchBar() throws {
        let w = try launched(searchable(era: .ios7))
        #expect(!w.elements.contains { $0.id == "c2.search" })
    }

    @Test func foldingIgnoresCaseAndMarks() {
        #expect(SearchMatch.folded("ÉCOLE Ñandú Øre") == "ecole nandu ore")
        // Already decomposed: e + combining acute.
        #expect(SearchMatch.folded("Cafe\u{301}") == "cafe")
        #expect(SearchMatch.folded("東京") == "東京")
    }
}
