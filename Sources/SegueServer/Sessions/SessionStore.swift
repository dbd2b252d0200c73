import SegueCore
import Synchronization

/// The live sessions of this process: a cache in front of the durable ``SessionStorage``.
///
/// A session leaves the cache when idle (eviction), under memory pressure, or when the live-session
/// limit is reached; it is rebuilt from storage on its next request, transparently.
public protocol SessionStore: Sendable {
    /// Stores a new session; throws `too_many_sessions` when the limit is reached.
    func insert(_ box: SessionBox) throws(ActionError)
    /// Stores `box` unless a box for its id is there already; returns the one in the cache.
    func adopt(_ box: SessionBox) throws(ActionError) -> SessionBox
    func session(id: String) -> SessionBox?
    @discardableResult func remove(id: String) -> Bool
    /// Removes the id only while it still maps to `box`.
    func remove(id: String, ifSame box: SessionBox)
    var count: Int { get }
    var limit: Int { get }
    /// Drops sessions idle for longer than `idle`; returns how many.
    @discardableResult func expire(idleLongerThan idle: Duration) -> Int
    /// Up to `count` sessions, least recently used first, idle for at least `idle`.
    func leastRecentlyUsed(_ count: Int, idleAtLeast idle: Duration) -> [SessionBox]
    /// The ids of the sessions used since `instant`.
    func used(since instant: ContinuousClock.Instant) -> [String]
}

/// Sessions in a dictionary behind one short-held lock.
public final class InMemorySessionStore: SessionStore {
    private let sessions = Mutex<[String: SessionBox]>([:])
    public let limit: Int
    /// What idle times are measured against (the sessions' own `lastAccess` reads the same one).
    let clock: any SessionClock

    public init(limit: Int = 100_000, clock: any SessionClock = SystemSessionClock()) {
        self.limit = limit
        self.clock = clock
    }

    public func insert(_ box: SessionBox) throws(ActionError) {
        let inserted = sessions.withLock { map -> Bool in
            guard map.count < limit else { return false }
            map[box.id] = box
            return true
        }
        guard inserted else { throw ActionError(.tooManySessions, "the server holds its limit of \(limit) sessions; try again later") }
    }

    public func adopt(_ box: SessionBox) throws(ActionError) -> SessionBox {
        let result = sessions.withLock { map -> SessionBox? in
            if let existing = map[box.id] { return existing }
            guard map.count < limit else { return nil }
            map[box.id] = box
            return box
        }
        guard let result else { throw ActionError(.tooManySessions, "the server holds its limit of \(limit) live sessions; try again later") }
        return result
    }

    public func session(id: String) -> SessionBox? { sessions.withLock { $0[id] } }

    @discardableResult
    public func remove(id: String) -> Bool { sessions.withLock { $0.removeValue(forKey: id) != nil } }

    public func remove(id: String, ifSame box: SessionBox) {
        sessions.withLock { map in if map[id] === box { map.removeValue(forKey: id) } }
    }

    public var count: Int { sessions.withLock { $0.count } }

    @discardableResult
    public func expire(idleLongerThan idle: Duration) -> Int {
        let all = sessions.withLock { Array($0.values) }
        let deadline = clock.now - idle
        let stale = all.filter { $0.lastAccess < deadline }.map(\.id)
        guard !stale.isEmpty else { return 0 }
        sessions.withLock { map in for id in stale { map.removeValue(forKey: id) } }
        return stale.count
    }

    public func used(since instant: ContinuousClock.Instant) -> [String] {
        sessions.withLock { Array($0.values) }.filter { $0.lastAccess >= instant }.map(\.id)
    }

    public func leastRecentlyUsed(_ count: Int, idleAtLeast idle: Duration) -> [SessionBox] {
        guard count > 0 else { return [] }
        let all = sessions.withLock { Array($0.values) }
        let deadline = clock.now - idle
        let candidates = all.lazy.map { ($0, $0.lastAccess) }.filter { $0.1 <= deadline }
        if count >= all.count / 8 { return candidates.sorted { $0.1 < $1.1 }.prefix(count).map(\.0) }
        // A few out of many (making room for one more session): keep the `count` oldest seen so
        // far, oldest first; most sessions are newer than the newest kept and cost one comparison.
        var kept: [(box: SessionBox, lastAccess: ContinuousClock.Instant)] = []
        kept.reserveCapacity(count + 1)
        for candidate in candidates {
            if kept.count == count, let newest = kept.last, candidate.1 >= newest.lastAccess { continue }
            let at = kept.firstIndex { candidate.1 < $0.lastAccess } ?? kept.count
            kept.insert(candidate, at: at)
            if kept.count > count { kept.removeLast() }
        }
        return kept.map(\.box)
    }
}
