import SegueCore

extension Overlay {
    /// Replaces the rows sampled from each prototype cell named by `rows` with the overlay's
    /// sample rows, in order: the cell's content with the labels' texts and images filled in.
    func applyRows(_ rows: [Row], to scene: inout Scene, storyboard: Storyboard) {
        var taps: [Int: TapTarget] = [:]
        for (k, row) in rows.enumerated() {
            if let tap = row.tap, let target = apply(tap, to: &scene, storyboard: storyboard) { taps[k] = target }
        }
        func visit(_ node: inout ViewNode) {
            for s in node.sections.indices { node.sections[s].rows = replaced(node.sections[s].rows, rows, taps) }
            for k in node.children.indices { visit(&node.children[k]) }
        }
        for k in scene.view.indices { visit(&scene.view[k]) }
    }

    private func replaced(_ existing: [TableRow], _ samples: [Row], _ taps: [Int: TapTarget]) -> [TableRow] {
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
                out.append(filled(row, sample, index: k, tap: taps[k]))
            }
        }
        return out
    }

    private func filled(_ template: TableRow, _ sample: Row, index: Int, tap: TapTarget?) -> TableRow {
        var row = template
        row.id = "\(sample.cell)-s\(index + 1)"
        if let text = sample.text { row.text = text }
        if let detail = sample.detail { row.detail = detail }
        if let tap { row.tap = tap }
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
