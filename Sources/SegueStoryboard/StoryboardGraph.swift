import SegueCore
import SegueJSON

/// The scene graph of a storyboard as Graphviz DOT or JSON. Deterministic: scenes in declaration
/// order; each scene's edges as relationships (containment order), then segues (declaration order).
///
/// - Relationship edges: solid, labelled with the relationship (`rootViewController`, ...).
/// - Segue edges: dashed, labelled `kind` or `kind: identifier`.
/// - Unwind segues have no destination scene: DOT draws them dotted to one `exit` node; JSON lists
///   them with `"to": null` and their `"action"`.
/// - Navigation read from the app's code (``SegueSpec/codeSource``): DOT draws it bold and blue
///   with its source line in the label; JSON gives its `"source"`.
/// - The initial scene: DOT draws an arrow from a point node `__initial`; JSON names it in `initial`.
public enum StoryboardGraph {
    public struct Edge: Sendable, Hashable {
        public var from: String
        public var to: String?
        public var kind: String
        public var identifier: String?
        public var relationship: Bool
        public var action: String?
        /// The source line of navigation read from the app's code.
        public var source: String? = nil
    }

    /// Every edge, in the documented order.
    public static func edges(_ storyboard: Storyboard) -> [Edge] {
        var edges: [Edge] = []
        for scene in storyboard.orderedScenes {
            for (name, target) in StoryboardCheck.relationshipList(scene) {
                edges.append(Edge(from: scene.id, to: target, kind: "relationship", identifier: name, relationship: true))
            }
            for segue in scene.segues {
                edges.append(Edge(from: scene.id, to: segue.destination, kind: segue.kind.rawValue,
                                  identifier: segue.id, relationship: false, action: segue.action, source: segue.codeSource))
            }
        }
        return edges
    }

    public static func dot(_ storyboard: Storyboard) -> String {
        var lines = ["digraph \(quote(storyboard.name)) {", "  rankdir=LR;", "  node [shape=box];"]
        if let initial = storyboard.initialViewController {
            lines.append("  \"__initial\" [shape=point];")
            lines.append("  \"__initial\" -> \(quote(initial));")
        }
        for scene in storyboard.orderedScenes {
            var label = scene.title ?? scene.id
            label += "\n" + scene.kind.rawValue
            if let cls = scene.className { label += " (\(cls))" }
            lines.append("  \(quote(scene.id)) [label=\(quote(label))];")
        }
        let all = edges(storyboard)
        if all.contains(where: { $0.to == nil }) {
            lines.append("  \"__exit\" [label=\"exit\", shape=doublecircle];")
        }
        for edge in all {
            if edge.relationship {
                lines.append("  \(quote(edge.from)) -> \(quote(edge.to ?? "")) [label=\(quote(edge.identifier ?? ""))];")
            } else if let to = edge.to, let source = edge.source {
                let label = "\(edge.kind) (code): \(source)"
                lines.append("  \(quote(edge.from)) -> \(quote(to)) [style=bold, color=blue, label=\(quote(label))];")
            } else if let to = edge.to {
                let label = edge.identifier.map { "\(edge.kind): \($0)" } ?? edge.kind
                lines.append("  \(quote(edge.from)) -> \(quote(to)) [style=dashed, label=\(quote(label))];")
            } else {
                let label = "unwind: " + (edge.action ?? edge.identifier ?? "")
                lines.append("  \(quote(edge.from)) -> \"__exit\" [style=dotted, label=\(quote(label))];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ storyboard: Storyboard) -> String {
        var out = "{\"scenes\":["
        out += storyboard.orderedScenes.map { scene in
            "{\"id\":\(string(scene.id)),\"kind\":\(string(scene.kind.rawValue)),\"title\":\(optional(scene.title)),\"className\":\(optional(scene.className))}"
        }.joined(separator: ",")
        out += "],\"edges\":["
        out += edges(storyboard).map { e in
            var s = "{\"from\":\(string(e.from)),\"to\":\(optional(e.to)),\"kind\":\(string(e.kind)),\"identifier\":\(optional(e.identifier)),\"relationship\":\(e.relationship)"
            if let action = e.action { s += ",\"action\":\(string(action))" }
            if let source = e.source { s += ",\"source\":\(string(source))" }
            return s + "}"
        }.joined(separator: ",")
        out += "],\"initial\":\(optional(storyboard.initialViewController))}"
        return out
    }

    // MARK: - Escaping

    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(c)
            }
        }
        return out + "\""
    }

    static func string(_ s: String) -> String { JSONWriter.quoted(s) }

    static func optional(_ s: String?) -> String { s.map(string) ?? "null" }
}
