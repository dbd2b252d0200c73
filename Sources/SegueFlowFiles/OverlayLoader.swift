import Foundation
import SegueCore
import Yams

/// Reads an overlay file (YAML or JSON) into an ``Overlay``, reporting each malformed value with
/// its line. Whether the scenes, elements and cells it names exist is ``Overlay/validate(against:)``'s.
public enum OverlayLoader {
    public static func load(path: String) throws(FlowFileError) -> Overlay {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlowFileError(diagnostics: [Diagnostic(at: SourceLocation(file: path, line: 1), "cannot read the overlay file")])
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    public static func parse(_ text: String, file: String) throws(FlowFileError) -> Overlay {
        let diagnostics = Diagnostics(file: file)
        let format: FlowFileFormat = file.lowercased().hasSuffix(".json") ? .json : .yaml
        var overlay = Overlay(file: file)
        if let root = Composer.compose(text, file: file, format: format, into: diagnostics) {
            decode(root, into: &overlay, diagnostics)
        }
        let errors = diagnostics.all.filter { $0.severity == .error }
        if !errors.isEmpty { throw FlowFileError(diagnostics: errors) }
        return overlay
    }

    static func decode(_ root: Node, into overlay: inout Overlay, _ d: Diagnostics) {
        guard let top = root.mapping else { d.error(root, "an overlay is a mapping with 'scenes' (and 'initial')"); return }
        for (key, value) in top {
            switch key.string {
            case "initial":
                if let s = value.string { overlay.initial = .init(value: s, line: value.line) } else { d.error(value, "'initial' must be a scene id") }
            case "scenes":
                guard let scenes = value.mapping else { d.error(value, "'scenes' must map scene ids to their changes"); continue }
                for (id, body) in scenes { if let s = scene(id, body, d) { overlay.scenes.append(s) } }
            default:
                d.error(key, "unknown key '\(key.string ?? "")' in the overlay (expected initial, scenes)")
            }
        }
    }

    static func scene(_ idNode: Node, _ body: Node, _ d: Diagnostics) -> Overlay.SceneChanges? {
        guard let id = idNode.string, let fields = body.mapping else { d.error(idNode, "a scene's changes must be a mapping"); return nil }
        var changes = Overlay.SceneChanges(scene: id, line: idNode.line)
        for (key, value) in fields {
            switch key.string {
            case "steps": changes.steps = (value.sequence ?? []).compactMap { step($0, d) }
            case "refuse": changes.refuse = strings(value, "refuse", d).map { .init(value: $0.0, line: $0.1) }
            case "shouldPerformSegue": changes.shouldPerformSegue = segueRefusals(value, d)
            case "texts": changes.texts = pairs(value, "texts", d)
            case "images": changes.images = pairs(value, "images", d)
            case "children": changes.children = pairs(value, "children", d)
            case "rows": changes.rows = (value.sequence ?? []).compactMap { row($0, d) }
            case "detail":
                if let s = value.string { changes.detail = .init(value: s, line: value.line) } else { d.error(value, "'detail' must be a scene id") }
            default:
                d.error(key, "unknown key '\(key.string ?? "")' in scene '\(id)' (expected steps, refuse, shouldPerformSegue, texts, images, rows, detail, children)")
            }
        }
        return changes
    }

    static func step(_ node: Node, _ d: Diagnostics) -> Overlay.Step? {
        guard let fields = node.mapping else { d.error(node, "a step must be a mapping"); return nil }
        var found: Overlay.Step?
        for verb in Overlay.Step.Verb.allCases {
            if let target = fields[Node(verb.rawValue)]?.string {
                found = Overlay.Step(verb: verb, target: target, line: node.line)
            }
        }
        guard var step = found else {
            d.error(node, "a step needs one of push, present, show, showDetail, segue, action")
            return nil
        }
        for (key, value) in fields {
            switch key.string ?? "" {
            case "id": step.id = value.string
            case "style":
                step.style = value.string.flatMap(ModalPresentationStyle.init(rawValue:))
                if step.style == nil { d.error(value, "unknown style '\(value.string ?? "")' (expected \(ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")))") }
            case "element": step.element = value.string
            case "method": step.actionMethod = value.string
            case "rows": step.rows = value.bool ?? false
            case "source": step.source = value.string
            case let verb where Overlay.Step.Verb(rawValue: verb) != nil: break
            default: d.error(key, "unknown key '\(key.string ?? "")' in a step (expected id, style, element, method, rows, source)")
            }
        }
        return step
    }

    static func row(_ node: Node, _ d: Diagnostics) -> Overlay.Row? {
        guard let fields = node.mapping, let cell = fields["cell"]?.string else {
            d.error(node, "a sample row needs 'cell', the prototype cell's id")
            return nil
        }
        var row = Overlay.Row(cell: cell, line: node.line)
        row.text = fields["text"]?.string
        row.detail = fields["detail"]?.string
        if let texts = fields["texts"] { row.texts = Dictionary(pairs(texts, "texts", d).map { $0.value }, uniquingKeysWith: { a, _ in a }) }
        if let images = fields["images"] { row.images = Dictionary(pairs(images, "images", d).map { $0.value }, uniquingKeysWith: { a, _ in a }) }
        if let actions = fields["leadingSwipeActions"] { row.leadingSwipeActions = swipeActions(actions, "leadingSwipeActions", cell: cell, d) }
        if let actions = fields["trailingSwipeActions"] { row.trailingSwipeActions = swipeActions(actions, "trailingSwipeActions", cell: cell, d) }
        if Overlay.Step.Verb.allCases.contains(where: { fields[Node($0.rawValue)] != nil }) {
            var tapFields = fields
            for key in ["cell", "text", "detail", "texts", "images", "leadingSwipeActions", "trailingSwipeActions"] { tapFields[Node(key)] = nil }
            row.tap = step(Node.mapping(tapFields), d)
        }
        return row
    }

    static func strings(_ node: Node, _ key: String, _ d: Diagnostics) -> [(String, Int)] {
        guard let items = node.sequence else { d.error(node, "'\(key)' must be a list"); return [] }
        return items.compactMap { item in item.string.map { ($0, item.line) } }
    }

    static func pairs(_ node: Node, _ key: String, _ d: Diagnostics) -> [Overlay.Located<(String, String)>] {
        guard let map = node.mapping else { d.error(node, "'\(key)' must map element ids to values"); return [] }
        return map.compactMap { k, v in
            guard let a = k.string, let b = v.string else { d.error(k, "'\(key)' values must be strings"); return nil }
            return .init(value: (a, b), line: k.line)
        }
    }

    /// `{SEGUE: false}` or `{SEGUE: {requires: [FIELD…]}}`, as in flow files; `true` allows.
    static func segueRefusals(_ node: Node, _ d: Diagnostics) -> [Overlay.Located<(String, SegueRefusal)>] {
        guard let map = node.mapping else { d.error(node, "'shouldPerformSegue' must map segue identifiers to false or {requires: [...]}"); return [] }
        var out: [Overlay.Located<(String, SegueRefusal)>] = []
        for (key, value) in map {
            guard let id = key.string else { continue }
            if value.tagName == .bool, let allowed = value.bool {
                if !allowed { out.append(.init(value: (id, .always), line: key.line)) }
            } else if let requires = value.mapping?[Node("requires")], value.mapping?.count == 1 {
                out.append(.init(value: (id, .whileEmpty(strings(requires, "requires", d).map(\.0))), line: key.line))
            } else {
                d.error(value, "shouldPerformSegue '\(id)' must be false, true or {requires: [text field ids]}")
            }
        }
        return out
    }
}
