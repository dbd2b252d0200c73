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
///   like its frame: centred (`ib-center`) or at the trailing edge (`ib-trailing`); a wide one
///   like its content (`textAlignment`, `contentHorizontalAlignment`). In a row, a label aligned
///   centre or trailing takes the free space and aligns its text there.
/// - **Stack views** keep their arranged order (their axis decides the direction).
///
/// Sizes are not copied: controls take their natural web size, tables and text views the width.
enum IBFlowLayout {
    enum Alignment { case leading, center, trailing }

    struct Line {
        var nodes: [ViewNode]
        var alignment: Alignment = .leading
        /// A row whose items are spread over the width (a label and its switch at the far edge).
        var isSpread = false
    }

    /// What `lines` found: the lines, background images left out of them, the parent's width.
    struct Layout {
        var lines: [Line]
        var backgrounds: [ViewNode]
        var width: Double
        /// The siblings' leftmost and rightmost edges.
        var minX = 0.0, maxX = 0.0
    }

    /// In a row spanning the siblings' whole width, the label that fills the gap in IB (the
    /// widest) grows, so what follows it sits at the trailing edge as in IB.
    static func growingIndex(_ line: Line, in layout: Layout) -> Int? {
        guard line.nodes.count > 1, let first = line.nodes.first?.frame, let last = line.nodes.last?.frame,
              first.x <= layout.minX + 1, last.x + last.width >= layout.maxX - 1 else { return nil }
        let labels = line.nodes.indices.filter { line.nodes[$0].kind == .label }
        return labels.max { line.nodes[$0].frame!.width < line.nodes[$1].frame!.width }
    }

    /// Groups siblings into lines. `nil` when no sibling has a frame (keep document order).
    static func layout(_ nodes: [ViewNode]) -> Layout? {
        var framed = nodes.enumerated().filter { $0.element.frame != nil }
        guard !framed.isEmpty, nodes.count > 1 || framed.count == 1 else { return nil }
        let minX = framed.map { $0.element.frame!.x }.min() ?? 0
        let maxX = framed.map { $0.element.frame!.x + $0.element.frame!.width }.max() ?? 0
        // The parent's width, assuming margins alike on both sides (frames are parent-relative).
        let width = max(maxX + max(0, minX), 1)
        // Image views covering the parent behind other views are backgrounds, not content.
        var backgrounds: [ViewNode] = []
        if framed.count > 2 {
            let maxY = framed.map { $0.element.frame!.y + $0.element.frame!.height }.max() ?? 0
            framed.removeAll { entry in
                let n = entry.element, f = n.frame!
                guard n.kind == .image, n.tap == nil, f.width >= 0.9 * width, f.height >= 0.8 * maxY else { return false }
                backgrounds.append(n)
                return true
            }
        }
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
            if line.nodes.count > 1 {
                let gaps = zip(line.nodes, line.nodes.dropFirst()).map { $1.frame!.x - ($0.frame!.x + $0.frame!.width) }
                line.isSpread = (gaps.max() ?? 0) > 0.2 * width
            }
            if current.count == 1, let f = current[0].frame {
                if f.width < 0.7 * width {
                    let mid = f.x + f.width / 2
                    if abs(mid - width / 2) < 0.1 * width { line.alignment = .center }
                    else if f.x > 0.5 * width { line.alignment = .trailing }
                } else {
                    // As wide as the parent: the content's own alignment.
                    switch current[0].alignment {
                    case "center": line.alignment = .center
                    case "trailing": line.alignment = .trailing
                    default: break
                    }
                }
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
        return Layout(lines: lines, backgrounds: backgrounds, width: width, minX: minX, maxX: maxX)
    }

    /// A size class for an image (or image-only button) from its frame: small and medium
    /// squares for icons, a full-width band otherwise, its height bucketed.
    static func imageClass(_ f: Rect, parentWidth: Double) -> StaticString {
        if f.width < 0.7 * parentWidth {
            let side = max(f.width, f.height)
            if side <= 48 { return "ib-image ib-image-s" }
            if side <= 120 { return "ib-image ib-image-m" }
            return "ib-image ib-image-l"
        }
        if f.height <= 60 { return "ib-image ib-image-band-s" }
        if f.height <= 200 { return "ib-image ib-image-band-m" }
        return "ib-image ib-image-band-l"
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
        guard let layout = IBFlowLayout.layout(nodes) else {
            for node in nodes { self.node(node) }
            return
        }
        for line in layout.lines {
            if line.nodes.count > 1 {
                w.raw(line.isSpread ? "<div class=\"ib-row ib-row-spread\">" : "<div class=\"ib-row\">")
                let growing = IBFlowLayout.growingIndex(line, in: layout)
                for (i, node) in line.nodes.enumerated() {
                    // A label aligned centre or trailing takes the row's free space and aligns its
                    // text there (a cell's value at the trailing edge, a title centred by a logo);
                    // so does the label that fills a full-width row.
                    let alignment = node.kind == .label ? (node.alignment ?? "leading") : nil
                    if let alignment, alignment != "leading" || i == growing {
                        switch alignment {
                        case "center": w.raw("<div class=\"ib-grow ib-center\">")
                        case "trailing": w.raw("<div class=\"ib-grow ib-trailing\">")
                        default: w.raw("<div class=\"ib-grow\">")
                        }
                        self.node(node)
                        w.raw("</div>")
                    } else {
                        ibNode(node, parentWidth: layout.width)
                    }
                }
                w.raw("</div>")
            } else {
                switch line.alignment {
                case .leading: ibNode(line.nodes[0], parentWidth: layout.width)
                case .center:
                    w.raw("<div class=\"ib-line ib-center\">")
                    ibNode(line.nodes[0], parentWidth: layout.width)
                    w.raw("</div>")
                case .trailing:
                    w.raw("<div class=\"ib-line ib-trailing\">")
                    ibNode(line.nodes[0], parentWidth: layout.width)
                    w.raw("</div>")
                }
            }
        }
        for background in layout.backgrounds {
            w.raw("<p class=\"ib-background\">Background image: ")
            w.text(background.image ?? "unnamed")
            w.raw("</p>")
        }
    }

    /// A stack view's arranged subviews, in arranged order; each keeps its own alignment.
    mutating func stackChildren(_ children: [ViewNode], vertical: Bool) {
        let width = children.compactMap { $0.frame.map { $0.x + $0.width } }.max() ?? 0
        for child in children {
            guard vertical, child.frame != nil else {
                if child.frame != nil || Self.isImageOnlyButton(child) { ibNode(child, parentWidth: width) } else { node(child) }
                continue
            }
            switch child.alignment {
            case "center"?:
                w.raw("<div class=\"ib-line ib-center\">")
                ibNode(child, parentWidth: width)
                w.raw("</div>")
            case "trailing"?:
                w.raw("<div class=\"ib-line ib-trailing\">")
                ibNode(child, parentWidth: width)
                w.raw("</div>")
            default:
                ibNode(child, parentWidth: width)
            }
        }
    }

    /// A button that shows only an image (its title empty, or the image name standing in for it).
    static func isImageOnlyButton(_ n: ViewNode) -> Bool {
        guard n.kind == .button, let image = n.image, !image.isEmpty else { return false }
        return (n.text ?? "").isEmpty || n.text == image
    }

    /// One framed node: images (and buttons showing only an image) sized from their frame.
    mutating func ibNode(_ n: ViewNode, parentWidth: Double) {
        let imageOnlyButton = Self.isImageOnlyButton(n)
        guard n.kind == .image || imageOnlyButton, n.frame != nil || imageOnlyButton else {
            node(n)
            return
        }
        w.raw("<div class=\"")
        // Bar items in toolbars placed as views have no frame: icon size.
        w.raw(n.frame.map { IBFlowLayout.imageClass($0, parentWidth: parentWidth) } ?? "ib-image ib-image-s")
        w.raw("\">")
        image(n)  // claims the element: a live image button when tappable
        w.raw("</div>")
    }
}
