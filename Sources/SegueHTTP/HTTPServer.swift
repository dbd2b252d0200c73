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
                              payloadTooLarge: config.payloadTooLarge,
                              headerTimeout: config.connectionTimeoutSeconds <= 0 ? 0
                                  : min(max(1, config.headerTimeoutSeconds), config.connectionTimeoutSeconds),
                              requestTimeout: max(0, config.connectionTimeoutSeconds),
                              memoryPoolBytes: config.connectionMemoryLimit > 0 ? config.connectionMemoryLimit : 32 * 1024))
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
                    deferred.complete(.jsonError(code: "shutting_down", message: "The server is shutting down; try again.", status: 503))
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
                    clampUInt32(config.perIPConnectionLimit),
                    clampUInt32(config.connectionTimeoutSeconds),
                    max(0, config.connectionMemoryLimit),
                    segueRequestCompleted, context.toOpaque(),
                    clampUInt32(context.takeUnretainedValue().headerTimeout),
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
            if daemons.isEmpty { listenFD = cmhd_listen_fd(daemon) }
            daemons.append(daemon)
        }
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
                pthread_setspecific(loopKey, Unmanaged.passUnretained(waker).toOpaque())
                let daemon = OpaquePointer(bitPattern: address)!
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
                    afterEachPass?()
                }
                pthread_setspecific(loopKey, nil)
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
}

/// A loop thread's wake-up channel (an eventfd it polls with its daemon's epoll set). Deferred
/// responses keep a reference, so the descriptor outlives every completion that may signal it.
final class LoopWaker: Sendable {
    let fd: Int32 = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    let runsAfterEachPass: Bool
    /// A connection of this loop was resumed on the loop's own thread (no signal needed, but the
    /// next pass must not wait).
    let resumedHere = Atomic<Bool>(false)

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
    let payloadTooLargeResponse: (@Sendable (String, Int) -> HTTPResponse)?
    /// Seconds: while a request's headers are awaited, and once they are in.
    let headerTimeout: Int
    let requestTimeout: Int
    /// libmicrohttpd's per-connection memory pool (bytes).
    let memoryPoolBytes: Int

    init(responder: any HTTPResponder, maxBodyBytes: Int, refused: (@Sendable (String, String, Int) -> Void)? = nil,
         payloadTooLarge: (@Sendable (String, Int) -> HTTPResponse)? = nil,
         headerTimeout: Int = 0, requestTimeout: Int = 0, memoryPoolBytes: Int = 0) {
        self.memoryPoolBytes = memoryPoolBytes
        self.responder = responder
        self.payloadTooLargeResponse = payloadTooLarge
        self.maxBodyBytes = maxBodyBytes
        self.refused = refused
        self.headerTimeout = headerTimeout
        self.requestTimeout = requestTimeout
    }

    /// The 413 answer for `url`.
    func tooLarge(_ url: UnsafePointer<CChar>?) -> HTTPResponse {
        guard let build = payloadTooLargeResponse else { return payloadTooLarge(maxBodyBytes) }
        return build(url.map { String(cString: $0) } ?? "", maxBodyBytes)
    }

    /// Reports a request the server answers itself.
    func report(_ method: UnsafePointer<CChar>?, _ url: UnsafePointer<CChar>?, _ status: Int) {
        guard let refused else { return }
        refused(method.map { String(cString: $0) } ?? "", url.map { String(cString: $0) } ?? "", status)
    }
}

/// Per-request upload state, stored in `*req_cls` once a body arrives.
final class RequestState {
    var body: [UInt8] = []
    /// Set while the response is deferred (the connection is suspended until it completes).
    var deferred: DeferredResponse?
    var isHead = false
    var tooLarge = false
    /// The deferred response waits, unsuspended, for the end of the pass that received it.
    var waitingForPass = false
    /// Body bytes read and dropped once over the limit.
    var discarded = 0
}

/// How many body bytes an over-limit (chunked) upload may still send before
/// the connection is dropped without a response.
@inline(__always)
private func discardLimit(_ maxBodyBytes: Int) -> Int {
    max(maxBodyBytes, 1 << 20) &* 4
}

/// `*req_cls` for a request that has started but received no body bytes yet:
/// avoids an allocation for body-less requests.
private var noBodyMarker: UnsafeMutableRawPointer {
    @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 0x1).unsafelyUnwrapped }
}

/// Bytes of the connection's memory pool kept free for building an answer: a request head
/// larger than the pool less this is answered 431 directly.
private let headRoomBytes = 1_536

private let uriTooLongAnswer = Array(
    "HTTP/1.1 414 URI Too Long\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
private let headersTooLargeAnswer = Array(
    "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)

/// Sends a complete, fixed answer on the connection's socket and closes the connection.
private func answerDirectly(_ answer: [UInt8], on connection: OpaquePointer) -> MHD_Result {
    _ = answer.withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
    return cmhd_no()
}

/// `*req_cls` set by `cmhd_target_guard` for a target over the limits.
private var targetRefusedMarker: UnsafeMutableRawPointer {
    @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 0x2).unsafelyUnwrapped }
}

// MARK: - libmicrohttpd callbacks (C function pointers, nonisolated)

/// The access handler. libmicrohttpd calls it:
/// 1. once when the headers are parsed (`*req_cls == nil`): we only mark the
///    request as started — queueing a response here would make 0.9.75 close
///    the connection (no keep-alive);
/// 2. zero or more times with body bytes: we accumulate (or discard once over
///    the limit) and set `*upload_data_size = 0`;
/// 3. once with `*upload_data_size == 0`: we call the responder and queue.
private func segueAccessHandler(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let reqCls, let uploadDataSize else { return cmhd_no() }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()

    // A target the guard refused (too long, too many query arguments): 414, written directly
    // (a long target may have left no room in the pool for a response header).
    if reqCls.pointee == targetRefusedMarker {
        context.inFlight.add(1, ordering: .relaxed)
        reqCls.pointee = noBodyMarker
        context.report(method, url, 414)
        return answerDirectly(uriTooLongAnswer, on: connection)
    }

    // 1. First call: headers only.
    guard let current = reqCls.pointee else {
        context.inFlight.add(1, ordering: .relaxed)
        // A head that nearly fills the connection's memory pool leaves no room to build any
        // answer in it (libmicrohttpd would close the connection without one): 431, directly.
        if context.memoryPoolBytes > headRoomBytes,
           cmhd_request_head_exceeds(connection, url, context.memoryPoolBytes - headRoomBytes) != 0 {
            reqCls.pointee = noBodyMarker
            context.report(method, url, 431)
            return answerDirectly(headersTooLargeAnswer, on: connection)
        }
        // The headers are in: the request (its body, its answer) gets the normal timeout.
        if context.headerTimeout != context.requestTimeout { cmhd_set_connection_timeout(connection, UInt32(context.requestTimeout)) }
        if let encoding = cmhd_transfer_encoding(connection),
           let refusal = transferEncodingRefusal(encoding, hasContentLength: cmhd_content_length(connection) != nil) {
            // A body whose length cannot be known (RFC 9112 §6.1): answer at once and close,
            // instead of waiting for the connection's timeout.
            reqCls.pointee = noBodyMarker
            context.report(method, url, refusal.status)
            return queue(refusal, on: connection, isHead: false)
        }
        if let announced = cmhd_content_length(connection),
           announcedLengthExceeds(announced, context.maxBodyBytes) {
            // Refuse before reading the body; libmicrohttpd will close the
            // connection after the response since the body stays unread.
            reqCls.pointee = noBodyMarker
            context.report(method, url, 413)
            return queue(context.tooLarge(url), on: connection, isHead: false)
        }
        reqCls.pointee = noBodyMarker
        return cmhd_yes()
    }

    // 2. Body bytes.
    let size = uploadDataSize.pointee
    if size != 0 {
        let state = requestState(current, reqCls)
        if state.tooLarge {
            // libmicrohttpd 0.9.75 cannot queue a response mid-upload, so the
            // rest is read and dropped, then 413 is sent. A client that keeps
            // sending far past the limit is cut off instead.
            state.discarded &+= size
            if state.discarded > discardLimit(context.maxBodyBytes) { return cmhd_no() }
        } else {
            if size > context.maxBodyBytes - state.body.count {
                state.tooLarge = true
                state.discarded = state.body.count + size
                state.body = []
            } else if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
                }
            }
        }
        uploadDataSize.pointee = 0
        return cmhd_yes()
    }

    // 3. Request complete (or, for a deferred response, resumed with its answer).
    var body: [UInt8] = []
    if current != noBodyMarker {
        let state = Unmanaged<RequestState>.fromOpaque(current).takeUnretainedValue()
        if let deferred = state.deferred {
            if state.waitingForPass {
                // The pass that received it has ended (its group commit ran): answer, or
                // suspend until another thread's commit completes it.
                state.waitingForPass = false
                guard let ready = deferred.suspendUnlessComplete(connection) else { return cmhd_yes() }
                return queue(ready, on: connection, isHead: state.isHead)
            }
            guard let response = deferred.take() else { return cmhd_no() }
            return queue(response, on: connection, isHead: state.isHead)
        }
        if state.tooLarge {
            context.report(method, url, 413)
            return queue(context.tooLarge(url), on: connection, isHead: false)
        }
        swap(&body, &state.body)
    }
    let methodString = method.map { String(cString: $0) } ?? ""
    var request = HTTPRequest(
        method: HTTPMethod(methodString: methodString),
        methodString: methodString,
        path: url.map { String(cString: $0) } ?? "/",
        query: collectQuery(connection),
        headers: collectHeaders(connection),
        body: body)
    request.afterEachPassFollows = HTTPServer.currentThreadRunsAfterEachPass
    let response = context.responder.respond(to: request)
    if let deferred = response.deferred {
        let state = requestState(current, reqCls)
        state.deferred = deferred
        state.isHead = request.method == .HEAD
        context.suspended.withLock { $0[ObjectIdentifier(deferred)] = deferred }
        if HTTPServer.currentThreadRunsAfterEachPass {
            // Work for this answer may be left for the end of the pass: without a response,
            // libmicrohttpd keeps the connection ready and calls again in the next pass (at
            // once), with no suspension (and its two epoll_ctl calls and a wake-up) in between.
            state.waitingForPass = true
            return cmhd_yes()
        }
        // Suspended: libmicrohttpd calls back here once `complete(_:)` resumes the connection.
        guard let ready = deferred.suspendUnlessComplete(connection) else { return cmhd_yes() }
        return queue(ready, on: connection, isHead: state.isHead)
    }
    return queue(response, on: connection, isHead: request.method == .HEAD)
}

/// The request's state in `*req_cls`, made on first need (body-less requests hold the marker).
@inline(__always)
private func requestState(
    _ current: UnsafeMutableRawPointer, _ reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> RequestState {
    if current != noBodyMarker { return Unmanaged<RequestState>.fromOpaque(current).takeUnretainedValue() }
    let state = RequestState()
    reqCls.pointee = Unmanaged.passRetained(state).toOpaque()
    return state
}

/// Frees per-request state; balances the in-flight count.
private func segueRequestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let cls, let reqCls, let current = reqCls.pointee else { return }
    // Refused by the target guard and never handled (the client left): nothing to balance.
    if current == targetRefusedMarker {
        reqCls.pointee = nil
        return
    }
    if current != noBodyMarker {
        let state = Unmanaged<RequestState>.fromOpaque(current)
        if let deferred = state.takeUnretainedValue().deferred {
            _ = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                .suspended.withLock { $0.removeValue(forKey: ObjectIdentifier(deferred)) }
        }
        state.release()
    }
    reqCls.pointee = nil
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    // A kept-alive connection now waits for the next request's headers: the short timeout again.
    if termination == .REQUEST_TERMINATED_COMPLETED_OK, let connection, context.headerTimeout != context.requestTimeout {
        cmhd_set_connection_timeout(connection, UInt32(context.headerTimeout))
    }
    context.inFlight.subtract(1, ordering: .releasing)
}

private typealias Pairs = [(name: String, value: String)]

private func headerIterator(
    _ cls: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return cmhd_yes() }
    cls.assumingMemoryBound(to: Pairs.self).pointee.append(
        (lowercasedASCII(key), value.map { String(cString: $0) } ?? ""))
    return cmhd_yes()
}

private func queryIterator(
    _ cls: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return cmhd_yes() }
    cls.assumingMemoryBound(to: Pairs.self).pointee.append(
        (String(cString: key), value.map { String(cString: $0) } ?? ""))
    return cmhd_yes()
}

@inline(__always)
private func collectHeaders(_ connection: OpaquePointer) -> Pairs {
    var pairs = Pairs()
    pairs.reserveCapacity(8)
    _ = withUnsafeMutablePointer(to: &pairs) { cmhd_each_header(connection, headerIterator, $0) }
    return pairs
}

@inline(__always)
private func collectQuery(_ connection: OpaquePointer) -> Pairs {
    var pairs = Pairs()
    _ = withUnsafeMutablePointer(to: &pairs) { cmhd_each_query_argument(connection, queryIterator, $0) }
    return pairs
}

/// Hands a response to libmicrohttpd (it copies the body: MHD_RESPMEM_MUST_COPY).
private func queue(_ response: HTTPResponse, on connection: OpaquePointer, isHead: Bool) -> MHD_Result {
    let created = response.body.withUnsafeBytes { raw in
        cmhd_response_copying(raw.baseAddress, raw.count)
    }
    guard let mhdResponse = created else { return cmhd_no() }
    defer { MHD_destroy_response(mhdResponse) }
    for header in response.headers {
        // libmicrohttpd computes the framing itself.
        if asciiCaseInsensitiveEquals(header.name, "Content-Length")
            || asciiCaseInsensitiveEquals(header.name, "Transfer-Encoding") { continue }
        // Rejected (MHD_NO) when the name or value contains CR/LF: dropped.
        _ = MHD_add_response_header(mhdResponse, header.name, header.value)
    }
    let status = (100...999).contains(response.status) ? UInt32(response.status) : 500
    return MHD_queue_response(connection, status, mhdResponse)
}

private func payloadTooLarge(_ limit: Int) -> HTTPResponse {
    .jsonError(code: "payload_too_large",
               message: "Request body exceeds the limit of \(limit) bytes.",
               status: 413)
}

/// The answer to a request whose `Transfer-Encoding` libmicrohttpd cannot frame, or nil when it
/// is plain `chunked`. Chunked must be the final coding or the body's end is unknowable (400); a
/// coding before it is one the server does not implement (501); `Content-Length` beside
/// `Transfer-Encoding` is the shape of a smuggled request (400).
func transferEncodingRefusal(_ value: UnsafePointer<CChar>, hasContentLength: Bool) -> HTTPResponse? {
    let codings = String(cString: value).split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    if codings == ["chunked"] {
        guard hasContentLength else { return nil }
        return .jsonError(code: "bad_request", message: "Request has both Content-Length and Transfer-Encoding.", status: 400)
    }
    guard codings.last == "chunked" else {
        return .jsonError(code: "bad_request",
                          message: "Transfer-Encoding must end with chunked; the request body's length cannot be determined.",
                          status: 400)
    }
    return .jsonError(code: "not_implemented",
                      message: "Only the chunked transfer coding is supported (got \(codings.joined(separator: ", "))).",
                      status: 501)
}

/// Whether a Content-Length header value announces more than `limit` bytes.
/// Unparseable values are left to libmicrohttpd (which rejects them).
private func announcedLengthExceeds(_ value: UnsafePointer<CChar>, _ limit: Int) -> Bool {
    var p = value
    while p.pointee == 0x20 || p.pointee == 0x09 { p += 1 }
    var total = 0
    var digits = 0
    while p.pointee >= 0x30 && p.pointee <= 0x39 {
        let (times10, o1) = total.multipliedReportingOverflow(by: 10)
        let (next, o2) = times10.addingReportingOverflow(Int(p.pointee - 0x30))
        if o1 || o2 { return true }
        total = next
        digits += 1
        p += 1
    }
    return digits > 0 && total > limit
}

/// Header names arrive as the client sent them; we lower-case ASCII letters.
@inline(__always)
private func lowercasedASCII(_ cString: UnsafePointer<CChar>) -> String {
    let count = strlen(cString)
    return String(unsafeUninitializedCapacity: count) { buffer in
        for i in 0..<count {
            var byte = UInt8(bitPattern: cString[i])
            if byte >= 65 && byte <= 90 { byte |= 0x20 }
            buffer[i] = byte
        }
        return count
    }
}

// MARK: - Helpers

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
