import CMicroHTTPD
import Synchronization

/// The head deadline: a connection waiting for a request's head (a new one, or a kept-alive one
/// between requests) must receive all of it within `headerDeadlineSeconds`. libmicrohttpd's own
/// timeout only counts silence, so a client sending a header line every few seconds would hold
/// its slot for as long as it likes, and a few such clients every slot. Each loop thread keeps
/// the deadlines of its own connections (the callbacks that set and clear them run on it) and,
/// after a pass, shuts down the sockets of those past it.
struct HeadDeadlines {
    /// By connection: the time by which its head must be in.
    var byConnection: [UInt: UInt64] = [:]
    /// The earliest of them (a lower bound once some are gone): no sweep before it.
    var earliest: UInt64 = .max
}

extension LoopWaker {
    /// `connection` waits for a request's head from now on.
    func awaitHead(_ connection: OpaquePointer, _ context: ServerContext) {
        guard context.headDeadlineNanoseconds > 0 else { return }
        let deadline = context.now() &+ context.headDeadlineNanoseconds
        headDeadlines.withLock {
            $0.byConnection[UInt(bitPattern: connection)] = deadline
            $0.earliest = min($0.earliest, deadline)
        }
    }

    /// `connection`'s head is in (or the connection closed).
    func headArrived(_ connection: OpaquePointer) {
        headDeadlines.withLock {
            guard !$0.byConnection.isEmpty else { return }
            $0.byConnection[UInt(bitPattern: connection)] = nil
        }
    }

    /// Shuts down the connections still waiting for a head past their deadline.
    func closeConnectionsPastHeadDeadline(now: @Sendable () -> UInt64) {
        headDeadlines.withLock { table in
            guard table.earliest != .max else { return }
            let time = now()
            guard table.earliest <= time else { return }
            var earliest = UInt64.max
            for (key, deadline) in table.byConnection {
                if deadline <= time {
                    table.byConnection[key] = nil
                    if let connection = OpaquePointer(bitPattern: key) { cmhd_shutdown_connection(connection) }
                } else {
                    earliest = min(earliest, deadline)
                }
            }
            table.earliest = earliest
        }
    }
}
