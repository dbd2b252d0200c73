import Foundation
import Logging
import PostgresNIO
import SegueServer
import Synchronization

/// Sessions on a PostgreSQL server (`--store postgres://user:password@host:5432/database`), shared
/// by several `segue serve` processes behind a load balancer.
///
/// Through postgres-nio's `PostgresClient` (a connection pool on its own NIO event loops, run by a
/// background task). Schema as in the SQLite store: `segue_sessions` and `segue_steps` with primary
/// key `(session, seq)`. An append runs in one transaction:
/// `UPDATE segue_sessions SET steps = n + k … WHERE id = $1 AND steps = n` — under READ COMMITTED a
/// concurrent writer of the same session waits for the row lock and then finds `steps` changed, so
/// exactly one of two racing instances wins; the loser gets ``SessionStorageError/conflict``, catches
/// up and retries (or answers 409). Every request of a shared store first reads the steps it missed.
///
/// **Blocking bridge.** ``SessionStorage`` is synchronous because libmicrohttpd calls the handlers on
/// its own threads. Each call starts a task on the Swift concurrency pool and *blocks the calling
/// libmicrohttpd thread* on a semaphore until it finishes, at most `timeout` (default 5 s; then
/// `unavailable`, answered 503). The pool's threads and NIO's event loops are not libmicrohttpd's, so
/// the wait cannot deadlock; it costs one server thread per in-flight query, so size `--threads`
/// for the database's latency.
public final class PostgresSessionStorage: SessionStorage {
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    public let timeout: Duration

    /// Connects lazily; `create`s the schema now (waiting up to `timeout`).
    public init(url: String, timeout: Duration = .seconds(5), maxConnections: Int = 16, logger: Logger = Logger(label: "segue.postgres")) throws {
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql",
              let host = parts.host, !host.isEmpty else {
            throw SessionStorageError.unavailable("'\(url)' is not a postgres://user:password@host:port/database URL")
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        var configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres",
            password: parts.password, database: database.isEmpty ? nil : database, tls: .disable)
        configuration.options.maximumConnections = maxConnections
        configuration.options.connectTimeout = .seconds(Int64(max(1, timeout.components.seconds)))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.timeout = timeout
        runner = Task.detached { await client.run() }
        let log = logger
        try blocking { () async throws -> Void in
            try await client.withConnection { connection in
                // Serialise concurrent schema creation by several instances starting together.
                _ = try await connection.query("SELECT pg_advisory_lock(4242001)", logger: log)
                defer { Task { _ = try? await connection.query("SELECT pg_advisory_unlock(4242001)", logger: log) } }
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
    }

    public var isShared: Bool { true }

    public func create(_ h: StoredSessionHeader) throws(SessionStorageError) {
        let (client, log) = (self.client, logger)
        let now = unixNow()
        try blocking {
            _ = try await client.query(
                "INSERT INTO segue_sessions (id, csrf, width, height, updated_at) VALUES (\(h.id), \(h.csrfToken), \(h.width), \(h.height), \(now))",
                logger: log)
        }
    }

    public func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) {
        let (client, log) = (self.client, logger)
        let now = unixNow()
        let newCount = firstSeq - 1 + steps.count, oldCount = firstSeq - 1
        let won = try blocking { () async throws -> Bool in
            try await client.withTransaction(logger: log) { connection -> Bool in
                let rows = try await connection.query(
                    "UPDATE segue_sessions SET steps = \(newCount), updated_at = \(now) WHERE id = \(id) AND steps = \(oldCount) RETURNING id",
                    logger: log)
                var updated = 0
                for try await _ in rows { updated += 1 }
                guard updated == 1 else { return false }
                for (i, step) in steps.enumerated() {
                    let seq = firstSeq + i
                    _ = try await connection.query("INSERT INTO segue_steps (session, seq, step) VALUES (\(id), \(seq), \(step))", logger: log)
                }
                return true
            }
        }
        guard won else { throw .conflict }
    }

    public func load(session id: String) throws(SessionStorageError) -> StoredSession? {
        let (client, log) = (self.client, logger)
        return try blocking { () async throws -> StoredSession? in
            try await client.withConnection { connection -> StoredSession? in
                let rows = try await connection.query(
                    "SELECT csrf, width, height, steps, quarantined FROM segue_sessions WHERE id = \(id)", logger: log)
                var header: (String, Int, Int, Int, String?)?
                for try await row in rows { header = try row.decode((String, Int, Int, Int, String?).self) }
                guard let (csrf, width, height, count, quarantined) = header else { return nil }
                var steps: [String] = []
                for try await (step) in try await connection.query(
                    "SELECT step FROM segue_steps WHERE session = \(id) ORDER BY seq", logger: log).decode(String.self) {
                    steps.append(step)
                }
                let h = StoredSessionHeader(id: id, csrfToken: csrf, width: width, height: height)
                if quarantined == nil, steps.count != count {
                    return StoredSession(header: h, steps: steps, quarantined: "stored steps (\(steps.count)) do not match the session row (\(count))")
                }
                return StoredSession(header: h, steps: steps, quarantined: quarantined)
            }
        }
    }

    public func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? {
        let (client, log) = (self.client, logger)
        return try blocking { () async throws -> [String]? in
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
        let (client, log) = (self.client, logger)
        return try blocking { () async throws -> Bool in
            try await client.withTransaction(logger: log) { connection -> Bool in
                _ = try await connection.query("DELETE FROM segue_steps WHERE session = \(id)", logger: log)
                var n = 0
                for try await _ in try await connection.query("DELETE FROM segue_sessions WHERE id = \(id) RETURNING id", logger: log) { n += 1 }
                return n > 0
            }
        }
    }

    public func quarantine(session id: String, reason: String) throws(SessionStorageError) {
        let (client, log) = (self.client, logger)
        try blocking {
            _ = try await client.query("UPDATE segue_sessions SET quarantined = \(reason) WHERE id = \(id)", logger: log)
        }
    }

    public func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] {
        let (client, log) = (self.client, logger)
        return try blocking { () async throws -> [StoredSessionSummary] in
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
        let (client, log) = (self.client, logger)
        let cutoff = unixNow() - idle.components.seconds
        return try blocking { () async throws -> Int in
            try await client.withTransaction(logger: log) { connection -> Int in
                _ = try await connection.query(
                    "DELETE FROM segue_steps WHERE session IN (SELECT id FROM segue_sessions WHERE updated_at < \(cutoff))", logger: log)
                var n = 0
                for try await _ in try await connection.query("DELETE FROM segue_sessions WHERE updated_at < \(cutoff) RETURNING id", logger: log) { n += 1 }
                return n
            }
        }
    }

    public func touch(sessions ids: [String]) throws(SessionStorageError) {
        guard !ids.isEmpty else { return }
        let (client, log) = (self.client, logger)
        let now = unixNow()
        try blocking { () async throws -> Void in
            _ = try await client.query("UPDATE segue_sessions SET updated_at = \(now) WHERE id = ANY(\(ids))", logger: log)
        }
    }

    public func count() throws(SessionStorageError) -> Int {
        let (client, log) = (self.client, logger)
        return try blocking { () async throws -> Int in
            var n = 0
            for try await (c) in try await client.query("SELECT COUNT(*)::BIGINT FROM segue_sessions", logger: log).decode(Int64.self) { n = Int(c) }
            return n
        }
    }

    public func close() { runner.cancel() }

    /// Runs `body` on the concurrency pool and waits for it, at most `timeout` (see the type's doc).
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(SessionStorageError) -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
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
        case .failure(let error as SessionStorageError): throw error
        case .failure(let error as PSQLError):
            throw .unavailable(String(reflecting: error))
        case .failure(let error): throw .unavailable("\(error)")
        }
    }
}
