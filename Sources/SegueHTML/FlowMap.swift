import SegueCore

/// The map of a flow, drawn as Interface Builder's canvas draws a storyboard: a card per scene
/// (carrying `data-scene`) with a small rendering of what the scene shows, arrows for
/// relationships and for segues by kind, the initial-scene arrow, and storyboard references
/// across files. One SVG drawing serves `GET /map` (inside a page that adds pan and zoom) and
/// `segue graph --format svg`.
///
/// Positions come from the storyboard's canvas locations where every scene of a storyboard file
/// has one (scaled so no two cards overlap; the files of a directory are stacked); otherwise
/// (flow files, scenes made up for unresolved references) a layered layout: a column per step
/// from the initial scene along relationships and segues, scenes nothing reaches after them.
/// Colours are presentation attributes, so the file needs no stylesheet.
public enum FlowMap {
    public static let cardWidth = 160.0
    public static let cardHeight = 284.0
    static let margin = 80.0
    static let columnGap = 120.0
    static let rowGap = 48.0

    public struct Placement: Sendable {
        public var x: Double
        public var y: Double
    }

    /// Every scene's top-left corner, in map points.
    public static func layout(_ storyboard: Storyboard) -> [String: Placement] {
        var placed: [String: Placement] = [:]
        var groups: [String: [Scene]] = [:]
        var groupOrder: [String] = []
        for scene in storyboard.orderedScenes where hasUsableCanvasLocation(scene) {
            let key = scene.storyboardName ?? storyboard.name
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(scene)
        }
        var top = margin
        // The main storyboard first, the rest by name order of first appearance.
        for key in groupOrder {
            let scenes = groups[key]!
            let scale = canvasScale(scenes)
            let minX = scenes.map { $0.canvasLocation!.x }.min()!
            let minY = scenes.map { $0.canvasLocation!.y }.min()!
            var bottom = top
            for scene in scenes {
                let p = scene.canvasLocation!
                let x = margin + (p.x - minX) * scale
                let y = top + (p.y - minY) * scale
                placed[scene.id] = Placement(x: x, y: y)
                bottom = max(bottom, y + cardHeight)
            }
            top = bottom + margin * 1.5
        }
        let rest = storyboard.orderedScenes.filter { placed[$0.id] == nil }
        guard !rest.isEmpty else { return placed }
        // Layered: breadth first from the initial scene (or, when it has a canvas location, from
        // every placed scene), columns by depth.
        var depth: [String: Int] = [:]
        var queue: [String] = []
        if let initial = storyboard.initialViewController, placed[initial] == nil, storyboard[initial] != nil {
            depth[initial] = 0
            queue.append(initial)
        }
        var head = 0
        while head < queue.count {
            let id = queue[head]; head += 1
            guard let scene = storyboard[id] else { continue }
            for target in targets(of: scene) where depth[target] == nil && placed[target] == nil && storyboard[target] != nil {
                depth[target] = depth[id]! + 1
                queue.append(target)
            }
        }
        let lastDepth = depth.values.max() ?? -1
        var unreachedColumn = lastDepth + 1
        var rowsInColumn: [Int: Int] = [:]
        let left = placed.isEmpty ? margin : (placed.values.map(\.x).max()! + cardWidth + columnGap)
        let perColumn = max(3, Int(Double(rest.count).squareRoot().rounded(.up)))
        for scene in rest {
            var column: Int
            if let d = depth[scene.id] {
                column = d
            } else {
                column = unreachedColumn
                if rowsInColumn[column, default: 0] >= perColumn { unreachedColumn += 1; column = unreachedColumn }
            }
            let row = rowsInColumn[column, default: 0]
            rowsInColumn[column] = row + 1
            placed[scene.id] = Placement(x: left + Double(column) * (cardWidth + columnGap), y: margin + Double(row) * (cardHeight + rowGap))
        }
        return placed
    }

    /// The largest-needed scale that keeps every two cards apart, from canvas points to map points.
    static func canvasScale(_ scenes: [Scene]) -> Double {
        var scale = 0.1
        for i in scenes.indices {
            let a = scenes[i].canvasLocation!
            for j in scenes.indices where j > i {
                let b = scenes[j].canvasLocation!
                let dx = abs(a.x - b.x), dy = abs(a.y - b.y)
                let needX = dx > 0 ? (cardWidth + 48) / dx : .infinity
                let needY = dy > 0 ? (cardHeight + 48) / dy : .infinity
                scale = max(scale, min(needX, needY))
            }
        }
        return min(scale.isFinite ? scale : 0.5, 4.0)
    }

    /// Whether the scene's Interface Builder canvas location can place it: finite and within a
    /// million points (a canvas no editor makes; such scenes are laid out as if unplaced).
    static func hasUsableCanvasLocation(_ scene: Scene) -> Bool {
        guard let p = scene.canvasLocation else { return false }
        return p.x.isFinite && p.y.isFinite && abs(p.x) <= 1e6 && abs(p.y) <= 1e6
    }

    /// Scenes a scene leads to (relationships, then segues), for the layered layout.
    static func targets(of scene: Scene) -> [String] {
        scene.relationshipTargets + scene.segues.compactMap { $0.kind == .unwind ? nil : $0.destination }
    }

    // MARK: - Drawing

    struct Edge {
        var from: String
        var to: String?
        var kind: String
        var label: String?
    }

    static func edges(_ storyboard: Storyboard) -> [Edge] {
        var out: [Edge] = []
        for scene in storyboard.orderedScenes {
            for (name, target) in relationshipList(scene) { out.append(Edge(from: scene.id, to: target, kind: "relationship", label: name)) }
            for segue in scene.segues {
                // Navigation read from the app's code: its own style, labelled with its source line.
                if let source = segue.codeSource {
                    out.append(Edge(from: scene.id, to: segue.destination, kind: "code", label: source))
                    continue
                }
                out.append(Edge(from: scene.id, to: segue.kind == .unwind ? nil : segue.destination, kind: kindName(segue.kind),
                                label: segue.kind == .unwind ? (segue.action ?? segue.id) : segue.id))
            }
        }
        return out
    }

    static func relationshipList(_ scene: Scene) -> [(String, String)] {
        var list: [(String, String)] = []
        if let r = scene.rootViewController { list.append(("root", r)) }
        list += scene.viewControllers.map { (scene.kind == .tabBarController ? "tab" : "child", $0) }
        if let m = scene.masterViewController { list.append(("master", m)) }
        if let d = scene.detailViewController { list.append(("detail", d)) }
        if let s = scene.supplementaryViewController { list.append(("supplementary", s)) }
        if let c = scene.compactViewController { list.append(("compact", c)) }
        list += scene.pages.map { ("page", $0) }
        return list
    }

    /// A segue kind as the map groups them: show, present, popover, embed, unwind, custom.
    public static func kindName(_ kind: SegueKind) -> String {
        switch kind {
        case .show, .push: "show"
        case .showDetail, .replace: "showDetail"
        case .presentation, .modal: "present"
        case .popover, .popoverPresentation: "popover"
        case .embed: "embed"
        case .unwind: "unwind"
        case .custom: "custom"
        case .relationship: "relationship"
        }
    }

    static func color(_ kind: String) -> StaticString {
        switch kind {
        case "relationship": "#8e8e93"
        case "show": "#007aff"
        case "showDetail": "#30b0c7"
        case "present": "#af52de"
        case "popover": "#ff9500"
        case "embed": "#34c759"
        case "unwind": "#ff3b30"
        case "code": "#ff2d55"
        default: "#5856d6"
        }
    }

    static func dash(_ kind: String) -> StaticString? {
        switch kind {
        case "embed": "6 4"
        case "unwind": "2 4"
        case "custom": "10 4 2 4"
        case "popover": "8 3"
        case "code": "1 3"
        default: nil
        }
    }

    static let kinds = ["relationship", "show", "showDetail", "present", "popover", "embed", "unwind", "custom", "code"]

    /// The SVG drawing (a complete document: `segue graph --format svg` writes it as is).
    public static func svg(_ storyboard: Storyboard) -> [UInt8] {
        var w = HTMLWriter(capacity: 16_384 + storyboard.scenes.count * 1_500)
        writeSVG(storyboard, into: &w)
        return w.bytes
    }

    static func writeSVG(_ storyboard: Storyboard, into w: inout HTMLWriter) {
        let places = layout(storyboard)
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
        // Edges under the cards.
        w.raw("<g class=\"edges\">")
        var pairCount: [String: Int] = [:]
        for edge in edges(storyboard) {
            guard let a = places[edge.from] else { continue }
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
            let (x1, y1, x2, y2, lx, ly): (Double, Double, Double, Double, Double, Double)
            if let to = edge.to, let b = places[to], to != edge.from {
                let key = edge.from < to ? edge.from + "\u{0}" + to : to + "\u{0}" + edge.from
                let n = pairCount[key, default: 0]
                pairCount[key] = n + 1
                let offset = Double(n) * 14
                let (ax, ay) = (a.x + cardWidth / 2, a.y + cardHeight / 2 + offset)
                let (bx, by) = (b.x + cardWidth / 2, b.y + cardHeight / 2 + offset)
                (x1, y1) = clip(from: (ax, ay), toward: (bx, by), box: a)
                (x2, y2) = clip(from: (bx, by), toward: (ax, ay), box: b)
                (lx, ly) = ((x1 + x2) / 2, (y1 + y2) / 2 - 4)
            } else if edge.to == nil {
                // Unwind: to the Exit badge above the card's right corner.
                (x1, y1) = (a.x + cardWidth - 30, a.y)
                (x2, y2) = (a.x + cardWidth - 4, a.y - 36)
                (lx, ly) = (a.x + cardWidth - 30, a.y - 40)
            } else {
                // A segue to its own scene: a loop on the right side.
                (x1, y1) = (a.x + cardWidth, a.y + cardHeight * 0.35)
                (x2, y2) = (a.x + cardWidth, a.y + cardHeight * 0.55)
                (lx, ly) = (a.x + cardWidth + 30, a.y + cardHeight * 0.45)
            }
            if edge.to != nil, edge.to == edge.from {
                w.raw("<path fill=\"none\" d=\"M")
                point(x1, y1, &w)
                w.raw("C")
                point(x1 + 50, y1 - 20, &w)
                w.raw(" ")
                point(x2 + 50, y2 + 20, &w)
                w.raw(" ")
                point(x2, y2, &w)
                w.raw("\"")
            } else {
                w.raw("<path fill=\"none\" d=\"M")
                point(x1, y1, &w)
                w.raw("L")
                point(x2, y2, &w)
                w.raw("\"")
            }
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
            if edge.to == nil {
                w.raw("<text class=\"exit\" font-size=\"10\" fill=\"#ff3b30\" x=\"")
                w.number((x2 + 2).rounded())
                w.raw("\" y=\"")
                w.number((y2 - 2).rounded())
                w.raw("\">Exit</text>")
            }
            w.raw("<text class=\"edge-label\" font-size=\"10\" text-anchor=\"")
            w.raw(edge.to == nil ? "end" : "middle")
            w.raw("\" fill=\"")
            w.raw(color(edge.kind))
            w.raw("\" x=\"")
            w.number(lx.rounded())
            w.raw("\" y=\"")
            w.number(ly.rounded())
            w.raw("\">")
            var label = edge.kind == "relationship" ? (edge.label ?? "") : edge.kind + (edge.label.map { ": " + shortened($0, 22) } ?? "")
            // A storyboard reference: the edge leads into another file.
            if crossFile, let other = edge.to.flatMap({ storyboard[$0]?.storyboardName }) { label += " \u{2192} " + other }
            w.text(label)
            w.raw("</text></g>")
        }
        w.raw("</g>")
        // The initial-scene arrow.
        if let initial = storyboard.initialViewController, let p = places[initial] {
            w.raw("<g class=\"initial-arrow\"")
            w.attribute("data-to", initial)
            w.raw("><path d=\"M")
            point(p.x - 64, p.y + cardHeight / 2, &w)
            w.raw("L")
            point(p.x - 4, p.y + cardHeight / 2, &w)
            w.raw("\" stroke=\"#1c1c1e\" stroke-width=\"3\" marker-end=\"url(#arrow-initial)\"/></g>")
        }
        // A directory of storyboards: each file's name over its scenes.
        var corners: [String: (x: Double, y: Double)] = [:]
        for scene in storyboard.orderedScenes {
            guard let name = scene.storyboardName, let p = places[scene.id] else { continue }
            let c = corners[name] ?? (p.x, p.y)
            corners[name] = (min(c.x, p.x), min(c.y, p.y))
        }
        if corners.count > 1 {
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
        w.raw("<g class=\"cards\">")
        for scene in storyboard.orderedScenes {
            guard let p = places[scene.id] else { continue }
            card(scene, at: p, storyboard: storyboard, into: &w)
        }
        w.raw("</g></svg>")
    }

    static func point(_ x: Double, _ y: Double, _ w: inout HTMLWriter) {
        w.number((x * 10).rounded() / 10)
        w.raw(",")
        w.number((y * 10).rounded() / 10)
    }

    /// Where the line from a card's centre toward `toward` leaves the card.
    static func clip(from c: (Double, Double), toward t: (Double, Double), box: Placement) -> (Double, Double) {
        let dx = t.0 - c.0, dy = t.1 - c.1
        guard dx != 0 || dy != 0 else { return c }
        let hx = cardWidth / 2, hy = cardHeight / 2
        let sx = dx == 0 ? Double.infinity : hx / abs(dx)
        let sy = dy == 0 ? Double.infinity : hy / abs(dy)
        let s = min(sx, sy)
        return (c.0 + dx * s, c.1 + dy * s)
    }

    static func shortened(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "\u{2026}"
    }

    /// One scene's card: a link that opens the scene, a device-shaped frame, a title bar and a
    /// small rendering of the scene's content.
    static func card(_ scene: Scene, at p: Placement, storyboard: Storyboard, into w: inout HTMLWriter) {
        w.raw("<a class=\"card-link\"")
        w.attribute("href", "/scenes/" + ScenesPage.percentEscaped(scene.id))
        w.raw("><g class=\"card")
        if scene.isUnresolvedReference { w.raw(" reference") }
        if scene.id == storyboard.initialViewController { w.raw(" initial") }
        w.raw("\"")
        w.attribute("data-scene", scene.id)
        w.attribute("data-kind", scene.kind.rawValue)
        w.raw(" transform=\"translate(")
        point(p.x, p.y, &w)
        w.raw(")\"><title>")
        w.text(scene.title ?? scene.id)
        w.text(" (\(scene.kind.rawValue)\(scene.className.map { ", " + $0 } ?? ""))")
        w.raw("</title>")
        w.raw("<rect width=\"160\" height=\"284\" rx=\"14\" fill=\"#ffffff\" stroke=\"")
        w.raw(scene.isUnresolvedReference ? "#8e8e93\" stroke-dasharray=\"6 4" : (scene.id == storyboard.initialViewController ? "#1c1c1e" : "#c7c7cc"))
        w.raw("\" stroke-width=\"1.5\"/>")
        // The scene's name above the card, as the canvas shows it.
        w.raw("<text class=\"card-name\" x=\"0\" y=\"-8\" font-size=\"12\" font-weight=\"600\" fill=\"#1c1c1e\">")
        w.text(shortened(scene.title ?? scene.className ?? scene.id, 24))
        w.raw("</text>")
        var y = 0.0
        func line(_ text: String, size: Int = 10, color: StaticString = "#1c1c1e", x: Double = 10, weight: StaticString = "400", anchor: StaticString = "start") {
            guard y < 264 else { return }
            y += Double(size) + 6
            w.raw("<text font-size=\"")
            w.int(size)
            w.raw("\" font-weight=\"")
            w.raw(weight)
            w.raw("\" text-anchor=\"")
            w.raw(anchor)
            w.raw("\" fill=\"")
            w.raw(color)
            w.raw("\" x=\"")
            w.number(x)
            w.raw("\" y=\"")
            w.number(y)
            w.raw("\">")
            w.text(shortened(text, 26))
            w.raw("</text>")
        }
        if scene.isUnresolvedReference {
            y = 110
            line("Storyboard Reference", size: 11, color: "#8e8e93", x: 80, weight: "600", anchor: "middle")
            line(scene.title ?? scene.id, size: 10, color: "#8e8e93", x: 80, anchor: "middle")
        } else if scene.kind.isContainer {
            y = 100
            line(containerName(scene.kind), size: 12, color: "#3c3c43", x: 80, weight: "600", anchor: "middle")
            for (name, target) in relationshipList(scene).prefix(6) {
                line("\(name): \(storyboard[target]?.title ?? target)", size: 9, color: "#8e8e93", x: 80, anchor: "middle")
            }
            if let cls = scene.className { line(cls, size: 9, color: "#8e8e93", x: 80, anchor: "middle") }
        } else {
            // Navigation bar with the title and bar button items.
            w.raw("<path d=\"M0,14a14,14 0 0 1 14,-14h132a14,14 0 0 1 14,14v22h-160z\" fill=\"#f9f9f9\"/><line x1=\"0\" y1=\"36\" x2=\"160\" y2=\"36\" stroke=\"#d1d1d6\"/>")
            let title = scene.navigationItem.title ?? scene.title ?? scene.className ?? ""
            w.raw("<text font-size=\"10\" font-weight=\"600\" text-anchor=\"middle\" x=\"80\" y=\"23\" fill=\"#1c1c1e\">")
            w.text(shortened(title, 20))
            w.raw("</text>")
            if let item = scene.navigationItem.rightBarButtonItems.first?.displayTitle {
                w.raw("<text font-size=\"8\" text-anchor=\"end\" x=\"154\" y=\"23\" fill=\"#007aff\">")
                w.text(shortened(item, 8))
                w.raw("</text>")
            }
            if let item = scene.navigationItem.leftBarButtonItems.first?.displayTitle {
                w.raw("<text font-size=\"8\" x=\"6\" y=\"23\" fill=\"#007aff\">")
                w.text(shortened(item, 8))
                w.raw("</text>")
            }
            y = 40
            if let alert = scene.alert {
                line(alert.title ?? "Alert", size: 10, x: 80, weight: "600", anchor: "middle")
                if let m = alert.message { line(m, size: 9, color: "#3c3c43", x: 80, anchor: "middle") }
                for action in alert.actions { line(action.title, size: 10, color: "#007aff", x: 80, anchor: "middle") }
            }
            func visit(_ node: ViewNode) {
                switch node.kind {
                case .label: if let t = node.text { line(t, size: 9) }
                case .button: line(node.text ?? node.id ?? "Button", size: 9, color: "#007aff")
                case .textField, .searchBar, .textView: line("\u{25AD} " + (node.placeholder ?? node.text ?? "Text"), size: 9, color: "#8e8e93")
                case .switch: line((node.text ?? "Switch") + " \u{25CF}", size: 9)
                case .placeholder: line(node.text ?? "Made in code", size: 9, color: "#8e8e93")
                case .image: line("\u{25A3} " + (node.image ?? "Image"), size: 9, color: "#8e8e93")
                case .table, .collection:
                    for section in node.sections {
                        if let h = section.header { line(h.uppercased(), size: 8, color: "#8e8e93") }
                        for row in section.rows { line((row.text ?? row.id ?? "Cell") + (row.accessory == .disclosureIndicator ? "  \u{203A}" : ""), size: 9) }
                    }
                    if node.sections.isEmpty { line(node.kind == .table ? "Table View" : "Collection View", size: 9, color: "#8e8e93") }
                default:
                    if let t = node.text { line(t, size: 9) }
                }
                node.children.forEach(visit)
            }
            scene.view.forEach(visit)
            if let cls = scene.className, y < 250 {
                y = max(y, 250)
                line(cls, size: 8, color: "#8e8e93", x: 80, anchor: "middle")
            }
        }
        w.raw("</g></a>")
    }

    static func containerName(_ kind: SceneKind) -> String {
        switch kind {
        case .navigationController: "Navigation Controller"
        case .tabBarController: "Tab Bar Controller"
        case .splitViewController: "Split View Controller"
        case .pageViewController: "Page View Controller"
        default: kind.rawValue
        }
    }

    /// `GET /map`: the drawing in a page with a legend; `map.js` adds pan (drag) and zoom (wheel,
    /// buttons). Without the script the drawing scrolls.
    /// `appIcon`: the URL of the app's icon, shown beside its name and as the page's icon.
    public static func page(_ storyboard: Storyboard, assetsPath: String, appIcon: String? = nil) -> [UInt8] {
        var w = HTMLWriter(capacity: 32_768 + storyboard.scenes.count * 1_500)
        ExplorePage.open(&w, title: "Map \u{2014} \(storyboard.name)", assetsPath: assetsPath, bodyClass: "explore-body map-body", script: "map.js",
                         icon: appIcon)
        w.raw("<header class=\"explore-header\">")
        ExplorePage.heading(&w, storyboard.name, icon: appIcon)
        w.raw("<nav class=\"explore-nav\"><a href=\"/\">App</a> <a href=\"/map\" aria-current=\"page\">Map</a> <a href=\"/scenes\">Scenes</a></nav>")
        w.raw("<ul class=\"map-legend\">")
        for kind in kinds {
            w.raw("<li class=\"legend-")
            w.text(kind)
            w.raw("\">")
            w.text(kind)
            w.raw("</li>")
        }
        w.raw("</ul><span class=\"map-zoom\" hidden><button type=\"button\" data-zoom=\"in\">+</button><button type=\"button\" data-zoom=\"out\">\u{2212}</button><button type=\"button\" data-zoom=\"fit\">Fit</button></span></header>")
        w.raw("<main class=\"map-viewport\">")
        writeSVG(storyboard, into: &w)
        w.raw("</main></body></html>")
        return w.bytes
    }
}
