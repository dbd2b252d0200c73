// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import SegueServer
import Synchronization

/// The PostgreSQL store's group commit: appends from every session gather in one queue and are
/// written many to a statement, by up to `lanes` batches in flight at once (each on its own
/// pooled connection), so a batch is being written while the next one gathers.
///
/// A session has at most one batch in flight: its later appends wait in the queue until that
/// batch is answered, so they are written in step order and each one finds its predecessor
/// stored (or fails, when the predecessor failed). Appends with no steps are barriers: they are
/// answered once the session's earlier appends are.
final class PostgresCommitter: Sendable {
    struct Entry: Sendable {
        var append: PostgresAppend
        var completion: @Sendable (SessionStorageError?) -> Void
    }

    private struct State: ~Copyable {
        var queue: [Entry] = []
        var sessionsInFlight: Set<String> = []
        var batchesInFlight = 0
        var stopped = false
    }

    private let state = Mutex(State())
    private let lanes: Int
    /// Writes one batch (appends in submission order); an outcome per append, in order.
    private let write: @Sendable ([PostgresAppend]) async -> [SessionStorageError?]

    init(lanes: Int, write: @escaping @Sendable ([PostgresAppend]) async -> [SessionStorageError?]) {
        self.lanes = max(1, lanes)
        self.write = write
    }

    /// Queues an append; `completion` runs (on one of the store's threads) once it is
    /// committed or failed. `wait: true` leaves the start of its batch to the caller's next
    /// ``flush()`` (the end of its server thread's pass, when the other requests of the pass have
    /// joined the queue) unless a batch in flight takes it first.
    func submit(_ append: PostgresAppend, wait: Bool = false, completion: @escaping @Sendable (SessionStorageError?) -> Void) {
        let taken = state.withLock { s -> (accepted: Bool, batch: [Entry]?) in
            if s.stopped { return (false, nil) }
            s.queue.append(Entry(append: append, completion: completion))
            return (true, wait ? nil : Self.takeBatch(&s, lanes: lanes))
        }
        guard taken.accepted else {
            completion(.unavailable("the PostgreSQL store is closed"))
            return
        }
        if let batch = taken.batch { launch(batch) }
    }

    /// Starts a batch of what is queued when a lane is free.
    func flush() {
        if let batch = state.withLock({ Self.takeBatch(&$0, lanes: lanes) }) { launch(batch) }
    }

    /// Refuses later submissions; what is queued or in flight still completes.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Takes every queued append whose session has no batch in flight, when a lane is free.
    private static func takeBatch(_ s: inout State, lanes: Int) -> [Entry]? {
        guard s.batchesInFlight < lanes, !s.queue.isEmpty else { return nil }
        var batch: [Entry] = []
        var kept: [Entry] = []
        var sessions: Set<String> = []
        for entry in s.queue {
            let id = entry.append.session
            if s.sessionsInFlight.contains(id) { kept.append(entry); continue }
            batch.append(entry)
            sessions.insert(id)
        }
        guard !batch.isEmpty else { return nil }
        s.queue = kept
        s.sessionsInFlight.formUnion(sessions)
        s.batchesInFlight += 1
        return batch
    }

    private func launch(_ batch: [Entry]) {
        Task.detached(executorPreference: storeExecutor) { [self] in
            let outcomes = await write(batch.map(\.append))
            for (entry, outcome) in zip(batch, outcomes) { entry.completion(outcome) }
            let next = state.withLock { s -> [Entry]? in
                s.batchesInFlight -= 1
                for entry in batch { s.sessionsInFlight.remove(entry.append.session) }
                return Self.takeBatch(&s, lanes: lanes)
            }
            if let next { launch(next) }
        }
    }
}

/// One append: steps `firstSeq`, `firstSeq + 1`, … of a session.
struct PostgresAppend: Sendable {
    var session: String
    var firstSeq: Int
    var steps: [String]
}

/// A batch merged per session: each session's contiguous appends become one row update
/// (`steps` from `old` to `new`) and its step rows; an append that does not follow the one
/// before it in the batch fails alone.
struct MergedBatch {
    var ids: [String] = []
    var olds: [Int] = []
    var news: [Int] = []
    var rowSessions: [String] = []
    var rowSeqs: [Int] = []
    var rowSteps: [String] = []
    /// For each append of the batch: the index of its session in `ids` (nil: nothing to write, or
    /// refused already, see `refused`).
    var sessionIndex: [Int?] = []
    var refused: Set<Int> = []

    init(_ batch: [PostgresAppend]) {
        var index: [String: Int] = [:]
        for (i, append) in batch.enumerated() {
            guard !append.steps.isEmpty else {
                sessionIndex.append(nil)  // a barrier: answered with its batch
                continue
            }
            if let k = index[append.session] {
                guard append.firstSeq == news[k] + 1 else {
                    sessionIndex.append(nil)
                    refused.insert(i)
                    continue
                }
                news[k] += append.steps.count
                sessionIndex.append(k)
            } else {
                index[append.session] = ids.count
                sessionIndex.append(ids.count)
                ids.append(append.session)
                olds.append(append.firstSeq - 1)
                news.append(append.firstSeq - 1 + append.steps.count)
            }
            for (j, step) in append.steps.enumerated() {
                rowSessions.append(append.session)
                rowSeqs.append(append.firstSeq + j)
                rowSteps.append(step)
            }
        }
    }
}
#endif
