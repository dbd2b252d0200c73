import SegueCore

extension Overlay {
    /// Replaces the rows sampled from each prototype cell named by `rows` with the overlay's
    /// sample rows, in order: the cell's content with the labels' texts and images filled in.
    func applyRows(_ rows: [Row], to scene: inout Scene, storyboard: Storyboard) {
        var wirings: [Int: Wiring] = [:]
        for (k, row) in rows.enumerated() {
            var wiring = Wiring()
            if let tap = row.tap { wiring.tap = apply(tap, to: &scene, storyboard: storyboard) }
            wiring.leading = swipeActions(row.leadingSwipeActions, scene: &scene, storyboard: storyboard)
            wiring.trailing = swipeActions(row.trailingSwipeActions, scene: &scene, storyboard: storyboard)
            wirings[k] = wiring
        }
        func visit(_ node: inout ViewNode) {
            for s in node.sections.indices { node.sections[s].rows = replaced(node.sections[s].rows, rows, wirings) }
            for k in node.children.indices { visit(&node.children[k]) }
        }
        for k in scene.view.indices { visit(&scene.view[k]) }
    }

    /// What a sample row does: its tap and its swipe actions.
    private struct Wiring {
        var tap: TapTarget?
        var leading: [SwipeAction] = []
        var trailing: [SwipeAction] = []
    }

    private func replaced(_ existing: [TableRow], _ samples: [Row], _ wirings: [Int: Wiring]) -> [TableRow] {
        var out: [TableRow] = []
        var done: Set<String> = []
        for row in existing {
            guard let id = row.id, id.count > 2, id.dropLast().hasSuffix("-"),
                  let cell = Optional(String(id.dropLast(2))), samples.contains(where: { $0.cell == cell }) else {
                out.append(row)
                continue
            }
            guard done.insert(cell).inserted, id.hasSuffix("-1") else { continue }
            for (k, sample) in samples.enumerated() where sample.cell == cell {
                out.append(filled(row, sample, index: k, wiring: wirings[k] ?? Wiring()))
            }
        }
        return out
    }

    private func filled(_ template: TableRow, _ sample: Row, index: Int, wiring: Wiring) -> TableRow {
        var row = template
        row.id = "\(sample.cell)-s\(index + 1)"
        if let text = sample.text { row.text = text }
        if let detail = sample.detail { row.detail = detail }
        if let tap = wiring.tap { row.tap = tap }
        if !wiring.leading.isEmpty { row.leadingSwipeActions = wiring.leading }
        if !wiring.trailing.isEmpty { row.trailingSwipeActions = wiring.trailing }
        for k in row.content.indices {
            fill(&row.content[k], sample)
            row.content[k] = Self.renamed(row.content[k], index: index)
        }
        return row
    }

    private func fill(_ node: inout ViewNode, _ sample: Row) {
        if let id = node.id {
            let base = id.hasSuffix("-1") ? String(id.dropLast(2)) : id
            if let text = sample.texts[base] { node.text = text }
            if let image = sample.images[base] { node.image = image }
        }
        for k in node.children.indices { fill(&node.children[k], sample) }
    }

    /// Element ids unique per sample row (`label-1` → `label-s2`).
    private static func renamed(_ node: ViewNode, index: Int) -> ViewNode {
        var n = node
        if let id = n.id, id.hasSuffix("-1") { n.id = String(id.dropLast(2)) + "-s\(index + 1)" }
        n.children = n.children.map { renamed($0, index: index) }
        return n
    }
}
