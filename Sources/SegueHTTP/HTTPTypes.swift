import CMicroHTTPD
import Foundation
import Synchronization

/// The request method. Methods other than the listed ones map to `.other`;
/// the exact spelling is always in `HTTPRequest.methodString`.
public enum HTTPMethod: String, Sendable, Hashable {
    case GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS, other

    /// Maps a request-line method (case-sensitive, as HTTP requires) to a case.
    public init(methodString: String) {
        switch methodString {
        case "GET": self = .GET
        case "HEAD": self = .HEAD
        case "POST": self = .POST
        case "PUT": self = .PUT
        case "DELETE": self = .DELETE
        case "PATCH": self = .PATCH
        case "OPTIONS": self = .OPTIONS
        default: self = .other
        }
    }
}

/// One complete HTTP request, body included.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    public var methodString: String
    /// URL path as libmicrohttpd gives it (percent-decoded), without the query.
    public var path: String
    /// Query (GET) arguments in order, percent-decoded. `?flag` gives value "".
    public var query: [(name: String, value: String)]
    /// Request headers in order; names are lower-cased.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Whether the server calls `configuration.afterEachPass` on the thread handling this request
    /// once the pass of its event loop that delivered the request ends: work the responder leaves
    /// for the end of the pass (a group commit) is then done on that thread. False for requests
    /// built by hand (tests, in-process clients), whose responder must not wait for a pass.
    public var afterEachPassFollows = false
    /// The client's address as text (IPv4 dotted, also when an IPv6 socket maps it; IPv6 its /64
    /// prefix), nil for requests built by hand. A request from the network carries the address's
    /// 16 bytes and writes the text when it is first read: most requests never read it.
    public var clientAddress: String? {
        get { clientAddressText ?? clientAddressKey.flatMap(Self.text(of:)) }
        set {
            clientAddressText = newValue
            clientAddressKey = nil
        }
    }
    private var clientAddressText: String?
    /// The client's address as libmicrohttpd reports it (`cmhd_client_address`).
    var clientAddressKey: cmhd_address_key?

    static func text(of key: cmhd_address_key) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            buffer.initialize(repeating: 0)
            var key = key
            guard cmhd_address_key_text(&key, buffer.baseAddress, 64) != 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
    }

    public init(
        method: HTTPMethod,
        methodString: String? = nil,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.methodString = methodString ?? method.rawValue
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        for header in headers where asciiCaseInsensitiveEquals(header.name, name) {
            return header.value
        }
        return nil
    }

    /// The first query argument with exactly this name.
    public func queryValue(_ name: String) -> String? {
        for argument in query where argument.name == name {
            return argument.value
        }
        return nil
    }

    /// The body decoded as UTF-8 (invalid sequences repaired).
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
}

/// A complete HTTP response. `Content-Length` is computed by the server;
/// a `Content-Length` or `Transfer-Encoding` header set here is ignored.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// When set, the answer is not ready yet: the server keeps the connection waiting (without
    /// holding a thread) until `deferred.complete(_:)` hands it the response to send.
    public var deferred: DeferredResponse?

    /// A response another thread will complete (see ``DeferredResponse``).
    public static func deferred(_ deferred: DeferredResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 500)
        response.deferred = deferred
        return response
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        for header in headers where asciiCaseInsensitiveEquals(header.name, name) {
            return header.value
        }
        return nil
    }

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status,
                     headers: [("Content-Type", "text/plain; charset=utf-8")],
                     body: Array(text.utf8))
    }

    /// `text/html; charset=utf-8`.
    public static func html(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status,
                     headers: [("Content-Type", "text/html; charset=utf-8")],
                     body: Array(html.utf8))
    }

    /// `application/json` from already-encoded bytes.
    public static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status,
                     headers: [("Content-Type", "application/json"), ("X-Content-Type-Options", "nosniff")],
                     body: bytes)
    }

    /// A redirect (303 See Other by default) with an empty body.
    public static func redirect(to location: String, status: Int = 303) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Location", location)])
    }
}

/// A request the HTTP layer answers itself, without the responder: its status, a stable code
/// (`bad_request`, `payload_too_large`, `not_implemented`, `shutting_down`) and a message. How it
/// is written is the application's (``HTTPServerConfiguration/answerRefusal``).
public struct HTTPRefusal: Sendable, Equatable {
    public let status: Int
    public let code: String
    public let message: String

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// `text/plain`: `code: message`.
    @Sendable public static func plainText(_ refusal: HTTPRefusal, path: String) -> HTTPResponse {
        .text("\(refusal.code): \(refusal.message)\n", status: refusal.status)
    }
}

/// Turns requests into responses. Called concurrently on libmicrohttpd's
/// threads, so it must be thread-safe and should not block for long.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// Adapts a closure to `HTTPResponder`.
public struct HTTPResponderFunction: HTTPResponder {
    private let body: @Sendable (HTTPRequest) -> HTTPResponse
    public init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.body = body }
    public func respond(to request: HTTPRequest) -> HTTPResponse { body(request) }
}

public struct HTTPServerConfiguration: Sendable {
    /// IPv4 literal, "localhost" (127.0.0.1), "0.0.0.0" (all interfaces),
    /// or an IPv6 literal such as "::1" / "::".
    public var host: String = "127.0.0.1"
    /// 0 = pick a free port (read it back from `HTTPServer.port`).
    public var port: Int = 8080
    /// Server threads, each running one libmicrohttpd daemon on the shared socket.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Larger bodies get 413 without calling the responder.
    public var maxBodyBytes: Int = 1 << 20
    public var connectionLimit: Int = 1024
    /// The most connections one client address may hold open at once, over all server threads
    /// (0 = no limit). A connection over it gets a 503 and is closed: a client that holds its
    /// connections open (slowly sending a head or a body) takes a share of `connectionLimit`,
    /// never all of it. Behind a reverse proxy every connection comes from the proxy's address:
    /// raise it, or set 0.
    public var perIPConnectionLimit: Int = 256
    /// libmicrohttpd's `MHD_OPTION_STRICT_FOR_CLIENT` (0 = its default; see the SegueHTTP
    /// article for what 0.9.75 does at 1, and the checks the server makes itself).
    public var strictness: Int = 0
    /// Idle connections are closed after this many seconds (0 = never).
    public var connectionTimeoutSeconds: Int = 30
    /// A connection waiting for a request's headers (a new connection, or a kept-alive one between
    /// requests) is closed after this many silent seconds: a client that sends part of a request
    /// and goes away frees its slot quickly. At most `connectionTimeoutSeconds`.
    public var headerTimeoutSeconds: Int = 5
    /// A request's head (request line and headers) must be complete this many seconds after the
    /// connection started waiting for it, however steadily it trickles in: a client sending a
    /// header line every few seconds would otherwise hold its slot forever (0 = no deadline).
    public var headerDeadlineSeconds: Int = 20
    /// A request body must be complete this many seconds after its head was accepted, however
    /// steadily it trickles in; a later one gets 408 and its connection closes (0 = no deadline).
    /// The default lets the largest default body (1 MiB) through at about 35 KB/s.
    public var bodyDeadlineSeconds: Int = 30
    /// Monotonic nanoseconds, for the head and body deadlines (tests move it by hand).
    public var monotonicNanoseconds: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    /// libmicrohttpd's per-connection memory pool: request line + headers +
    /// read buffer must fit (larger headers get 431). It is cleared between
    /// keep-alive requests, so smaller is faster. 0 = libmicrohttpd's 32 KiB.
    public var connectionMemoryLimit: Int = 16 * 1024
    /// The longest request target (path and query) answered; longer ones get 414 at once.
    /// It keeps the target well inside `connectionMemoryLimit`, so every request gets an answer.
    public var maxTargetBytes: Int = 8_000
    /// The most query arguments a request target may carry (libmicrohttpd keeps each one in the
    /// connection's memory pool); more get 414.
    public var maxQueryArguments: Int = 100
    /// How long `stop()` waits for in-flight requests after it stops accepting.
    public var shutdownGraceSeconds: Double = 5
    /// Called on each server thread after each pass of its event loop, once the requests that
    /// pass received are handled: for work batched over them (the SQLite store's group commit).
    /// When set, the server runs its own loop threads (one libmicrohttpd daemon each) instead of
    /// libmicrohttpd's pool, and a deferred response first waits for the end of its pass unsuspended.
    public var afterEachPass: (@Sendable () -> Void)?
    /// Told of every request the server answers itself without calling the responder (a body
    /// over `maxBodyBytes`: 413), with its method, path and status, so that it can be logged.
    public var refused: (@Sendable (_ method: String, _ path: String, _ status: Int) -> Void)?
    /// How a refusal of the HTTP layer itself (a malformed or oversized request, the shutdown) is
    /// written for a request to `path`: the application's error shape (``HTTPRefusal/plainText``
    /// by default, `code: message`).
    public var answerRefusal: @Sendable (_ refusal: HTTPRefusal, _ path: String) -> HTTPResponse = HTTPRefusal.plainText
    /// Compress answers for clients that accept it (`Accept-Encoding`: brotli, else gzip): a
    /// text, JSON, JavaScript or SVG body of at least ``ContentCoding/minimumSize`` bytes that has
    /// no `Content-Encoding` yet is compressed when it is queued (deferred answers included),
    /// and says `Vary: Accept-Encoding`. A responder that keeps compressed forms of its own
    /// (``EncodedBody``) sets `Content-Encoding` itself and is left alone.
    public var compressesResponses = true

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        maxBodyBytes: Int = 1 << 20,
        connectionLimit: Int = 1024,
        perIPConnectionLimit: Int = 256,
        connectionTimeoutSeconds: Int = 30,
        connectionMemoryLimit: Int = 16 * 1024,
        shutdownGraceSeconds: Double = 5
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionLimit = connectionLimit
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionMemoryLimit = connectionMemoryLimit
        self.shutdownGraceSeconds = shutdownGraceSeconds
    }
}

/// Why `HTTPServer.start()` failed.
public enum HTTPServerError: Error, CustomStringConvertible, Equatable {
    case alreadyRunning
    case invalidHost(String)
    case invalidPort(Int)
    /// The address could not be bound (e.g. "Address already in use").
    case bindFailed(host: String, port: Int, reason: String)
    case startFailed(String)

    public var description: String {
        switch self {
        case .alreadyRunning:
            return "HTTP server is already running"
        case .invalidHost(let host):
            return "invalid listen host \"\(host)\" (use an IPv4/IPv6 literal, \"localhost\" or \"0.0.0.0\")"
        case .invalidPort(let port):
            return "invalid listen port \(port) (use 0...65535)"
        case .bindFailed(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason)"
        case .startFailed(let reason):
            return "cannot start HTTP server: \(reason)"
        }
    }
}

// MARK: - Small string helpers (no Foundation on these paths)

/// Whether two header names (or tokens) are equal ignoring ASCII case, compared byte by byte
/// in place (a short string's bytes from the stack): this runs for every header lookup.
@inline(__always)
func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    // Header names mostly differ in length: the common miss costs one comparison.
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            for i in 0..<x.count where x[i] != y[i] {
                let lower = x[i] | 0x20
                guard lower == y[i] | 0x20, lower >= 0x61, lower <= 0x7A else { return false }
            }
            return true
        }
    }
}

/// A response completed later, typically by another thread (an answer that may only go out once
/// a write is durable). The responder returns `.deferred(d)`; the server suspends the connection,
/// freeing its thread for other connections, and sends the response when `complete(_:)` is
/// called. Completing before the server got to suspend is fine (it then answers at once), and
/// only the first completion counts.
public final class DeferredResponse: Sendable {
    /// Where the answer is. Moves forward only: `waiting` → (`suspended` →) `completed` → `taken`.
    private enum Phase {
        /// Not completed, connection not suspended.
        case waiting
        /// Not completed; the connection (an `MHD_Connection` address) is suspended, by the loop
        /// thread whose waker is given (own loop threads only).
        case suspended(connection: UInt, waker: LoopWaker?)
        /// Completed; the connection (not or no longer suspended) has yet to send it.
        case completed(HTTPResponse)
        /// Handed to the connection. Later completions are ignored.
        case taken(HTTPResponse)
    }
    private struct State {
        var phase = Phase.waiting
        var observer: (@Sendable (HTTPResponse) -> Void)?
        /// Told when the connection has been suspended (tests).
        var suspensionObserver: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    public init() {}

    public func complete(_ response: HTTPResponse) {
        let observer = state.withLock { s -> (@Sendable (HTTPResponse) -> Void)? in
            switch s.phase {
            case .completed, .taken:
                return nil
            case .waiting:
                s.phase = .completed(response)
            case .suspended(let address, let waker):
                s.phase = .completed(response)
                if let connection = OpaquePointer(bitPattern: address) { MHD_resume_connection(connection) }
                if let waker {
                    if waker === HTTPServer.currentLoopWaker {
                        waker.resumedHere.store(true, ordering: .relaxed)
                    } else {
                        waker.wake()
                    }
                }
            }
            defer { s.observer = nil }
            return s.observer
        }
        observer?(response)
    }

    /// Calls `body` with the response once it is completed (at once if it already is): for
    /// logging what a deferred request finally answered.
    public func observe(_ body: @escaping @Sendable (HTTPResponse) -> Void) {
        let ready = state.withLock { s -> HTTPResponse? in
            switch s.phase {
            case .completed(let response), .taken(let response): return response
            case .waiting, .suspended: break
            }
            s.observer = body
            return nil
        }
        if let ready { body(ready) }
    }

    /// Calls `body` (on the connection's thread) once the connection has been suspended to wait
    /// for this answer; never when it was complete in time.
    func onSuspension(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.suspensionObserver = body }
    }

    /// On the connection's thread: suspends it unless the response is already there.
    /// Returns the response when it is (to be queued at once).
    func suspendUnlessComplete(_ connection: OpaquePointer) -> HTTPResponse? {
        let (ready, suspended) = state.withLock { s -> (HTTPResponse?, (@Sendable () -> Void)?) in
            switch s.phase {
            case .completed(let response):
                s.phase = .taken(response)
                return (response, nil)
            case .waiting:
                s.phase = .suspended(connection: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))),
                                     waker: HTTPServer.currentLoopWaker)
                MHD_suspend_connection(connection)
                defer { s.suspensionObserver = nil }
                return (nil, s.suspensionObserver)
            case .suspended, .taken:
                return (nil, nil)
            }
        }
        suspended?()
        return ready
    }

    /// On the connection's thread after it was resumed: the response.
    func take() -> HTTPResponse? {
        state.withLock { s in
            guard case .completed(let response) = s.phase else { return nil }
            s.phase = .taken(response)
            return response
        }
    }
}
