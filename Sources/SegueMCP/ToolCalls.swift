import Foundation
import MCP
import SegueJSON
import SegueTesting

/// What each tool does, through the JSON API: one function per tool, each answering JSON.
extension FlowTools {
    func listScenes() throws(ToolError) -> JSONValue {
        let answer = try send("GET", "/api/v1/scenes")
        return answer
    }

    func openSession(_ call: ToolCall) throws(ToolError) -> JSONValue {
        var body: [String: JSONValue] = [:]
        if let scene = try call.string("scene") { body["scene"] = .string(scene) }
        if let url = try call.string("url") { body["url"] = .string(url) }
        let width = try call.integer("width"), height = try call.integer("height")
        if width != nil || height != nil {
            guard let width, let height else { throw ToolError("invalid_request", "give both width and height") }
            body["traits"] = .object(["width": .number(Double(width)), "height": .number(Double(height))])
        }
        let created = try send("POST", "/api/v1/sessions", json: .object(body))
        guard let id = created["id"]?.stringValue else { throw ToolError("invalid_response", "the session has no id") }
        return try screen(of: try session(id))
    }

    func tap(_ call: ToolCall) throws(ToolError) -> JSONValue {
        var action: [String: JSONValue] = ["action": .string("tap"), "element": .string(try call.required("element"))]
        if let values = call.arguments["values"] {
            guard case .object = values else { throw ToolError("invalid_request", "'values' must be an object") }
            action["values"] = values.json
        }
        return try perform(.object(action), on: try session(call))
    }

    func performSegue(_ call: ToolCall) throws(ToolError) -> JSONValue {
        var action: [String: JSONValue] = ["action": .string("performSegue"), "identifier": .string(try call.required("identifier"))]
        if let controller = try call.string("controller") { action["controller"] = .string(controller) }
        return try perform(.object(action), on: try session(call))
    }

    func performAction(_ call: ToolCall) throws(ToolError) -> JSONValue {
        guard let action = call.arguments["action"], case .object = action else {
            throw ToolError("invalid_request", "'action' must be an object such as {\"action\": \"pop\"}")
        }
        return try perform(action.json, on: try session(call))
    }

    func readEvents(_ call: ToolCall) throws(ToolError) -> JSONValue {
        let session = try session(call)
        let after = try call.integer("after") ?? 0
        return try send("GET", "/api/v1/sessions/\(session.id)/events", query: "after=\(after)")
    }

    func writeTest(_ call: ToolCall) throws(ToolError) -> JSONValue {
        let session = try session(call)
        guard let path = try call.string("path") else {
            do { return .object(["test": .string(try session.recordedTest())]) } catch { throw ToolError(error) }
        }
        guard writesFiles else { throw ToolError("forbidden", "over HTTP write_test answers the file's text; it writes no file") }
        let folder = (path as NSString).deletingLastPathComponent
        let yaml: String
        do { yaml = try session.recordedTest(savedIn: folder.isEmpty ? "." : folder) } catch { throw ToolError(error) }
        do {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ToolError("cannot_write", "cannot write \(path): \(error.localizedDescription)")
        }
        return .object(["written": .string(path), "test": .string(yaml)])
    }

    func closeSession(_ call: ToolCall) throws(ToolError) -> JSONValue {
        let session = try session(call)
        do { try session.delete() } catch { throw ToolError(error) }
        return .object(["closed": .string(session.id)])
    }

    // MARK: - Shared

    /// An action's answer: what it caused, then the screen it leads to.
    func perform(_ action: JSONValue, on session: SegueTestSession) throws(ToolError) -> JSONValue {
        let answer: ActionAnswer
        do { answer = try session.perform(action) } catch { throw ToolError(error) }
        var out: [String: JSONValue] = [
            "events": .array(answer.events.map(Self.eventLine)),
            "screen": try screen(of: session),
        ]
        if !answer.warnings.isEmpty { out["warnings"] = .array(answer.warnings.map { .string($0) }) }
        return .object(out)
    }

    /// What a person and a test see: the state's useful part, the visible scenes and the front
    /// title, and the screen's text.
    func screen(of session: SegueTestSession) throws(ToolError) -> JSONValue {
        let state = session.state
        var out: [String: JSONValue] = ["session": .string(session.id)]
        for key in ["version", "url", "elements", "manualSegues", "warnings"] { out[key] = state[key] }
        // Scenes by name, back to front, and their controllers' ids (what `controller` takes).
        out["visible"] = .array(StateReading.visibleScenes(state).map { .string($0) })
        out["visibleControllers"] = state["visible"]
        if let title = StateReading.frontmostTitle(state) { out["title"] = .string(title) }
        do { out["text"] = .string(try session.screenText()) } catch { throw ToolError(error) }
        return .object(out)
    }

    /// An event in one line (`c3 inbox viewDidAppear`), as agents read a sequence of them.
    static func eventLine(_ event: JSONValue) -> JSONValue {
        let parts = ["seq", "controller", "scene", "event", "segue"].compactMap { key -> String? in
            guard let value = event[key] else { return nil }
            if let text = value.stringValue { return text }
            return value.intValue.map(String.init)
        }
        return .string(parts.joined(separator: " "))
    }

    func session(_ call: ToolCall) throws(ToolError) -> SegueTestSession {
        try session(try call.required("session"))
    }

    func session(_ id: String) throws(ToolError) -> SegueTestSession {
        // Ids are letters and digits: anything else would name another route.
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw ToolError("unknown_session", "no session '\(id.prefix(80))'")
        }
        do { return try client.session(id: id) } catch { throw ToolError(error) }
    }

    func send(_ method: String, _ path: String, query: String? = nil, json: JSONValue? = nil) throws(ToolError) -> JSONValue {
        let answer: TestResponse
        do { answer = try client.send(method, path, query: query, json: json) } catch { throw ToolError(error) }
        guard (200..<300).contains(answer.status), let body = answer.json else {
            let error = SegueClientError(status: answer.status, code: answer.json?["error"]?["code"]?.stringValue ?? "http_\(answer.status)",
                                         message: answer.json?["error"]?["message"]?.stringValue ?? "")
            throw ToolError(error)
        }
        return body
    }
}

/// A tool call's arguments, read with their types checked.
struct ToolCall {
    let arguments: [String: Value]

    func string(_ key: String) throws(ToolError) -> String? {
        guard let value = arguments[key], value != .null else { return nil }
        guard let text = value.stringValue else { throw ToolError("invalid_request", "'\(key)' must be a string") }
        return text
    }

    func required(_ key: String) throws(ToolError) -> String {
        guard let text = try string(key) else { throw ToolError("invalid_request", "'\(key)' is required") }
        return text
    }

    func integer(_ key: String) throws(ToolError) -> Int? {
        guard let value = arguments[key], value != .null else { return nil }
        if let n = value.intValue { return n }
        if let d = value.doubleValue, let n = Int(exactly: d) { return n }
        throw ToolError("invalid_request", "'\(key)' must be an integer")
    }
}

extension Value {
    /// The same value as the JSON API reads it.
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .number(Double(i))
        case .double(let d): .number(d)
        case .string(let s): .string(s)
        case .data(_, let data): .string(data.base64EncodedString())
        case .array(let items): .array(items.map(\.json))
        case .object(let fields): .object(fields.mapValues(\.json))
        }
    }
}
