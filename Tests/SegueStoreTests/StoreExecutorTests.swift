// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import Foundation
@testable import SegueStorePostgres
import Testing

/// The PostgreSQL store's tasks run on threads of its own: the concurrency pool and Dispatch's
/// global queues have a thread per core, and callers that wait for the store (a server thread, a
/// test) or a long `concurrentPerform` can hold every one of them.
struct StoreExecutorTests {
    @Test func storeTasksRunOnTheStoresOwnThreads() async {
        let owned = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for _ in 0..<16 {
                group.addTask(executorPreference: storeExecutor) { storeExecutor.ownsCurrentThread }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(owned.count == 16 && owned.allSatisfy { $0 })
    }

    @Test func aTaskSuspendedOnTheStoreResumesThere() async {
        let owned = await Task(executorPreference: storeExecutor) { () async -> Bool in
            await Task.yield()
            return storeExecutor.ownsCurrentThread
        }.value
        #expect(owned)
        #expect(!storeExecutor.ownsCurrentThread)
    }
}

#endif
