import SegueCore
import Yams

/// Collects every problem of one file.
final class Diagnostics {
    let file: String
    private(set) var all: [Diagnostic] = []

    init(file: String) { self.file = file }

    func location(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }
    func location(_ node: Node) -> SourceLocation { location(node.line) }

    func error(line: Int, _ message: String) {
        all.append(Diagnostic(.error, at: location(line), message))
    }

    /// An error of a specific kind (docs/Diagnostics.md).
    func error(line: Int, _ code: Diagnostic.Code, _ message: String) {
        all.append(Diagnostic(code, severity: .error, at: location(line), message))
    }

    func error(_ node: Node, _ message: String) { error(line: node.line, message) }
    func error(_ node: Node, _ code: Diagnostic.Code, _ message: String) { error(line: node.line, code, message) }

    /// What UIKit only reports when it happens (the file still loads and serves).
    func warning(line: Int, _ message: String) {
        all.append(Diagnostic(.warning, at: location(line), message))
    }

    /// An error caused by the problem reported at `causeLine` (a reference to a scene that could
    /// not be read): listed right after its cause, whatever its own line.
    func consequence(of causeLine: Int, line: Int, _ code: Diagnostic.Code, _ message: String) {
        causes[all.count] = causeLine
        error(line: line, code, message)
    }

    /// Diagnostic index → line of the problem it follows from (``consequence(of:line:_:_:)``).
    private var causes: [Int: Int] = [:]

    var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// By line, then in the order found; a consequence right after the problems of its cause's line.
    var sorted: [Diagnostic] {
        func key(_ item: (offset: Int, element: Diagnostic)) -> (line: Int, after: Int, offset: Int) {
            if let cause = causes[item.offset] { return (cause, 1, item.offset) }
            return (item.element.location?.line ?? 0, 0, item.offset)
        }
        return all.enumerated().sorted { key($0) < key($1) }.map(\.element)
    }
}

/// One mapping of the file, read key by key: unknown and duplicated keys are reported once, and
/// every typed accessor reports a wrong type with the key's line.
struct Fields {
    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    let node: Node
    /// What this mapping is, for messages: `scene 'inbox'`, `navigationItem of scene 'inbox'`.
    let context: String
    let entries: [Entry]
    let diagnostics: Diagnostics

    /// Reads `node` as a mapping. Reports (and returns nil for) anything else, using `what`
    /// (`'navigationItem' in scene 'inbox' must be a map`).
    init?(_ node: Node, context: String, allowed: Set<String>, what: String? = nil, diagnostics: Diagnostics) {
        guard case let .mapping(mapping) = node else {
            diagnostics.error(node, .wrongType, "\(what ?? context) must be a map")
            return nil
        }
        self.node = node
        self.context = context
        self.diagnostics = diagnostics
        self.entries = Fields.entries(of: mapping, context: context, allowed: allowed, diagnostics: diagnostics)
    }

    /// The usual cause of a key without a value in a `{…}` mapping: a comma inside a value
    /// (`{detail: Milk, eggs}` is `detail: Milk` and a key `eggs`). Nil when it does not look so.
    static func commaHint(key: String, keyNode: Node, value: Node, after previous: (key: String, value: Node)?) -> String? {
        // A key with no value on the line of the value before it: `{…, detail: Milk, eggs}`.
        guard case let .scalar(empty) = value, empty.string.isEmpty, empty.style != .singleQuoted, empty.style != .doubleQuoted,
              let previous, case let .scalar(before) = previous.value, !before.string.isEmpty,
              before.style != .singleQuoted, before.style != .doubleQuoted,
              let line = keyNode.mark?.line, line == previous.value.mark?.line else { return nil }
        return "a comma in a flow value: quote the value (\(previous.key): \"\(before.string), \(key)\")"
    }

    /// Reads `node` as a mapping whose keys are identifiers (scenes, segues, passes): reports
    /// duplicates but allows any key.
    init?(identifiers node: Node, context: String, what: String, diagnostics: Diagnostics) {
        guard case let .mapping(mapping) = node else {
            diagnostics.error(node, .wrongType, "\(what) must be a map")
            return nil
        }
        self.node = node
        self.context = context
        self.diagnostics = diagnostics
        self.entries = Fields.entries(of: mapping, context: context, allowed: nil, diagnostics: diagnostics)
    }

    private static func entries(of mapping: Node.Mapping, context: String, allowed: Set<String>?, diagnostics: Diagnostics) -> [Entry] {
        var result: [Entry] = []
        var seen: Set<String> = []
        var merged: [Entry] = []
        var previous: (key: String, value: Node)?
        for (keyNode, value) in mapping {
            defer { if case let .scalar(k) = keyNode { previous = (k.string, value) } }
            guard case let .scalar(scalar) = keyNode, keyNode.tagName != .null else {
                diagnostics.error(keyNode, "keys in \(context) must be plain names")
                continue
            }
            if keyNode.tagName == .merge {
                merged += mergeEntries(value, context: context, diagnostics: diagnostics)
                continue
            }
            let key = Composer.unmark(scalar.string).key
            guard seen.insert(key).inserted else {
                diagnostics.error(keyNode, .duplicateKey, key == "initialViewController" ? "two initial controllers" : "duplicate key '\(key)'")
                continue
            }
            if let allowed, !allowed.contains(key) {
                if let hint = commaHint(key: key, keyNode: keyNode, value: value, after: previous) {
                    diagnostics.error(keyNode, .unknownKey, "unknown key '\(key)' \(place(context)): \(hint)")
                    continue
                }
                diagnostics.error(keyNode, .unknownKey, "unknown key '\(key)' \(place(context))" + (NearestName.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? ""))
                continue
            }
            result.append(Entry(key: key, keyNode: keyNode, value: value))
        }
        // YAML merge keys (`<<: *defaults`): explicit keys win.
        for entry in merged where !seen.contains(entry.key) {
            seen.insert(entry.key)
            if let allowed, !allowed.contains(entry.key) {
                diagnostics.error(entry.keyNode, .unknownKey, "unknown key '\(entry.key)' \(place(context))" + (NearestName.nearest(to: entry.key, in: allowed).map { "; did you mean '\($0)'?" } ?? ""))
                continue
            }
            result.append(entry)
        }
        return result
    }

    /// `in scene 'inbox'`, `at top level`.
    static func place(_ context: String) -> String { context == "top level" ? "at top level" : "in \(context)" }

    private static func mergeEntries(_ value: Node, context: String, diagnostics: Diagnostics) -> [Entry] {
        switch value {
        case let .mapping(mapping):
            return mapping.compactMap { key, value in
                guard let name = key.scalar?.string else { return nil }
                return Entry(key: Composer.unmark(name).key, keyNode: key, value: value)
            }
        case let .sequence(sequence):
            return sequence.flatMap { mergeEntries($0, context: context, diagnostics: diagnostics) }
        default:
            diagnostics.error(value, "'<<' in \(context) must merge a map")
            return []
        }
    }

    subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }
    func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The line of a key (else of the mapping).
    func line(_ key: String) -> Int { entry(key)?.keyNode.line ?? node.line }

    private func typeError(_ key: String, _ node: Node, _ type: String) {
        diagnostics.error(node, .wrongType, "'\(key)' in \(context) must be \(type)")
    }

    // MARK: Typed accessors (nil when absent, null, or of the wrong type; the last is reported)

    func string(_ key: String) -> String? {
        guard let node = self[key] else { return nil }
        return Fields.string(node, key: key, context: context, diagnostics: diagnostics)
    }

    /// Any scalar's text (numbers and words alike); null is absent.
    static func string(_ node: Node, key: String, context: String, diagnostics: Diagnostics) -> String? {
        guard case let .scalar(scalar) = node else {
            diagnostics.error(node, .wrongType, "'\(key)' in \(context) must be a string")
            return nil
        }
        if node.tagName == .null, scalar.style == .plain || scalar.style == .any { return nil }
        return scalar.string
    }

    func bool(_ key: String) -> Bool? {
        guard let node = self[key], !isNull(node) else { return nil }
        guard node.tagName == .bool, let value = node.bool else {
            typeError(key, node, "true or false")
            return nil
        }
        return value
    }

    func int(_ key: String) -> Int? {
        guard let node = self[key], !isNull(node) else { return nil }
        guard node.tagName == .int, let value = node.int else {
            typeError(key, node, "an integer")
            return nil
        }
        return value
    }

    func double(_ key: String) -> Double? {
        guard let node = self[key], !isNull(node) else { return nil }
        guard node.tagName == .int || node.tagName == .float, let value = node.float else {
            typeError(key, node, "a number")
            return nil
        }
        return value
    }

    /// A value among an enum's raw values; an unknown one lists the allowed values.
    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) -> E? where E.RawValue == String {
        enumeration(key, allowed: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:))
    }

    func enumeration(_ key: String, allowed: [String]) -> String? {
        guard let node = self[key], let value = Fields.string(node, key: key, context: context, diagnostics: diagnostics) else { return nil }
        guard allowed.contains(value) else {
            diagnostics.error(node, .unknownValue, "unknown \(key) '\(value)' in \(context) (expected one of: \(allowed.joined(separator: ", ")))")
            return nil
        }
        return value
    }

    /// A list; a lone scalar where a list is expected is a type error.
    func list(_ key: String, of type: String) -> [Node]? {
        guard let node = self[key], !isNull(node) else { return nil }
        guard case let .sequence(sequence) = node else {
            typeError(key, node, "a list of \(type)")
            return nil
        }
        return Array(sequence)
    }

    /// A list of scalars (scene ids, names), each with its node.
    func strings(_ key: String, of type: String) -> [(String, Node)]? {
        guard let nodes = list(key, of: type) else { return nil }
        var result: [(String, Node)] = []
        for element in nodes {
            guard case let .scalar(scalar) = element, !isNull(element) else {
                typeError(key, element, "a list of \(type)")
                continue
            }
            result.append((scalar.string, element))
        }
        return result
    }

    func isNull(_ node: Node) -> Bool {
        guard case let .scalar(scalar) = node else { return false }
        return node.tagName == .null && (scalar.style == .plain || scalar.style == .any)
    }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    static var names: [String] { allCases.map(\.rawValue) }
}
