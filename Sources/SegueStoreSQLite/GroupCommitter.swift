import Foundation

/// The SQLite store's group commit. Appends queue up in the order they were submitted and are
/// written in batches, one transaction per batch, by whichever thread commits next:
///
/// - a server thread, at the end of the pass of its event loop that submitted them
///   (``commitPending()``, called by the server's `afterEachPass`): the appends of every request
///   of the pass share one commit, and no other thread has to be woken for it;
/// - else the writer thread, woken by a submission from any other thread (or by
///   ``submitAndWait(_:)``), so that nothing waits on a pass that will not come.
///
/// Batches are taken from the queue and written under one lock, so they commit in submission
/// order whoever writes them. A thread that finds the lock taken leaves its appends to the
/// holder, which looks at the queue again after releasing the lock.
final class GroupCommitter<Request: Sendable, Outcome: Sendable>: @unchecked Sendable {
    struct Entry {
        var request: Request
        var completion: @Sendable (Outcome) -> Void
    }

    /// Guards `queue`, `wakeRequested` and `stopping`; the writer thread waits on it.
    private let condition = NSCondition()
    private var queue: [Entry] = []
    private var wakeRequested = false
    private var stopping = false
    /// Held while a batch is taken and written: one committer at a time, batches in order.
    private let commitLock = NSLock()
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
        thread.start()
    }

    /// Queues a request; `completion` runs on the committing thread once its batch is written.
    /// `wakeWriter: false` leaves the commit to the caller's ``commitPending()`` (at the end of
    /// its pass); otherwise the writer thread commits it.
    func submit(_ request: Request, wakeWriter: Bool = true, completion: @escaping @Sendable (Outcome) -> Void) {
        condition.lock()
        queue.append(Entry(request: request, completion: completion))
        if wakeWriter && !wakeRequested {
            wakeRequested = true
            condition.signal()
        }
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

    /// Commits what is queued unless another thread is committing (it then commits it too).
    func commitPending() {
        guard hasQueued else { return }
        drain(waitForLock: false)
    }

    /// Writes what is queued, then ends the writer thread. Later submissions are not written.
    func stop() {
        condition.lock()
        guard !stopping else { condition.unlock(); return }
        stopping = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    private var hasQueued: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !queue.isEmpty
    }

    private func takeQueued() -> [Entry] {
        condition.lock()
        defer { condition.unlock() }
        let batch = queue
        queue = []
        return batch
    }

    /// Writes batches until the queue is empty. Looks again after releasing the lock: an append
    /// queued meanwhile by a thread that found the lock taken would otherwise wait for a later pass.
    private func drain(waitForLock: Bool) {
        repeat {
            if waitForLock { commitLock.lock() } else if !commitLock.try() { return }
            while true {
                let batch = takeQueued()
                if batch.isEmpty { break }
                let outcomes = write(batch.map(\.request))
                for (entry, outcome) in zip(batch, outcomes) { entry.completion(outcome) }
                afterBatch()
            }
            commitLock.unlock()
        } while hasQueued
    }

    private func run() {
        while true {
            condition.lock()
            while !wakeRequested && !stopping { condition.wait() }
            wakeRequested = false
            let stop = stopping
            condition.unlock()
            drain(waitForLock: true)
            if stop { break }
        }
        finished.signal()
    }
}

/// Carries an outcome from the committing thread to a waiting caller (the semaphore orders the accesses).
private final class OutcomeBox<Value>: @unchecked Sendable {
    var value: Value?
}
