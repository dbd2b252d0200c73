#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Durable session storage: the one protocol behind `--store memory|FILE|postgres://…`.
///
/// ## Model: a session is its header plus its ordered log of steps
///
/// A stored session is a ``StoredSessionHeader`` (id, CSRF token, the viewport it launched with)
/// and the ordered list of the *steps* that changed it: each successful action (`{"action": …}`,
/// the JSON of docs/API.md) and each URL navigation or restoration (`{"navigate": "/ui/…"}`). Step `n` is
/// stored with sequence number `n` (1, 2, 3, …), unique per session.
///
/// Rebuilding a session = launching a fresh window with the header's traits and replaying its steps
/// in order. The core is deterministic (controller ids count up, no clocks, no randomness), so the
/// replay reproduces exactly the state, the `version`, the controller ids and the event log (with the
/// same sequence numbers) that the clients saw. This is the simplest faithful model: it needs no
/// serialisation of controller internals (a Swift subclass's own properties are rebuilt by running its
/// code again), and a write is one small row, so an action can be made durable *before* its 2xx
/// answer at the cost of one insert. Replay is linear in the number of steps, so stores that keep
/// *snapshots* (below) let a rebuild start from the latest one instead of the first step.
///
/// ## Concurrency: optimistic, on the step number
///
/// An instance appends step `n + 1` only if no step `n + 1` exists (primary key `(session, seq)`).
/// When another process (PostgreSQL, several `segue serve` behind a balancer) got there first, the
/// append fails with ``SessionStorageError/conflict``; the server then catches up on the steps it missed
/// and retries the action, or answers 409 `stale_version`: a write is never lost or silently merged.
///
/// Implementations: ``InMemorySessionStorage`` (here), `SQLiteSessionStorage` (module
/// `SegueStoreSQLite`, the default), `PostgresSessionStorage` (module `SegueStorePostgres`).
/// Calls are synchronous and made on libmicrohttpd's threads with the session's lock held; each
/// implementation bounds how long one call may block.
public protocol SessionStorage: Sendable {
    /// Whether other processes may write the same sessions (then every request catches up first).
    var isShared: Bool { get }
    /// Stores a new session (with no steps yet).
    func create(_ header: StoredSessionHeader) throws(SessionStorageError)
    /// Stores a session anew in one transaction: whatever was stored under its id (steps,
    /// snapshot, quarantine) is replaced by `header` and `steps` (from step 1). No reader sees the
    /// session missing or half written, and a failure leaves the old one as it was (a flow reload
    /// stores each carried-over session this way).
    func replace(_ header: StoredSessionHeader, steps: [String]) throws(SessionStorageError)
    /// Appends steps `firstSeq`, `firstSeq + 1`, … atomically; `conflict` when one exists already.
    func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError)
    /// The header and every step, or nil when there is no such session (deleted, expired).
    func load(session id: String) throws(SessionStorageError) -> StoredSession?
    /// Steps with a sequence number above `seq`, in order (catching up with other instances);
    /// nil when the session is gone (deleted or expired by another instance).
    func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]?
    /// Deletes a session and its steps; false when there was none.
    func delete(session id: String) throws(SessionStorageError) -> Bool
    /// Marks a session that cannot be rebuilt (corrupt row, storyboard changed) with the reason.
    func quarantine(session id: String, reason: String) throws(SessionStorageError)
    /// Sessions, most recently used first (admin API).
    func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary]
    /// Deletes sessions not used (written, or touched) for longer than `idle`; returns how many.
    func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int
    /// Marks sessions as used now: sessions that are only read (pages, state, events) are not
    /// idle, so expiry must not delete them. Unknown ids are ignored.
    func touch(sessions ids: [String]) throws(SessionStorageError)
    /// How many sessions are stored (the `maxSessions` limit).
    func count() throws(SessionStorageError) -> Int
    /// Up to `limit` sessions nobody acted on (no step stored but the restoration of the URL they
    /// were opened at, ``StepText/isFirstRestore(_:)``), not used for longer than `idle`, least
    /// recently used first: what a full server drops before it refuses a new session, as such a
    /// session is its URL and a browser holding it gets the same page again from that URL.
    /// Stores that cannot tell answer none.
    func untouched(idleLongerThan idle: Duration, limit: Int) throws(SessionStorageError) -> [String]
    /// Closes connections and files.
    func close()

    /// Whether appends are written by the storage's own thread, in order of submission
    /// (``append(session:firstSeq:steps:commit:completion:)`` returns at once). The server then
    /// answers an action once its append completes, without holding a thread while it waits.
    var commitsInBackground: Bool { get }
    /// Appends like ``append(session:firstSeq:steps:)`` and calls `completion` once the steps are
    /// durable (nil) or failed. Appends complete in the order they were submitted, synchronous
    /// ones included, and an append whose `firstSeq - 1` is not stored fails with `conflict`.
    /// `commit` says whether the caller will call ``commitPending()`` once the requests it is
    /// handling are done (``CommitTiming/endOfPass``), so the append may wait for that commit.
    func append(session id: String, firstSeq: Int, steps: [String], commit: CommitTiming,
                completion: @escaping @Sendable (SessionStorageError?) -> Void)
    /// Commits the background appends submitted with ``CommitTiming/endOfPass``. `SegueService`
    /// calls it on each server thread after each pass of its event loop when ``commitsInBackground``.
    func commitPending()

    /// Whether this instance holds the session's ownership lease (shared stores): no other
    /// instance can write the session while it runs, so the live copy is current and a request
    /// needs no catch-up read first. False when the store has no leases.
    func holdsLease(session id: String) -> Bool
    /// After a refused append: waits, at most for the lease's duration, until a lease another
    /// instance holds on the session has run out, so that a retry can take it over. Returns at
    /// once when the store has no leases or nobody else holds one.
    func awaitLease(session id: String)
    /// Database round trips this store made so far (nil for a store without a database server):
    /// shown by the admin API, so a benchmark can print round trips per action.
    var roundTrips: Int? { get }

    // MARK: Snapshots
    //
    // A snapshot is the session's whole state after step `seq` (``StoredSnapshot``): a rebuild
    // starts from the latest one and replays only the steps after it, so its cost does not grow
    // with the session's age. The steps stay stored (the full event history is replayed from
    // them). A snapshot comes with an append, usually of no steps, that must follow the session's
    // last stored step like any other: so it never describes a step that is not stored, and it
    // is written in that append's transaction. Stores without snapshots ignore them.

    /// Whether this store keeps snapshots (the server only takes them then).
    var keepsSnapshots: Bool { get }
    /// Like ``load(session:)``, from the latest snapshot: `snapshot` is set and `steps` holds
    /// only the steps after it. Without a snapshot, the same as ``load(session:)``.
    func loadLatest(session id: String) throws(SessionStorageError) -> StoredSession?
    /// Appends like ``append(session:firstSeq:steps:)`` and, with it, replaces the session's
    /// snapshot by `snapshot` (taken after the last of these steps; with no steps, of the
    /// session's last stored step `firstSeq - 1`).
    func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?) throws(SessionStorageError)
    /// The background form of ``append(session:firstSeq:steps:snapshot:)``.
    func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?, commit: CommitTiming,
                completion: @escaping @Sendable (SessionStorageError?) -> Void)
}

/// A session's state after step `seq`, as the server encoded it (see ``SessionStorage``).
public struct StoredSnapshot: Sendable, Hashable {
    public var seq: Int
    public var state: String
    public init(seq: Int, state: String) {
        self.seq = seq
        self.state = state
    }
}

/// Who commits a background append (``SessionStorage/append(session:firstSeq:steps:commit:completion:)``).
public enum CommitTiming: Sendable, Equatable {
    /// The submitting thread calls ``SessionStorage/commitPending()`` at the end of the pass of
    /// its event loop: appends of that pass may share one commit made there.
    case endOfPass
    /// Nobody will: the storage commits on its own (a thread or task of its own).
    case byStorage
}

extension SessionStorage {
    public func untouched(idleLongerThan idle: Duration, limit: Int) throws(SessionStorageError) -> [String] { [] }
    public var commitsInBackground: Bool { false }
    public func commitPending() {}
    public func holdsLease(session id: String) -> Bool { false }
    public func awaitLease(session id: String) {}
    public var roundTrips: Int? { nil }

    public var keepsSnapshots: Bool { false }
    public func loadLatest(session id: String) throws(SessionStorageError) -> StoredSession? { try load(session: id) }
    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?) throws(SessionStorageError) {
        try append(session: id, firstSeq: firstSeq, steps: steps)
    }
    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?, commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        append(session: id, firstSeq: firstSeq, steps: steps, commit: commit, completion: completion)
    }

    public func append(session id: String, firstSeq: Int, steps: [String], commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        do throws(SessionStorageError) {
            try append(session: id, firstSeq: firstSeq, steps: steps)
            completion(nil)
        } catch {
            completion(error)
        }
    }
}

/// What a session starts from.
public struct StoredSessionHeader: Sendable, Hashable {
    public var id: String
    public var csrfToken: String
    public var width: Int
    public var height: Int
    /// The language the session shows (an app localized in several), kept for its life.
    public var locale: String?
    public init(id: String, csrfToken: String, width: Int, height: Int, locale: String? = nil) {
        self.id = id
        self.csrfToken = csrfToken
        self.width = width
        self.height = height
        self.locale = locale
    }
}

/// A stored session: header, steps in order, and the quarantine reason if it was quarantined.
/// From ``SessionStorage/loadLatest(session:)``: also the latest snapshot, and then only the
/// steps after it.
public struct StoredSession: Sendable {
    public var header: StoredSessionHeader
    public var steps: [String]
    public var quarantined: String?
    public var snapshot: StoredSnapshot?
    public init(header: StoredSessionHeader, steps: [String], quarantined: String? = nil, snapshot: StoredSnapshot? = nil) {
        self.header = header
        self.steps = steps
        self.quarantined = quarantined
        self.snapshot = snapshot
    }
}

/// One line of the admin listing.
public struct StoredSessionSummary: Sendable {
    public var id: String
    public var steps: Int
    /// Seconds since the Unix epoch of the last write.
    public var updatedAt: Int64
    public var quarantined: String?
    public init(id: String, steps: Int, updatedAt: Int64, quarantined: String?) {
        self.id = id
        self.steps = steps
        self.updatedAt = updatedAt
        self.quarantined = quarantined
    }
}

/// Why a storage call failed.
public enum SessionStorageError: Error, Sendable, CustomStringConvertible {
    /// Another writer stored that step first (optimistic concurrency).
    case conflict
    /// The database is down, full, read-only, or too slow (the call timed out).
    case unavailable(String)
    /// A stored row cannot be read.
    case corrupt(String)

    public var description: String {
        switch self {
        case .conflict: "conflict: another instance changed the session first"
        case .unavailable(let m): "storage unavailable: \(m)"
        case .corrupt(let m): "corrupt stored session: \(m)"
        }
    }
}

/// Milliseconds since the Unix epoch, without Foundation.
public func unixNowMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}

/// Seconds since the Unix epoch (for `updated_at` columns), without Foundation.
public func unixNow() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec)
}

/// Steps kept in a dictionary: the `memory` store. Sessions survive cache eviction (memory
/// pressure, live-session limit) but not a restart.
public final class InMemorySessionStorage: SessionStorage {
    private struct Entry {
        var header: StoredSessionHeader
        var steps: [String]
        /// Unix time in milliseconds (expiry timeouts can be shorter than a second in tests).
        var updatedAt: Int64
        var quarantined: String?
        var snapshot: StoredSnapshot?
    }
    private let entries = Mutex<[String: Entry]>([:])
    /// Where `updatedAt` comes from.
    private let clock: any SessionClock

    public init(clock: any SessionClock = SystemSessionClock()) { self.clock = clock }

    public var isShared: Bool { false }

    public func create(_ header: StoredSessionHeader) throws(SessionStorageError) {
        entries.withLock { $0[header.id] = Entry(header: header, steps: [], updatedAt: clock.unixMilliseconds) }
    }

    public func replace(_ header: StoredSessionHeader, steps: [String]) throws(SessionStorageError) {
        entries.withLock { $0[header.id] = Entry(header: header, steps: steps, updatedAt: clock.unixMilliseconds) }
    }

    public func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) {
        try append(session: id, firstSeq: firstSeq, steps: steps, snapshot: nil)
    }

    public var keepsSnapshots: Bool { true }

    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?) throws(SessionStorageError) {
        let result: SessionStorageError? = entries.withLock { map in
            // One lookup, then in place: copying the entry out and back would copy the whole
            // step log each time.
            guard let index = map.index(forKey: id) else { return .unavailable("no session '\(id)'") }
            guard map.values[index].steps.count == firstSeq - 1 else { return .conflict }
            map.values[index].steps.append(contentsOf: steps)
            if !steps.isEmpty { map.values[index].updatedAt = clock.unixMilliseconds }
            if let snapshot, snapshot.seq == firstSeq + steps.count - 1, snapshot.seq > 0 { map.values[index].snapshot = snapshot }
            return nil
        }
        if let result { throw result }
    }

    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?, commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        do throws(SessionStorageError) {
            try append(session: id, firstSeq: firstSeq, steps: steps, snapshot: snapshot)
            completion(nil)
        } catch {
            completion(error)
        }
    }

    public func loadLatest(session id: String) throws(SessionStorageError) -> StoredSession? {
        entries.withLock { map in
            map[id].map { e in
                guard let snapshot = e.snapshot, snapshot.seq <= e.steps.count else {
                    return StoredSession(header: e.header, steps: e.steps, quarantined: e.quarantined)
                }
                return StoredSession(header: e.header, steps: Array(e.steps[snapshot.seq...]), quarantined: e.quarantined, snapshot: snapshot)
            }
        }
    }

    public func load(session id: String) throws(SessionStorageError) -> StoredSession? {
        entries.withLock { map in
            map[id].map { StoredSession(header: $0.header, steps: $0.steps, quarantined: $0.quarantined) }
        }
    }

    public func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? {
        entries.withLock { map in
            guard let e = map[id] else { return nil }
            guard seq < e.steps.count else { return [] }
            return Array(e.steps[max(0, seq)...])
        }
    }

    public func delete(session id: String) throws(SessionStorageError) -> Bool {
        entries.withLock { $0.removeValue(forKey: id) != nil }
    }

    public func quarantine(session id: String, reason: String) throws(SessionStorageError) {
        entries.withLock { $0[id]?.quarantined = reason }
    }

    public func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] {
        entries.withLock { map in
            map.values.sorted { $0.updatedAt > $1.updatedAt }.prefix(limit).map {
                StoredSessionSummary(id: $0.header.id, steps: $0.steps.count, updatedAt: $0.updatedAt / 1000, quarantined: $0.quarantined)
            }
        }
    }

    public func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int {
        let cutoff = clock.unixMilliseconds - idle.components.seconds * 1000 - idle.components.attoseconds / 1_000_000_000_000_000
        return entries.withLock { map in
            let stale = map.filter { $0.value.updatedAt < cutoff }.map(\.key)
            for id in stale { map.removeValue(forKey: id) }
            return stale.count
        }
    }

    public func count() throws(SessionStorageError) -> Int { entries.withLock { $0.count } }

    public func untouched(idleLongerThan idle: Duration, limit: Int) throws(SessionStorageError) -> [String] {
        let cutoff = clock.unixMilliseconds - idle.components.seconds * 1000 - idle.components.attoseconds / 1_000_000_000_000_000
        return entries.withLock { map in
            map.values.filter { e in
                e.updatedAt < cutoff && e.quarantined == nil && (e.steps.isEmpty || (e.steps.count == 1 && StepText.isFirstRestore(e.steps[0])))
            }.sorted { $0.updatedAt < $1.updatedAt }.prefix(limit).map(\.header.id)
        }
    }

    public func touch(sessions ids: [String]) throws(SessionStorageError) {
        let now = clock.unixMilliseconds
        entries.withLock { map in for id in ids { map[id]?.updatedAt = now } }
    }

    public func close() {}
}

/// What a store can tell of a stored step without decoding it.
public enum StepText {
    /// Whether a step is the restoration a session was opened with (`{"restore": URL}`), not one
    /// a flow reload wrote (those carry a `version`).
    public static func isFirstRestore(_ step: String) -> Bool {
        step.hasPrefix(#"{"restore":"#) && !step.contains(#""version":"#)
    }
    /// `LIKE` patterns (SQL) matching the steps of ``isFirstRestore(_:)``: `restore` and not `version`.
    public static let restoreLike = #"{"restore":%"#
    public static let versionLike = #"%"version":%"#
}
