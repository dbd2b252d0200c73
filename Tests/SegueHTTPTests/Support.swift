import Foundation
import Synchronization
import Testing
@testable import SegueHTTP
import SegueTestSupport

/// Counts responder calls (to prove 413s never reach it).
final class CallCounter: Sendable {
    let calls = Atomic<Int>(0)
    func increment() { calls.add(1, ordering: .relaxed) }
    var value: Int { calls.load(ordering: .relaxed) }
}

/// A text that compresses well (about 20 KB).
let bigText = (0..<400).map { "line \($0): the quick brown fox jumps over the lazy dog\n" }.joined()
/// A JSON answer of about 12 KB.
let bigJSON = "[" + (0..<300).map { "{\"row\":\($0),\"title\":\"Message \($0)\"}" }.joined(separator: ",") + "]"

/// Signals between a test and the responder's threads (no sleeping: each side waits on the other).
final class Gates: Sendable {
    /// `/slow` has begun.
    let slowEntered = DispatchSemaphore(value: 0)
    /// `/slow` may answer.
    let slowRelease = DispatchSemaphore(value: 0)
    /// The connection of `/deferred-never` is suspended.
    let neverSuspended = DispatchSemaphore(value: 0)
}

/// Echoes the request as `key=value` lines; `/upload` echoes the body.
struct EchoResponder: HTTPResponder {
    let counter = CallCounter()
    let gates = Gates()

    func respond(to request: HTTPRequest) -> HTTPResponse {
        counter.increment()
        switch request.path {
        case "/upload":
            return HTTPResponse(status: 201,
                                headers: [("Content-Type", "application/octet-stream"),
                                          ("X-Body-Length", String(request.body.count))],
                                body: request.body)
        case "/redirect":
            return .redirect(to: "/target")
        case "/slow":
            // Answers once the test lets it (the request is in flight meanwhile).
            gates.slowEntered.signal()
            _ = gates.slowRelease.wait(timeout: .now() + 10)
            return .text("slow done")
        case "/":
            return .text("ok")
        case "/headers":
            // Header names and values of every length and kind, to see which go out as given.
            return HTTPResponse(status: 200, headers: [
                ("X-Short", "v"),
                ("X-Empty", ""),
                ("X-Long-Enough-To-Be-Stored-On-The-Heap", String(repeating: "a", count: 40)),
                ("X-Larger-Than-The-Stack-Buffer", String(repeating: "b", count: 2_000)),
                ("X-Unicode", "caf\u{E9}"),
                ("X-Injected", "one\r\nX-Smuggled: yes"),
                ("X-Nul", "before\u{0}after"),
            ], body: Array("headers".utf8))
        case "/big":
            return .text(bigText)
        case let path where path.hasPrefix("/deferred"):
            return deferredAnswer(to: request)
        default:
            return .text(echo(request))
        }
    }

    /// The deferred routes: answers completed later, by another thread, before suspension or never.
    func deferredAnswer(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/deferred-big":
            // A deferred answer is compressed too, when it goes out.
            let deferred = DeferredResponse()
            deferred.onSuspension { Thread.detachNewThread { deferred.complete(.json(bytes: Array(bigJSON.utf8))) } }
            return .deferred(deferred)
        case "/deferred":
            // Completed by another thread once the connection is suspended.
            let deferred = DeferredResponse()
            let body = request.bodyString
            deferred.onSuspension {
                Thread.detachNewThread {
                    deferred.complete(.text("deferred done \(body)"))
                    deferred.complete(.text("a second completion is ignored"))
                }
            }
            return .deferred(deferred)
        case "/deferred-fast":
            // Completed by another thread once suspended: the loop must be woken for it.
            let deferred = DeferredResponse()
            deferred.onSuspension { Thread.detachNewThread { deferred.complete(.text("fast")) } }
            return .deferred(deferred)
        case "/deferred-never":
            // Never completed: stopping the server must still end the connection cleanly.
            let deferred = DeferredResponse()
            deferred.onSuspension { gates.neverSuspended.signal() }
            return .deferred(deferred)
        case "/deferred-ready":
            // Completed before the server gets to suspend the connection.
            let deferred = DeferredResponse()
            deferred.complete(HTTPResponse(status: 202, headers: [("X-Ready", "yes")], body: Array("ready".utf8)))
            return .deferred(deferred)
        default:
            return .text(echo(request))
        }
    }

    /// The request as `key=value` lines: method, path, query, headers, two lookups, the body and
    /// the client's address.
    func echo(_ request: HTTPRequest) -> String {
        var lines = ["method=\(request.methodString)", "enum=\(request.method.rawValue)", "path=\(request.path)"]
        for q in request.query { lines.append("q:\(q.name)=\(q.value)") }
        for h in request.headers { lines.append("h:\(h.name)=\(h.value)") }
        lines.append("header(X-TEST)=\(request.header("X-TEST") ?? "nil")")
        lines.append("queryValue(b)=\(request.queryValue("b") ?? "nil")")
        lines.append("body=\(request.bodyString)")
        lines.append("client=\(request.clientAddress ?? "nil")")
        return lines.joined(separator: "\n")
    }
}

/// A started server on a free port, stopped by the test.
func startServer(
    maxBodyBytes: Int = 1 << 20, threads: Int = 2, responder: EchoResponder = EchoResponder(),
    refused: (@Sendable (String, String, Int) -> Void)? = nil
) throws -> HTTPServer {
    var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: threads,
                                         maxBodyBytes: maxBodyBytes, connectionTimeoutSeconds: 10)
    config.refused = refused
    let server = HTTPServer(configuration: config, responder: responder)
    try server.start()
    return server
}

struct ProcessResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs curl (or another tool) and captures its output.
func run(_ arguments: [String], executable: String = "/usr/bin/curl") throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Drain stderr on another thread so a full pipe cannot deadlock.
    let errData = Mutex<Data>(Data())
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let data = err.fileHandleForReading.readDataToEndOfFile()
        errData.withLock { $0 = data }
        done.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
}

/// Writes bytes to a temporary file for `curl --data-binary @file`.
func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = Scratch.folder + "/segue-http-\(UUID().uuidString).bin"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// A TCP connection to `port` on the loopback interface, from the loopback address `source`
/// (Linux routes all of 127/8 to it; the caller closes the descriptor).
func loopbackConnection(port: Int, from source: String? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    if let source {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
    }
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = UInt16(port).bigEndian
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(fd)
        throw POSIXError(.ECONNREFUSED)
    }
    return fd
}

/// Sends raw bytes over one TCP connection and reads until the server closes it.
func rawExchange(port: Int, _ request: String) throws -> [UInt8] {
    try rawExchange(port: port, bytes: Array(request.utf8))
}

/// Sends `bytes` over one TCP connection and reads until the server closes it (or 5 seconds pass
/// without a byte).
func rawExchange(port: Int, bytes: [UInt8], from source: String? = nil) throws -> [UInt8] {
    let fd = try loopbackConnection(port: port, from: source)
    defer { close(fd) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if !bytes.isEmpty { _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } }
    return readUntilClosed(fd)
}

/// Reads from `fd` until the peer closes it or a read times out.
func readUntilClosed(_ fd: Int32) -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        received.append(contentsOf: buffer[0..<n])
    }
    return received
}

/// Defers every answer to the end of the server loop's pass (`afterEachPass`), as a group commit
/// does, and records on which threads the pass work ran.
final class PassResponder: HTTPResponder, Sendable {
    let pending = Mutex<[(DeferredResponse, String)]>([])
    let passesWithWork = Atomic<Int>(0)
    let answeredOffLoop = Atomic<Int>(0)
    /// With `true`, answers wait one more pass (the connection is suspended meanwhile, and
    /// resumed on its own loop thread).
    let holdOnePass: Bool
    let held = Mutex<[(DeferredResponse, String)]>([])

    init(holdOnePass: Bool = false) { self.holdOnePass = holdOnePass }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let deferred = DeferredResponse()
        guard HTTPServer.currentThreadRunsAfterEachPass else {
            answeredOffLoop.add(1, ordering: .relaxed)
            return .text("not on a loop thread")
        }
        pending.withLock { $0.append((deferred, request.bodyString)) }
        return .deferred(deferred)
    }

    /// The hook: answers what the pass left.
    func endOfPass() {
        var work = pending.withLock { list -> [(DeferredResponse, String)] in
            defer { list = [] }
            return list
        }
        if holdOnePass {
            let ready = held.withLock { list -> [(DeferredResponse, String)] in
                defer { list = work }
                return list
            }
            work = ready
        }
        guard !work.isEmpty else { return }
        passesWithWork.add(1, ordering: .relaxed)
        let onLoop = HTTPServer.currentThreadRunsAfterEachPass
        for (deferred, body) in work { deferred.complete(.text("after pass \(body) \(onLoop)")) }
    }
}

/// Monotonic nanoseconds that move only when a test says so.
final class ManualNanoseconds: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 1_000_000_000
    var now: UInt64 { lock.withLock { value } }
    func advance(seconds: UInt64) { lock.withLock { value += seconds * 1_000_000_000 } }
}
