import SegueCore
import SegueLayout

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
        for (_, node) in sorted {
            let f = node.frame!
            if let last = current.last?.frame, overlaps(last, f), current.count < 6 {
                current.append(node)
            } else {
                if !current.isEmpty { lines.append(line(of: current, width: width)) }
                current = [node]
            }
        }
        if !current.isEmpty { lines.append(line(of: current, width: width)) }
        for (_, node) in nodes.enumerated() where node.frame == nil { lines.append(Line(nodes: [node])) }
        return Layout(lines: lines, backgrounds: backgrounds, width: width, minX: minX, maxX: maxX)
    }

    /// One line of siblings side by side, left to right: spread when a gap is wide, aligned as
    /// its one narrow view sits (or as a full-width view's content is aligned).
    static func line(of nodes: [ViewNode], width: Double) -> Line {
        var line = Line(nodes: nodes.sorted { $0.frame!.x < $1.frame!.x })
        if line.nodes.count > 1 {
            let gaps = zip(line.nodes, line.nodes.dropFirst()).map { $1.frame!.x - ($0.frame!.x + $0.frame!.width) }
            line.isSpread = (gaps.max() ?? 0) > 0.2 * width
        }
        if nodes.count == 1, let f = nodes[0].frame {
            if f.width < 0.7 * width {
                let mid = f.x + f.width / 2
                if abs(mid - width / 2) < 0.1 * width { line.alignment = .center }
                else if f.x > 0.5 * width { line.alignment = .trailing }
            } else {
                // As wide as the parent: the content's own alignment.
                switch nodes[0].alignment {
                case "center": line.alignment = .center
                case "trailing": line.alignment = .trailing
                default: break
                }
            }
        }
        return line
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
    /// Draws sibling nodes: laid out by their Auto Layout constraints where they have some that
    /// solve (`IBAutoLayout`), else in the flow layout of `IBFlowLayout`.
    mutating func flowNodes(_ nodes: [ViewNode]) {
        if autoLayoutNodes(nodes) { return }
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
        // A full-size background image: drawn as a band below the content, never its name as text.
        for background in layout.backgrounds {
            w.raw("<div class=\"ib-background ib-image ib-image-band-m\">")
            if let image = background.image { art(image, label: nil, extraClass: "image-art", appearance: background.appearance) }
            w.raw("</div>")
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

/// Layout of imported views that carry Auto Layout constraints: solved by `SegueLayout` at the
/// viewport's size and drawn absolutely positioned.
///
/// - **Sizes.** A scene's root view is solved at the viewport's width and its height less the
///   status and navigation bars (91 pt), which the page draws itself; a table cell's content
///   view at the viewport's width and the height its constraints need (the design height
///   where they leave it open); a collection cell at its item size.
/// - **Positions** are classes of the stylesheet (inline styles are not allowed by the page's
///   content security policy): left, top, width and height in half-percent steps of the
///   parent's box; the container keeps the host's aspect ratio, so it scales with the width.
/// - **Reading order.** Siblings are written top to bottom, left to right by their solved
///   frames (rows of views side by side read left to right), so the DOM order is the reading
///   order; a `z` class keeps Interface Builder's stacking (document order) for overlaps.
/// - **Fallback.** A tree without constraints, or whose required constraints contradict each
///   other, keeps the flow layout of `IBFlowLayout`; so do flow files (no layout at all).
enum IBAutoLayout {
    /// A length as a class step: half percents of `whole`, clamped to 0...200.
    static func step(_ value: Double, of whole: Double) -> Int {
        guard whole > 0, value.isFinite else { return 0 }
        return max(0, min(200, Int(saturating: (value / whole * 200).rounded())))
    }

    /// Height as a percentage of width, for `aspect-ratio` classes (1...400).
    static func ratio(_ size: Size) -> Int {
        guard size.width > 0, size.height.isFinite else { return 100 }
        return max(1, min(400, Int(saturating: (size.height / size.width * 100).rounded())))
    }

    /// Siblings in reading order by their frames: rows (each one's vertical centre inside the
    /// first's extent) top to bottom, left to right within a row. Nodes without a frame last.
    static func readingOrder(_ nodes: [ViewNode], _ frames: [String: Rect]) -> [(index: Int, node: ViewNode)] {
        let framed = nodes.enumerated().compactMap { i, n -> (Int, ViewNode, Rect)? in
            guard let id = n.layout?.xmlID, let f = frames[id] else { return nil }
            return (i, n, f)
        }.sorted { a, b in a.2.y != b.2.y ? a.2.y < b.2.y : (a.2.x != b.2.x ? a.2.x < b.2.x : a.0 < b.0) }
        var result: [(index: Int, node: ViewNode)] = []
        var row: [(Int, ViewNode, Rect)] = []
        func flush() {
            result += row.sorted { $0.2.x != $1.2.x ? $0.2.x < $1.2.x : $0.0 < $1.0 }.map { (index: $0.0, node: $0.1) }
            row = []
        }
        for entry in framed {
            if let first = row.first?.2 {
                let mid = entry.2.y + entry.2.height / 2
                if mid >= first.y && mid <= first.y + first.height { row.append(entry); continue }
                flush()
            }
            row = [entry]
        }
        flush()
        let placed = Set(result.map(\.index))
        for (i, n) in nodes.enumerated() where !placed.contains(i) { result.append((index: i, node: n)) }
        return result
    }
}

extension PageBuilder {
    /// Draws `nodes` by their solved constraints; false (nothing drawn) when they have no host,
    /// no constraints, or do not solve.
    mutating func autoLayoutNodes(_ nodes: [ViewNode]) -> Bool {
        guard let host = AutoLayout.host(of: nodes) else { return false }
        let viewport = Size(width: Double(screen.traits.width), height: Double(screen.traits.height))
        let (proposed, kind) = AutoLayout.hostSize(host, viewport: viewport)
        let result = AutoLayout.solve(nodes, host: host, size: proposed, kind: kind, traits: screen.traits)
        guard result.isUsable else { return false }
        let size = result.size
        w.raw("<div class=\"ib-layout ib-ar")
        w.int(IBAutoLayout.ratio(size))
        if host.hostRole == .collectionCell {
            // A fixed item size: a share of the viewport's width.
            w.raw(" ib-cell ib-vw")
            w.int(IBAutoLayout.step(size.width, of: Double(screen.traits.width)))
        }
        w.raw("\">")
        absoluteNodes(nodes, in: size, result)
        w.raw("</div>")
        return true
    }

    /// Siblings inside a box of `size`, in reading order.
    mutating func absoluteNodes(_ nodes: [ViewNode], in size: Size, _ result: AutoLayout.Result) {
        let frames = result.frames
        for (index, node) in IBAutoLayout.readingOrder(nodes, frames) {
            guard let id = node.layout?.xmlID, let f = frames[id] else {
                self.node(node)
                continue
            }
            w.raw("<div class=\"ib-abs ib-x")
            w.int(IBAutoLayout.step(f.x, of: size.width))
            w.raw(" ib-y")
            w.int(IBAutoLayout.step(f.y, of: size.height))
            w.raw(" ib-w")
            w.int(IBAutoLayout.step(f.width, of: size.width))
            w.raw(" ib-h")
            w.int(IBAutoLayout.step(f.height, of: size.height))
            w.raw(" ib-z")
            w.int(min(index, 20))
            w.raw(" ib-abs-")
            w.text(node.kind.rawValue)
            if node.kind == .label, (node.layout?.numberOfLines ?? 1) == 1 { w.raw(" ib-one-line") }
            w.raw("\">")
            let frameSize = Size(width: f.width, height: f.height)
            switch node.kind {
            case .view where !node.children.isEmpty, .container where !node.children.isEmpty && node.embed == nil:
                absoluteNodes(node.children, in: frameSize, result)
            case .scroll where !node.children.isEmpty:
                let content = result.contentSizes[id] ?? frameSize
                let inner = Size(width: max(content.width, f.width), height: max(content.height, f.height))
                w.raw("<div class=\"ib-scroll-content ib-ar")
                w.int(IBAutoLayout.ratio(inner))
                w.raw("\">")
                absoluteNodes(node.children, in: inner, result)
                w.raw("</div>")
            default:
                self.node(node)
            }
            w.raw("</div>")
        }
    }
}
