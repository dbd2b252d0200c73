// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import Foundation
import Logging
import PostgresNIO
import SegueServer
import Synchronization

/// Sessions on a PostgreSQL server (`--store postgres://user:password@host:5432/database`), shared
/// by several `segue serve` processes behind a load balancer.
///
/// Through postgres-nio's `PostgresClient` (a connection pool on its own NIO event loops, run by a
/// background task). Tables: `segue_sessions(id, csrf, width, height, steps, updated_at,
/// quarantined, owner, lease_until)` and `segue_steps(session, seq, step)` with primary key
/// `(session, seq)`.
///
/// **Appends are group commits, answered after their commit.**
/// ``append(session:firstSeq:steps:commit:completion:)`` returns at once; ``PostgresCommitter``
/// gathers the appends of every session and writes them in one prepared statement per batch (run
/// in autocommit, so PostgreSQL makes it a transaction of its own: one round trip for the whole
/// batch), with up to `lanes` batches in flight on separate connections. The statement updates
/// each session's row from `steps = n` to `n + k` only where `steps` is still `n` and the
/// ownership lease is this instance's (or free, or run out), and inserts the step rows of the
/// sessions it updated: a session whose row changed meanwhile fails alone with
/// ``SessionStorageError/conflict``. The server answers an action only once its batch committed,
/// and no libmicrohttpd thread waits for it.
///
/// **Ownership leases.** Each append also takes (or renews) the session's lease: `owner` is this
/// process's instance id and `lease_until` the time of the append plus `leaseDuration`. While the
/// lease runs no other instance can append to the session, so the instance holding it knows its
/// live copy is current and serves requests without reading the database first
/// (``holdsLease(session:)``; its own view of the lease ends a fifth of the duration before the
/// stored end). Another instance that gets a request for the session (the balancer moved it:
/// the owner died or was taken out) reads the steps it missed, and its append is refused until
/// the lease runs out; it then waits for that (``awaitLease(session:)``) and takes the lease
/// over. A session therefore moves to another instance at most `leaseDuration` after its owner
/// stopped writing it, and an append from an instance whose lease was taken over is refused
/// (the step number check): nothing acknowledged is lost or applied twice.
///
/// **Whose clock.** Leases are measured on the injected ``SessionClock`` (the machine's clock in
/// `segue serve`, a `TestClock` in tests), the clock that also stamps `updated_at`: every
/// statement gets the time as a parameter and the database's own clock is never read. Instances
/// sharing a database must therefore keep their wall clocks roughly in agreement (NTP): within a
/// fifth of the lease (0.6 s at the default 3 s) nothing changes, because the holder stops
/// trusting its copy that much before the stored end. An instance whose clock runs ahead by more
/// may take a session over while the holder still serves it from memory for the difference: the
/// holder can show a state that misses the newer instance's steps, but its appends are still
/// refused on the step number, so no acknowledged action is lost or applied twice. An instance
/// whose clock runs behind only waits longer to take a session over (the wait is never longer
/// than `leaseDuration`).
///
/// **Other calls block.** Loading a session, the catch-up read of a session another instance
/// owned, creation, deletion, listing and expiry run on the store's threads while the calling
/// thread waits, at most `timeout` (then `unavailable`, answered 503). They happen once per
/// session and instance, not per action.
public final class PostgresSessionStorage: SessionStorage {
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    public let timeout: Duration
    /// How long a lease lasts after the append that took it.
    public let leaseDuration: Duration
    /// This process's owner id in `segue_sessions.owner`.
    public let instanceID: String
    private let committer: PostgresCommitter
    private let counter: RoundTripCounter
    private let clock: any SessionClock
    private let leases: LeaseBook

    /// Connects lazily; `create`s the schema now (waiting up to `timeout`). The URL's query may
    /// set `lease` (seconds, default 3) and `lanes` (batches in flight, default 1: see deploy/README.md).
    /// `clock` stamps `updated_at` (idle expiry) and measures the leases (see the type's doc).
    public init(url: String, timeout: Duration = .seconds(5), maxConnections: Int = 16,
                clock: any SessionClock = SystemSessionClock(), logger: Logger = Logger(label: "segue.postgres")) throws {
        let options = try PostgresStoreOptions(url: url)
        let client = PostgresClient(configuration: options.clientConfiguration(timeout: timeout, maxConnections: maxConnections),
                                    backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.timeout = timeout
        self.leaseDuration = options.lease
        self.clock = clock
        let instanceID = "\(ProcessInfo.processInfo.hostName)/\(getpid())/\(UInt32.random(in: 0...UInt32.max))"
        self.instanceID = instanceID
        let counter = RoundTripCounter()
        self.counter = counter
        runner = Task.detached(executorPreference: storeExecutor) { await client.run() }
        let leases = LeaseBook(clock: clock)
        self.leases = leases
        let (log, limit, leaseDuration) = (logger, timeout, options.lease)
        committer = PostgresCommitter(lanes: options.lanes) { batch in
            await Self.write(batch, client: client, clock: clock, owner: instanceID, leaseDuration: leaseDuration,
                             leases: leases, counter: counter, timeout: limit, logger: log)
        }
        try blocking { () async throws -> Void in try await Self.createSchema(client: client, logger: log) }
    }

    /// Creates the tables and index when they are missing (and adds the columns later versions
    /// added), one instance at a time.
    static func createSchema(client: PostgresClient, logger log: Logger) async throws {
        try await client.withConnection { connection in
            // Serialise concurrent schema creation by several instances starting together.
            _ = try await connection.query("SELECT pg_advisory_lock(4242001)", logger: log)
            _ = try await connection.query("""
                CREATE TABLE IF NOT EXISTS segue_sessions (
                    id TEXT PRIMARY KEY,
                    csrf TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    steps INTEGER NOT NULL DEFAULT 0,
                    updated_at BIGINT NOT NULL,
                    quarantined TEXT
                )
                """, logger: log)
            _ = try await connection.query("""
                ALTER TABLE segue_sessions ADD COLUMN IF NOT EXISTS owner TEXT,
                    ADD COLUMN IF NOT EXISTS lease_until BIGINT NOT NULL DEFAULT 0,
                    ADD COLUMN IF NOT EXISTS locale TEXT
                """, logger: log)
            _ = try await connection.query("""
                CREATE TABLE IF NOT EXISTS segue_steps (
                    session TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    step TEXT NOT NULL,
                    PRIMARY KEY (session, seq)
                )
                """, logger: log)
            _ = try await connection.query("CREATE INDEX IF NOT EXISTS segue_sessions_updated ON segue_sessions(updated_at)", logger: log)
            _ = try await connection.query("SELECT pg_advisory_unlock(4242001)", logger: log)
        }
    }

    public var isShared: Bool { true }
    public var commitsInBackground: Bool { true }
    public var roundTrips: Int? { counter.value }

    public func holdsLease(session id: String) -> Bool { leases.holds(id) }

    /// Reads when another instance's lease of the session ends and waits on the clock until just
    /// after that.
    public func awaitLease(session id: String) {
        let (client, log, counter, instanceID) = (self.client, logger, self.counter, self.instanceID)
        let end = try? blocking { () async throws -> Int64? in
            counter.add(1)
            var end: Int64?
            for try await (until) in try await client.query(
                "SELECT lease_until FROM segue_sessions WHERE id = \(id) AND owner <> \(instanceID)",
                logger: log).decode(Int64.self) { end = until }
            return end
        }
        guard let end = end ?? nil else { return }
        let remaining = end - clock.unixMilliseconds
        guard remaining >= 0 else { return }
        // Bounded by the lease's duration: an instance whose clock runs ahead may have set the
        // end further off than that.
        clock.sleep(for: min(.milliseconds(remaining), leaseDuration) + .milliseconds(5))
    }

    public func create(_ h: StoredSessionHeader) throws(SessionStorageError) {
        let (client, log, owner, counter) = (self.client, logger, instanceID, self.counter)
        let started = clock.now
        let (now, leaseUntil) = (clock.unixSeconds, leaseEnd())
        try blocking {
            counter.add(1)
            _ = try await client.query("""
                INSERT INTO segue_sessions (id, csrf, width, height, updated_at, owner, lease_until, locale)
                VALUES (\(h.id), \(h.csrfToken), \(h.width), \(h.height), \(now), \(owner), \(leaseUntil), \(h.locale))
                """, logger: log)
        }
        grantLease(h.id, since: started)
    }

    /// One transaction of two statements: the old session's rows go, the new ones come (the
    /// lease is this instance's, as for a new session).
    public func replace(_ h: StoredSessionHeader, steps: [String]) throws(SessionStorageError) {
        let (client, log, owner, counter) = (self.client, logger, instanceID, self.counter)
        let started = clock.now
        let (now, leaseUntil) = (clock.unixSeconds, leaseEnd())
        let seqs = steps.indices.map { Int64($0 + 1) }
        let sessions = Array(repeating: h.id, count: steps.count)
        try blocking {
            counter.add(4)  // BEGIN, the two statements, COMMIT
            try await client.withTransaction(logger: log) { connection in
                _ = try await connection.query("""
                    WITH gone_steps AS (DELETE FROM segue_steps WHERE session = \(h.id))
                    DELETE FROM segue_sessions WHERE id = \(h.id)
                    """, logger: log)
                _ = try await connection.query("""
                    WITH created AS (
                        INSERT INTO segue_sessions (id, csrf, width, height, steps, updated_at, owner, lease_until, locale)
                        VALUES (\(h.id), \(h.csrfToken), \(h.width), \(h.height), \(steps.count), \(now), \(owner),
                                \(leaseUntil), \(h.locale))
                        RETURNING id
                    )
                    INSERT INTO segue_steps (session, seq, step)
                    SELECT r.session, r.seq, r.step FROM unnest(\(sessions)::text[], \(seqs)::bigint[], \(steps)::text[]) AS r(session, seq, step)
                    WHERE EXISTS (SELECT 1 FROM created)
                    """, logger: log)
            }
        }
        grantLease(h.id, since: started)
    }

    public func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) {
        let result = Mutex<SessionStorageError??>(nil)
        let done = DispatchSemaphore(value: 0)
        committer.submit(PostgresAppend(session: id, firstSeq: firstSeq, steps: steps)) { error in
            result.withLock { $0 = .some(error) }
            done.signal()
        }
        done.wait()
        if let error = result.withLock({ $0 }) ?? nil { throw error }
    }

    /// With `commit: .endOfPass` the batch starts at the caller's ``commitPending()``, so that
    /// the actions of one pass of a server thread share it.
    public func append(session id: String, firstSeq: Int, steps: [String], commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        committer.submit(PostgresAppend(session: id, firstSeq: firstSeq, steps: steps), wait: commit == .endOfPass,
                         completion: completion)
    }

    /// Starts a batch of the appends left for the end of the pass.
    public func commitPending() { committer.flush() }

    public func load(session id: String) throws(SessionStorageError) -> StoredSession? {
        let (client, log, counter) = (self.client, logger, self.counter)
        return try blocking { () async throws -> StoredSession? in
            counter.add(1)
            // One statement, so the row and its steps come from one snapshot even while another
            // instance appends.
            var header: (String, Int, Int, Int, String?, String?)?
            var steps: [String] = []
            for try await (csrf, width, height, count, quarantined, locale, step) in try await client.query("""
                SELECT s.csrf, s.width, s.height, s.steps, s.quarantined, s.locale, st.step FROM segue_sessions s
                LEFT JOIN segue_steps st ON st.session = s.id
                WHERE s.id = \(id) ORDER BY st.seq
                """, logger: log).decode((String, Int, Int, Int, String?, String?, String?).self) {
                header = (csrf, width, height, count, quarantined, locale)
                if let step { steps.append(step) }
            }
            guard let (csrf, width, height, count, quarantined, locale) = header else { return nil }
            let h = StoredSessionHeader(id: id, csrfToken: csrf, width: width, height: height, locale: locale)
            if quarantined == nil, steps.count != count {
                return StoredSession(header: h, steps: steps, quarantined: "stored steps (\(steps.count)) do not match the session row (\(count))")
            }
            return StoredSession(header: h, steps: steps, quarantined: quarantined)
        }
    }

    public func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? {
        let (client, log, counter) = (self.client, logger, self.counter)
        return try blocking { () async throws -> [String]? in
            counter.add(1)
            // One round trip: the session row (is it still there?) joined with the steps it misses.
            var found = false
            var out: [String] = []
            for try await (_, step) in try await client.query("""
                SELECT s.id, st.step FROM segue_sessions s
                LEFT JOIN segue_steps st ON st.session = s.id AND st.seq > \(seq)
                WHERE s.id = \(id) ORDER BY st.seq
                """, logger: log).decode((String, String?).self) {
                found = true
                if let step { out.append(step) }
            }
            return found ? out : nil
        }
    }

    public func delete(session id: String) throws(SessionStorageError) -> Bool {
        let (client, log, counter) = (self.client, logger, self.counter)
        dropLease(id)
        return try blocking { () async throws -> Bool in
            counter.add(1)
            var n = 0
            for try await _ in try await client.query("""
                WITH gone_steps AS (DELETE FROM segue_steps WHERE session = \(id))
                DELETE FROM segue_sessions WHERE id = \(id) RETURNING id
                """, logger: log) { n += 1 }
            return n > 0
        }
    }

    public func quarantine(session id: String, reason: String) throws(SessionStorageError) {
        let (client, log, counter) = (self.client, logger, self.counter)
        dropLease(id)
        try blocking {
            counter.add(1)
            _ = try await client.query("UPDATE segue_sessions SET quarantined = \(reason) WHERE id = \(id)", logger: log)
        }
    }

    public func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] {
        let (client, log, counter) = (self.client, logger, self.counter)
        return try blocking { () async throws -> [StoredSessionSummary] in
            counter.add(1)
            var out: [StoredSessionSummary] = []
            for try await (id, steps, updated, quarantined) in try await client.query(
                "SELECT id, steps, updated_at, quarantined FROM segue_sessions ORDER BY updated_at DESC LIMIT \(limit)", logger: log
            ).decode((String, Int, Int64, String?).self) {
                out.append(StoredSessionSummary(id: id, steps: steps, updatedAt: updated, quarantined: quarantined))
            }
            return out
        }
    }

    public func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int {
        let (client, log, counter) = (self.client, logger, self.counter)
        let cutoff = clock.unixSeconds - idle.components.seconds
        return try blocking { () async throws -> Int in
            counter.add(1)
            var n = 0
            for try await _ in try await client.query("""
                WITH gone AS (DELETE FROM segue_sessions WHERE updated_at < \(cutoff) RETURNING id),
                     gone_steps AS (DELETE FROM segue_steps WHERE session IN (SELECT id FROM gone))
                SELECT id FROM gone
                """, logger: log) { n += 1 }
            return n
        }
    }

    public func untouched(idleLongerThan idle: Duration, limit: Int) throws(SessionStorageError) -> [String] {
        let (client, log, counter) = (self.client, logger, self.counter)
        let cutoff = clock.unixSeconds - idle.components.seconds
        let (restore, version) = (StepText.restoreLike, StepText.versionLike)
        return try blocking { () async throws -> [String] in
            counter.add(1)
            var ids: [String] = []
            // Acted on: a step past the first, or a first one that is not the opening restore.
            for try await id in try await client.query("""
                SELECT id FROM segue_sessions s WHERE updated_at < \(cutoff) AND quarantined IS NULL
                  AND NOT EXISTS (SELECT 1 FROM segue_steps WHERE session = s.id
                                    AND (seq > 1 OR step NOT LIKE \(restore) OR step LIKE \(version)))
                ORDER BY updated_at LIMIT \(limit)
                """, logger: log).decode(String.self) { ids.append(id) }
            return ids
        }
    }

    public func touch(sessions ids: [String]) throws(SessionStorageError) {
        guard !ids.isEmpty else { return }
        let (client, log, counter) = (self.client, logger, self.counter)
        let now = clock.unixSeconds
        try blocking { () async throws -> Void in
            counter.add(1)
            _ = try await client.query("UPDATE segue_sessions SET updated_at = \(now) WHERE id = ANY(\(ids))", logger: log)
        }
    }

    public func count() throws(SessionStorageError) -> Int {
        let (client, log, counter) = (self.client, logger, self.counter)
        return try blocking { () async throws -> Int in
            counter.add(1)
            var n = 0
            for try await (c) in try await client.query("SELECT COUNT(*)::BIGINT FROM segue_sessions", logger: log).decode(Int64.self) { n = Int(c) }
            return n
        }
    }

    public func close() {
        committer.stop()
        runner.cancel()
    }

    // MARK: - Leases

    /// When a lease taken now ends, in milliseconds since the epoch on the store's clock.
    private func leaseEnd() -> Int64 { clock.unixMilliseconds + Self.milliseconds(leaseDuration) }

    static func milliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }

    private func grantLease(_ id: String, since started: ContinuousClock.Instant) {
        leases.grant([id], until: started + leaseDuration * 0.8)
    }

    private func dropLease(_ id: String) { leases.drop([id]) }

    // MARK: - The batch statement

    /// Writes a batch in one statement (one round trip, its own transaction) and renews the
    /// leases of the sessions it wrote. Each session's appends are merged into one row update; an append whose session
    /// row is not at its `firstSeq - 1`, or is leased by another instance, fails with `conflict`;
    /// a failed transaction fails the whole batch (`unavailable`), and none of it is stored.
    static func write(_ batch: [PostgresAppend], client: PostgresClient, clock: any SessionClock, owner: String,
                      leaseDuration: Duration, leases: LeaseBook,
                      counter: RoundTripCounter, timeout: Duration, logger: Logger) async -> [SessionStorageError?] {
        let merged = MergedBatch(batch)
        var outcomes = [SessionStorageError?](repeating: nil, count: batch.count)
        for i in merged.refused { outcomes[i] = .conflict }
        guard !merged.ids.isEmpty else { return outcomes }
        let started = clock.now
        let nowMilliseconds = clock.unixMilliseconds
        let written: Set<String>
        do {
            written = try await withTimeout(timeout) {
                // One statement in autocommit: PostgreSQL runs it as its own transaction, all or
                // nothing, and answers only after the commit is flushed, in one round trip.
                counter.add(1)
                var written: Set<String> = []
                let statement = BatchStatement(merged: merged, nowMilliseconds: nowMilliseconds, owner: owner,
                                               leaseUntil: nowMilliseconds + milliseconds(leaseDuration))
                for try await id in try await client.execute(statement, logger: logger) { written.insert(id) }
                return written
            }
        } catch {
            leases.drop(merged.ids)
            let failure = storageError(error)
            for i in outcomes.indices where merged.sessionIndex[i] != nil { outcomes[i] = failure }
            return outcomes
        }
        leases.grant(merged.ids.filter { written.contains($0) }, until: started + leaseDuration * 0.8)
        leases.drop(merged.ids.filter { !written.contains($0) })
        for (i, k) in merged.sessionIndex.enumerated() {
            if let k, !written.contains(merged.ids[k]) { outcomes[i] = .conflict }
        }
        return outcomes
    }

    /// The batch statement, prepared once per connection (PostgreSQL then keeps its plan
    /// instead of parsing and planning it for every batch). It updates each session's row from
    /// `old` to `new` steps where the row is still at `old` and the lease is this instance's, free
    /// or run out (renewing the lease), inserts the step rows of the sessions it updated, and
    /// returns their ids. The time is a parameter (`$10`, the store's clock; see the type's doc).
    struct BatchStatement: PostgresPreparedStatement {
        static let sql = """
            WITH input AS (
                SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS u(id, old, new)
            ), upd AS (
                UPDATE segue_sessions s
                SET steps = input.new, updated_at = $4, owner = $5, lease_until = $6
                FROM input
                WHERE s.id = input.id AND s.steps = input.old
                  AND (s.owner IS NULL OR s.owner = $5 OR s.lease_until < $10)
                RETURNING s.id
            ), ins AS (
                INSERT INTO segue_steps (session, seq, step)
                SELECT r.session, r.seq, r.step
                FROM unnest($7::text[], $8::bigint[], $9::text[]) AS r(session, seq, step)
                WHERE r.session IN (SELECT id FROM upd)
            )
            SELECT id FROM upd
            """
        typealias Row = String
        let merged: MergedBatch
        /// Now on the store's clock, in milliseconds since the epoch.
        let nowMilliseconds: Int64
        let owner: String
        /// The renewed lease's end, in milliseconds since the epoch.
        let leaseUntil: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 10)
            bindings.append(merged.ids)
            bindings.append(merged.olds)
            bindings.append(merged.news)
            bindings.append(nowMilliseconds / 1000)
            bindings.append(owner)
            bindings.append(leaseUntil)
            bindings.append(merged.rowSessions)
            bindings.append(merged.rowSeqs)
            bindings.append(merged.rowSteps)
            bindings.append(nowMilliseconds)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
    }

    static func storageError(_ error: any Error) -> SessionStorageError {
        switch error {
        case let error as SessionStorageError: error
        case let error as PSQLError: .unavailable(String(reflecting: error))
        default: .unavailable("\(error)")
        }
    }

    /// Runs `body` on the store's own threads and waits for it, at most `timeout` (see the type's doc).
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(SessionStorageError) -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached(executorPreference: storeExecutor) {
            let r: Result<T, any Error>
            do { r = .success(try await body()) } catch { r = .failure(error) }
            result.withLock { $0 = r }
            done.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if done.wait(timeout: .now() + seconds) == .timedOut {
            task.cancel()
            throw .unavailable("PostgreSQL did not answer within \(timeout)")
        }
        switch result.withLock({ $0 })! {
        case .success(let value): return value
        case .failure(let error): throw Self.storageError(error)
        }
    }
}

/// The sessions this instance holds the lease of, each until when (the store's monotonic clock,
/// a fifth of the lease before the stored end of it) it may treat its live copy as current.
final class LeaseBook: Sendable {
    private let until = Mutex<[String: ContinuousClock.Instant]>([:])
    private let clock: any SessionClock

    init(clock: any SessionClock) { self.clock = clock }

    func holds(_ id: String) -> Bool {
        let now = clock.now
        return until.withLock { map in
            guard let end = map[id] else { return false }
            if end > now { return true }
            map.removeValue(forKey: id)
            return false
        }
    }

    func grant(_ ids: [String], until end: ContinuousClock.Instant) {
        guard !ids.isEmpty else { return }
        until.withLock { map in
            if map.count > 200_000 {
                let now = clock.now
                map = map.filter { $0.value > now }
            }
            for id in ids { map[id] = end }
        }
    }

    func drop(_ ids: [String]) {
        guard !ids.isEmpty else { return }
        until.withLock { map in for id in ids { map.removeValue(forKey: id) } }
    }
}

/// Database round trips made by a store (each statement sent and answered counts one; preparing
/// the batch statement, once per connection, is not counted).
final class RoundTripCounter: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ n: Int) { count.add(n, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// `body`, or `unavailable` once `timeout` has passed (the body is then cancelled).
func withTimeout<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw SessionStorageError.unavailable("PostgreSQL did not answer within \(timeout)")
        }
        return value
    }
}
#endif
