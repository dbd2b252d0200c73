import SegueCore

/// The map's SVG drawing (``FlowMap``): the canvas with its arrow markers, the edges under the
/// cards (segues by kind, relationships, unwinds to the Exit badge, loops), the initial-scene
/// arrow, the storyboard files' names, then the cards.
extension FlowMap {
    static func writeSVG(_ storyboard: Storyboard, into w: inout HTMLWriter) {
        let places = layout(storyboard)
        writeCanvas(storyboard, places: places, into: &w)
        // Edges under the cards.
        w.raw("<g class=\"edges\">")
        var pairCount: [String: Int] = [:]
        for edge in edges(storyboard) {
            guard let a = places[edge.from] else { continue }
            writeEdge(edge, from: a, places: places, storyboard: storyboard, pairCount: &pairCount, into: &w)
        }
        w.raw("</g>")
        writeInitialArrow(storyboard, places: places, into: &w)
        writeStoryboardNames(storyboard, places: places, into: &w)
        w.raw("<g class=\"cards\">")
        for scene in storyboard.orderedScenes {
            guard let p = places[scene.id] else { continue }
            card(scene, at: p, storyboard: storyboard, into: &w)
        }
        w.raw("</g></svg>")
    }

    /// The `<svg>` element sized to the cards, its title, the arrow markers and the background.
    static func writeCanvas(_ storyboard: Storyboard, places: [String: Placement], into w: inout HTMLWriter) {
        let maxX = (places.values.map(\.x).max() ?? 0) + cardWidth + margin
        let maxY = (places.values.map(\.y).max() ?? 0) + cardHeight + margin
        w.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow-map\" font-family=\"-apple-system, system-ui, Helvetica, Arial, sans-serif\"")
        w.attribute("data-storyboard", storyboard.name)
        w.raw(" viewBox=\"0 0 ")
        w.number(maxX.rounded())
        w.raw(" ")
        w.number(maxY.rounded())
        w.raw("\" width=\"")
        w.number(maxX.rounded())
        w.raw("\" height=\"")
        w.number(maxY.rounded())
        w.raw("\"><title>")
        w.text(storyboard.name)
        w.raw("</title><defs>")
        for kind in kinds {
            w.raw("<marker id=\"arrow-")
            w.text(kind)
            w.raw("\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"10\" markerHeight=\"10\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"")
            w.raw(color(kind))
            w.raw("\"/></marker>")
        }
        w.raw("<marker id=\"arrow-initial\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"16\" markerHeight=\"16\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#1c1c1e\"/></marker>")
        w.raw("</defs><rect class=\"map-canvas\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#f2f2f7\"/>")
    }

    /// Where an edge runs: its two ends and its label's place.
    struct EdgeGeometry {
        var x1, y1, x2, y2, lx, ly: Double
    }

    /// An edge between two cards (pairs of edges between the same cards are set apart), to the
    /// Exit badge above the card (an unwind), or a loop on the card's right side.
    static func geometry(_ edge: Edge, from a: Placement, places: [String: Placement], pairCount: inout [String: Int]) -> EdgeGeometry {
        if let to = edge.to, let b = places[to], to != edge.from {
            let key = edge.from < to ? edge.from + "\u{0}" + to : to + "\u{0}" + edge.from
            let n = pairCount[key, default: 0]
            pairCount[key] = n + 1
            let offset = Double(n) * 14
            let (ax, ay) = (a.x + cardWidth / 2, a.y + cardHeight / 2 + offset)
            let (bx, by) = (b.x + cardWidth / 2, b.y + cardHeight / 2 + offset)
            let (x1, y1) = clip(from: (ax, ay), toward: (bx, by), box: a)
            let (x2, y2) = clip(from: (bx, by), toward: (ax, ay), box: b)
            return EdgeGeometry(x1: x1, y1: y1, x2: x2, y2: y2, lx: (x1 + x2) / 2, ly: (y1 + y2) / 2 - 4)
        }
        if edge.to == nil {
            return EdgeGeometry(x1: a.x + cardWidth - 30, y1: a.y, x2: a.x + cardWidth - 4, y2: a.y - 36, lx: a.x + cardWidth - 30, ly: a.y - 40)
        }
        return EdgeGeometry(x1: a.x + cardWidth, y1: a.y + cardHeight * 0.35, x2: a.x + cardWidth, y2: a.y + cardHeight * 0.55,
                            lx: a.x + cardWidth + 30, ly: a.y + cardHeight * 0.45)
    }

    static func writeEdge(_ edge: Edge, from a: Placement, places: [String: Placement], storyboard: Storyboard,
                          pairCount: inout [String: Int], into w: inout HTMLWriter) {
        let crossFile = edge.to.flatMap { storyboard[$0]?.storyboardName } != nil
            && edge.to.flatMap { storyboard[$0]?.storyboardName } != storyboard[edge.from]?.storyboardName
        w.raw("<g class=\"edge edge-")
        w.text(edge.kind)
        if crossFile { w.raw(" cross-storyboard") }
        w.raw("\"")
        w.attribute("data-from", edge.from)
        if let to = edge.to { w.attribute("data-to", to) }
        w.attribute("data-kind", edge.kind)
        w.raw(">")
        let g = geometry(edge, from: a, places: places, pairCount: &pairCount)
        writeEdgePath(edge, g, into: &w)
        if edge.to == nil {
            w.raw("<text class=\"exit\" font-size=\"10\" fill=\"#ff3b30\" x=\"")
            w.number((g.x2 + 2).rounded())
            w.raw("\" y=\"")
            w.number((g.y2 - 2).rounded())
            w.raw("\">Exit</text>")
        }
        w.raw("<text class=\"edge-label\" font-size=\"10\" text-anchor=\"")
        w.raw(edge.to == nil ? "end" : "middle")
        w.raw("\" fill=\"")
        w.raw(color(edge.kind))
        w.raw("\" x=\"")
        w.number(g.lx.rounded())
        w.raw("\" y=\"")
        w.number(g.ly.rounded())
        w.raw("\">")
        var label = edge.kind == "relationship" ? (edge.label ?? "") : edge.kind + (edge.label.map { ": " + shortened($0, 22) } ?? "")
        // A storyboard reference: the edge leads into another file.
        if crossFile, let other = edge.to.flatMap({ storyboard[$0]?.storyboardName }) { label += " \u{2192} " + other }
        w.text(label)
        w.raw("</text></g>")
    }

    /// The edge's line (a curve for a loop), stroked and dashed by its kind, with its arrow.
    static func writeEdgePath(_ edge: Edge, _ g: EdgeGeometry, into w: inout HTMLWriter) {
        w.raw("<path fill=\"none\" d=\"M")
        point(g.x1, g.y1, &w)
        if edge.to != nil, edge.to == edge.from {
            w.raw("C")
            point(g.x1 + 50, g.y1 - 20, &w)
            w.raw(" ")
            point(g.x2 + 50, g.y2 + 20, &w)
            w.raw(" ")
        } else {
            w.raw("L")
        }
        point(g.x2, g.y2, &w)
        w.raw("\"")
        w.raw(" stroke=\"")
        w.raw(color(edge.kind))
        w.raw("\" stroke-width=\"")
        w.raw(edge.kind == "relationship" ? "3" : "2")
        w.raw("\"")
        if let d = dash(edge.kind) {
            w.raw(" stroke-dasharray=\"")
            w.raw(d)
            w.raw("\"")
        }
        w.raw(" marker-end=\"url(#arrow-")
        w.text(edge.kind)
        w.raw(")\"/>")
    }

    static func writeInitialArrow(_ storyboard: Storyboard, places: [String: Placement], into w: inout HTMLWriter) {
        guard let initial = storyboard.initialViewController, let p = places[initial] else { return }
        w.raw("<g class=\"initial-arrow\"")
        w.attribute("data-to", initial)
        w.raw("><path d=\"M")
        point(p.x - 64, p.y + cardHeight / 2, &w)
        w.raw("L")
        point(p.x - 4, p.y + cardHeight / 2, &w)
        w.raw("\" stroke=\"#1c1c1e\" stroke-width=\"3\" marker-end=\"url(#arrow-initial)\"/></g>")
    }

    /// A directory of storyboards: each file's name over its scenes.
    static func writeStoryboardNames(_ storyboard: Storyboard, places: [String: Placement], into w: inout HTMLWriter) {
        var corners: [String: (x: Double, y: Double)] = [:]
        for scene in storyboard.orderedScenes {
            guard let name = scene.storyboardName, let p = places[scene.id] else { continue }
            let c = corners[name] ?? (p.x, p.y)
            corners[name] = (min(c.x, p.x), min(c.y, p.y))
        }
        guard corners.count > 1 else { return }
        w.raw("<g class=\"storyboard-names\">")
        for (name, corner) in corners.sorted(by: { $0.key < $1.key }) {
            w.raw("<text class=\"storyboard-name\" font-size=\"16\" font-weight=\"700\" fill=\"#3c3c43\" x=\"")
            w.number(corner.x.rounded())
            w.raw("\" y=\"")
            w.number((corner.y - 44).rounded())
            w.raw("\">")
            w.text(name + ".storyboard")
            w.raw("</text>")
        }
        w.raw("</g>")
    }
}
