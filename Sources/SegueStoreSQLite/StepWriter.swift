import GRDB
import GRDBSQLite
import SegueServer

/// Writes batches of appends on the SQLite store's writer connection, through SQLite's C API
/// with statements prepared once: the hot path of every durable action. (GRDB's own statement
/// and transaction layers cost more than the insert itself at this size; everything else in the
/// store goes through GRDB.) Used by one thread at a time: whichever holds the group commit.
///
/// **Journal.** New steps go to `journal`, a table without an index, so the rows of one batch
/// share a page or two at the end of it, whatever sessions they belong to: a commit writes one or
/// two pages to the WAL instead of one leaf of the indexed `steps` per session. Once
/// `journalLimit` rows have gathered (and when the store closes), ``moveJournal(in:)`` moves
/// them, sorted, into `steps` in one transaction, where each session's new rows land together.
/// Readers take the union of both tables; the move is atomic, so they never see a step twice or
/// not at all.
///
/// It also remembers, between batches, each session's last stored step, so the gap check needs
/// no query (a step that does not follow the remembered one is checked against the database
/// before it is refused, as the session may have been deleted since; a session stored anew is
/// forgotten: ``forget(_:)``), and when its `updated_at` was last written (expiry needs minutes,
/// not every action).
final class StepWriter: @unchecked Sendable {
    struct Append: Sendable {
        var session: String
        var firstSeq: Int
        var steps: [String]
        /// Replaces the session's snapshot when the steps are stored (taken after the last of them).
        var snapshot: StoredSnapshot?
    }

    private var statements: Statements?
    /// Rows in `journal` (counted on first use).
    private var journalRows: Int?
    let journalLimit: Int
    private var lastSeq: [String: Int] = [:]
    private var touched: [String: Int64] = [:]

    private let clock: any SessionClock

    init(journalLimit: Int, clock: any SessionClock) {
        self.journalLimit = journalLimit
        self.clock = clock
    }

    /// Writes a batch of appends in one transaction; nil where an append succeeded. An append
    /// fails alone (`conflict`) when its session was deleted, or when its first step does not
    /// follow the session's last stored one: a gap (an earlier append of the session failed) or a
    /// step stored already (optimistic concurrency on the step number); a failure of the transaction
    /// (disk full, I/O error) fails the whole batch, and none of it is stored.
    func write(_ batch: [Append], to pool: DatabaseQueue) -> [SessionStorageError?] {
        var outcomes = [SessionStorageError?](repeating: nil, count: batch.count)
        guard batch.contains(where: { !$0.steps.isEmpty || $0.snapshot != nil }) else { return outcomes }  // barriers only
        let now = clock.unixSeconds
        var touches: [String] = []
        var batchLastSeq: [String: Int] = [:]  // kept only if the transaction commits
        var rows = 0
        do {
            try pool.writeWithoutTransaction { db in
                guard let connection = db.sqliteConnection else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "closed") }
                let s = try prepared(on: connection)
                if journalRows == nil { journalRows = try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0 }
                try s.run(s.begin)
                do {
                    for (index, append) in batch.enumerated() where !append.steps.isEmpty || append.snapshot != nil {
                        var last = try batchLastSeq[append.session] ?? lastSeq[append.session] ?? s.maxSeq(of: append.session)
                        // What is remembered from earlier batches may be out of date: the session
                        // was deleted or rewritten since (a flow reload stores each session again
                        // from step 1). Before refusing, ask the database.
                        if append.firstSeq != last + 1, batchLastSeq[append.session] == nil, lastSeq[append.session] != nil {
                            last = try s.maxSeq(of: append.session)
                        }
                        // A gap: an earlier append of this session failed; this one cannot follow it.
                        guard append.firstSeq == last + 1 else { outcomes[index] = .conflict; continue }
                        // A snapshot alone, of the session's last stored step.
                        if append.steps.isEmpty, let snapshot = append.snapshot {
                            if snapshot.seq == last, last > 0 { try s.saveSnapshot(snapshot, of: append.session) }
                            continue
                        }
                        if try s.insert(append) {
                            if let snapshot = append.snapshot, snapshot.seq == append.firstSeq + append.steps.count - 1 {
                                try s.saveSnapshot(snapshot, of: append.session)
                            }
                            rows += append.steps.count
                            batchLastSeq[append.session] = append.firstSeq + append.steps.count - 1
                            if now - (touched[append.session] ?? 0) >= 60 { touches.append(append.session) }
                        } else {
                            outcomes[index] = .conflict
                        }
                    }
                    for id in Set(touches) { try s.touch(id, at: now) }
                    try s.run(s.commit)
                } catch {
                    if sqlite3_get_autocommit(connection) == 0 { try? s.run(s.rollback) }
                    throw error
                }
                // Still holding the connection, so that ``forget(_:)`` (in another transaction
                // on it) comes wholly before or after.
                if lastSeq.count > 200_000 { lastSeq.removeAll(keepingCapacity: true) }
                if touched.count > 200_000 { touched.removeAll(keepingCapacity: true) }
                lastSeq.merge(batchLastSeq) { $1 }
                for id in touches { touched[id] = now }
            }
        } catch {
            return [SessionStorageError?](repeating: Self.storageError(error), count: batch.count)
        }
        if let count = journalRows { journalRows = count + rows }
        return outcomes
    }

    /// Forgets what it remembers of a session stored anew (``SQLiteSessionStorage/replace(_:steps:)``):
    /// its next append is checked against the database. Called inside a transaction on the
    /// writer's connection, so no batch runs meanwhile.
    func forget(_ session: String) {
        lastSeq[session] = nil
        touched[session] = nil
    }

    /// Whether the journal has gathered enough rows to move them (the writer calls
    /// ``moveJournal(in:)`` after answering its batch).
    var journalIsFull: Bool { (journalRows ?? journalLimit) >= journalLimit }

    /// Moves the journal's rows into `steps`, sorted by session, in one transaction. A row whose
    /// `(session, seq)` is in `steps` already (only possible if another process wrote the same
    /// file) keeps the stored one. Failures leave both tables as they were; the next move retries.
    func moveJournal(in pool: DatabaseQueue) {
        do {
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: """
                        INSERT OR IGNORE INTO steps (session, seq, step) SELECT session, seq, step FROM journal ORDER BY session, seq;
                        DELETE FROM journal;
                        """)
                    return .commit
                }
            }
            journalRows = 0
        } catch {
            journalRows = nil  // count again next time
        }
    }

    /// Finalizes the prepared statements (before the connection closes; once).
    func close(_ pool: DatabaseQueue) {
        guard statements != nil else { return }
        pool.writeWithoutTransaction { _ in
            statements?.finalize()
            statements = nil
        }
    }

    private func prepared(on connection: OpaquePointer) throws -> Statements {
        if let statements { return statements }
        let s = try Statements(connection)
        statements = s
        return s
    }

    static func storageError(_ error: Error) -> SessionStorageError {
        switch error {
        case let failure as SQLiteFailure:
            switch failure.code & 0xff {
            case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(failure.message)
            default: return .unavailable(failure.message)
            }
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(error.description)
            default: return .unavailable(error.description)
            }
        default:
            return .unavailable("\(error)")
        }
    }
}

/// An SQLite result code with its message.
struct SQLiteFailure: Error {
    var code: Int32
    var message: String
}

/// The writer's prepared statements on one connection.
private struct Statements {
    let connection: OpaquePointer
    let begin, commit, rollback: OpaquePointer
    let insertStep, maxSeqOfSession, touchSession, upsertSnapshot: OpaquePointer

    init(_ connection: OpaquePointer) throws {
        self.connection = connection
        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
            guard code == SQLITE_OK, let statement else {
                throw SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(connection)))
            }
            return statement
        }
        begin = try prepare("BEGIN IMMEDIATE")
        commit = try prepare("COMMIT")
        rollback = try prepare("ROLLBACK")
        // The `EXISTS` refuses a step of a session deleted meanwhile. (A step that exists already
        // cannot come here: the gap check, against the last stored step, refuses it first.)
        insertStep = try prepare("INSERT INTO journal (session, seq, step) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?1)")
        maxSeqOfSession = try prepare("""
            SELECT max(m) FROM (SELECT max(seq) AS m FROM steps WHERE session = ?1 UNION ALL SELECT max(seq) FROM journal WHERE session = ?1)
            """)
        touchSession = try prepare("UPDATE sessions SET updated_at = ? WHERE id = ?")
        upsertSnapshot = try prepare("INSERT OR REPLACE INTO snapshots (session, seq, state) VALUES (?1, ?2, ?3)")
    }

    func finalize() {
        for s in [begin, commit, rollback, insertStep, maxSeqOfSession, touchSession, upsertSnapshot] {
            sqlite3_finalize(s)
        }
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(connection)))
    }

    /// Runs a statement without results.
    func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    /// The session's highest stored step, 0 when it has none.
    func maxSeq(of session: String) throws -> Int {
        defer { sqlite3_reset(maxSeqOfSession); sqlite3_clear_bindings(maxSeqOfSession) }
        return try session.withCString { id in
            sqlite3_bind_text(maxSeqOfSession, 1, id, -1, nil)
            let code = sqlite3_step(maxSeqOfSession)
            guard code == SQLITE_ROW else { throw failure(code) }
            return Int(sqlite3_column_int64(maxSeqOfSession, 0))  // NULL reads as 0
        }
    }

    /// Inserts an append's steps; false when its session was deleted meanwhile (the `EXISTS`
    /// refuses the first step, and so would every other: no savepoint is needed).
    func insert(_ append: StepWriter.Append) throws -> Bool {
        for (i, step) in append.steps.enumerated() {
            defer { sqlite3_reset(insertStep); sqlite3_clear_bindings(insertStep) }
            let code: Int32 = append.session.withCString { id in
                step.withCString { text in
                    sqlite3_bind_text(insertStep, 1, id, -1, nil)
                    sqlite3_bind_int64(insertStep, 2, Int64(append.firstSeq + i))
                    sqlite3_bind_text(insertStep, 3, text, -1, nil)
                    return sqlite3_step(insertStep)
                }
            }
            guard code == SQLITE_DONE else { throw failure(code) }
            if sqlite3_changes(connection) == 0 { return false }
        }
        return true
    }

    /// Replaces the session's snapshot (in the append's transaction).
    func saveSnapshot(_ snapshot: StoredSnapshot, of session: String) throws {
        defer { sqlite3_reset(upsertSnapshot); sqlite3_clear_bindings(upsertSnapshot) }
        let code: Int32 = session.withCString { id in
            snapshot.state.withCString { text in
                sqlite3_bind_text(upsertSnapshot, 1, id, -1, nil)
                sqlite3_bind_int64(upsertSnapshot, 2, Int64(snapshot.seq))
                sqlite3_bind_text(upsertSnapshot, 3, text, -1, nil)
                return sqlite3_step(upsertSnapshot)
            }
        }
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    func touch(_ session: String, at now: Int64) throws {
        defer { sqlite3_reset(touchSession); sqlite3_clear_bindings(touchSession) }
        let code: Int32 = session.withCString { id in
            sqlite3_bind_int64(touchSession, 1, now)
            sqlite3_bind_text(touchSession, 2, id, -1, nil)
            return sqlite3_step(touchSession)
        }
        guard code == SQLITE_DONE else { throw failure(code) }
    }
}
