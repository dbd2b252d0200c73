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
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer only: \(answer)")
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
