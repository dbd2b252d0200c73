/// Table editing (SEMANTICS §4, Editing): while a table view controller is editing
/// (`editButtonItem`, `setEditing`), each row shows a delete control and move controls, which
/// work as plain form posts. Rows are not selectable while editing (UIKit's default
/// `allowsSelectionDuringEditing == false`).
///
/// Element ids: `{row}.delete`, `{row}.moveUp`, `{row}.moveDown`, where `{row}` is the row's
/// declared id or `{controller}.row.{section}.{index}`. Deleting or moving changes the
/// controller's loaded view (its table data) and records no event (UIKit sends the data source's
/// `commitEditingStyle`/`moveRowAt`, which are not view controller callbacks).
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
        var counter = 0
        var changed = false
        func visit(_ node: inout ViewNode) {
            counter += 1
            if counter == table, node.kind == .table, node.sections.indices.contains(section) {
                var rows = node.sections[section].rows
                guard rows.indices.contains(row) else { return }
                switch operation {
                case .delete: rows.remove(at: row)
                case .moveUp: guard row > 0 else { return }; rows.swapAt(row, row - 1)
                case .moveDown: guard row + 1 < rows.count else { return }; rows.swapAt(row, row + 1)
                }
                node.sections[section].rows = rows
                changed = true
                return
            }
            for i in node.children.indices { visit(&node.children[i]) }
        }
        for i in owner.view.indices { visit(&owner.view[i]) }
        return changed
    }
}

extension ScreenBuilder {
    /// A table view controller's pane while editing: rows are not selectable; each gets its
    /// delete and move controls.
    mutating func editingContentPane(_ c: ViewController) -> ContentPane {
        func withoutTaps(_ node: ViewNode) -> ViewNode {
            var n = node
            if n.kind == .table {
                for s in n.sections.indices { for r in n.sections[s].rows.indices { n.sections[s].rows[r].tap = nil } }
            }
            n.children = n.children.map(withoutTaps)
            return n
        }
        // The edit controls are named after the rows as shown: resolve them even for a list.
        let listing = !resolvesNodes
        resolvesNodes = true
        defer { if listing { resolvesNodes = false } }
        var counter = 0
        var nodes = c.view.map { resolve(withoutTaps($0), owner: c, counter: &counter) }
        // Pre-order positions, counted as `resolve` and `TableEdit.run` count them.
        var position = 0
        func addControls(_ node: inout ViewNode, _ b: inout ScreenBuilder) {
            position += 1
            let table = position
            if node.kind == .table {
                for s in node.sections.indices {
                    let count = node.sections[s].rows.count
                    for r in node.sections[s].rows.indices {
                        node.sections[s].rows[r].id = b.registerEditControls(node.sections[s].rows[r], owner: c, table: table,
                                                                             section: s, row: r, count: count)
                    }
                }
            }
            for i in node.children.indices { addControls(&node.children[i], &b) }
        }
        for i in nodes.indices { addControls(&nodes[i], &self) }
        return ContentPane(controllerID: c.id, sceneID: c.sceneID, kind: c.kind,
                           title: c.navigationItem.title ?? c.title, nodes: nodes, isEditing: true)
    }

    /// Registers a row's editing controls; returns the row's base id (used by renderers to find
    /// `{row}.delete` and friends).
    mutating func registerEditControls(_ row: TableRow, owner: ViewController, table: Int, section: Int, row index: Int, count: Int) -> String {
        let base = row.id ?? "\(owner.id).row.\(section).\(index)"
        let name = row.text ?? "Row \(index + 1)"
        func target(_ op: TableEdit.Operation) -> ElementTarget {
            .tableEdit(TableEdit(owner: owner, table: table, section: section, row: index, operation: op))
        }
        _ = register("\(base).delete", role: .button, title: "Delete \(name)", controller: owner, target: target(.delete))
        if index > 0 { _ = register("\(base).moveUp", role: .button, title: "Move \(name) Up", controller: owner, target: target(.moveUp)) }
        if index + 1 < count { _ = register("\(base).moveDown", role: .button, title: "Move \(name) Down", controller: owner, target: target(.moveDown)) }
        return base
    }
}
