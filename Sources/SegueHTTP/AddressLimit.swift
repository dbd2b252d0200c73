// The per-address connection limit: how many connections one client address may hold at once,
// counted over all loop threads.

import CMicroHTTPD
import Synchronization

/// Open connections by client address, against a limit. libmicrohttpd's own per-address limit
/// counts per daemon, and the server runs one daemon per loop thread, so a client's connections
/// are counted here instead, for the whole server: a client over the limit gets a 503 and its
/// connection closes, while the slots it cannot take stay free for everyone else.
struct AddressCounts {
    /// At most this many open connections per address (0 = no limit).
    let limit: Int
    private(set) var open: [Address: Int] = [:]

    /// A client address, IPv4 in its IPv4-mapped IPv6 form.
    struct Address: Hashable {
        var high: UInt64
        var low: UInt64
    }

    init(limit: Int) { self.limit = max(0, limit) }

    /// A connection from `address` opened: whether it may stay (it is then counted).
    mutating func admit(_ address: Address) -> Bool {
        let current = open[address, default: 0]
        guard limit == 0 || current < limit else { return false }
        open[address] = current + 1
        return true
    }

    /// A counted connection from `address` closed.
    mutating func release(_ address: Address) {
        guard let current = open[address] else { return }
        open[address] = current > 1 ? current - 1 : nil
    }
}

/// The answer written to a connection over its address's limit, before it closes.
let tooManyConnectionsAnswer = Array(
    ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
     + "Content-Length: 49\r\nConnection: close\r\n\r\nToo many connections from this address; retry.\r\n").utf8)

/// `*socket_context` of a connection counted against its address's limit, and of one refused.
private var countedMarker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x1) }
private var refusedMarker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x2) }

extension ServerContext {
    /// A connection started: counts it, or refuses it (503, then closed) when its address is over
    /// the limit. Returns whether it was admitted.
    func admit(_ connection: OpaquePointer, _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Bool {
        guard perAddressLimit > 0, let address = clientAddress(connection) else { return true }
        if addressCounts.withLock({ $0.admit(address) }) {
            socketContext?.pointee = countedMarker
            return true
        }
        socketContext?.pointee = refusedMarker
        _ = tooManyConnectionsAnswer.withUnsafeBytes { cmhd_answer_directly(connection, $0.baseAddress, $0.count) }
        cmhd_shutdown_connection(connection)
        return false
    }

    /// A connection closed: a counted one frees its address's slot.
    func release(_ connection: OpaquePointer, _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let socketContext, socketContext.pointee == countedMarker else { return }
        socketContext.pointee = nil
        guard let address = clientAddress(connection) else { return }
        addressCounts.withLock { $0.release(address) }
    }

    private func clientAddress(_ connection: OpaquePointer) -> AddressCounts.Address? {
        var key = cmhd_address_key()
        guard cmhd_client_address(connection, &key) != 0 else { return nil }
        return AddressCounts.Address(high: key.high, low: key.low)
    }
}
