import Foundation
import SegueCore
import SegueHTTP
import SegueServer
#if canImport(Glibc)
import Glibc
import SegueJSON
#endif

/// One HTTP exchange as the test client sees it.
public struct TestRequest: Sendable {
    public var method: String
    /// The path as sent on the wire (percent-encoded where needed), without the query.
    public var path: String
    public var query: String?
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, path: String, query: String? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

public struct TestResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The URL that answered (after redirects, when followed); set by ``SegueClient/request(_:_:json:form:headers:cookies:follow:)``.
    public var url: String

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], url: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as JSON, or nil (``jsonValue()`` throws with the body instead).
    public var json: JSONValue? { try? JSONValue.parse(body) }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// How a ``SegueClient`` reaches the API: straight into the application (no socket) or over HTTP.
public protocol SegueTransport: Sendable {
    func send(_ request: TestRequest) throws -> TestResponse
    /// `http://HOST[:PORT]`: what requests name as their `Host`, and a form post its `Origin`.
    var origin: String { get }
}

extension SegueTransport {
    public var origin: String { InProcessTransport.host }
}

/// Failures of the transport itself (not HTTP answers).
public struct TransportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Calls a ``SegueApp``'s routes directly: the same answers as a server gives, without a socket.
public struct InProcessTransport: SegueTransport {
    public let app: SegueApp

    public init(app: SegueApp) { self.app = app }

    /// The origin of in-process requests: they say `Host: segue.test` unless they name their own.
    public static let host = "http://segue.test"
    public var origin: String { Self.host }

    public func send(_ request: TestRequest) throws -> TestResponse {
        let method = HTTPMethod(methodString: request.method)
        var query: [(name: String, value: String)] = []
        for pair in (request.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            query.append((percentDecoded(String(parts[0])), parts.count > 1 ? percentDecoded(String(parts[1])) : ""))
        }
        var headers = request.headers.map { (name: $0.name.lowercased(), value: $0.value) }
        if !headers.contains(where: { $0.name == "host" }) { headers.insert(("host", String(Self.host.dropFirst(7))), at: 0) }
        let response = app.respond(to: HTTPRequest(method: method, path: percentDecoded(request.path), query: query, headers: headers, body: request.body))
        if let deferred = response.deferred {
            let done = DispatchSemaphore(value: 0)
            let box = ResponseBox()
            deferred.observe { answer in box.set(answer); done.signal() }
            done.wait()
            let answer = box.get()!
            return TestResponse(status: answer.status, headers: answer.headers, body: answer.body)
        }
        return TestResponse(status: response.status, headers: response.headers, body: response.body)
    }
}

private final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: HTTPResponse?
    func set(_ v: HTTPResponse) { lock.lock(); value = v; lock.unlock() }
    func get() -> HTTPResponse? { lock.lock(); defer { lock.unlock() }; return value }
}

/// `%28` → `(`; a malformed escape is kept as written.
func percentDecoded(_ text: String) -> String {
    guard text.contains("%") || text.contains("+") else { return text }
    return text.removingPercentEncoding ?? text
}

/// HTTP/1.1 to a running `segue serve` over one kept-alive connection (reconnecting when the
/// server closes it). Blocking; one request at a time per transport.
public final class LiveTransport: SegueTransport, @unchecked Sendable {
    public let host: String
    public let port: Int
    private let lock = NSLock()
    private var socket: Int32 = -1
    private var connects = 0

    /// How many connections this transport has opened so far (one while the server keeps it alive).
    public var connectionsOpened: Int {
        lock.lock()
        defer { lock.unlock() }
        return connects
    }

    /// `http://host:port` (a path after it is ignored).
    public init(baseURL: String) throws {
        var rest = Substring(baseURL)
        if rest.hasPrefix("http://") { rest = rest.dropFirst(7) } else if rest.contains("://") {
            throw TransportError("\(baseURL): only http:// servers are supported")
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var hostPart = rest, portNumber = 80
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portNumber = Int(after.dropFirst()) ?? -1 }
        } else if let colon = rest.lastIndex(of: ":") {
            hostPart = rest[..<colon]
            portNumber = Int(rest[rest.index(after: colon)...]) ?? -1
        }
        guard !hostPart.isEmpty, (1...65535).contains(portNumber) else { throw TransportError("\(baseURL) is not a server URL (http://host:port)") }
        host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        port = portNumber
    }

    deinit { if socket >= 0 { close(socket) } }

    public var origin: String { host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)" }

    public func send(_ request: TestRequest) throws -> TestResponse {
        lock.lock()
        defer { lock.unlock() }
        var target = request.path
        if let q = request.query { target += "?" + q }
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: \(request.body.count)\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        if !request.body.isEmpty, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            head += "Content-Type: application/json\r\n"
        }
        head += "\r\n"
        let bytes = Array(head.utf8) + request.body
        // A kept-alive connection the server closed meanwhile fails on first use: retry once afresh.
        for attempt in 0..<2 {
            do {
                if socket < 0 { try connectSocket() }
                try writeAll(bytes)
                return try readResponse(method: request.method)
            } catch {
                if socket >= 0 { close(socket); socket = -1 }
                if attempt == 1 { throw error }
            }
        }
        throw TransportError("unreachable")
    }

    private func connectSocket() throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else {
            throw TransportError("cannot resolve \(host)")
        }
        defer { freeaddrinfo(result) }
        var info: UnsafeMutablePointer<addrinfo>? = first
        while let ai = info {
            let fd = Glibc.socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    socket = fd
                    connects += 1
                    return
                }
                close(fd)
            }
            info = ai.pointee.ai_next
        }
        throw TransportError("cannot connect to http://\(host):\(port) (is `segue serve` running?)")
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TransportError("the connection to http://\(host):\(port) failed") }
            sent += n
        }
    }

    private var buffer: [UInt8] = []

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw TransportError("the server closed the connection") }
        buffer.append(contentsOf: chunk[0..<n])
    }

    private func readResponse(method: String) throws -> TestResponse {
        buffer.removeAll(keepingCapacity: true)
        var headerEnd: Int?
        while headerEnd == nil {
            try fill()
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                    headerEnd = i
                    break
                }
            }
        }
        let headText = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TransportError("not an HTTP answer") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let bodyStart = headerEnd! + 4
        var body: [UInt8]
        let lookup = { (name: String) in headers.first { $0.name == name }?.value }
        if method == "HEAD" || status == 204 || status == 304 {
            body = []
        } else if let length = lookup("content-length").flatMap({ Int($0) }) {
            while buffer.count - bodyStart < length { try fill() }
            body = Array(buffer[bodyStart..<(bodyStart + length)])
        } else if lookup("transfer-encoding")?.lowercased() == "chunked" {
            body = []
            var i = bodyStart
            while true {
                var lineEnd: Int?
                while lineEnd == nil {
                    if buffer.count >= i + 2 {
                        for j in i...(buffer.count - 2) where buffer[j] == 13 && buffer[j + 1] == 10 { lineEnd = j; break }
                    }
                    if lineEnd == nil { try fill() }
                }
                let sizeText = String(decoding: buffer[i..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw TransportError("bad chunk") }
                i = lineEnd! + 2
                while buffer.count < i + size + 2 { try fill() }
                if size == 0 { break }
                body += buffer[i..<(i + size)]
                i += size + 2
            }
        } else {
            // Until the server closes the connection.
            while true {
                do { try fill() } catch { break }
            }
            body = Array(buffer[bodyStart...])
            close(socket); socket = -1
        }
        if lookup("connection")?.lowercased() == "close", socket >= 0 { close(socket); socket = -1 }
        return TestResponse(status: status, headers: headers, body: body)
    }
}
