import SegueCore
import Synchronization

/// Where sessions live. The in-memory store is the only one so far; durable stores (SQLite,
/// PostgreSQL) implement the same protocol.
public protocol SessionStore: Sendable {
    /// Stores a new session; throws `too_many_sessions` when the limit is reached.
    func insert(_ box: SessionBox) throws(ActionError)
    func session(id: String) -> SessionBox?
    @discardableResult func remove(id: String) -> Bool
    var count: Int { get }
    /// Drops sessions idle for longer than `idle`; returns how many.
    @discardableResult func expire(idleLongerThan idle: Duration) -> Int
}

/// Sessions in a dictionary behind one short-held lock.
public final class InMemorySessionStore: SessionStore {
    private let sessions = Mutex<[String: SessionBox]>([:])
    public let limit: Int

    public init(limit: Int = 100_000) { self.limit = limit }

    public func insert(_ box: SessionBox) throws(ActionError) {
        let inserted = sessions.withLock { map -> Bool in
            guard map.count < limit else { return false }
            map[box.id] = box
            return true
        }
        guard inserted else { throw ActionError(.tooManySessions, "the server holds its limit of \(limit) sessions; try again later") }
    }

    public func session(id: String) -> SessionBox? { sessions.withLock { $0[id] } }

    @discardableResult
    public func remove(id: String) -> Bool { sessions.withLock { $0.removeValue(forKey: id) != nil } }

    public var count: Int { sessions.withLock { $0.count } }

    @discardableResult
    public func expire(idleLongerThan idle: Duration) -> Int {
        let all = sessions.withLock { Array($0.values) }
        let deadline = ContinuousClock.now - idle
        let stale = all.filter { $0.lastAccess < deadline }.map(\.id)
        guard !stale.isEmpty else { return 0 }
        sessions.withLock { map in for id in stale { map.removeValue(forKey: id) } }
        return stale.count
    }
}
