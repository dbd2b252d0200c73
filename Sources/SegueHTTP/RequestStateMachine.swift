// The life of one request on a libmicrohttpd connection, as a value: events in, actions out.
//
// libmicrohttpd drives a request through one callback, called again and again with different
// arguments (headers parsed, a piece of body, the end of the body, the end after a resume), plus
// a completion callback. This type names those calls as events and says, for each, what the
// server does next; the C callbacks in HTTPServer.swift only translate and carry out. It does no
// I/O, so every path can be tested without a socket.

import Foundation

/// The per-request protocol between libmicrohttpd and the responder.
///
/// Events, in the order libmicrohttpd gives them:
/// 1. ``headReceived(_:)`` once, when the request line and headers are parsed;
/// 2. ``bodyReceived(_:)`` zero or more times, with pieces of the body;
/// 3. ``endOfRequest()`` when the body is complete (and again after a deferred answer was
///    waited for: at the next pass, or when the suspended connection is resumed);
/// 4. ``responderAnswered(_:waitsForPass:)`` once the responder has been called;
/// 5. ``suspendAttempted(ready:)`` and ``resumed(answer:)`` for a deferred answer;
/// 6. ``finished(completedOK:)`` when libmicrohttpd is done with the request.
///
/// A response is only ever queued from the end of the request, never on the first call:
/// libmicrohttpd 0.9.75 closes a keep-alive connection whose response was queued with the
/// headers. An event that does not fit the state (which libmicrohttpd should never produce)
/// gives ``Action/close`` instead of a crash.
struct RequestStateMachine {
    /// Where the request is.
    enum State {
        /// Nothing received yet.
        case awaitingHead
        /// Headers accepted; the body (possibly empty) is being read.
        case readingBody([UInt8])
        /// The body went over the limit: the rest is read and dropped (libmicrohttpd cannot
        /// answer mid-upload), then 413.
        case discardingBody(received: Int)
        /// The responder is being called.
        case responding
        /// The answer is deferred and waits, unsuspended, for the end of the loop's pass.
        case waitingForPass(DeferredResponse)
        /// The answer is deferred and the connection suspended until it is completed.
        case suspended(DeferredResponse)
        /// A response was queued, or an answer written: nothing more to do but finish.
        case answered
        /// libmicrohttpd is done with the request.
        case finished
    }

    /// What the server does next.
    enum Action {
        /// Return MHD_YES with nothing queued: keep reading (or wait).
        case keepReading
        /// The headers are accepted: give the request its full timeout and keep reading; a body,
        /// when one is announced, must be in by `bodyDeadline` (monotonic nanoseconds).
        case startBody(bodyDeadline: UInt64?)
        /// Answer without calling the responder (and report it).
        case refuse(Refusal)
        /// Build the request with this body and call the responder.
        case callResponder(body: [UInt8])
        /// Queue this response.
        case queue(HTTPResponse)
        /// Leave the connection ready and unsuspended until the next pass (register the
        /// deferred answer so that a stop can complete it).
        case waitForPass(DeferredResponse)
        /// Suspend the connection unless the deferred answer is already complete, then report
        /// with ``RequestStateMachine/suspendAttempted(ready:)``.
        case suspend(DeferredResponse)
        /// The connection was resumed: take the deferred answer and report it with
        /// ``RequestStateMachine/resumed(answer:)``.
        case takeAnswer(DeferredResponse)
        /// Return MHD_NO: libmicrohttpd closes the connection without a response.
        case close
    }

    /// A request the server answers itself.
    enum Refusal {
        /// The target was longer, or had more query arguments, than the server takes (414).
        case targetTooLong
        /// The head nearly fills the connection's memory pool (431).
        case headTooLarge
        /// A body whose framing the server will not guess (a transfer coding it cannot frame,
        /// `Content-Length` twice or beside `Transfer-Encoding`): the answer (400 or 501).
        case framing(HTTPRefusal)
        /// The body is over the limit (413).
        case payloadTooLarge
        /// The body did not arrive in full by its deadline (408, then the connection closes).
        case bodyTimedOut

        var status: Int {
            switch self {
            case .targetTooLong: 414
            case .headTooLarge: 431
            case .framing(let refusal): refusal.status
            case .payloadTooLarge: 413
            case .bodyTimedOut: 408
            }
        }

        /// Written straight to the socket (there may be no room in the connection's pool to
        /// build a response), after which the connection closes.
        var isWrittenDirectly: Bool {
            switch self {
            case .targetTooLong, .headTooLarge, .bodyTimedOut: true
            case .framing, .payloadTooLarge: false
            }
        }
    }

    /// What is known of a request once its head is parsed.
    struct Head {
        /// The target guard refused the target (the query was emptied).
        var targetRefused = false
        /// The head leaves too little of the connection's memory pool to build an answer.
        var exceedsPool = false
        /// The `Transfer-Encoding` header, when sent.
        var transferEncoding: String?
        /// The length `Content-Length` announces (`Int.max` when too large to count), when sent
        /// with digits.
        var announcedLength: Int?
        /// `Content-Length` came more than once: which one frames the body is the shape of a
        /// smuggled request (RFC 9112, 6.3), whatever the values.
        var repeatsContentLength = false
        /// What is wrong with the head's syntax, when something is (see ``HeadProblems``).
        var problems = HeadProblems()

        /// Whether a body follows the head (a length above zero, or a transfer coding).
        var announcesBody: Bool { transferEncoding != nil || (announcedLength ?? 0) > 0 }
    }

    /// What the completion callback does.
    struct Finish {
        /// A deferred answer the server no longer needs to complete on stop.
        var forget: DeferredResponse?
        /// The connection stays open for another request: back to the short header timeout.
        var awaitsNextHead: Bool
    }

    let maxBodyBytes: Int
    /// How long a body may take to arrive in full once its head is accepted (0 = no limit).
    let bodyDeadlineNanoseconds: UInt64
    /// When this request's body must be in, while one is being read.
    private(set) var bodyDeadline: UInt64?
    private(set) var state: State = .awaitingHead
    /// The deferred answer handed out with ``Action/waitForPass(_:)`` or ``Action/suspend(_:)``
    /// (the server registers it, to complete it on stop), until ``finished(completedOK:)``
    /// reports it to forget: whether it went out, or the connection closed first.
    private var registered: DeferredResponse?

    init(maxBodyBytes: Int, bodyDeadlineNanoseconds: UInt64 = 0) {
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.bodyDeadlineNanoseconds = bodyDeadlineNanoseconds
    }

    /// How many body bytes an over-limit (chunked) upload may still send before the
    /// connection is dropped without a response.
    var discardLimit: Int { max(maxBodyBytes, 1 << 20) &* 4 }

    // MARK: Events

    /// The first call: request line and headers are in, at `now` (monotonic nanoseconds).
    mutating func headReceived(_ head: Head, at now: UInt64 = 0) -> Action {
        guard case .awaitingHead = state else { return close() }
        if head.targetRefused { return refuse(.targetTooLong) }
        if head.exceedsPool { return refuse(.headTooLarge) }
        if head.problems.rawValue != 0, let message = head.problems.message {
            // Answered and closed: whatever follows the head is never read as another request.
            return refuse(.framing(HTTPRefusal(status: 400, code: "bad_request", message: message)))
        }
        if head.repeatsContentLength {
            return refuse(.framing(HTTPRefusal(status: 400, code: "bad_request", message: "Request has more than one Content-Length header.")))
        }
        if let encoding = head.transferEncoding,
           let answer = transferEncodingRefusal(encoding, hasContentLength: head.announcedLength != nil) {
            // A body whose length cannot be known: answer at once and close, instead of waiting
            // for the connection's timeout.
            return refuse(.framing(answer))
        }
        if let announced = head.announcedLength, announced > maxBodyBytes {
            // Refused before the body is read; libmicrohttpd closes the connection after the
            // answer since the body stays unread.
            return refuse(.payloadTooLarge)
        }
        state = .readingBody([])
        if head.announcesBody && bodyDeadlineNanoseconds > 0 {
            bodyDeadline = deadline(after: bodyDeadlineNanoseconds, from: now)
        }
        return .startBody(bodyDeadline: bodyDeadline)
    }

    /// A piece of the body (the server consumes all of it), at `now`. A body still arriving past
    /// its deadline is cut off with a 408.
    mutating func bodyReceived(_ bytes: UnsafeRawBufferPointer, at now: UInt64 = 0) -> Action {
        if let bodyDeadline, now >= bodyDeadline {
            switch state {
            case .readingBody, .discardingBody: return refuse(.bodyTimedOut)
            default: return close()
            }
        }
        switch state {
        case .readingBody(var body):
            state = .responding  // releases the array's buffer so appending does not copy it
            if bytes.count > maxBodyBytes - body.count {
                state = .discardingBody(received: body.count + bytes.count)
            } else {
                body.append(contentsOf: bytes)
                state = .readingBody(body)
            }
            return .keepReading
        case .discardingBody(let received):
            let total = received &+ bytes.count
            state = .discardingBody(received: total)
            // A client that keeps sending far past the limit is cut off instead.
            return total > discardLimit ? close() : .keepReading
        default:
            return close()
        }
    }

    /// The body is complete; or the deferred answer's wait is over.
    mutating func endOfRequest() -> Action {
        bodyDeadline = nil
        switch state {
        case .readingBody(let body):
            state = .responding
            return .callResponder(body: body)
        case .discardingBody:
            return refuse(.payloadTooLarge)
        case .waitingForPass(let deferred):
            // The pass that received it has ended: answer, or suspend until it is completed.
            state = .suspended(deferred)
            return .suspend(deferred)
        case .suspended(let deferred):
            return .takeAnswer(deferred)
        default:
            return close()
        }
    }

    /// The responder's answer. `waitsForPass`: the current thread runs work after each pass
    /// (which may complete a deferred answer), so a deferred answer first waits for it.
    mutating func responderAnswered(_ response: HTTPResponse, waitsForPass: Bool) -> Action {
        guard case .responding = state else { return close() }
        guard let deferred = response.deferred else {
            state = .answered
            return .queue(response)
        }
        registered = deferred
        if waitsForPass {
            // Without a response libmicrohttpd keeps the connection ready and calls again in the
            // next pass, with no suspension (two epoll_ctl calls and a wake-up) in between.
            state = .waitingForPass(deferred)
            return .waitForPass(deferred)
        }
        state = .suspended(deferred)
        return .suspend(deferred)
    }

    /// After ``Action/suspend(_:)``: the answer when it was already complete (the connection
    /// was not suspended), or nil when the connection now waits for it.
    mutating func suspendAttempted(ready: HTTPResponse?) -> Action {
        guard case .suspended = state else { return close() }
        guard let ready else { return .keepReading }
        state = .answered
        return .queue(ready)
    }

    /// After ``Action/takeAnswer(_:)``: the deferred answer (nil would be a resume without one).
    mutating func resumed(answer: HTTPResponse?) -> Action {
        guard case .suspended = state, let answer else { return close() }
        state = .answered
        return .queue(answer)
    }

    /// libmicrohttpd is done with the request (answered, or the connection closed).
    mutating func finished(completedOK: Bool) -> Finish {
        let forget = registered
        registered = nil
        state = .finished
        return Finish(forget: forget, awaitsNextHead: completedOK)
    }

    // MARK: Helpers

    private mutating func refuse(_ refusal: Refusal) -> Action {
        bodyDeadline = nil
        state = .answered
        return .refuse(refusal)
    }

    private mutating func close() -> Action {
        bodyDeadline = nil
        state = .answered
        return .close
    }
}

/// The answer to a request whose `Transfer-Encoding` libmicrohttpd cannot frame, or nil when it
/// is plain `chunked`. Chunked must be the final coding or the body's end is unknowable (400); a
/// coding before it is one the server does not implement (501); `Content-Length` beside
/// `Transfer-Encoding` is the shape of a smuggled request (400).
func transferEncodingRefusal(_ value: String, hasContentLength: Bool) -> HTTPRefusal? {
    let codings = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if codings == ["chunked"] {
        if hasContentLength {
            return HTTPRefusal(status: 400, code: "bad_request", message: "Request has both Content-Length and Transfer-Encoding.")
        }
        // libmicrohttpd frames a chunked body only when the value is exactly `chunked`; with a
        // blank after it, it would read the body as running to the end of the connection.
        guard value.utf8.count == 7 else {
            return HTTPRefusal(status: 400, code: "bad_request", message: "Transfer-Encoding must be exactly chunked, without blanks.")
        }
        return nil
    }
    guard codings.last == "chunked" else {
        return HTTPRefusal(status: 400, code: "bad_request",
                           message: "Transfer-Encoding must end with chunked; the request body's length cannot be determined.")
    }
    return HTTPRefusal(status: 501, code: "not_implemented",
                       message: "Only the chunked transfer coding is supported (got \(codings.joined(separator: ", "))).")
}

/// The length a `Content-Length` value announces: its leading digits (after blanks), `Int.max`
/// when they overflow, nil when there are none (libmicrohttpd rejects such values itself).
func announcedLength<S: Sequence>(_ value: S) -> Int? where S.Element == UInt8 {
    var total = 0
    var digits = 0
    var leading = true
    for byte in value {
        if leading && (byte == 0x20 || byte == 0x09) { continue }
        leading = false
        guard byte >= 0x30 && byte <= 0x39 else { break }
        let (times10, o1) = total.multipliedReportingOverflow(by: 10)
        let (next, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
        if o1 || o2 { return Int.max }
        total = next
        digits += 1
    }
    return digits > 0 ? total : nil
}

/// Faults of a request head that libmicrohttpd 0.9.75 lets through, each answered 400 (found by
/// `cmhd_head_problems` in the C shim).
struct HeadProblems: OptionSet, Sendable {
    let rawValue: Int32
    /// A header name that is not a token: a blank before the colon (`Content-Length : 5`, which
    /// libmicrohttpd would not take for a length, reading the body as the next request).
    static let badName = HeadProblems(rawValue: 1)
    /// HTTP/1.1 without a `Host` header, or with two.
    static let badHost = HeadProblems(rawValue: 2)
    /// Bytes of the head no parsed header accounts for: a folded line, a NUL byte in a value, a
    /// line starting with NUL (taken for the end of the head).
    static let unaccountedBytes = HeadProblems(rawValue: 4)

    /// The answer's message, or nil for a sound head.
    var message: String? {
        if contains(.unaccountedBytes) {
            return "Request head is malformed: a folded header line, or a NUL byte."
        }
        if contains(.badName) { return "A request header name is not a token (nothing may come between the name and its colon)." }
        if contains(.badHost) { return "An HTTP/1.1 request needs exactly one Host header." }
        return nil
    }
}
