import Foundation
import Logging
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueStoreSQLite
import SegueTesting
import Synchronization
import Testing
import SegueTestSupport

let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

func mailStoryboard() throws -> Storyboard { try FlowFileLoader.load(path: repositoryRoot + "/Examples/mail.yaml") }

/// A session id no other test (or earlier run against the same database) uses: 32 hex digits.
func uniqueID() -> String {
    UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
}

func temporaryDirectory() -> String {
    let dir = Scratch.folder + "/segue-store-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// A real service on a free loopback port over the given storage.
final class StoreServer: @unchecked Sendable {
    let service: SegueService
    var base: String { "http://127.0.0.1:\(service.port)" }

    init(storage: any SessionStorage, storyboard: Storyboard? = nil, configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.http.connectionTimeoutSeconds = 10
        configuration.publicDirectory = repositoryRoot + "/Public"
        configure(&configuration)
        var logger = Logger(label: "segue-store-test")
        logger.logLevel = .critical
        service = SegueService(storyboard: try storyboard ?? mailStoryboard(), storage: storage, configuration: configuration, logger: logger)
        try service.start()
    }

    func stop() { service.stop() }
}

struct Reply {
    var status: Int
    var body: String
    var location: String?
    /// The `segue_session` cookie the answer sets, if any.
    var sessionCookie: String?
    /// The body decoded as `type`; a body that is not that JSON fails the test with the body.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T { try decodeAnswer(type, from: body, status: status) }
    /// The code of an error answer, nil for any other body.
    var errorCode: String? { try? decode(APIErrorBody.self).error.code }
    /// STATE: the answer's `state` (creating a session, an action), else the answer itself.
    func state() throws -> SessionState {
        if let wrapped = try? decode(StateAnswer.self) { return wrapped.state }
        return try decode(SessionState.self)
    }
}

/// One request over real HTTP (SegueTesting's live transport) to `url` (`http://host:port/path?query`);
/// `cookie` is sent as the `segue_session` cookie.
func http(_ method: String, _ url: String, json: String? = nil, cookie: String? = nil) throws -> Reply {
    guard url.hasPrefix("http://"), let slash = url.dropFirst(7).firstIndex(of: "/") else {
        throw TransportError("\(url) is not an http://host:port/path URL")
    }
    let transport = try LiveTransport(baseURL: String(url[..<slash]))
    let target = url[slash...]
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var headers: [(name: String, value: String)] = []
    if let cookie { headers.append(("Cookie", "segue_session=\(cookie)")) }
    let answer = try transport.send(TestRequest(method: method, path: String(path[0]), query: path.count > 1 ? String(path[1]) : nil,
                                                headers: headers, body: Array((json ?? "").utf8)))
    var session: String?
    if let set = answer.header("Set-Cookie"), set.hasPrefix("segue_session=") {
        session = String(set.dropFirst("segue_session=".count).prefix { $0 != ";" })
    }
    return Reply(status: answer.status, body: answer.text, location: answer.header("Location"), sessionCookie: session)
}

extension StoreServer {
    /// Makes live sessions look unused for `idle` (instead of waiting that long).
    func age(_ ids: [String], by idle: Duration) {
        for id in ids { service.app.store.session(id: id)?.withSession { $0.lastAccess = .now - idle } }
    }

    func newSession(_ body: String = "") throws -> String {
        let r = try http("POST", base + "/api/v1/sessions", json: body)
        #expect(r.status == 201)
        return try r.decode(CreatedSession.self).id
    }

    @discardableResult
    func act(_ id: String, _ action: String) throws -> Reply {
        try http("POST", base + "/api/v1/sessions/\(id)/actions", json: action)
    }

    func state(_ id: String) throws -> Reply { try http("GET", base + "/api/v1/sessions/\(id)") }

    func events(_ id: String) throws -> [SegueTesting.Event] {
        try http("GET", base + "/api/v1/sessions/\(id)/events").decode(EventPage.self).events
    }
}

/// An answer that carries a STATE (`{"state": …}`).
struct StateAnswer: Decodable {
    var state: SessionState
}

/// A logger that keeps the tests' output quiet (PostgreSQL's client logs every failed connection).
let quietLogger: Logger = {
    var logger = Logger(label: "segue-store-test")
    logger.logLevel = .critical
    return logger
}()
