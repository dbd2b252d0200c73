/// Table editing: while a table view controller is editing
/// (`editButtonItem`, `setEditing`), each row shows a delete control and move controls, which
/// work as plain form posts. Rows are not selectable while editing (UIKit's default
/// `allowsSelectionDuringEditing == false`).
///
/// Element ids: `{row}.delete`, `{row}.moveUp`, `{row}.moveDown`, where `{row}` is the row's
/// declared id or `{controller}.row.{section}.{index}`. Deleting or moving changes the
/// controller's loaded view (its table data) and records no event (UIKit sends the data source's
/// `commitEditingStyle`/`moveRowAt`, which are not view controller callbacks). The rows left, in
/// their order, are restorable state (`r.TABLE.SECTION=2.0.3`: indexes of the section's rows as
/// the view loaded), so the URL, browser back and a new session keep the edit.
struct TableEdit {
    enum Operation { case delete, moveUp, moveDown }
    unowned let owner: ViewController
    /// The table's pre-order position in the owner's view tree (1-based, as `ScreenBuilder` counts).
    let table: Int
    let section: Int
    let row: Int
    let operation: Operation

    /// Returns true when the table changed.
    func run() -> Bool {
        guard let rows = owner.tableRows(table: table, section: section), rows.indices.contains(row) else { return false }
        var order = owner.tableRowOrder(table: table, section: section) ?? Array(rows.indices)
        switch operation {
        case .delete: order.remove(at: row)
        case .moveUp: guard row > 0 else { return false }; order.swapAt(row, row - 1)
        case .moveDown: guard row + 1 < order.count else { return false }; order.swapAt(row, row + 1)
        }
        return owner.setTableRowOrder(order, table: table, section: section)
    }
}

/// One table section's rows as the view loaded them and the order of those left now.
struct TableSectionEdit: Equatable {
    let table: Int
    let section: Int
    let original: [TableRow]
    var order: [Int]

    static func == (a: Self, b: Self) -> Bool { a.table == b.table && a.section == b.section && a.order == b.order }
}

extension ViewController {
    /// Visits the `table`-th node of the view (pre-order, 1-based) when it is a table with `section`.
    func withTableSection<R>(table: Int, section: Int, _ body: (inout [TableRow]) -> R) -> R? {
        var counter = 0
        var result: R?
        func visit(_ node: inout ViewNode) {
            guard result == nil else { return }
            counter += 1
            if counter == table {
                if node.kind == .table, node.sections.indices.contains(section) { result = body(&node.sections[section].rows) }
                return
            }
            for i in node.children.indices { visit(&node.children[i]) }
        }
        for i in view.indices { visit(&view[i]) }
        return result
    }

    func tableRows(table: Int, section: Int) -> [TableRow]? { withTableSection(table: table, section: section) { $0 } }

    /// The order of the section's loaded rows now (nil: as loaded).
    func tableRowOrder(table: Int, section: Int) -> [Int]? {
        tableSectionEdits.first { $0.table == table && $0.section == section }?.order
    }

    /// Shows the section's loaded rows in `order` (indexes into them; each at most once). Returns
    /// whether the rows changed; false for an order that does not fit the section.
    @discardableResult
    func setTableRowOrder(_ order: [Int], table: Int, section: Int) -> Bool {
        let at = tableSectionEdits.firstIndex { $0.table == table && $0.section == section }
        guard let original = at.map({ tableSectionEdits[$0].original }) ?? tableRows(table: table, section: section),
              order.allSatisfy(original.indices.contains), Set(order).count == order.count else { return false }
        guard order != (at.map { tableSectionEdits[$0].order } ?? Array(original.indices)) else { return false }
        if let at { tableSectionEdits[at].order = order }
        else { tableSectionEdits.append(TableSectionEdit(table: table, section: section, original: original, order: order)) }
        _ = withTableSection(table: table, section: section) { $0 = order.map { original[$0] } }
        return true
    }

    /// Restorable-state entries for the edited sections: `r.TABLE.SECTION` = indexes joined by
    /// `.` (`-` for none left).
    var tableOrderEntries: [(key: String, value: String)] {
        tableSectionEdits.filter { $0.order != Array($0.original.indices) }
            .sorted { ($0.table, $0.section) < ($1.table, $1.section) }
            .map { ("r.\($0.table).\($0.section)", $0.order.isEmpty ? "-" : $0.order.map(String.init).joined(separator: ".")) }
    }

    /// Applies `r.` entries (a missing section goes back to the loaded order).
    func applyTableOrders(_ orders: [TableOrderKey: [Int]]) {
        for edit in tableSectionEdits where orders[TableOrderKey(table: edit.table, section: edit.section)] == nil {
            setTableRowOrder(Array(edit.original.indices), table: edit.table, section: edit.section)
        }
        for (key, order) in orders.sorted(by: { ($0.key.table, $0.key.section) < ($1.key.table, $1.key.section) }) {
            setTableRowOrder(order, table: key.table, section: key.section)
        }
    }
}

struct TableOrderKey: Hashable {
    let table: Int
    let section: Int

    /// Parses `r.TABLE.SECTION` = `2.0.3` (or `-`).
    static func parse(key: String, value: String) -> (TableOrderKey, [Int])? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "r", let t = Int(parts[1]), let s = Int(parts[2]), t >= 1, s >= 0 else { return nil }
        if value == "-" { return (TableOrderKey(table: t, section: s), []) }
        var order: [Int] = []
        for piece in value.split(separator: ".", omittingEmptySubsequences: false) {
            guard let i = Int(piece), i >= 0 else { return nil }
            order.append(i)
        }
        return (TableOrderKey(table: t, section: s), order)
    }
}

extension ScreenBuilder {
    /// A table view controller's pane while editing: rows are not selectable; each gets its
    /// delete and move controls.
    mutating func editingContentPane(_ c: ViewController) -> ContentPane {
        func withoutTaps(_ node: ViewNode) -> ViewNode {
            var n = node
            if n.kind == .table {
                for s in n.sections.indices {
                    for r in n.sections[s].rows.indices {
                        n.sections[s].rows[r].tap = nil
                        n.sections[s].rows[r].accessoryTap = nil
                    }
                }
            }
            n.children = n.children.map(withoutTaps)
            return n
        }
        // The edit controls are named after the rows as shown: resolve them even for a list.
        let listing = !resolvesNodes
        resolvesNodes = true
        defer { if listing { resolvesNodes = false } }
        var counter = 0
        let start = elements.count
        editedRowSpans = []
        var nodes = c.view.map { resolve(withoutTaps($0), owner: c, counter: &counter) }
        let rowSpans = editedRowSpans ?? []
        editedRowSpans = nil
        let controlsStart = elements.count
        var rowControls: [Range<Int>] = []
        // Pre-order positions, counted as `resolve` and `TableEdit.run` count them.
        var position = 0
        func addControls(_ node: inout ViewNode, _ b: inout ScreenBuilder) {
            position += 1
            let table = position
            if node.kind == .table {
                for s in node.sections.indices {
                    let count = node.sections[s].rows.count
                    for r in node.sections[s].rows.indices {
                        let before = b.elements.count
                        node.sections[s].rows[r].id = b.registerEditControls(node.sections[s].rows[r], owner: c, table: table,
                                                                             section: s, row: r, count: count)
                        rowControls.append(before..<b.elements.count)
                    }
                }
            }
            for i in node.children.indices { addControls(&node.children[i], &b) }
        }
        for i in nodes.indices { addControls(&nodes[i], &self) }
        interleaveEditControls(contentStart: start, rowSpans: rowSpans, controlsStart: controlsStart, rowControls: rowControls)
        return ContentPane(controllerID: c.id, sceneID: c.sceneID, kind: c.kind,
                           title: c.navigationItem.title ?? c.title, nodes: nodes, isEditing: true)
    }

    /// Puts each row's edit controls where a person reads them: Delete before the row's own
    /// controls (a switch in the cell), the move buttons after. They were registered after the
    /// whole content; rows and controls pair up in order (when they do not, the order stays).
    mutating func interleaveEditControls(contentStart: Int, rowSpans: [Range<Int>], controlsStart: Int, rowControls: [Range<Int>]) {
        guard rowSpans.count == rowControls.count, !rowSpans.isEmpty,
              rowControls.allSatisfy({ $0.lowerBound >= controlsStart }), controlsStart <= elements.count else { return }
        var ordered: [Element] = []
        ordered.reserveCapacity(elements.count - contentStart)
        var cursor = contentStart
        for (span, controls) in zip(rowSpans, rowControls) {
            guard span.lowerBound >= cursor, span.upperBound <= controlsStart else { return }
            ordered += elements[cursor..<span.lowerBound]
            ordered += elements[controls].prefix(1)       // Delete
            ordered += elements[span]
            ordered += elements[controls].dropFirst()     // Move Up, Move Down
            cursor = span.upperBound
        }
        ordered += elements[cursor..<controlsStart]
        ordered += elements[(rowControls.last!.upperBound)...]
        elements.replaceSubrange(contentStart..., with: ordered)
    }

    /// Registers a row's editing controls; returns the row's base id (used by renderers to find
    /// `{row}.delete` and friends).
    mutating func registerEditControls(_ row: TableRow, owner: ViewController, table: Int, section: Int, row index: Int, count: Int) -> String {
        let base = row.id ?? ElementID.row(owner.id, section: section, index: index)
        let name = row.text ?? "Row \(index + 1)"
        func target(_ op: TableEdit.Operation) -> ElementTarget {
            .tableEdit(TableEdit(owner: owner, table: table, section: section, row: index, operation: op))
        }
        _ = register(ElementID.delete(ofRow: base), role: .button, title: "Delete \(name)", controller: owner, target: target(.delete))
        if index > 0 { _ = register(ElementID.moveUp(ofRow: base), role: .button, title: "Move \(name) Up", controller: owner, target: target(.moveUp)) }
        if index + 1 < count { _ = register(ElementID.moveDown(ofRow: base), role: .button, title: "Move \(name) Down", controller: owner, target: target(.moveDown)) }
        return base
    }
}
