import SegueCore

/// Layout of imported Interface Builder views: a flow layout derived from their frames.
///
/// IB frames are absolute positions on one device size; the web page is any width. Segue keeps
/// the page a flow (readable at every width, no overlap) and takes from the frames what makes a
/// screen recognisable:
///
/// - **Reading order.** Siblings are drawn top to bottom, left to right by their frames (the
///   document order of IB is z-order, not reading order). Nodes without a frame keep their place
///   after the framed ones, in document order; flow files (no frames) are unchanged.
/// - **Rows.** Siblings whose vertical extents overlap (each one's vertical centre inside the
///   other's extent) and that do not cover each other horizontally share a row (`ib-row`), left
///   to right: a label and its switch, two buttons side by side.
/// - **Alignment.** A node alone on its row that is clearly narrower than its parent is aligned
///   like its frame: centred (`ib-center`) or at the trailing edge (`ib-trailing`).
/// - **Stack views** keep their arranged order (their axis decides the direction).
///
/// Sizes are not copied: controls take their natural web size, tables and text views the width.
enum IBFlowLayout {
    enum Alignment { case leading, center, trailing }

    struct Line {
        var nodes: [ViewNode]
        var alignment: Alignment = .leading
    }

    /// Groups siblings into lines. `nil` when no sibling has a frame (keep document order).
    static func lines(_ nodes: [ViewNode]) -> [Line]? {
        let framed = nodes.enumerated().filter { $0.element.frame != nil }
        guard !framed.isEmpty, nodes.count > 1 || framed.count == 1 else { return nil }
        let minX = framed.map { $0.element.frame!.x }.min() ?? 0
        let maxX = framed.map { $0.element.frame!.x + $0.element.frame!.width }.max() ?? 0
        // The parent's width, assuming margins alike on both sides (frames are parent-relative).
        let width = max(maxX + max(0, minX), 1)
        let sorted = framed.sorted { a, b in
            let fa = a.element.frame!, fb = b.element.frame!
            if fa.y != fb.y { return fa.y < fb.y }
            if fa.x != fb.x { return fa.x < fb.x }
            return a.offset < b.offset
        }
        var lines: [Line] = []
        var current: [ViewNode] = []
        func flush() {
            guard !current.isEmpty else { return }
            var line = Line(nodes: current.sorted { $0.frame!.x < $1.frame!.x })
            if current.count == 1, let f = current[0].frame, f.width < 0.7 * width {
                let mid = f.x + f.width / 2
                if abs(mid - width / 2) < 0.1 * width { line.alignment = .center }
                else if f.x > 0.5 * width { line.alignment = .trailing }
            }
            lines.append(line)
            current = []
        }
        for (_, node) in sorted {
            let f = node.frame!
            if let last = current.last?.frame, overlaps(last, f), current.count < 6 {
                current.append(node)
            } else {
                flush()
                current = [node]
            }
        }
        flush()
        for (_, node) in nodes.enumerated() where node.frame == nil { lines.append(Line(nodes: [node])) }
        return lines
    }

    /// Side by side: each one's vertical centre lies inside the other's vertical extent, and
    /// they do not cover each other horizontally (views layered over others are not a row).
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        let am = a.y + a.height / 2, bm = b.y + b.height / 2
        let vertical = am >= b.y && am <= b.y + b.height && bm >= a.y && bm <= a.y + a.height
        let shared = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        return vertical && shared < 0.25 * min(a.width, b.width)
    }
}

extension PageBuilder {
    /// Draws sibling nodes in the flow layout of `IBFlowLayout`.
    mutating func flowNodes(_ nodes: [ViewNode]) {
        guard let lines = IBFlowLayout.lines(nodes) else {
            for node in nodes { self.node(node) }
            return
        }
        for line in lines {
            if line.nodes.count > 1 {
                w.raw("<div class=\"ib-row\">")
                for node in line.nodes { self.node(node) }
                w.raw("</div>")
            } else {
                switch line.alignment {
                case .leading: self.node(line.nodes[0])
                case .center:
                    w.raw("<div class=\"ib-line ib-center\">")
                    self.node(line.nodes[0])
                    w.raw("</div>")
                case .trailing:
                    w.raw("<div class=\"ib-line ib-trailing\">")
                    self.node(line.nodes[0])
                    w.raw("</div>")
                }
            }
        }
    }
}
