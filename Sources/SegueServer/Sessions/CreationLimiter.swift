import Synchronization

/// How many sessions one client address may create: a bucket of `perMinute` per address that
/// refills at that rate, so a burst of a few page views passes and a client creating sessions
/// in a loop is refused (503 `too_many_sessions`) without filling the server for everyone else.
/// Loopback clients are not limited (tests, benchmarks, the developer's own browser); behind a
/// proxy on the same machine every client is the proxy, so limit there. Time is the server's
/// ``SessionClock``.
final class CreationLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    let perMinute: Int
    private let clock: any SessionClock
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Addresses kept before full buckets (idle clients) are dropped.
    static let addressesKept = 10_000

    init(perMinute: Int, clock: any SessionClock) {
        self.perMinute = perMinute
        self.clock = clock
    }

    /// Takes one creation from `address`'s bucket; false when it is empty. Without a limit, or
    /// without an address (a request made in process), always true.
    func allow(_ address: String?) -> Bool {
        guard perMinute > 0, let address, !Self.isLoopback(address) else { return true }
        let now = clock.now
        let capacity = Double(perMinute)
        return buckets.withLock { map -> Bool in
            if map.count >= Self.addressesKept { map = map.filter { refilled($0.value, now, capacity) < capacity } }
            var bucket = map[address].map { Bucket(tokens: refilled($0, now, capacity), updated: now) } ?? Bucket(tokens: capacity, updated: now)
            guard bucket.tokens >= 1 else {
                map[address] = bucket
                return false
            }
            bucket.tokens -= 1
            map[address] = bucket
            return true
        }
    }

    static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" || address == "::" }

    private func refilled(_ bucket: Bucket, _ now: ContinuousClock.Instant, _ capacity: Double) -> Double {
        let (seconds, attoseconds) = (now - bucket.updated).components
        let elapsed = Double(seconds) + Double(attoseconds) / 1e18
        return min(capacity, bucket.tokens + elapsed * capacity / 60)
    }
}
