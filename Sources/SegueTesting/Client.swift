import Foundation
import SegueCore
import SegueHTTP
import SegueServer
import Logging
import SegueJSON

/// A client of Segue's JSON API and pages, for tests: in process (``inProcess(storyboard:registry:)``,
/// the application's routes called directly) or live (``live(_:)``, over HTTP to a running
/// `segue serve`). Both speak the same API, so a test gives the same result either way.
public struct SegueClient: Sendable {
    public let transport: any SegueTransport

    public init(transport: any SegueTransport) { self.transport = transport }

    /// A client of a fresh in-memory application serving `storyboard`.
    /// `defaultTraits` is the viewport of sessions created without traits (an iPhone in portrait
    /// unless given, as `segue serve` picks for flow files).
    public static func inProcess(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(), defaultTraits: Traits? = nil) -> SegueClient {
        // Quiet: a test run prints what its reports say, not the server's request log.
        let logger = Logger(label: "segue-test") { _ in SwiftLogNoOpLogHandler() }
        var configuration = SegueApp.Configuration()
        configuration.maxSessions = 1_000_000
        if let defaultTraits { configuration.defaultTraits = defaultTraits }
        let app = SegueApp(storyboard: storyboard, registry: registry, assets: StaticAssets(directory: nil), configuration: configuration, logger: logger)
        return SegueClient(transport: InProcessTransport(app: app))
    }

    /// A client of a running server, e.g. `http://127.0.0.1:8080`.
    public static func live(_ baseURL: String) throws -> SegueClient {
        SegueClient(transport: try LiveTransport(baseURL: baseURL))
    }

    /// `POST /api/v1/sessions`.
    public func createSession(traits: Traits? = nil, url: String? = nil) throws(SegueClientError) -> SegueTestSession {
        var body: [String: JSONValue] = [:]
        if let traits { body["traits"] = .object(["width": .number(Double(traits.width)), "height": .number(Double(traits.height))]) }
        if let url { body["url"] = .string(url) }
        let answer = try send("POST", "/api/v1/sessions", json: .object(body))
        guard answer.status == 201, case .object(let o)? = answer.json, case .string(let id)? = o["id"], let state = o["state"] else {
            throw SegueClientError.from(answer)
        }
        return SegueTestSession(client: self, id: id, state: state)
    }

    /// A session that already exists (`GET /api/v1/sessions/ID`), to drive it by its id.
    public func session(id: String) throws(SegueClientError) -> SegueTestSession {
        let answer = try send("GET", "/api/v1/sessions/\(id)")
        guard answer.status == 200, let state = answer.json else { throw SegueClientError.from(answer) }
        return SegueTestSession(client: self, id: id, state: state)
    }

    /// Sends a request; the body, when given, as JSON.
    public func send(_ method: String, _ path: String, query: String? = nil, json: JSONValue? = nil, cookie: String? = nil) throws(SegueClientError) -> TestResponse {
        var headers: [(name: String, value: String)] = []
        if let cookie { headers.append(("Cookie", "segue_session=\(cookie)")) }
        let request = TestRequest(method: method, path: path, query: query, headers: headers, body: json.map { Array($0.encoded.utf8) } ?? [])
        do {
            return try transport.send(request)
        } catch {
            throw SegueClientError(status: 0, code: "transport", message: "\(error)")
        }
    }
}

/// An error answer (`{"error": {"code", "message"}}`) or a transport failure (status 0).
public struct SegueClientError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var code: String
    public var message: String

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { status == 0 ? message : "\(status) \(code): \(message)" }

    static func from(_ response: TestResponse) -> SegueClientError {
        if case .object(let o)? = response.json, case .object(let e)? = o["error"] {
            return SegueClientError(status: response.status, code: e["code"]?.stringValue ?? "?", message: e["message"]?.stringValue ?? "")
        }
        return SegueClientError(status: response.status, code: "http_\(response.status)", message: String(response.text.prefix(200)))
    }
}

/// The answer of an action: the new state, the events it caused, UIKit's no-op warnings.
public struct ActionAnswer: Sendable {
    public var state: JSONValue
    public var events: [JSONValue]
    public var warnings: [String]
}

/// One session on the server, with the last state seen.
public final class SegueTestSession: @unchecked Sendable {
    public let client: SegueClient
    public let id: String
    public private(set) var state: JSONValue

    init(client: SegueClient, id: String, state: JSONValue) {
        self.client = client
        self.id = id
        self.state = state
    }

    /// `POST …/actions` with a JSON action body.
    @discardableResult
    public func perform(_ body: JSONValue) throws(SegueClientError) -> ActionAnswer {
        let answer = try client.send("POST", "/api/v1/sessions/\(id)/actions", json: body)
        guard answer.status == 200, case .object(let o)? = answer.json, let state = o["state"] else { throw SegueClientError.from(answer) }
        self.state = state
        return ActionAnswer(state: state, events: o["events"]?.arrayValue ?? [],
                            warnings: (o["warnings"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// `{"action": "tap", "element": ID}`.
    @discardableResult
    public func tap(_ element: String) throws(SegueClientError) -> ActionAnswer {
        try perform(.object(["action": .string("tap"), "element": .string(element)]))
    }

    /// `GET …/ID`: the state now.
    @discardableResult
    public func refresh() throws(SegueClientError) -> JSONValue {
        let answer = try client.send("GET", "/api/v1/sessions/\(id)")
        guard answer.status == 200, let state = answer.json else { throw SegueClientError.from(answer) }
        self.state = state
        return state
    }

    /// `GET …/events?after=SEQ`.
    public func events(after seq: Int) throws(SegueClientError) -> [JSONValue] {
        let answer = try client.send("GET", "/api/v1/sessions/\(id)/events", query: "after=\(seq)")
        guard answer.status == 200, case .object(let o)? = answer.json else { throw SegueClientError.from(answer) }
        return o["events"]?.arrayValue ?? []
    }

    /// What a browser does with a page URL of this session (back, forward, a typed address): the
    /// session is brought to that hierarchy (`GET /api/v1/sessions/ID/page/ui/…`). Answers the
    /// page's HTML.
    @discardableResult
    public func open(_ url: String) throws(SegueClientError) -> String {
        // The session's page as a browser holding its cookie would see it: through the API, as
        // a browser cookie needs the secret issued with it, which the API never shows.
        let prefix = "/api/v1/sessions/\(id)/page"
        var path = url.hasPrefix(prefix) ? url : prefix + url
        for _ in 0..<5 {
            let answer = try client.send("GET", path)
            if answer.status == 303, let location = answer.header("location") { path = location; continue }
            guard answer.status == 200 else { throw SegueClientError.fromPage(answer) }
            try refresh()
            return answer.text
        }
        throw SegueClientError(status: 0, code: "redirect_loop", message: "\(url) keeps redirecting")
    }

    /// The rendered page of the current state.
    public func page() throws(SegueClientError) -> String {
        try open(state["url"]?.stringValue ?? "/")
    }

    /// The text a person sees on the device screen of the current page (what `see:` looks for).
    public func screenText() throws(SegueClientError) -> String {
        visibleText(deviceScreen(try page()))
    }

    /// `GET …/test`: the session's steps so far as a test file (YAML). `folder` is where the file
    /// will be saved (`?dir=`), so that its `flow:` names the flow relative to it; by default
    /// the file names the flow as seen from the flow's own folder.
    public func recordedTest(savedIn folder: String? = nil) throws(SegueClientError) -> String {
        let query = folder.map { "dir=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        let answer = try client.send("GET", "/api/v1/sessions/\(id)/test", query: query)
        guard answer.status == 200 else { throw SegueClientError.from(answer) }
        return answer.text
    }

    /// `DELETE …/ID`.
    public func delete() throws(SegueClientError) {
        let answer = try client.send("DELETE", "/api/v1/sessions/\(id)")
        guard answer.status == 204 else { throw SegueClientError.from(answer) }
    }
}

extension SegueClientError {
    /// An HTML error page carries its code in the page text; the status is enough to report.
    static func fromPage(_ response: TestResponse) -> SegueClientError {
        let text = response.text
        var code = "http_\(response.status)"
        for known in ["unknown_session", "invalid_url", "unknown_scene", "illegal_transition", "session_quarantined", "not_found"] where text.contains(known) {
            code = known
            break
        }
        return SegueClientError(status: response.status, code: code, message: "GET answered \(response.status)")
    }
}

extension JSONValue {
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    public var intValue: Int? { if case .number(let n) = self { Int(exactly: n) } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// Compact JSON text.
    public var encoded: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { out += String(Int(n)) } else { out += String(n) }
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                v.write(into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSONValue.quote(k, into: &out)
                out += ":"
                o[k]!.write(into: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String, into out: inout String) { out += JSONWriter.quoted(s) }
}
