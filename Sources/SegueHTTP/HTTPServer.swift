// SegueHTTP: the HTTP/1.1 layer of Segue, over libmicrohttpd (overview: SegueHTTP.docc/SegueHTTP.md).
//
// This module owns: the daemon lifecycle (start / port read-back / graceful stop),
// turning libmicrohttpd's callback protocol into whole `HTTPRequest` values
// (method, decoded path, ordered query, lower-cased headers, body up to a limit),
// and turning `HTTPResponse` values back into libmicrohttpd responses.
// It knows nothing about Segue's sessions, pages or JSON API.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// An HTTP server over libmicrohttpd, on `threads` loop threads of its own (one daemon each).
///
/// The responder is called on those threads, concurrently, with one complete
/// request at a time per connection. `stop()` is graceful and idempotent;
/// `deinit` stops a running server.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let state = Mutex(DaemonState())
    /// Hooks on the server's own events, for tests that wait on them.
    let observers = ServerObservers()

    /// Everything that exists only while the daemon runs.
    private struct DaemonState: ~Copyable {
        var daemon: OpaquePointer?
        var context: Unmanaged<ServerContext>?
        var boundPort: Int = 0
        /// One daemon per loop thread; the first (`daemon`) owns the listening socket.
        var loopDaemons: [OpaquePointer] = []
        var wakers: [LoopWaker] = []
        var loopsDone: DispatchGroup?
    }

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    deinit { stop() }

    /// The bound port once started (the real one when configured with port 0);
    /// before `start()` the configured port.
    public var port: Int {
        state.withLock { $0.daemon != nil ? $0.boundPort : configuration.port }
    }

    /// Whether the daemon is running.
    public var isRunning: Bool { state.withLock { $0.daemon != nil } }

    /// Deferred answers held to be completed on stop: those of requests not yet ended.
    var heldDeferredAnswers: Int {
        state.withLock { s in s.context.map { $0.takeUnretainedValue().suspended.withLock { $0.count } } ?? 0 }
    }

    /// Binds and starts serving. Throws `HTTPServerError` (e.g. `.bindFailed`
    /// with "Address already in use").
    public func start() throws {
        let config = configuration
        guard (0...65535).contains(config.port) else { throw HTTPServerError.invalidPort(config.port) }
        guard var address = SocketAddress(host: config.host, port: UInt16(config.port)) else {
            throw HTTPServerError.invalidHost(config.host)
        }
        try state.withLock { (s: inout DaemonState) throws(HTTPServerError) in
            guard s.daemon == nil else { throw .alreadyRunning }
            let context = Unmanaged.passRetained(
                ServerContext(responder: responder, maxBodyBytes: max(0, config.maxBodyBytes), refused: config.refused,
                              answerRefusal: config.answerRefusal,
                              headerTimeout: config.connectionTimeoutSeconds <= 0 ? 0
                                  : min(max(1, config.headerTimeoutSeconds), config.connectionTimeoutSeconds),
                              requestTimeout: max(0, config.connectionTimeoutSeconds),
                              memoryPoolBytes: config.connectionMemoryLimit > 0 ? config.connectionMemoryLimit : 32 * 1024,
                              observers: observers, compressesResponses: config.compressesResponses,
                              headDeadlineNanoseconds: nanoseconds(seconds: config.headerDeadlineSeconds),
                              bodyDeadlineNanoseconds: nanoseconds(seconds: config.bodyDeadlineSeconds),
                              perAddressLimit: config.perIPConnectionLimit,
                              now: config.monotonicNanoseconds))
            try startLoops(&s, context: context, address: &address)
        }
    }

    /// Graceful stop: stop accepting new connections, wait (up to
    /// `shutdownGraceSeconds`) for in-flight requests to finish, then stop the
    /// daemon, closing idle keep-alive connections. Safe to call more than once.
    /// Do not call it from inside the responder: it waits for the loop thread
    /// the responder is running on.
    public func stop() {
        let grace = configuration.shutdownGraceSeconds
        state.withLock { s in
            guard let daemon = s.daemon, let context = s.context else { return }
            let listenSocket = MHD_quiesce_daemon(daemon)
            for other in s.loopDaemons.dropFirst() { _ = MHD_quiesce_daemon(other) }
            let shared = context.takeUnretainedValue()
            observers.stopping()
            func waitForInFlight(_ seconds: Double) {
                let deadline = monotonicSeconds() + max(0, seconds)
                while shared.inFlight.load(ordering: .acquiring) > 0, monotonicSeconds() < deadline { usleep(2_000) }
            }
            waitForInFlight(grace)
            // libmicrohttpd refuses to stop while a connection is suspended: answer every deferred
            // response still waiting with a 503, and let those answers go out first.
            let waiting = shared.suspended.withLock { Array($0.values) }
            if !waiting.isEmpty {
                for deferred in waiting {
                    deferred.complete(configuration.answerRefusal(HTTPRefusal(status: 503, code: "shutting_down", message: "The server is shutting down; try again."), ""))
                }
                waitForInFlight(2)
            }
            shared.stopLoops.store(true, ordering: .releasing)
            for waker in s.wakers { waker.wake() }
            s.loopsDone?.wait()
            for other in s.loopDaemons.dropFirst().reversed() { MHD_stop_daemon(other) }
            s.loopDaemons = []
            s.wakers = []
            s.loopsDone = nil
            MHD_stop_daemon(daemon)
            if listenSocket >= 0 { close(listenSocket) }
            context.release()
            s.daemon = nil
            s.context = nil
            s.boundPort = 0
        }
    }
}

// MARK: - Loop threads

extension HTTPServer {
    /// Whether the current thread is a loop thread of a server with an `afterEachPass` hook:
    /// work left for the end of the pass (a group commit) will be done by this thread once the
    /// requests of the pass have been handled.
    public static var currentThreadRunsAfterEachPass: Bool { currentLoopWaker?.runsAfterEachPass ?? false }

    /// The loop thread's waker when the current thread is one.
    static var currentLoopWaker: LoopWaker? {
        guard let pointer = pthread_getspecific(loopKey) else { return nil }
        return Unmanaged<LoopWaker>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// One libmicrohttpd daemon per thread (`threads`), each run by a loop of ours that calls
    /// `afterEachPass` after every pass: the first daemon binds the listening socket, the others
    /// accept on it too (as libmicrohttpd's own pool does).
    private func startLoops(_ s: inout DaemonState, context: Unmanaged<ServerContext>,
                            address: inout SocketAddress) throws(HTTPServerError) {
        let afterEachPass = configuration.afterEachPass
        let daemons = try startDaemons(context: context, address: &address)
        let shared = context.takeUnretainedValue()
        shared.stopLoops.store(false, ordering: .relaxed)
        let done = DispatchGroup()
        // libmicrohttpd has no wake-up channel in this mode: a connection resumed from another
        // thread (`DeferredResponse.complete`) and `stop()` signal the loop's own.
        let wakers = daemons.map { _ in LoopWaker(runsAfterEachPass: afterEachPass != nil) }
        for (index, daemon) in daemons.enumerated() {
            done.enter()
            let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon)))
            let waker = wakers[index]
            let thread = Thread {
                Self.runLoop(daemon: OpaquePointer(bitPattern: address)!, waker: waker, shared: shared, afterEachPass: afterEachPass)
                done.leave()
            }
            thread.name = "segue-http-\(index)"
            thread.start()
        }
        s.daemon = daemons[0]
        s.loopDaemons = daemons
        s.wakers = wakers
        s.loopsDone = done
        s.context = context
        s.boundPort = Int(cmhd_bind_port(daemons[0]))
    }

    /// Starts one daemon per thread, the first binding the socket; on a failure stops those
    /// started, releases `context` and throws.
    private func startDaemons(context: Unmanaged<ServerContext>, address: inout SocketAddress) throws(HTTPServerError) -> [OpaquePointer] {
        let config = configuration
        let count = max(1, config.threads)
        var flags = CMHD_FLAGS_LOOP
        if address.isIPv6 { flags |= CMHD_FLAG_IPV6 }
        // The connection limit is shared out as libmicrohttpd's pool does.
        let perThreadLimit = max(1, (max(0, config.connectionLimit) + count - 1) / count)
        var daemons: [OpaquePointer] = []
        var listenFD: Int32 = -1
        for _ in 0..<count {
            let fd = listenFD
            let daemon = address.withSockaddr { sa in
                cmhd_start_loop_daemon(
                    flags, UInt16(config.port), sa, fd,
                    segueAccessHandler, context.toOpaque(),
                    clampUInt32(perThreadLimit),
                    Int32(clamping: config.strictness),
                    clampUInt32(config.connectionTimeoutSeconds),
                    max(0, config.connectionMemoryLimit),
                    segueRequestCompleted, context.toOpaque(),
                    segueConnectionNotice, context.toOpaque(),
                    cmhd_target_limits(clampUInt32(config.maxTargetBytes), clampUInt32(config.maxQueryArguments)))
            }
            guard let daemon else {
                for started in daemons.dropFirst().reversed() { _ = MHD_quiesce_daemon(started); MHD_stop_daemon(started) }
                if let first = daemons.first { MHD_stop_daemon(first) }
                context.release()
                if daemons.isEmpty, let reason = address.probeBindFailure() {
                    throw .bindFailed(host: config.host, port: config.port, reason: reason)
                }
                throw .startFailed("libmicrohttpd refused to start on \(config.host):\(config.port) (threads \(count))")
            }
            if daemons.isEmpty {
                listenFD = cmhd_listen_fd(daemon)
                // A request sent with the connection is there when it is accepted, for the check
                // of first requests (`FirstRequestCheck.swift`); a silent client waits a second.
                cmhd_defer_accept(daemon, 1)
            }
            daemons.append(daemon)
        }
        return daemons
    }

    /// A loop thread's loop: wait for activity, a wake-up or the next connection timeout, run
    /// one pass of its daemon, then the pass's batched work, until the server stops.
    private static func runLoop(daemon: OpaquePointer, waker: LoopWaker, shared: ServerContext,
                                afterEachPass: (@Sendable () -> Void)?) {
        pthread_setspecific(loopKey, Unmanaged.passUnretained(waker).toOpaque())
        let epollFD = cmhd_epoll_fd(daemon)
        var fds = [pollfd(fd: epollFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: waker.fd, events: Int16(POLLIN), revents: 0)]
        while !shared.stopLoops.load(ordering: .acquiring) {
            // Wait for activity, a wake-up or the next connection timeout (at most a
            // second); then one pass, then the pass's batched work.
            var timeout: Int32 = 1000
            var next: UInt64 = 0
            if MHD_get_timeout(daemon, &next) == cmhd_yes() { timeout = Int32(min(next, 1000)) }
            // libmicrohttpd's timeout does not count resumed connections it has not yet
            // seen (those resumed by this thread, which did not signal itself).
            if waker.resumedHere.exchange(false, ordering: .relaxed) { timeout = 0 }
            if timeout > 0 {
                fds[0].revents = 0
                fds[1].revents = 0
                _ = poll(&fds, 2, timeout)
                if fds[1].revents != 0 { waker.clear() }
            }
            _ = MHD_run_wait(daemon, 0)
            waker.closeConnectionsPastDeadline(now: shared.now)
            afterEachPass?()
        }
        pthread_setspecific(loopKey, nil)
    }
}

/// A loop thread's wake-up channel (an eventfd it polls with its daemon's epoll set). Deferred
/// responses keep a reference, so the descriptor outlives every completion that may signal it.
final class LoopWaker: Sendable {
    let fd: Int32 = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    let runsAfterEachPass: Bool
    /// A connection of this loop was resumed on the loop's own thread (no signal needed, but the
    /// next pass must not wait).
    let resumedHere = Atomic<Bool>(false)
    /// This loop's connections waiting for a request's head or body, by connection, with the time
    /// by which it must be in (see `RequestDeadlines.swift`). Only the loop's own thread uses it.
    let deadlines = Mutex(RequestDeadlines())

    init(runsAfterEachPass: Bool) { self.runsAfterEachPass = runsAfterEachPass }

    func wake() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    func clear() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }

    deinit { if fd >= 0 { close(fd) } }
}

/// The current loop thread's `LoopWaker`.
private let loopKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

// MARK: - State shared with the C callbacks

/// Passed to libmicrohttpd as `cls` (a retained Unmanaged reference); lives
/// from `start()` until after `MHD_stop_daemon` returns.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Requests that have begun (headers parsed) and not yet completed.
    let inFlight = Atomic<Int>(0)
    /// Deferred responses whose connection is (or is about to be) suspended, until the request
    /// completes: `stop()` answers the ones left waiting.
    let suspended = Mutex<[ObjectIdentifier: DeferredResponse]>([:])
    /// Set by `stop()` to end the loop threads (with an `afterEachPass` hook).
    let stopLoops = Atomic<Bool>(false)

    let refused: (@Sendable (String, String, Int) -> Void)?
    let answerRefusal: @Sendable (HTTPRefusal, String) -> HTTPResponse
    /// Seconds: while a request's headers are awaited, and once they are in.
    let headerTimeout: Int
    let requestTimeout: Int
    /// libmicrohttpd's per-connection memory pool (bytes).
    let memoryPoolBytes: Int
    let observers: ServerObservers
    /// Large text answers are compressed for the clients that take it.
    let compressesResponses: Bool
    /// How long a request's head, and a body once its head is in, may take to arrive in full
    /// (0 = no limit), and the clock.
    let headDeadlineNanoseconds: UInt64
    let bodyDeadlineNanoseconds: UInt64
    /// Open connections by client address, against `perAddressLimit` (0 = none).
    let perAddressLimit: Int
    let addressCounts: Mutex<AddressCounts>
    let now: @Sendable () -> UInt64

    init(responder: any HTTPResponder, maxBodyBytes: Int, refused: (@Sendable (String, String, Int) -> Void)? = nil,
         answerRefusal: @escaping @Sendable (HTTPRefusal, String) -> HTTPResponse = HTTPRefusal.plainText,
         headerTimeout: Int = 0, requestTimeout: Int = 0, memoryPoolBytes: Int = 0, observers: ServerObservers = ServerObservers(),
         compressesResponses: Bool = false, headDeadlineNanoseconds: UInt64 = 0, bodyDeadlineNanoseconds: UInt64 = 0,
         perAddressLimit: Int = 0, now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.perAddressLimit = max(0, perAddressLimit)
        self.addressCounts = Mutex(AddressCounts(limit: perAddressLimit))
        self.headDeadlineNanoseconds = headDeadlineNanoseconds
        self.bodyDeadlineNanoseconds = bodyDeadlineNanoseconds
        self.now = now
        self.memoryPoolBytes = memoryPoolBytes
        self.compressesResponses = compressesResponses
        self.observers = observers
        self.responder = responder
        self.answerRefusal = answerRefusal
        self.maxBodyBytes = maxBodyBytes
        self.refused = refused
        self.headerTimeout = headerTimeout
        self.requestTimeout = requestTimeout
    }

    /// The answer to a refusal of a request for `url`.
    func answer(_ refusal: HTTPRefusal, _ url: UnsafePointer<CChar>?) -> HTTPResponse {
        answerRefusal(refusal, url.map { String(cString: $0) } ?? "")
    }

    /// Reports a request the server answers itself.
    func report(_ method: UnsafePointer<CChar>?, _ url: UnsafePointer<CChar>?, _ status: Int) {
        guard let refused else { return }
        refused(method.map { String(cString: $0) } ?? "", url.map { String(cString: $0) } ?? "", status)
    }
}

/// Hooks on events of the server (each set at most once at a time): tests wait on these instead
/// of sleeping.
final class ServerObservers: Sendable {
    private struct Hooks {
        var connectionOpened: (@Sendable () -> Void)?
        var connectionClosed: (@Sendable () -> Void)?
        var stopping: (@Sendable () -> Void)?
        var bodyAwaited: (@Sendable () -> Void)?
    }
    private let hooks = Mutex(Hooks())

    /// Called on a loop thread whenever a connection is accepted.
    func onConnectionOpened(_ body: (@Sendable () -> Void)?) { hooks.withLock { $0.connectionOpened = body } }
    /// Called on a loop thread whenever a connection closes.
    func onConnectionClosed(_ body: (@Sendable () -> Void)?) { hooks.withLock { $0.connectionClosed = body } }
    /// Called by `stop()` once it stopped accepting, before it waits for requests in flight.
    func onStopping(_ body: (@Sendable () -> Void)?) { hooks.withLock { $0.stopping = body } }
    /// Called on a loop thread when a request's head is accepted and its body gets a deadline.
    func onBodyAwaited(_ body: (@Sendable () -> Void)?) { hooks.withLock { $0.bodyAwaited = body } }

    func connectionOpened() { hooks.withLock { $0.connectionOpened }?() }
    func connectionClosed() { hooks.withLock { $0.connectionClosed }?() }
    func stopping() { hooks.withLock { $0.stopping }?() }
    func bodyAwaited() { hooks.withLock { $0.bodyAwaited }?() }
}

// MARK: - Helpers

/// Whole seconds as nanoseconds (negative as 0, a sum past the range as the largest value).
private func nanoseconds(seconds: Int) -> UInt64 {
    let (product, overflow) = UInt64(max(0, seconds)).multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : product
}

private func clampUInt32(_ value: Int) -> UInt32 {
    UInt32(clamping: max(0, value))
}

private func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A resolved listen address (IPv4 or IPv6 literal, "localhost").
private struct SocketAddress {
    var storage = sockaddr_storage()
    var length: socklen_t = 0
    var isIPv6 = false

    init?(host: String, port: UInt16) {
        let name = host == "localhost" ? "127.0.0.1" : (host.isEmpty ? "0.0.0.0" : host)
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { dst in
                withUnsafeBytes(of: v4) { dst.copyMemory(from: $0) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            return
        }
        var v6 = sockaddr_in6()
        let literal = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { dst in
                withUnsafeBytes(of: v6) { dst.copyMemory(from: $0) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            isIPv6 = true
            return
        }
        return nil
    }

    mutating func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
        withUnsafePointer(to: &storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }

    /// After libmicrohttpd failed to start (it reports nothing with error
    /// logging off): bind a probe socket the way it would, to name the reason.
    mutating func probeBindFailure() -> String? {
        #if canImport(Glibc)
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let len = length
        let result = withSockaddr { bind(fd, $0, len) }
        return result == 0 ? nil : String(cString: strerror(errno))
    }
}
