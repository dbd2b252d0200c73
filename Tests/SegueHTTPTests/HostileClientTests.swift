import Foundation
import Synchronization
import Testing
@testable import SegueHTTP

/// Live sockets against clients that hold connections open: a slow body loses its own connection,
/// and one address cannot take every slot.
@Suite("Hostile clients")
struct HostileClientTests {
    @Test func aBodyTricklingInPastItsDeadlineGets408AndItsConnectionCloses() throws {
        // One slot, long silence timeouts, a 10-second body deadline on a clock moved by hand.
        let clock = ManualNanoseconds()
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1, connectionLimit: 1, connectionTimeoutSeconds: 60)
        config.headerTimeoutSeconds = 60
        config.bodyDeadlineSeconds = 10
        config.monotonicNanoseconds = { clock.now }
        let responder = EchoResponder()
        let server = HTTPServer(configuration: config, responder: responder)
        let (closed, awaited) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        server.observers.onConnectionClosed { closed.signal() }
        server.observers.onBodyAwaited { awaited.signal() }
        try server.start()
        defer { server.stop() }
        let fd = try loopbackConnection(port: server.port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab".utf8)
        _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        // The deadline counts from the server's reading of the head: wait for it before moving the clock.
        #expect(awaited.wait(timeout: .now() + 10) == .success)
        server.observers.onBodyAwaited(nil)
        // Nine seconds in, one more byte: still reading. Past ten: cut off.
        clock.advance(seconds: 9)
        _ = Array("c".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        #expect(closed.wait(timeout: .now() + 1.5) == .timedOut)
        clock.advance(seconds: 2)
        let answer = String(decoding: readUntilClosed(fd), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
        #expect(statusLines(answer) == 1, "one answer only: \(answer)")
        #expect(closed.wait(timeout: .now() + 10) == .success)
        server.observers.onConnectionClosed(nil)
        #expect(responder.counter.value == 0)
        // The slot is free again; a body sent in time is answered.
        let r = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", "--data-binary", "0123456789",
                         "http://127.0.0.1:\(server.port)/upload"])
        #expect(r.stdout == "201")
    }

    @Test func anAddressOverItsConnectionLimitIsRefusedWhileOthersAreAnswered() throws {
        // Two connections per address, counted over both threads.
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, connectionTimeoutSeconds: 30)
        config.perIPConnectionLimit = 2
        let server = HTTPServer(configuration: config, responder: EchoResponder())
        let opened = DispatchSemaphore(value: 0)
        server.observers.onConnectionOpened { opened.signal() }
        try server.start()
        defer { server.stop() }
        // 127.0.0.2 holds two idle connections, accepted by the server.
        let held = try (0..<2).map { _ in try loopbackConnection(port: server.port, from: "127.0.0.2") }
        defer { held.forEach { close($0) } }
        for _ in held { #expect(opened.wait(timeout: .now() + 10) == .success) }
        server.observers.onConnectionOpened(nil)
        // Its third is refused with a 503 and closed.
        let refused = String(decoding: try rawExchange(port: server.port, bytes: [], from: "127.0.0.2"), as: UTF8.self)
        #expect(refused.hasPrefix("HTTP/1.1 503 "), "\(refused)")
        #expect(refused.contains("Too many connections from this address"))
        // Another address is answered meanwhile.
        let other = String(decoding: try rawExchange(port: server.port, bytes: Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
                                                     from: "127.0.0.3"), as: UTF8.self)
        #expect(other.hasPrefix("HTTP/1.1 200 "), "\(other)")
        // A held connection still serves its own address's requests.
        let request = Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(held[0], $0.baseAddress, $0.count, 0) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(held[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #expect(String(decoding: readUntilClosed(held[0]), as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
    }
}

/// Live sockets against heads whose framing is ambiguous: each gets exactly one 400 and its
/// connection closes, so no byte after the head is ever read as another request.
@Suite("Request framing")
struct RequestFramingTests {
    /// A request the test hides after a head: answered, it would show as a second status line.
    static let hidden = "GET /hidden HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test(arguments: [
        ("chunked with a trailing space", "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked \r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
        ("chunked with a trailing tab", "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\t\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
        ("a blank before the colon", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length : \(hidden.utf8.count)\r\n\r\n" + hidden),
        ("a folded header", "POST /upload HTTP/1.1\r\nHost: x\r\nX-A: a\r\n Content-Length: \(hidden.utf8.count)\r\n\r\n" + hidden),
        ("a folded length", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n \(hidden.utf8.count)\r\n\r\n" + hidden),
        ("a line starting with NUL", "GET / HTTP/1.1\r\nHost: x\r\n\u{0}: b\r\n\r\n" + hidden),
        ("a NUL in a header name", "GET / HTTP/1.1\r\nHost: x\r\nX-\u{0}A: b\r\n\r\n" + hidden),
        ("a NUL in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n" + hidden),
        ("no Host", "GET / HTTP/1.1\r\n\r\n" + hidden),
        ("two Hosts", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n" + hidden),
        ("a name with a separator", "GET / HTTP/1.1\r\nHost: x\r\nX(A): b\r\n\r\n" + hidden),
    ])
    func ambiguousHeadsGetOne400(name: String, request: String) throws {
        let responder = EchoResponder()
        let server = try startServer(threads: 1, responder: responder)
        defer { server.stop() }
        let answer = String(decoding: try rawExchange(port: server.port, request), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(name): \(answer)")
        #expect(statusLines(answer) == 1, "\(name): one answer only: \(answer)")
        #expect(!answer.contains("hidden"), "\(name)")
        #expect(responder.counter.value == 0, "\(name)")
    }

    @Test func soundHeadsAreStillAnsweredAndKeptAlive() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        // HTTP/1.0 needs no Host; bare LF line ends and blanks around values are fine.
        let old = String(decoding: try rawExchange(port: server.port, "GET /a HTTP/1.0\r\n\r\n"), as: UTF8.self)
        #expect(old.hasPrefix("HTTP/1.1 200 "), "\(old)")
        let lf = String(decoding: try rawExchange(port: server.port, "GET /b HTTP/1.1\nHost: x\nX-Test:  v \nConnection: close\n\n"), as: UTF8.self)
        #expect(lf.hasPrefix("HTTP/1.1 200 ") && lf.contains("header(X-TEST)=v "), "\(lf)")
        // Two requests on one connection, the second with an empty value and a chunked body.
        let body = "GET /c HTTP/1.1\r\nHost: x\r\nX-Empty:\r\n\r\n"
            + "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
        let both = String(decoding: try rawExchange(port: server.port, body), as: UTF8.self)
        #expect(statusLines(both) == 2 && both.contains("HTTP/1.1 200 ") && both.contains("HTTP/1.1 201 "), "\(both)")
    }

    /// Faults libmicrohttpd 0.9.75 meets before any callback of the server runs (it closed the
    /// connection without a word, or answered with its status line twice): the server checks a
    /// connection's first request before libmicrohttpd reads it and answers once, with a code.
    @Test(arguments: [
        ("a request line without a space", "GARBAGE\r\n\r\n", "400", "bad_request"),
        ("an empty method", " / HTTP/1.1\r\nHost: x\r\n\r\n" + hidden, "400", "bad_request"),
        ("empty lines, then garbage", "\r\n\r\n\u{1}\u{2}\u{3}\r\n\r\n", "400", "bad_request"),
        ("Content-Length: 2, 2", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\n{}" + hidden, "400", "bad_request"),
        ("an empty Content-Length", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n" + hidden, "400", "bad_request"),
        ("a Content-Length with a blank after it", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2 \r\n\r\n{}" + hidden, "400", "bad_request"),
        ("a Content-Length past 64 bits", "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n" + hidden,
         "413", "payload_too_large"),
        ("a 100 KB header", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 100_000) + "\r\n\r\n", "431", "headers_too_large"),
        ("a 100 KB cookie", "GET / HTTP/1.1\r\nHost: x\r\nCookie: segue_session=" + String(repeating: "c", count: 100_000) + "\r\n\r\n",
         "431", "headers_too_large"),
        ("a 100 KB target", "GET /" + String(repeating: "t", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "414", "uri_too_long"),
    ])
    func faultsLibmicrohttpdMeetsFirstGetOneAnswer(name: String, request: String, status: String, code: String) throws {
        let responder = EchoResponder()
        let refusals = Mutex<[Int]>([])
        let server = try startServer(threads: 1, responder: responder, refused: { _, _, status in refusals.withLock { $0.append(status) } })
        defer { server.stop() }
        let answer = String(decoding: try rawExchange(port: server.port, request), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(name): \(answer.prefix(300))")
        #expect(statusLines(answer) == 1, "\(name): one answer only: \(answer.prefix(300))")
        // The refusal in the configured shape (here the default, `code: message` as text).
        #expect(answer.contains("\r\n\r\n\(code): ") && answer.contains("X-Content-Type-Options: nosniff"), "\(name)")
        #expect(!answer.contains("hidden"), "\(name)")
        #expect(responder.counter.value == 0, "\(name)")
        #expect(refusals.withLock { $0 } == [Int(status)!], "\(name)")
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    /// A garbage request line later on a kept-alive connection never reaches the server (libmicrohttpd
    /// reads it with the request before): the requests before it are answered and the connection
    /// closes at once, without hanging.
    @Test func garbageAfterASoundRequestClosesTheConnection() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let answer = String(decoding: try rawExchange(port: server.port, "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\n"), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 ") && statusLines(answer) == 1, "\(answer)")
    }

    /// `Expect: 100-continue` on a request without a body, with another request behind it: both are
    /// answered (libmicrohttpd 0.9.75 sent its interim 100 and then nothing).
    @Test func pipelinedRequestsExpectingContinueAreAllAnswered() throws {
        let responder = EchoResponder()
        let server = try startServer(threads: 1, responder: responder)
        defer { server.stop() }
        let bodiless = "GET /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n"
            + "POST /upload HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n"
            + "GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let answer = String(decoding: try rawExchange(port: server.port, bodiless), as: UTF8.self)
        #expect(statusLines(answer) == 3 && !answer.contains("HTTP/1.1 100 "), "\(answer)")
        #expect(answer.components(separatedBy: "HTTP/1.1 20").count == 4, "\(answer)")
        // With a body the interim answer still comes, then the final one.
        let withBody = "POST /upload HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}"
            + "GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let both = String(decoding: try rawExchange(port: server.port, withBody), as: UTF8.self)
        #expect(both.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 ") && both.contains("HTTP/1.1 200 "), "\(both)")
        #expect(responder.counter.value == 5)
    }
}

/// How many status lines (`HTTP/1.1` and a three-digit code) `answer` holds.
func statusLines(_ answer: String) -> Int {
    answer.components(separatedBy: "HTTP/1.1 ").dropFirst().filter { part in
        let code = part.utf8.prefix(4)
        return code.count == 4 && code.prefix(3).allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && code.last == 0x20
    }.count
}
