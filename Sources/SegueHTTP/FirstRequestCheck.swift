// The check of a new connection's first request, made before libmicrohttpd reads it: the faults
// libmicrohttpd 0.9.75 deals with before any callback of the server runs, answered by the server.

import CMicroHTTPD

/// An answer written straight to a connection's socket, which then closes: the status line, the
/// response's own headers (the application's error shape, from `answerRefusal`) and its body.
func directAnswer(_ response: HTTPResponse) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
    var names: Set<String> = []
    for header in response.headers {
        names.insert(header.name.lowercased())
        head += "\(header.name): \(header.value)\r\n"
    }
    if !names.contains("x-content-type-options") { head += "X-Content-Type-Options: nosniff\r\n" }
    if !names.contains("cache-control") { head += "Cache-Control: no-store\r\n" }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + response.body
}

private func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 431: "Request Header Fields Too Large"
    default: "Error"
    }
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

    /// The refusal the server answers with, in the application's error shape.
    var refusal: HTTPRefusal {
        switch self {
        case .badRequestLine:
            HTTPRefusal(status: 400, code: "bad_request",
                        message: "Request line is malformed: it needs a method, a target and an HTTP version, separated by spaces.")
        case .badContentLength:
            HTTPRefusal(status: 400, code: "bad_request", message: "Content-Length must be one decimal number.")
        case .contentLengthOverflow:
            HTTPRefusal(status: 413, code: "payload_too_large", message: "Content-Length announces more than any body the server takes.")
        case .headTooLarge:
            HTTPRefusal(status: 431, code: "headers_too_large", message: "Request headers are larger than the server takes.")
        case .requestLineTooLong:
            HTTPRefusal(status: 414, code: "uri_too_long",
                        message: "Request target is longer, or has more query arguments, than the server takes.")
        }
    }
}

extension ServerContext {
    /// Checks a new connection's first request from the bytes already received; a faulty one is
    /// answered, drained and shut down (libmicrohttpd then closes the connection). Returns
    /// whether it was refused.
    func refusesFaultyFirstRequest(_ connection: OpaquePointer) -> Bool {
        let limit = memoryPoolBytes > headRoomBytes ? memoryPoolBytes - headRoomBytes : memoryPoolBytes
        guard let fault = FirstRequestFault(rawValue: cmhd_first_request_fault(connection, limit)) else { return false }
        report(nil, nil, fault.refusal.status)
        cmhd_drain_connection(connection)
        _ = directAnswer(fault).withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
        cmhd_shutdown_connection(connection)
        return true
    }

    /// The bytes answering `fault`, written directly to the socket.
    func directAnswer(_ fault: FirstRequestFault) -> [UInt8] {
        SegueHTTP.directAnswer(answerRefusal(fault.refusal, ""))
    }
}
