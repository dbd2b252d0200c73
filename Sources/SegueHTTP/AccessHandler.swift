// The libmicrohttpd callbacks: each call becomes an event of the request's
// `RequestStateMachine`, and each action it returns is carried out here.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CMicroHTTPD

/// A request's state machine, in `*req_cls` from the first call until the request completes.
final class RequestBox {
    var machine: RequestStateMachine
    /// The coding the answer may be compressed in when it is queued (nil: left as it is).
    var answerCoding: ContentCoding?
    /// A body deadline is registered with the loop (cleared when the body is in).
    var awaitsBody = false
    init(maxBodyBytes: Int, bodyDeadlineNanoseconds: UInt64) {
        machine = RequestStateMachine(maxBodyBytes: maxBodyBytes, bodyDeadlineNanoseconds: bodyDeadlineNanoseconds)
    }
}

/// `*req_cls` set by `cmhd_target_guard` for a target over the limits.
private var targetRefusedMarker: UnsafeMutableRawPointer {
    @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 0x2).unsafelyUnwrapped }
}

/// Bytes of the connection's memory pool kept free for building an answer: a request head
/// larger than the pool less this is answered 431 directly.
let headRoomBytes = 1_536

// MARK: - The access handler

/// The access handler: libmicrohttpd calls it first with the headers (`*req_cls` not yet ours),
/// then with each piece of the body (`*upload_data_size != 0`), then with the body complete
/// (`*upload_data_size == 0`), and again after a deferred answer's wait. It turns the call into
/// an event and performs what the state machine answers.
func segueAccessHandler(
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
    let call = RequestCall(context: context, connection: connection, method: method, url: url, version: version)

    guard let current = reqCls.pointee, current != targetRefusedMarker else {
        // The first call: the request line and headers are in.
        HTTPServer.currentLoopWaker?.deadlineMet(connection)
        let targetRefused = reqCls.pointee == targetRefusedMarker
        let box = RequestBox(maxBodyBytes: context.maxBodyBytes, bodyDeadlineNanoseconds: context.bodyDeadlineNanoseconds)
        reqCls.pointee = Unmanaged.passRetained(box).toOpaque()
        context.inFlight.add(1, ordering: .relaxed)
        let head = targetRefused ? RequestStateMachine.Head(targetRefused: true) : call.head()
        let now = context.bodyDeadlineNanoseconds > 0 ? context.now() : 0
        return call.perform(box.machine.headReceived(head, at: now), box)
    }
    let box = Unmanaged<RequestBox>.fromOpaque(current).takeUnretainedValue()
    let size = uploadDataSize.pointee
    guard size == 0 else {
        let now = box.machine.bodyDeadline != nil ? context.now() : 0
        let action = box.machine.bodyReceived(UnsafeRawBufferPointer(start: uploadData, count: uploadData == nil ? 0 : size), at: now)
        uploadDataSize.pointee = 0
        return call.perform(action, box)
    }
    if box.awaitsBody {
        box.awaitsBody = false
        HTTPServer.currentLoopWaker?.deadlineMet(connection)
    }
    return call.perform(box.machine.endOfRequest(), box)
}

/// One call of the access handler: what it needs to carry out actions.
private struct RequestCall {
    let context: ServerContext
    let connection: OpaquePointer
    let method: UnsafePointer<CChar>?
    let url: UnsafePointer<CChar>?
    let version: UnsafePointer<CChar>?

    /// What the state machine needs to know of the head.
    func head() -> RequestStateMachine.Head {
        var head = RequestStateMachine.Head()
        // A head that nearly fills the connection's memory pool leaves no room to build any
        // answer in it (libmicrohttpd would close the connection without one).
        head.exceedsPool = context.memoryPoolBytes > headRoomBytes
            && cmhd_request_head_exceeds(connection, url, context.memoryPoolBytes - headRoomBytes) != 0
        head.problems = HeadProblems(rawValue: cmhd_head_problems(connection, method, version))
        head.transferEncoding = cmhd_transfer_encoding(connection).map { String(cString: $0) }
        if let length = cmhd_content_length(connection) {
            head.announcedLength = announcedLength(UnsafeBufferPointer(start: length, count: strlen(length)).lazy.map { UInt8(bitPattern: $0) })
            head.repeatsContentLength = cmhd_content_length_count(connection) > 1
        }
        // Nothing to continue without a body (see `cmhd_forget_continue`).
        if head.problems.rawValue == 0 && !head.announcesBody { cmhd_forget_continue(connection) }
        return head
    }

    /// Carries out `action` and the actions that follow from it, to the value libmicrohttpd
    /// gets back.
    func perform(_ action: RequestStateMachine.Action, _ box: RequestBox) -> MHD_Result {
        var action = action
        while true {
            switch action {
            case .keepReading:
                return cmhd_yes()
            case .startBody(let bodyDeadline):
                // The headers are in: the request (its body, its answer) gets the normal timeout,
                // and its body a deadline.
                if context.headerTimeout != context.requestTimeout {
                    cmhd_set_connection_timeout(connection, UInt32(context.requestTimeout))
                }
                if let bodyDeadline, let waker = HTTPServer.currentLoopWaker {
                    waker.awaitBody(connection, until: bodyDeadline)
                    box.awaitsBody = true
                    context.observers.bodyAwaited()
                }
                return cmhd_yes()
            case .refuse(let refusal):
                context.report(method, url, refusal.status)
                switch refusal {
                case .targetTooLong: return answerDirectly(context.directAnswer(.requestLineTooLong))
                case .headTooLarge: return answerDirectly(context.directAnswer(.headTooLarge))
                case .framing(let refusal): return queue(context.answer(refusal, url))
                case .payloadTooLarge: return queue(context.answer(payloadTooLarge(context.maxBodyBytes), url))
                case .bodyTimedOut: return answerDirectly(requestTimeoutAnswer)
                }
            case .callResponder(let body):
                let request = request(body: body)
                let response = context.responder.respond(to: request)
                // Compressed when it goes out (`queue`), where the rest of the checks are made.
                if context.compressesResponses, response.deferred != nil || response.body.count >= ContentCoding.minimumSize {
                    box.answerCoding = ContentCoding.negotiate(request.header("accept-encoding"))
                }
                action = box.machine.responderAnswered(response, waitsForPass: HTTPServer.currentThreadRunsAfterEachPass)
            case .queue(let response):
                guard let coding = box.answerCoding else { return queue(response) }
                return queue(response.compressed(as: coding))
            case .waitForPass(let deferred):
                context.suspended.withLock { $0[ObjectIdentifier(deferred)] = deferred }
                return cmhd_yes()
            case .suspend(let deferred):
                // libmicrohttpd calls back once `complete(_:)` resumes the connection.
                context.suspended.withLock { $0[ObjectIdentifier(deferred)] = deferred }
                action = box.machine.suspendAttempted(ready: deferred.suspendUnlessComplete(connection))
            case .takeAnswer(let deferred):
                action = box.machine.resumed(answer: deferred.take())
            case .close:
                return cmhd_no()
            }
        }
    }

    /// The request handed to the responder.
    func request(body: [UInt8]) -> HTTPRequest {
        let methodString = method.map { String(cString: $0) } ?? ""
        var request = HTTPRequest(
            method: HTTPMethod(methodString: methodString),
            methodString: methodString,
            path: url.map { String(cString: $0) } ?? "/",
            query: collectQuery(connection),
            headers: collectHeaders(connection),
            body: body)
        request.afterEachPassFollows = HTTPServer.currentThreadRunsAfterEachPass
        // The address's bytes only: its text (inet_ntop) is written when something reads it.
        var key = cmhd_address_key()
        if cmhd_client_address(connection, &key) != 0 { request.clientAddressKey = key }
        return request
    }

    /// Hands a response to libmicrohttpd (it copies the body: MHD_RESPMEM_MUST_COPY). For a HEAD
    /// request libmicrohttpd sends the headers only.
    func queue(_ response: HTTPResponse) -> MHD_Result {
        let created = response.body.withUnsafeBytes { raw in
            cmhd_response_copying(raw.baseAddress, raw.count)
        }
        guard let mhdResponse = created else { return cmhd_no() }
        defer { MHD_destroy_response(mhdResponse) }
        for header in response.headers {
            // libmicrohttpd computes the framing itself.
            if asciiCaseInsensitiveEquals(header.name, "Content-Length")
                || asciiCaseInsensitiveEquals(header.name, "Transfer-Encoding") { continue }
            // Rejected (MHD_NO) when the name or value contains CR, LF or NUL: dropped.
            _ = Self.add(header, to: mhdResponse)
        }
        let status = (100...999).contains(response.status) ? UInt32(response.status) : 500
        return MHD_queue_response(connection, status, mhdResponse)
    }

    /// Adds a header without making C strings of it: a Swift string's UTF-8 bytes are read in
    /// place (a short string's from the stack), and the shim terminates them on its stack.
    private static func add(_ header: (name: String, value: String), to response: OpaquePointer) -> MHD_Result {
        var name = header.name
        var value = header.value
        return name.withUTF8 { nameBytes in
            value.withUTF8 { valueBytes in
                nameBytes.withMemoryRebound(to: CChar.self) { namePointer in
                    valueBytes.withMemoryRebound(to: CChar.self) { valuePointer in
                        cmhd_add_header(response, namePointer.baseAddress, namePointer.count,
                                        valuePointer.baseAddress, valuePointer.count)
                    }
                }
            }
        }
    }

    /// Sends a complete, fixed answer on the connection's socket and closes the connection.
    func answerDirectly(_ answer: [UInt8]) -> MHD_Result {
        _ = answer.withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
        return cmhd_no()
    }
}

// MARK: - Completion and connection notices

/// The request is done (answered, or its connection closed): frees its state machine, forgets
/// its deferred answer, and balances the in-flight count.
func segueRequestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ reqCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let cls, let reqCls, let current = reqCls.pointee else { return }
    reqCls.pointee = nil
    // Refused by the target guard and never handled (the client left): nothing to balance.
    if current == targetRefusedMarker { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let box = Unmanaged<RequestBox>.fromOpaque(current).takeRetainedValue()
    let finish = box.machine.finished(completedOK: termination == .REQUEST_TERMINATED_COMPLETED_OK)
    if let deferred = finish.forget {
        _ = context.suspended.withLock { $0.removeValue(forKey: ObjectIdentifier(deferred)) }
    }
    // A kept-alive connection now waits for the next request's headers: the short timeout again.
    if finish.awaitsNextHead, let connection {
        if context.headerTimeout != context.requestTimeout { cmhd_set_connection_timeout(connection, UInt32(context.headerTimeout)) }
        HTTPServer.currentLoopWaker?.awaitHead(connection, context)
    }
    context.inFlight.subtract(1, ordering: .releasing)
}

/// Connections starting and closing. A connection over its address's limit is refused (see
/// `AddressLimit.swift`). A connection that starts gets the short header timeout
/// until its first request's headers are in: libmicrohttpd 0.9.75 in epoll mode does not notice
/// a client that sends part of a request and closes, so such a connection would hold its slot
/// for the whole connection timeout.
func segueConnectionNotice(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let cls else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if cmhd_notice_is_start(code) != 0 {
        if let connection, context.admit(connection, socketContext), !context.refusesFaultyFirstRequest(connection) {
            cmhd_set_connection_timeout(connection, UInt32(context.headerTimeout))
            HTTPServer.currentLoopWaker?.awaitHead(connection, context)
        }
        context.observers.connectionOpened()
    } else {
        if let connection {
            HTTPServer.currentLoopWaker?.deadlineMet(connection)
            context.release(connection, socketContext)
        }
        context.observers.connectionClosed()
    }
}

// MARK: - Request values

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

/// The server's own 413 refusal.
func payloadTooLarge(_ limit: Int) -> HTTPRefusal {
    HTTPRefusal(status: 413, code: "payload_too_large", message: "Request body exceeds the limit of \(limit) bytes.")
}
