// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import Foundation
import Synchronization

/// Where the store's tasks run: threads the store starts and owns, never a thread pool it shares.
///
/// The store's callers wait for its tasks (a libmicrohttpd thread, a test). The concurrency pool
/// has a thread per core, and Dispatch's global queues add one beyond that only after a second
/// or so: when every such thread is waiting like that, or busy with a long `concurrentPerform`,
/// a task queued behind them runs late or only after the caller's wait timed out. Store tasks are
/// short (encoding a statement's bindings, decoding rows, resuming after postgres-nio's event
/// loop answered), so two threads suffice.
final class StoreExecutor: TaskExecutor, Sendable {
    private let queue = Mutex(JobQueue())
    private let ready = DispatchSemaphore(value: 0)
    private let threads = Mutex<Set<pthread_t>>([])

    /// Whether the calling thread is one of the executor's.
    var ownsCurrentThread: Bool { threads.withLock { $0.contains(pthread_self()) } }

    init(threadCount: Int = 2) {
        for _ in 0..<threadCount {
            Thread { [self] in
                threads.withLock { _ = $0.insert(pthread_self()) }
                work()
            }.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.push(job) }
        ready.signal()
    }

    private func work() -> Never {
        while true {
            ready.wait()
            guard let job = queue.withLock({ $0.pop() }) else { continue }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// First in, first out, in amortized constant time: jobs are pushed on one array and popped from
/// the other, which is refilled reversed when it runs out.
struct JobQueue {
    private var incoming: [UnownedJob] = []
    private var outgoing: [UnownedJob] = []

    mutating func push(_ job: UnownedJob) { incoming.append(job) }

    mutating func pop() -> UnownedJob? {
        if outgoing.isEmpty {
            outgoing = incoming.reversed()
            incoming.removeAll(keepingCapacity: true)
        }
        return outgoing.popLast()
    }
}

/// The executor every store of the process shares.
let storeExecutor = StoreExecutor()
#endif
