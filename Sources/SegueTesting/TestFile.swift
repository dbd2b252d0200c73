import Foundation
import SegueCore
import Yams
import SegueJSON
import SegueServer

/// A test file (`*.test.yaml`): the flow it tests, the traits, and its tests.
///
/// ```yaml
/// flow: ../mail.yaml            # relative to this file (`segue test --flow` overrides)
/// traits: {width: 390, height: 844}
/// tests:
///   - name: compose a message
///     start: "/ui/mailNav(mailboxes,inbox)"
///     steps:
///       - tap: compose
///       - expect: {visible: [compose], title: New Message}
/// ```
public struct FlowTestFile: Sendable {
    public var path: String
    /// The flow as written (relative to the file), with its line.
    public var flow: String?
    public var flowLine: Int
    public var traits: Traits?
    public var tests: [FlowTest]

    /// The flow's path resolved against the file's folder.
    public var flowPath: String? {
        guard let flow else { return nil }
        if flow.hasPrefix("/") { return flow }
        let folder = (path as NSString).deletingLastPathComponent
        return FlowTestFile.tidy(folder.isEmpty ? flow : (folder as NSString).appendingPathComponent(flow))
    }

    /// `Examples/tests/../mail.yaml` → `Examples/mail.yaml` (relative paths stay relative).
    static func tidy(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

public struct FlowTest: Sendable {
    public var name: String
    public var file: String
    public var line: Int
    public var start: String?
    public var steps: [FlowStep]
}

/// What a test taps or expects: an element id, or a title and/or role as in STATE `elements`;
/// in an `expect`, also the value its control holds (`isOn`, `value`, `text`,
/// `selectedSegmentIndex`, as STATE elements report them).
public struct ElementQuery: Sendable, Hashable, CustomStringConvertible {
    public var id: String?
    public var title: String?
    public var role: String?
    public var isOn: Bool?
    public var value: Double?
    public var text: String?
    public var selectedSegmentIndex: Int?

    public init(id: String? = nil, title: String? = nil, role: String? = nil) {
        self.id = id
        self.title = title
        self.role = role
    }

    /// Whether the query names an element by what it is (not only by what it holds).
    var namesAnElement: Bool { id != nil || title != nil || role != nil }
    var checksAValue: Bool { isOn != nil || value != nil || text != nil || selectedSegmentIndex != nil }

    public func matches(_ element: JSONValue) -> Bool {
        names(element) && holds(element)
    }

    /// The element is the one named (id, title, role), whatever it holds.
    public func names(_ element: JSONValue) -> Bool {
        (id == nil || element["id"]?.stringValue == id)
            && (title == nil || element["title"]?.stringValue == title)
            && (role == nil || element["role"]?.stringValue == role)
    }

    /// The element holds the values asked for.
    public func holds(_ element: JSONValue) -> Bool {
        (isOn == nil || element["isOn"]?.boolValue == isOn)
            && (value == nil || element["value"]?.numberValue == value)
            && (text == nil || element["text"]?.stringValue == text)
            && (selectedSegmentIndex == nil || element["selectedSegmentIndex"]?.intValue == selectedSegmentIndex)
    }

    public var description: String {
        if let id, title == nil, role == nil, !checksAValue { return id }
        var parts: [String] = []
        if let id { parts.append("id: \(id)") }
        if let title { parts.append("title: \(title)") }
        if let role { parts.append("role: \(role)") }
        if let isOn { parts.append("isOn: \(isOn)") }
        if let value { parts.append("value: \(ElementQuery.number(value))") }
        if let text { parts.append("text: \(text)") }
        if let selectedSegmentIndex { parts.append("selectedSegmentIndex: \(selectedSegmentIndex)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

public struct Expectation: Sendable {
    public var visible: [String]?
    public var title: String?
    public var url: String?
    public var elements: [ElementQuery]?
    public var missing: [ElementQuery]?
    /// `scene.event` (or `event` for any scene), in order among the events since the previous
    /// expect; an empty list expects none.
    public var events: [String]?
    public var warnings: Int?
}

public struct FlowStep: Sendable {
    public indirect enum Kind: Sendable {
        case tap(ElementQuery)
        case type(element: String, text: String)
        case toggle(element: String, isOn: Bool?)
        /// Any JSON action body.
        case action(JSONValue)
        case back, forward
        /// The browser opening a URL of the session (a typed address, a bookmark).
        case open(String)
        case see(String)
        case expect(Expectation)
        case run(String)
        case fails(FlowStep, code: String)
    }

    public var kind: Kind
    public var file: String
    public var line: Int

    /// How the step reads in the file, for reports.
    public var summary: String {
        switch kind {
        case .tap(let q): "tap: \(q)"
        case .type(let e, let t): "type: {element: \(e), text: \(t)}"
        case .toggle(let e, let on): "toggle: {element: \(e)\(on.map { ", isOn: \($0)" } ?? "")}"
        case .action(let body): "do: \(body.encoded)"
        case .back: "back"
        case .forward: "forward"
        case .open(let url): "open: \(url)"
        case .see(let text): "see: \(text)"
        case .expect: "expect"
        case .run(let name): "run: \(name)"
        case .fails(let inner, let code): "fails: {\(inner.summary), code: \(code)}"
        }
    }
}

/// `file:line: message` problems of test files.
public struct TestFileProblems: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Parses test files, reporting every problem with its line.
public enum FlowTestParser {
    static let stepKeys = ["tap", "type", "toggle", "do", "back", "forward", "open", "see", "expect", "run", "fails"]
    static let expectKeys = ["visible", "title", "url", "elements", "missing", "events", "warnings"]

    /// Reads and parses a test file.
    public static func load(path: String) -> (FlowTestFile?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return (nil, [Diagnostic(at: SourceLocation(file: path, line: 1), "cannot read the test file")])
        }
        return parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) -> (FlowTestFile?, [Diagnostic]) {
        var p = Parser(file: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            var line = 1
            if case .scanner(_, _, let mark, _) = error { line = mark.line }
            if case .parser(_, _, let mark, _) = error { line = mark.line }
            if case .duplicatedKeysInMapping(let keys, let context) = error {
                return (nil, [Diagnostic(at: SourceLocation(file: path, line: context.mark.line), "duplicate key '\(keys.first ?? "?")'")])
            }
            return (nil, [Diagnostic(at: SourceLocation(file: path, line: line), "invalid YAML: \(error)")])
        } catch {
            return (nil, [Diagnostic(at: SourceLocation(file: path, line: 1), "invalid YAML: \(error)")])
        }
        // A flow file given where a test file goes: say so once, rather than list its keys.
        if case .mapping(let m)? = root, m.contains(where: { $0.key.string == "scenes" }), !m.contains(where: { $0.key.string == "tests" }) {
            return (nil, [Diagnostic(at: SourceLocation(file: path, line: 1),
                                     "this is a flow file, not a test file (it has 'scenes' and no 'tests'); give it with --flow, or name a *.test.yaml")])
        }
        guard let root, let map = p.mapping(root, "the test file", keys: ["flow", "traits", "tests"]) else {
            if root == nil { p.error(1, "empty test file (expected 'tests:' with a list of tests)") }
            return (nil, p.diagnostics)
        }
        var file = FlowTestFile(path: path, flow: nil, flowLine: 1, traits: nil, tests: [])
        if let flow = map["flow"] {
            file.flow = p.string(flow, "flow")
            file.flowLine = flow.line
        }
        if let traits = map["traits"] { file.traits = p.traits(traits) }
        guard let tests = map["tests"] else {
            p.error(root.line, "missing 'tests' (a list of tests, each with 'name' and 'steps')")
            return (nil, p.diagnostics)
        }
        guard case .sequence(let list) = tests else {
            p.error(tests.line, "'tests' must be a list of tests")
            return (nil, p.diagnostics)
        }
        var names: [String: Int] = [:]
        for node in list {
            guard let t = p.mapping(node, "a test", keys: ["name", "start", "steps"]) else { continue }
            guard let nameNode = t["name"], let name = p.string(nameNode, "name") else {
                if t["name"] == nil { p.error(node.line, "a test needs a 'name'") }
                continue
            }
            if let first = names[name] { p.error(nameNode.line, "duplicate test name '\(name)' (first on line \(first))") }
            names[name] = nameNode.line
            let start = t["start"].flatMap { p.string($0, "start") }
            var steps: [FlowStep] = []
            if let stepsNode = t["steps"] {
                if case .sequence(let s) = stepsNode {
                    steps = s.compactMap { p.step($0) }
                } else {
                    p.error(stepsNode.line, "'steps' must be a list of steps")
                }
            } else {
                p.error(node.line, "test '\(name)' has no 'steps'")
            }
            file.tests.append(FlowTest(name: name, file: path, line: node.line, start: start, steps: steps))
        }
        return (file, p.diagnostics)
    }

    struct Parser {
        let file: String
        var diagnostics: [Diagnostic] = []

        mutating func error(_ line: Int, _ message: String) {
            diagnostics.append(Diagnostic(at: SourceLocation(file: file, line: line), message))
        }

        /// A mapping with only the given keys (unknown ones reported with the nearest known key).
        mutating func mapping(_ node: Node, _ what: String, keys: [String]) -> [String: Node]? {
            guard case .mapping(let m) = node else {
                error(node.line, "\(what) must be a mapping (keys: \(keys.joined(separator: ", ")))")
                return nil
            }
            var out: [String: Node] = [:]
            for (k, v) in m {
                guard let key = k.string else { error(k.line, "keys must be text"); continue }
                guard keys.contains(key) else {
                    var message = "unknown key '\(key)' in \(what) (expected \(keys.joined(separator: ", ")))"
                    if let near = NearestName.nearest(to: key, in: keys) { message += "; did you mean '\(near)'?" }
                    error(k.line, message)
                    continue
                }
                out[key] = v
            }
            return out
        }

        mutating func string(_ node: Node, _ key: String) -> String? {
            guard case .scalar(let s) = node else { error(node.line, "'\(key)' must be text"); return nil }
            return s.string
        }

        mutating func int(_ node: Node, _ key: String) -> Int? {
            guard case .scalar = node, let n = node.int else { error(node.line, "'\(key)' must be an integer"); return nil }
            return n
        }

        mutating func bool(_ node: Node, _ key: String) -> Bool? {
            guard case .scalar = node, let b = node.bool, node.tagName == .bool else { error(node.line, "'\(key)' must be true or false"); return nil }
            return b
        }

        mutating func traits(_ node: Node) -> Traits? {
            guard let m = mapping(node, "traits", keys: ["width", "height"]) else { return nil }
            guard let w = m["width"].flatMap({ int($0, "width") }), let h = m["height"].flatMap({ int($0, "height") }) else {
                if m["width"] == nil || m["height"] == nil { error(node.line, "traits need 'width' and 'height'") }
                return nil
            }
            guard (1...100_000).contains(w), (1...100_000).contains(h) else { error(node.line, "traits sizes must be positive"); return nil }
            return Traits(width: w, height: h)
        }

        mutating func step(_ node: Node) -> FlowStep? {
            let line = node.line
            func make(_ kind: FlowStep.Kind) -> FlowStep { FlowStep(kind: kind, file: file, line: line) }
            if case .scalar(let s) = node {
                switch s.string {
                case "back": return make(.back)
                case "forward": return make(.forward)
                default:
                    var message = "unknown step '\(s.string)'"
                    if let near = NearestName.nearest(to: s.string, in: FlowTestParser.stepKeys) { message += "; did you mean '\(near)'?" }
                    error(line, message + " (steps: \(FlowTestParser.stepKeys.joined(separator: ", ")))")
                    return nil
                }
            }
            guard case .mapping(let m) = node else { error(line, "a step must be a mapping like 'tap: ID', or back/forward"); return nil }
            let keys: [String] = m.keys.compactMap(\.string)
            let stepKeys: [String] = keys.filter { FlowTestParser.stepKeys.contains($0) }
            for key in keys where !FlowTestParser.stepKeys.contains(key) && !(key == "code" && stepKeys == ["fails"]) {
                var message = "unknown step '\(key)'"
                if let near = NearestName.nearest(to: key, in: FlowTestParser.stepKeys) { message += "; did you mean '\(near)'?" }
                error(line, message + " (steps: \(FlowTestParser.stepKeys.joined(separator: ", ")))")
                return nil
            }
            guard stepKeys.count == 1, let key = stepKeys.first, let value = m[Node(key)] else {
                error(line, "a step has exactly one of \(FlowTestParser.stepKeys.joined(separator: ", "))")
                return nil
            }
            switch key {
            case "tap":
                guard let q = elementQuery(value, "tap") else { return nil }
                return make(.tap(q))
            case "type":
                guard let f = mapping(value, "type", keys: ["element", "text"]) else { return nil }
                guard let e = f["element"].flatMap({ string($0, "element") }), let t = f["text"].flatMap({ string($0, "text") }) else {
                    if f["element"] == nil || f["text"] == nil { error(value.line, "type needs 'element' and 'text'") }
                    return nil
                }
                return make(.type(element: e, text: t))
            case "toggle":
                if case .scalar(let s) = value { return make(.toggle(element: s.string, isOn: nil)) }
                guard let f = mapping(value, "toggle", keys: ["element", "isOn"]) else { return nil }
                guard let e = f["element"].flatMap({ string($0, "element") }) else {
                    if f["element"] == nil { error(value.line, "toggle needs 'element'") }
                    return nil
                }
                return make(.toggle(element: e, isOn: f["isOn"].flatMap { bool($0, "isOn") }))
            case "do":
                guard let body = json(value) else { return nil }
                guard validateAction(body, line: value.line) else { return nil }
                return make(.action(body))
            case "back", "forward":
                error(line, "'\(key)' takes no value; write '- \(key)'")
                return nil
            case "open":
                guard let url = string(value, "open") else { return nil }
                return make(.open(url))
            case "see":
                guard let text = string(value, "see") else { return nil }
                guard !text.allSatisfy(\.isWhitespace) else { error(value.line, "'see' needs the text a person should see"); return nil }
                return make(.see(text))
            case "run":
                guard let name = string(value, "run") else { return nil }
                return make(.run(name))
            case "expect":
                guard let e = expectation(value) else { return nil }
                return make(.expect(e))
            case "fails":
                // `fails: {do: …, code: X}` or a step mapping with `code` beside `fails`.
                var inner: Node = value
                var codeNode = m[Node("code")]
                if case .mapping(var im) = value, let c = im[Node("code")] {
                    codeNode = c
                    im[Node("code")] = nil
                    inner = .mapping(im)
                }
                guard let codeNode, let code = string(codeNode, "code") else {
                    error(line, "fails needs the error 'code' the step must fail with")
                    return nil
                }
                guard let step = step(inner) else { return nil }
                switch step.kind {
                case .expect, .run, .fails, .see:
                    error(line, "fails wraps an action step (tap, type, toggle, do, back, forward, open)")
                    return nil
                default:
                    return make(.fails(step, code: code))
                }
            default:
                return nil
            }
        }

        /// An element named by id, title or role; in an `expect`'s `elements`, with the values it
        /// must hold.
        mutating func elementQuery(_ node: Node, _ what: String) -> ElementQuery? {
            if case .scalar(let s) = node { return ElementQuery(id: s.string) }
            let valueKeys = what == "elements" ? ["isOn", "value", "text", "selectedSegmentIndex"] : []
            guard let f = mapping(node, what, keys: ["id", "title", "role"] + valueKeys) else { return nil }
            var q = ElementQuery(id: f["id"].flatMap { string($0, "id") }, title: f["title"].flatMap { string($0, "title") },
                                 role: f["role"].flatMap { string($0, "role") })
            q.isOn = f["isOn"].flatMap { bool($0, "isOn") }
            q.value = f["value"].flatMap { number($0, "value") }
            q.text = f["text"].flatMap { string($0, "text") }
            q.selectedSegmentIndex = f["selectedSegmentIndex"].flatMap { int($0, "selectedSegmentIndex") }
            if !q.namesAnElement { error(node.line, "\(what) names an element by id, title or role") ; return nil }
            return q
        }

        mutating func number(_ node: Node, _ key: String) -> Double? {
            guard case .scalar = node, let n = node.float, n.isFinite, node.tagName == .int || node.tagName == .float else {
                error(node.line, "'\(key)' must be a number")
                return nil
            }
            return n
        }

        mutating func stringList(_ node: Node, _ key: String) -> [String]? {
            if case .scalar(let s) = node { return [s.string] }
            guard case .sequence(let items) = node else { error(node.line, "'\(key)' must be a list"); return nil }
            return items.compactMap { string($0, key) }
        }

        mutating func expectation(_ node: Node) -> Expectation? {
            guard let f = mapping(node, "expect", keys: FlowTestParser.expectKeys) else { return nil }
            var e = Expectation()
            e.visible = f["visible"].flatMap { stringList($0, "visible") }
            e.title = f["title"].flatMap { string($0, "title") }
            e.url = f["url"].flatMap { string($0, "url") }
            for key in ["elements", "missing"] {
                guard let n = f[key] else { continue }
                let items: [Node]
                if case .sequence(let s) = n { items = Array(s) } else { items = [n] }
                let queries = items.compactMap { elementQuery($0, key) }
                if key == "elements" { e.elements = queries } else { e.missing = queries }
            }
            if let events = f["events"].flatMap({ stringList($0, "events") }) {
                let names = EventName.allCases.map(\.rawValue)
                for event in events {
                    let name = event.split(separator: ".").last.map(String.init) ?? event
                    if !names.contains(name) {
                        var message = "unknown event '\(name)' in '\(event)' (write scene.event, e.g. inbox.viewDidAppear)"
                        if let near = NearestName.nearest(to: name, in: names) { message += "; did you mean '\(near)'?" }
                        error(f["events"]!.line, message)
                    }
                }
                e.events = events
            }
            e.warnings = f["warnings"].flatMap { int($0, "warnings") }
            return e
        }

        /// A YAML node as JSON (plain scalars by their resolved type).
        mutating func json(_ node: Node) -> JSONValue? {
            switch node {
            case .scalar(let s):
                switch node.tagName {
                case .null: return .null
                case .bool: return node.bool.map { .bool($0) } ?? .string(s.string)
                case .int: return node.int.map { .number(Double($0)) } ?? .string(s.string)
                case .float: return node.float.map { .number($0) } ?? .string(s.string)
                default: return .string(s.string)
                }
            case .sequence(let items):
                var out: [JSONValue] = []
                for item in items { guard let v = json(item) else { return nil }; out.append(v) }
                return .array(out)
            case .mapping(let m):
                var out: [String: JSONValue] = [:]
                for (k, v) in m {
                    guard let key = k.string, let value = json(v) else { return nil }
                    out[key] = value
                }
                return .object(out)
            case .alias:
                error(node.line, "aliases are not supported in test files")
                return nil
            }
        }

        /// The action's name and keys against the API's key table.
        mutating func validateAction(_ body: JSONValue, line: Int) -> Bool {
            guard case .object(let o) = body else { error(line, "do takes an action body, e.g. {action: popToRoot}"); return false }
            guard let name = o["action"]?.stringValue else { error(line, "do needs 'action' (one of \(ActionKeys.names.joined(separator: ", ")))"); return false }
            guard let entry = ActionKeys.entry(name) else {
                var message = "unknown action '\(name)'"
                if let near = NearestName.nearest(to: name, in: ActionKeys.names) { message += "; did you mean '\(near)'?" }
                error(line, message + " (actions: \(ActionKeys.names.joined(separator: ", ")))")
                return false
            }
            do throws(ActionError) {
                try ActionKeys.checkKeys(o.keys, allowed: entry.allowed, of: "action '\(name)'")
            } catch {
                self.error(line, error.message)
                return false
            }
            for key in entry.required where o[key] == nil {
                error(line, "action '\(name)' needs '\(key)'")
                return false
            }
            return true
        }
    }
}

extension Node {
    var line: Int { mark?.line ?? 1 }
    var tagName: Tag.Name { Resolver.default.resolveTag(of: self) }
}
