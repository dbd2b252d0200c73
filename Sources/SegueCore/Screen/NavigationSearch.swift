/// The search bar a navigation item's `searchController` puts under the title (modern era): its
/// text is a value the top controller keeps (`cN.search`, set by a form post or `setValues`),
/// Cancel (`cN.search.cancel`, listed while there is text) clears it, and while it has text the
/// rows of the tables on that screen are only those whose title or subtitle contains it,
/// ignoring case and diacritics, as a search results controller typically filters them.

/// The search bar as drawn.
public struct NavigationSearch: Sendable, Hashable {
    /// The search field's element (role `textField`).
    public var elementID: String
    public var placeholder: String
    public var text: String
    /// The Cancel button's element, while the field has text (UIKit also shows it while the
    /// field has focus, which only the page knows).
    public var cancelElementID: String?
    /// The text filters tables on the screen and no row matches ("No Results").
    public var findsNothing = false
}

/// What the filtering of one screen found: rows kept, across its tables.
struct SearchFilter {
    let owner: ViewController
    let query: String
    var tables = 0
    var keptRows = 0

    init(owner: ViewController, text: String) {
        self.owner = owner
        self.query = SearchMatch.folded(text)
    }

    /// Whether a row stays: its title or subtitle contains the text.
    func keeps(_ row: TableRow) -> Bool {
        [row.text, row.detail].contains { $0.map { SearchMatch.folded($0).contains(query) } ?? false }
    }
}

/// Text compared ignoring case and diacritics: lowercased, combining marks dropped, and a Latin
/// letter with a mark (é, ñ, ø, ç) taken as its base letter, read from its Unicode name.
public enum SearchMatch {
    public static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark { continue }
            out.append(scalar.value < 0xC0 ? scalar : baseLetter(scalar) ?? scalar)
        }
        return String(out)
    }

    /// `LATIN SMALL LETTER E WITH ACUTE` → `e`; nil for anything else.
    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name, name.hasPrefix("LATIN "),
              let with = name.firstRange(of: " WITH ") else { return nil }
        let letter = name[..<with.lowerBound].split(separator: " ").last ?? ""
        guard letter.count == 1, let base = letter.lowercased().unicodeScalars.first, base.isASCII else { return nil }
        return base
    }
}

extension ScreenBuilder {
    /// Registers the top controller's search field (and its Cancel while it has text) and
    /// starts filtering its tables by the text.
    mutating func beginSearch(on top: ViewController, placeholder: String) -> NavigationSearch {
        let id = ElementID.search(top.id)
        let text = if case .text(let t) = top.values[id] { t } else { "" }
        var field = ViewNode(.searchBar, id: id, text: text)
        field.placeholder = placeholder
        var search = NavigationSearch(elementID: id, placeholder: placeholder, text: text)
        search.elementID = register(id, role: .textField, title: placeholder.isEmpty ? "Search" : placeholder,
                                    controller: top, target: .node(owner: top, node: field), holding: field)
        if !text.isEmpty {
            // A table being edited shows all its rows (its edit controls are made per row).
            if !top.isEditing { searchFilter = SearchFilter(owner: top, text: text) }
            search.cancelElementID = register(ElementID.searchCancel(top.id), role: .button, title: "Cancel",
                                              controller: top, target: .searchCancel(owner: top, field: search.elementID))
        }
        return search
    }

    /// Ends the filtering `beginSearch` started: whether tables were filtered to nothing.
    mutating func endSearch(_ search: inout NavigationSearch) {
        if let filter = searchFilter { search.findsNothing = filter.tables > 0 && filter.keptRows == 0 }
        searchFilter = nil
    }

    /// Whether row `row` of a table `owner` shows, counting it (the search text filters it).
    mutating func showsRow(_ row: TableRow, owner: ViewController) -> Bool {
        guard let filter = searchFilter, filter.owner === owner else { return true }
        let kept = filter.keeps(row)
        if kept { searchFilter?.keptRows += 1 }
        return kept
    }

    /// Notes a table of `owner` (so an empty result says "No Results").
    mutating func noteTable(owner: ViewController) {
        if let filter = searchFilter, filter.owner === owner { searchFilter?.tables += 1 }
    }
}

extension ViewNode {
    /// A table without the rows the search text filters out, and without the sections that
    /// leaves empty. The rows kept keep their element ids (made from their place in the flow).
    mutating func hideRows(_ hidden: [(section: Int, row: Int)]) {
        guard !hidden.isEmpty else { return }
        let emptied = Set(hidden.map(\.section))
        for (s, r) in hidden.reversed() where sections.indices.contains(s) && sections[s].rows.indices.contains(r) {
            sections[s].rows.remove(at: r)
        }
        sections = sections.enumerated().filter { !(emptied.contains($0.offset) && $0.element.rows.isEmpty) }.map(\.element)
    }
}
