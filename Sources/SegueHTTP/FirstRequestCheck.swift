// The check of a new connection's first request, made before libmicrohttpd reads it: the faults
// libmicrohttpd 0.9.75 deals with before any callback of the server runs, answered by the server.

import CMicroHTTPD

/// A fixed answer written straight to a connection's socket, which then closes: the status line,
/// the headers every JSON error carries, and a JSON error body with a stable code.
func fixedAnswer(status: Int, reason: String, code: String, message: String) -> [UInt8] {
    let body = String(decoding: HTTPResponse.jsonError(code: code, message: message, status: status).body, as: UTF8.self)
    return Array(("HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
                  + "Cache-Control: no-store\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
}

/// What the check finds wrong with a first request (`CMHD_FIRST_…` in the shim), and its answer.
enum FirstRequestFault: Int32, CaseIterable {
    /// A request line without a space, or with an empty method: libmicrohttpd closes it without a word.
    case badRequestLine = 1
    /// A `Content-Length` that is not one decimal number (`2, 2`): libmicrohttpd answers with its
    /// status line twice.
    case badContentLength = 2
    /// A `Content-Length` past 64 bits: libmicrohttpd answers 413 with its status line twice.
    case contentLengthOverflow = 3
    /// No end of the head within the connection's memory pool.
    case headTooLarge = 4
    /// No end of the request line within the connection's memory pool.
    case requestLineTooLong = 5

    var status: Int { Self.answers[self]!.status }
    var answer: [UInt8] { Self.answers[self]!.bytes }

    private static let answers: [FirstRequestFault: (status: Int, bytes: [UInt8])] = [
        .badRequestLine: (400, fixedAnswer(status: 400, reason: "Bad Request", code: "bad_request",
                                           message: "Request line is malformed: it needs a method, a target and an HTTP version, separated by spaces.")),
        .badContentLength: (400, fixedAnswer(status: 400, reason: "Bad Request", code: "bad_request",
                                             message: "Content-Length must be one decimal number.")),
        .contentLengthOverflow: (413, fixedAnswer(status: 413, reason: "Content Too Large", code: "payload_too_large",
                                                  message: "Content-Length announces more than any body the server takes.")),
        .headTooLarge: (431, headersTooLargeAnswer),
        .requestLineTooLong: (414, uriTooLongAnswer),
    ]
}

/// Answers a request target over the limits (414), written directly.
let uriTooLongAnswer = fixedAnswer(status: 414, reason: "URI Too Long", code: "uri_too_long",
                                   message: "Request target is longer, or has more query arguments, than the server takes.")
/// Answers a request head too large for the connection's memory (431), written directly.
let headersTooLargeAnswer = fixedAnswer(status: 431, reason: "Request Header Fields Too Large", code: "headers_too_large",
                                        message: "Request headers are larger than the server takes.")

extension ServerContext {
    /// Checks a new connection's first request from the bytes already received; a faulty one is
    /// answered, drained and shut down (libmicrohttpd then closes the connection). Returns
    /// whether it was refused.
    func refusesFaultyFirstRequest(_ connection: OpaquePointer) -> Bool {
        let limit = memoryPoolBytes > headRoomBytes ? memoryPoolBytes - headRoomBytes : memoryPoolBytes
        guard let fault = FirstRequestFault(rawValue: cmhd_first_request_fault(connection, limit)) else { return false }
        report(nil, nil, fault.status)
        cmhd_drain_connection(connection)
        _ = fault.answer.withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
        cmhd_shutdown_connection(connection)
        return true
    }
}
