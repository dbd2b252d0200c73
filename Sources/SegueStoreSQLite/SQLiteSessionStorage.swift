import Foundation
import GRDB
import SegueServer

/// Sessions in an embedded SQLite database file: the default store of `segue serve`
/// (`--store DIR` or `--store sqlite:PATH`; default `./segue-data/sessions.sqlite`).
///
/// Through GRDB's `DatabaseQueue` on one connection that holds the file's lock for as long as the
/// store is open (`locking_mode=EXCLUSIVE`): one `segue serve` owns a data directory, and a second
/// one is refused with ``SQLiteStoreInUse``; no transaction takes file locks, and the WAL index
/// lives in this process's memory. WAL journal. Every append is
/// one transaction committed before the server answers, so an acknowledged action survives a
/// crash of the process (SIGKILL, a panic): the WAL is in the operating system's hands once the
/// commit returns. `synchronous=NORMAL` (the default here) may lose the last commits only if the
/// *machine* loses power; `synchronous: .full` also fsyncs every commit (slower, power-safe).
/// Writers wait at most `busyTimeout` for the lock (then the request answers 503).
///
/// Tables: `sessions(id, csrf, width, height, steps (unused), updated_at, quarantined)`,
/// `journal(session, seq, step)` where new steps are appended (see ``StepWriter``),
/// `steps(session, seq, step)` with primary key `(session, seq)`, where they settle, and
/// `snapshots(session, seq, state)`, each session's latest snapshot, written in the transaction
/// of the append that ends at its step. The writer
/// refuses a step number that is not the session's next (the optimistic concurrency of
/// ``SessionStorage``). A row that does not decode quarantines its session only.
public final class SQLiteSessionStorage: SessionStorage {
    public enum Synchronous: String, Sendable { case normal = "NORMAL", full = "FULL" }

    private let pool: DatabaseQueue
    public let path: String
    private let committer: GroupCommitter<StepWriter.Append, SessionStorageError?>
    private let writer: StepWriter
    /// Whether server threads commit at the end of their passes. Not with `synchronous=FULL`:
    /// there every commit waits for the disk (an fsync), which would hold a server thread and
    /// all its connections, so the writer thread commits everything.
    private let commitsOnServerThreads: Bool
    private let clock: any SessionClock

    /// Opens (creating the folder and the schema when needed) the database at `path`.
    /// `journalLimit`: how many new steps gather in the journal before they move to `steps`
    /// (each move holds the connection; with many sessions every row lands on a leaf of its own,
    /// so a smaller move is a shorter stall).
    /// `clock` stamps `updated_at` (idle expiry).
    public init(path: String, synchronous: Synchronous = .normal, busyTimeout: Duration = .seconds(5),
                journalLimit: Int = 512, clock: any SessionClock = SystemSessionClock()) throws {
        self.path = path
        self.clock = clock
        commitsOnServerThreads = synchronous == .normal
        writer = StepWriter(journalLimit: max(1, journalLimit), clock: clock)
        let pool = try Self.open(path, synchronous: synchronous, busyTimeout: busyTimeout)
        self.pool = pool
        let writer = writer
        committer = GroupCommitter(name: "segue-sqlite-writer") { batch in
            writer.write(batch, to: pool)
        } afterBatch: {
            if writer.journalIsFull { writer.moveJournal(in: pool) }
        }
        try Self.createSchema(in: pool)
    }

    /// Opens the file (creating its folder) on one connection that holds the file's lock; a file
    /// another process holds is ``SQLiteStoreInUse``.
    static func open(_ path: String, synchronous: Synchronous, busyTimeout: Duration) throws -> DatabaseQueue {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.prepareDatabase { db in
            // Set before the first read, so the WAL index is kept in memory, not in a shared file.
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)")
            // SQLite's default. Checkpoints run inside a commit on the one connection every read
            // also waits for: ten times larger ones (40 MB and an fsync) stalled rebuilds for
            // about 100 ms at a time.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000")
        }
        do {
            // Switching to WAL takes the lock: a store in use fails here (after `busyTimeout`).
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw SQLiteStoreInUse(path: path)
        }
    }

    /// Creates the tables and index when they are missing, and adds the columns later versions added.
    static func createSchema(in pool: DatabaseQueue) throws {
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    csrf TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    steps INTEGER NOT NULL DEFAULT 0,
                    updated_at INTEGER NOT NULL,
                    quarantined TEXT
                );
                CREATE INDEX IF NOT EXISTS sessions_updated ON sessions(updated_at);
                CREATE TABLE IF NOT EXISTS steps (
                    session TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    step TEXT NOT NULL,
                    PRIMARY KEY (session, seq)
                ) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS journal (
                    session TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    step TEXT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS snapshots (
                    session TEXT PRIMARY KEY NOT NULL,
                    seq INTEGER NOT NULL,
                    state TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
            // The session's language, added after the first release: old files gain the column.
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(sessions)").compactMap { $0["name"] as String? }
            if !columns.contains("locale") { try db.execute(sql: "ALTER TABLE sessions ADD COLUMN locale TEXT") }
        }
    }

    public var isShared: Bool { false }

    public func create(_ h: StoredSessionHeader) throws(SessionStorageError) {
        try run { try $0.write { db in
            try db.execute(sql: "INSERT INTO sessions (id, csrf, width, height, updated_at, locale) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [h.id, h.csrfToken, h.width, h.height, clock.unixSeconds, h.locale])
        } }
    }

    /// One write transaction: the old rows go (steps, journal, snapshot, session), the new ones
    /// come (the steps straight into `steps`), and the writer forgets the old step count.
    public func replace(_ h: StoredSessionHeader, steps: [String]) throws(SessionStorageError) {
        try run { try $0.write { db in
            for table in ["steps", "journal", "snapshots"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE session = ?", arguments: [h.id])
            }
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [h.id])
            try db.execute(sql: "INSERT INTO sessions (id, csrf, width, height, updated_at, locale) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [h.id, h.csrfToken, h.width, h.height, clock.unixSeconds, h.locale])
            for (index, step) in steps.enumerated() {
                try db.execute(sql: "INSERT INTO steps (session, seq, step) VALUES (?, ?, ?)", arguments: [h.id, index + 1, step])
            }
            writer.forget(h.id)
        } }
    }

    /// Appends go through ``GroupCommitter`` (a group commit made at the end of a server
    /// thread's pass, or by the writer thread), in order, many to a transaction, written by ``StepWriter`` through SQLite's C API. An append whose first step
    /// does not follow the session's last stored one (stored already, or a gap after an earlier
    /// append of that session failed) and one whose session was deleted meanwhile are a
    /// `conflict`, and fail only that append. `updated_at` (expiry) is rewritten at most once a
    /// minute, so a typical action writes one row.
    public func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) {
        try append(session: id, firstSeq: firstSeq, steps: steps, snapshot: nil)
    }

    public var keepsSnapshots: Bool { true }

    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?) throws(SessionStorageError) {
        let append = StepWriter.Append(session: id, firstSeq: firstSeq, steps: steps, snapshot: snapshot)
        if let error = committer.submitAndWait(append) { throw error }
    }

    public var commitsInBackground: Bool { true }

    /// With `commit: .endOfPass` the append waits for the caller's ``commitPending()`` (the end of
    /// its server thread's pass, shared with the other appends of the pass); otherwise the writer
    /// thread is woken for it.
    public func append(session id: String, firstSeq: Int, steps: [String], commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        append(session: id, firstSeq: firstSeq, steps: steps, snapshot: nil, commit: commit, completion: completion)
    }

    public func append(session id: String, firstSeq: Int, steps: [String], snapshot: StoredSnapshot?, commit: CommitTiming,
                       completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        committer.submit(StepWriter.Append(session: id, firstSeq: firstSeq, steps: steps, snapshot: snapshot),
                         wakeWriter: !(commitsOnServerThreads && commit == .endOfPass), completion: completion)
    }

    /// Commits the appends submitted with `.endOfPass` in one transaction (the server calls it
    /// after each pass of its event loop).
    public func commitPending() {
        if commitsOnServerThreads { committer.commitPending() }
    }

    public func load(session id: String) throws(SessionStorageError) -> StoredSession? {
        try load(session: id, fromSnapshot: false)
    }

    public func loadLatest(session id: String) throws(SessionStorageError) -> StoredSession? {
        try load(session: id, fromSnapshot: true)
    }

    /// The header and the steps, all of them or (`fromSnapshot`) those after the latest snapshot.
    private func load(session id: String, fromSnapshot: Bool) throws(SessionStorageError) -> StoredSession? {
        try run { try $0.read { db -> StoredSession? in
            guard let row = try Row.fetchOne(db, sql: "SELECT csrf, width, height, quarantined, locale FROM sessions WHERE id = ?", arguments: [id]) else { return nil }
            guard let csrf = row["csrf"] as String?, let width = row["width"] as Int?, let height = row["height"] as Int? else {
                return StoredSession(header: StoredSessionHeader(id: id, csrfToken: "", width: 1, height: 1), steps: [], quarantined: "corrupt session row")
            }
            let header = StoredSessionHeader(id: id, csrfToken: csrf, width: width, height: height, locale: row["locale"] as String?)
            var snapshot: StoredSnapshot?
            if fromSnapshot, let r = try Row.fetchOne(db, sql: "SELECT seq, state FROM snapshots WHERE session = ?", arguments: [id]),
               let seq = r["seq"] as Int?, let state = r["state"] as String?, seq > 0 {
                snapshot = StoredSnapshot(seq: seq, state: state)
            }
            let after = snapshot?.seq ?? 0
            var steps: [String] = []
            var gap: Int?
            for r in try Row.fetchAll(db, sql: """
                SELECT seq, step FROM steps WHERE session = ?1 AND seq > ?2 UNION ALL SELECT seq, step FROM journal WHERE session = ?1 AND seq > ?2 ORDER BY seq
                """, arguments: [id, after]) {
                guard let seq = r["seq"] as Int?, let step = r["step"] as String? else { gap = after + steps.count + 1; break }
                if seq != after + steps.count + 1 { gap = after + steps.count + 1; break }
                steps.append(step)
            }
            let quarantined: String? = row["quarantined"]
            if quarantined == nil, let gap {
                return StoredSession(header: header, steps: steps, quarantined: "stored step \(gap) is missing or unreadable")
            }
            return StoredSession(header: header, steps: steps, quarantined: quarantined, snapshot: snapshot)
        } }
    }

    public func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? {
        try run { try $0.read { db -> [String]? in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE id = ?", arguments: [id]) != nil else { return nil }
            return try String.fetchAll(db, sql: """
                SELECT step FROM (SELECT seq, step FROM steps WHERE session = ?1 AND seq > ?2
                                  UNION ALL SELECT seq, step FROM journal WHERE session = ?1 AND seq > ?2) ORDER BY seq
                """, arguments: [id, seq])
        } }
    }

    public func delete(session id: String) throws(SessionStorageError) -> Bool {
        try run { try $0.write { db -> Bool in
            try db.execute(sql: "DELETE FROM steps WHERE session = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM journal WHERE session = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM snapshots WHERE session = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        } }
    }

    public func quarantine(session id: String, reason: String) throws(SessionStorageError) {
        try run { try $0.write { db in
            try db.execute(sql: "UPDATE sessions SET quarantined = ? WHERE id = ?", arguments: [reason, id])
        } }
    }

    public func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] {
        try run { try $0.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, (SELECT COUNT(*) FROM steps WHERE session = sessions.id) + coalesce(j.n, 0) AS steps, updated_at, quarantined
                FROM sessions LEFT JOIN (SELECT session, COUNT(*) AS n FROM journal GROUP BY session) AS j ON j.session = sessions.id
                ORDER BY updated_at DESC LIMIT ?
                """, arguments: [limit]).map {
                StoredSessionSummary(id: $0["id"] ?? "", steps: $0["steps"] ?? 0, updatedAt: $0["updated_at"] ?? 0, quarantined: $0["quarantined"])
            }
        } }
    }

    public func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int {
        let cutoff = clock.unixSeconds - idle.components.seconds
        return try run { try $0.write { db -> Int in
            try db.execute(sql: "DELETE FROM steps WHERE session IN (SELECT id FROM sessions WHERE updated_at < ?)", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM journal WHERE session IN (SELECT id FROM sessions WHERE updated_at < ?)", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM snapshots WHERE session IN (SELECT id FROM sessions WHERE updated_at < ?)", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM sessions WHERE updated_at < ?", arguments: [cutoff])
            return db.changesCount
        } }
    }

    public func touch(sessions ids: [String]) throws(SessionStorageError) {
        guard !ids.isEmpty else { return }
        let now = clock.unixSeconds
        try run { try $0.write { db in
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                try db.execute(sql: "UPDATE sessions SET updated_at = ? WHERE id IN (\(marks))",
                               arguments: StatementArguments([now] + chunk.map { $0 as (any DatabaseValueConvertible) }))
            }
        } }
    }

    public func untouched(idleLongerThan idle: Duration, limit: Int) throws(SessionStorageError) -> [String] {
        let cutoff = clock.unixSeconds - idle.components.seconds
        let acted = "(seq > 1 OR step NOT LIKE ?3 OR step LIKE ?4)"
        return try run { try $0.read { db in
            try String.fetchAll(db, sql: """
                SELECT id FROM sessions s WHERE updated_at < ?1 AND quarantined IS NULL
                  AND NOT EXISTS (SELECT 1 FROM steps WHERE session = s.id AND \(acted))
                  AND NOT EXISTS (SELECT 1 FROM journal WHERE session = s.id AND \(acted))
                ORDER BY updated_at LIMIT ?2
                """, arguments: [cutoff, limit, StepText.restoreLike, StepText.versionLike])
        } }
    }

    public func count() throws(SessionStorageError) -> Int {
        try run { try $0.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") ?? 0 } }
    }

    /// Rows in one of the store's tables (for tests: the file is locked while the store is open).
    func rowCount(_ table: String) throws -> Int {
        try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }

    /// Writes what is queued, stops the writer thread, closes the database.
    public func close() {
        committer.stop()
        writer.moveJournal(in: pool)
        writer.close(pool)
        try? pool.close()
    }

    deinit {
        committer.stop()
        writer.close(pool)
    }

    /// Maps GRDB's errors onto the protocol's: a full disk, a locked or read-only file, an I/O error
    /// are `unavailable`; a malformed database file is `corrupt`.
    private func run<T>(_ body: (DatabaseQueue) throws -> T) throws(SessionStorageError) -> T {
        try Self.mapErrors { try body(pool) }
    }

    private static func mapErrors<T>(_ body: () throws -> T) throws(SessionStorageError) -> T {
        do {
            return try body()
        } catch let error as SessionStorageError {
            throw error
        } catch {
            throw StepWriter.storageError(error)
        }
    }
}

/// The database file is locked by another process: another `segue serve` uses the same store.
public struct SQLiteStoreInUse: Error, CustomStringConvertible {
    public var path: String
    public var description: String {
        "\(path) is in use by another process (one segue serve at a time may use a SQLite store; "
            + "share sessions between instances with --store postgres://...)"
    }
}
