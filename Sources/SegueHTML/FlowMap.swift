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
///
/// This file owns the layout, the edges read from the flow and the `GET /map` page;
/// `FlowMapDrawing.swift` draws the SVG and `FlowMapCards.swift` the cards.
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
        var placed = canvasPlacements(storyboard)
        let rest = storyboard.orderedScenes.filter { placed[$0.id] == nil }
        guard !rest.isEmpty else { return placed }
        let depth = depths(storyboard, placed: placed)
        var unreachedColumn = (depth.values.max() ?? -1) + 1
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

    /// The scenes of the storyboard files whose every scene has a canvas location, placed as on
    /// the canvas (scaled apart), one file under the other: the main storyboard first, the rest
    /// by order of first appearance.
    static func canvasPlacements(_ storyboard: Storyboard) -> [String: Placement] {
        var placed: [String: Placement] = [:]
        var groups: [String: [Scene]] = [:]
        var groupOrder: [String] = []
        for scene in storyboard.orderedScenes where hasUsableCanvasLocation(scene) {
            let key = scene.storyboardName ?? storyboard.name
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(scene)
        }
        var top = margin
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
        return placed
    }

    /// The layered layout's columns: breadth first from the initial scene (unless it is placed
    /// on the canvas) along relationships and segues, to the scenes not yet placed.
    static func depths(_ storyboard: Storyboard, placed: [String: Placement]) -> [String: Int] {
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
        return depth
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
