import Foundation
import Logging
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueTesting
import Testing

/// The repository root, found from this file.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A logger that writes nothing: test runs stay quiet (failures say what they need).
let silentLogger = Logger(label: "segue-test") { _ in SwiftLogNoOpLogHandler() }

extension CreatedSession {
    /// The id and launch state, to destructure.
    var pair: (id: String, state: SessionState) { (id, state) }
}

/// Something tests send requests to: the application in process (``TestServer``) or a real
/// listener (``LiveServer``), through the same ``SegueClient``.
protocol RequestTarget {
    var client: SegueClient { get }
}

extension RequestTarget {
    /// `http://…` of the server: the prefix of ``HTTPResult/effectiveURL``.
    var base: String { client.transport.origin }

    /// One request as a browser or a script sends it (see `SegueClient.request`): `headers` as
    /// `"Name: value"` lines, `jar` keeps cookies, `follow` follows redirects like a browser.
    func request(_ method: String = "GET", _ target: String, json: String? = nil, form: [(String, String)]? = nil,
                 jar: CookieJar? = nil, follow: Bool = false, headers: [String] = []) throws -> HTTPResult {
        let pairs = headers.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), line[colon...].dropFirst().trimmingCharacters(in: .whitespaces))
        }
        return HTTPResult(try client.request(method, target, json: json, form: form, headers: pairs, cookies: jar, follow: follow))
    }

    /// `POST /api/v1/sessions` with `body`; the typed answer (throws with the body when it is not 201).
    func createSession(_ body: String = "{}") throws -> CreatedSession {
        let r = try request("POST", "/api/v1/sessions", json: body)
        try #require(r.status == 201, "POST /api/v1/sessions \(body) answered \(r.status): \(r.body)")
        return try r.decode(CreatedSession.self)
    }

    /// `GET /api/v1/sessions/ID`, typed.
    func state(_ id: String) throws -> SessionState {
        try request("GET", "/api/v1/sessions/\(id)").decode(SessionState.self)
    }

    /// `GET /api/v1/sessions/ID/events?after=SEQ`, typed.
    func events(_ id: String, after seq: Int = 0) throws -> EventPage {
        try request("GET", "/api/v1/sessions/\(id)/events?after=\(seq)").decode(EventPage.self)
    }
}

/// The application in process, configured as `segue serve` configures it (a ``SegueService``
/// that never listens): requests go straight to its routes, time is a ``TestClock``.
final class TestServer: RequestTarget, @unchecked Sendable {
    let service: SegueService
    let client: SegueClient
    /// The clock of session expiry and eviction: advance it, then `service.expireIdleSessions()`.
    let clock: TestClock

    convenience init(flow: String = "Examples/mail.yaml", registry: ControllerRegistry = ControllerRegistry(),
                     configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        try self.init(storyboard: try FlowFileLoader.load(path: repositoryRoot + "/" + flow), registry: registry, configure: configure)
    }

    init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(),
         configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        let clock = TestClock()
        self.clock = clock
        var configuration = SegueService.Configuration()
        configuration.publicDirectory = repositoryRoot + "/Public"
        configuration.app.clock = clock
        configure(&configuration)
        service = SegueService(storyboard: storyboard, registry: registry, configuration: configuration, logger: silentLogger)
        client = SegueClient(transport: InProcessTransport(app: service.app))
    }

    deinit { service.stop() }
}

/// A real `segue` server on a free loopback port: for what only a socket shows (keep-alive, the
/// HTTP layer's own answers, a form post's `Origin` over the wire).
final class LiveServer: RequestTarget, @unchecked Sendable {
    let service: SegueService
    let client: SegueClient

    convenience init(flow: String = "Examples/mail.yaml", configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        try self.init(storyboard: try FlowFileLoader.load(path: repositoryRoot + "/" + flow), configure: configure)
    }

    init(storyboard: Storyboard, configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.http.connectionTimeoutSeconds = 10
        configuration.publicDirectory = repositoryRoot + "/Public"
        configure(&configuration)
        service = SegueService(storyboard: storyboard, configuration: configuration, logger: silentLogger)
        try service.start()
        client = try SegueClient.live("http://127.0.0.1:\(service.port)")
    }

    deinit { service.stop() }
}

/// An answer as tests read it: status, headers (lower-cased names), body, and where it came from.
struct HTTPResult {
    var response: TestResponse
    var status: Int { response.status }
    /// The last value of each header, by lower-cased name.
    var headers: [String: String]
    var body: String { response.text }
    /// The URL that answered (after the redirects followed).
    var effectiveURL: String { response.url }

    init(_ response: TestResponse) {
        self.response = response
        headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The body decoded as `type`; throws with the body when it is not.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try response.decode(type) }

    /// The code of an error answer, nil for any other body.
    var errorCode: String? { response.errorCode }

    /// The message of an error answer ("" for any other body).
    var errorMessage: String { (try? response.decode(APIErrorBody.self).error.message) ?? "" }
}

func temporaryJar() -> CookieJar { CookieJar() }

/// Reads `name="…" value="…"` of a hidden input from a page.
func hiddenValue(_ name: String, in html: String) -> String? {
    guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = html[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
}

func attribute(_ name: String, in html: String) -> String? {
    guard let range = html.range(of: "\(name)=\"") else { return nil }
    let rest = html[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// The folder of this package's built products (`segue`, `mail-guarded`, `recipes`), found from
/// the test bundle: the products are built next to it.
let productsDirectory: URL = {
    #if os(macOS)
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    return Bundle.main.bundleURL
}()

/// A server binary of this package run as its own process on a free port: it prints its URL
/// first; the process is SIGKILLed when this is released (children spawned from test threads
/// inherit a mask that blocks SIGTERM).
final class ServerProcess: RequestTarget {
    let process: Process
    let client: SegueClient
    /// The first line the server printed.
    let banner: String
    let standardError = Pipe()

    init(_ product: String, _ arguments: [String]) throws {
        let binary = productsDirectory.appendingPathComponent(product).path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no \(product) next to the test bundle at \(productsDirectory.path)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = standardError
        let exited = DispatchSemaphore(value: 0)
        self.exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let line = String(decoding: out.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
        banner = line
        guard let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ServerProcessError.noURL(line)
        }
        client = try SegueClient.live(String(url))
    }

    /// Signalled when the process exits.
    private let exited: DispatchSemaphore

    /// Sends `signal` and waits for the process to exit; answers its exit status, or nil when it
    /// has not exited within 30 seconds (it is killed then).
    func stop(with signal: Int32) -> Int32? {
        kill(process.processIdentifier, signal)
        guard exited.wait(timeout: .now() + 30) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the process wrote to standard error (read after it exited).
    var errorOutput: String { String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

enum ServerProcessError: Error { case noURL(String) }

extension FileHandle {
    /// Reads until a newline (the servers print their URL first).
    func availableDataUntilNewline() -> Data {
        var data = Data()
        while true {
            let chunk = readData(ofLength: 1)
            if chunk.isEmpty || chunk == Data("\n".utf8) { return data }
            data.append(chunk)
        }
    }
}

/// Summaries of long runs (the corpus crawl): printed only when `SEGUE_TEST_REPORT` is set, so
/// `swift test` stays quiet. Failures say what they need in their own messages.
func note(_ line: @autoclosure () -> String) {
    if ProcessInfo.processInfo.environment["SEGUE_TEST_REPORT"] != nil { print(line()) }
}

extension Array {
    /// The element at `index`, nil past the end (a test reading a hierarchy it expects).
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
