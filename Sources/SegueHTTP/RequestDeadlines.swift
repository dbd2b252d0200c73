// The head and body deadlines of a loop thread's connections, and the sweep that enforces them.

import CMicroHTTPD
import Synchronization

/// The time limits a client's own pace cannot stretch. libmicrohttpd's timeout only counts
/// silence, so a client sending a byte every few seconds would hold its connection for as long as
/// it likes, and a few hundred such clients every slot.
///
/// - The head deadline: a connection waiting for a request's head (a new one, or a kept-alive one
///   between requests) must receive all of it within `headerDeadlineSeconds`; past it the
///   connection is shut down.
/// - The body deadline: once a head announcing a body is accepted, the whole body must arrive
///   within `bodyDeadlineSeconds`; past it the client gets a 408 and the connection is shut down.
///
/// Each loop thread keeps the deadlines of its own connections (the callbacks that set and clear
/// them run on it) and, after a pass, sweeps those past their time.
struct RequestDeadlines {
    enum Kind { case head, body }
    struct Deadline {
        var time: UInt64
        var kind: Kind
    }
    /// By connection: the time by which its head or body must be in.
    var byConnection: [UInt: Deadline] = [:]
    /// The earliest of them (a lower bound once some are gone): no sweep before it.
    var earliest: UInt64 = .max

    /// Records `deadline` for `connection` (replacing any other).
    mutating func set(_ connection: OpaquePointer, _ deadline: Deadline) {
        byConnection[UInt(bitPattern: connection)] = deadline
        earliest = min(earliest, deadline.time)
    }

    /// Forgets `connection`'s deadline.
    mutating func clear(_ connection: OpaquePointer) {
        guard !byConnection.isEmpty else { return }
        byConnection[UInt(bitPattern: connection)] = nil
    }

    /// Removes and returns the connections past their deadline at `time`.
    mutating func takeExpired(at time: UInt64) -> [(connection: UInt, kind: Kind)] {
        guard earliest <= time else { return [] }
        var expired: [(connection: UInt, kind: Kind)] = []
        var next = UInt64.max
        for (key, deadline) in byConnection {
            if deadline.time <= time {
                expired.append((key, deadline.kind))
            } else {
                next = min(next, deadline.time)
            }
        }
        for item in expired { byConnection[item.connection] = nil }
        earliest = next
        return expired
    }
}

/// The answer written to a client whose body missed its deadline, before its connection closes.
let requestTimeoutAnswer = Array(
    "HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)

/// `now` plus `interval`, or the end of time when that overflows.
func deadline(after interval: UInt64, from now: UInt64) -> UInt64 {
    let (sum, overflow) = now.addingReportingOverflow(interval)
    return overflow ? .max : sum
}

extension LoopWaker {
    /// `connection` waits for a request's head from now on.
    func awaitHead(_ connection: OpaquePointer, _ context: ServerContext) {
        guard context.headDeadlineNanoseconds > 0 else { return }
        let time = deadline(after: context.headDeadlineNanoseconds, from: context.now())
        deadlines.withLock { $0.set(connection, .init(time: time, kind: .head)) }
    }

    /// `connection`'s body must be in by `time`.
    func awaitBody(_ connection: OpaquePointer, until time: UInt64) {
        deadlines.withLock { $0.set(connection, .init(time: time, kind: .body)) }
    }

    /// `connection`'s head or body is in (or the connection closed).
    func deadlineMet(_ connection: OpaquePointer) {
        deadlines.withLock { $0.clear(connection) }
    }

    /// Shuts down the connections past their deadline: a late body is first answered 408.
    func closeConnectionsPastDeadline(now: @Sendable () -> UInt64) {
        deadlines.withLock { table in
            guard table.earliest != .max, table.earliest <= now() else { return }
            for (key, kind) in table.takeExpired(at: now()) {
                guard let connection = OpaquePointer(bitPattern: key) else { continue }
                if kind == .body {
                    _ = requestTimeoutAnswer.withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
                }
                cmhd_shutdown_connection(connection)
            }
        }
    }
}
