import Foundation

/// The SQLite store's writer thread: appends queue up and are written in batches, one transaction
/// per batch, in the order they were submitted. While one batch commits, the next gathers, so under
/// load many actions share one commit (group commit), and no server thread waits on the disk: each
/// action's answer goes out when its batch's commit returns (``SessionStorage``'s background appends).
final class BackgroundCommitter<Request: Sendable, Outcome: Sendable>: @unchecked Sendable {
    struct Entry {
        var request: Request
        var completion: @Sendable (Outcome) -> Void
    }

    /// Guards `queue` and `stopping`.
    private let condition = NSCondition()
    private var queue: [Entry] = []
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    /// Writes one batch in one transaction; an outcome per request, in order.
    private let write: @Sendable ([Request]) -> [Outcome]
    /// Upkeep after a batch was answered (the SQLite store moves its journal there).
    private let afterBatch: @Sendable () -> Void

    init(name: String, write: @escaping @Sendable ([Request]) -> [Outcome], afterBatch: @escaping @Sendable () -> Void = {}) {
        self.write = write
        self.afterBatch = afterBatch
        let thread = Thread { [unowned self] in self.run() }
        thread.name = name
        self.thread = thread
        thread.start()
    }

    /// Queues a request; `completion` runs on the writer thread once its batch is committed.
    func submit(_ request: Request, completion: @escaping @Sendable (Outcome) -> Void) {
        condition.lock()
        queue.append(Entry(request: request, completion: completion))
        condition.signal()
        condition.unlock()
    }

    /// Queues a request and waits for its outcome (for callers that must not return earlier).
    func submitAndWait(_ request: Request) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeBox<Outcome>()
        submit(request) { outcome in
            result.value = outcome
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// Writes what is queued, then ends the thread. Later submissions are not written.
    func stop() {
        condition.lock()
        guard !stopping else { condition.unlock(); return }
        stopping = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            let batch = queue
            queue = []
            let stop = stopping && batch.isEmpty
            condition.unlock()
            if stop { break }
            let outcomes = write(batch.map(\.request))
            for (entry, outcome) in zip(batch, outcomes) { entry.completion(outcome) }
            afterBatch()
        }
        finished.signal()
    }
}

/// Carries an outcome from the writer thread to a waiting caller (the semaphore orders the accesses).
private final class OutcomeBox<Value>: @unchecked Sendable {
    var value: Value?
}
