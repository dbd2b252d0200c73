import Foundation
import GRDB
import SegueCore
import SegueServer
#if Postgres
import SegueStorePostgres
#endif
@testable import SegueStoreSQLite
import Synchronization
import SegueTesting
import Testing

/// Every storage behaves alike (the protocol's contract). PostgreSQL runs the same tests in
/// ``PostgresStoreTests``, whose suite has the test server to itself.
@Suite struct StorageContractTests {
    static let storages = ["memory", "sqlite"]

    func make(_ kind: String, clock: any SessionClock = SystemSessionClock()) throws -> any SessionStorage {
        switch kind {
        case "sqlite": return try SQLiteSessionStorage(path: temporaryDirectory() + "/s.sqlite", clock: clock)
        #if Postgres
        case "postgres": return try PostgresSessionStorage(url: try #require(PrivatePostgres.url), clock: clock, logger: quietLogger)
        #endif
        default: return InMemorySessionStorage(clock: clock)
        }
    }

    @Test(arguments: storages) func appendLoadConflictDeleteExpire(kind: String) throws {
        let s = try make(kind)
        defer { s.close() }
        let id = uniqueID()
        try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 390, height: 844))
        #expect(try s.load(session: id)?.steps == [])
        try s.append(session: id, firstSeq: 1, steps: ["{\"a\":1}", "{\"a\":2}"])
        try s.append(session: id, firstSeq: 3, steps: ["{\"a\":3}"])
        // A second writer that missed step 3 loses: optimistic concurrency on the step number.
        #expect(throws: SessionStorageError.self) { try s.append(session: id, firstSeq: 3, steps: ["{\"b\":3}"]) }
        let loaded = try #require(try s.load(session: id))
        #expect(loaded.steps == ["{\"a\":1}", "{\"a\":2}", "{\"a\":3}"] && loaded.header.csrfToken == "t" && loaded.quarantined == nil)
        #expect(try s.steps(session: id, after: 1) == ["{\"a\":2}", "{\"a\":3}"])
        #expect(try s.list(limit: 1000).contains { $0.id == id && $0.steps == 3 })
        try s.quarantine(session: id, reason: "test")
        #expect(try s.load(session: id)?.quarantined == "test")
        #expect(try s.count() >= 1)
        #expect(try s.delete(session: id))
        #expect(try s.load(session: id) == nil)
        #expect(try s.steps(session: id, after: 0) == nil)
        #expect(try !s.delete(session: id))
        // Stored again under the same id (a flow reload does so), it starts from step 1.
        try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 390, height: 844))
        try s.append(session: id, firstSeq: 1, steps: ["{\"again\":1}"])
        #expect(try s.load(session: id)?.steps == ["{\"again\":1}"])
        #expect(try s.expire(idleLongerThan: .seconds(3600)) == 0 || kind == "postgres")
        #expect(try s.load(session: id) != nil)
        _ = try s.delete(session: id)
    }

    @Test(arguments: storages) func replaceStoresASessionAnewInOneGo(kind: String) throws {
        let s = try make(kind)
        defer { s.close() }
        let id = uniqueID()
        try s.create(StoredSessionHeader(id: id, csrfToken: "old", width: 390, height: 844))
        try s.append(session: id, firstSeq: 1, steps: ["{\"a\":1}", "{\"a\":2}", "{\"a\":3}"])
        try s.quarantine(session: id, reason: "test")
        try s.replace(StoredSessionHeader(id: id, csrfToken: "new", width: 1024, height: 768, locale: "fr"), steps: ["{\"restore\":1}"])
        let loaded = try #require(try s.load(session: id))
        #expect(loaded.steps == ["{\"restore\":1}"] && loaded.quarantined == nil)
        #expect(loaded.header.csrfToken == "new" && loaded.header.width == 1024 && loaded.header.locale == "fr")
        // Steps follow the new first one; the old numbering is gone.
        #expect(throws: SessionStorageError.self) { try s.append(session: id, firstSeq: 4, steps: ["{\"late\":4}"]) }
        try s.append(session: id, firstSeq: 2, steps: ["{\"b\":2}"])
        #expect(try s.load(session: id)?.steps == ["{\"restore\":1}", "{\"b\":2}"])
        #expect(try s.list(limit: 1000).contains { $0.id == id && $0.steps == 2 })
        // A session never stored before is simply stored.
        let fresh = uniqueID()
        try s.replace(StoredSessionHeader(id: fresh, csrfToken: "t", width: 390, height: 844), steps: [])
        #expect(try s.load(session: fresh)?.steps == [])
        _ = try s.delete(session: id)
        _ = try s.delete(session: fresh)
    }

    @Test(arguments: storages) func touchedSessionsAreNotIdle(kind: String) throws {
        let clock = TestClock()
        let s = try make(kind, clock: clock)
        defer { s.close() }
        let (read, idle) = ("read" + uniqueID().dropFirst(4), "idle" + uniqueID().dropFirst(4))
        for id in [read, idle] { try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 390, height: 844)) }
        clock.advance(by: .seconds(3))  // stored times have a second's resolution
        try s.touch(sessions: [read, "no-such-session"])  // only read since: not idle
        _ = try s.expire(idleLongerThan: .seconds(2))
        #expect(try s.load(session: read) != nil)
        #expect(try s.load(session: idle) == nil)
        _ = try s.delete(session: read)
    }

    @Test func concurrentAppendsOfOneStepNeverBothWin() throws {
        let s = try SQLiteSessionStorage(path: temporaryDirectory() + "/c.sqlite")
        try s.create(StoredSessionHeader(id: "race", csrfToken: "t", width: 1, height: 1))
        let wins = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if (try? s.append(session: "race", firstSeq: 1, steps: ["{\"w\":\(i)}"])) != nil { wins.add(1, ordering: .relaxed) }
        }
        #expect(wins.load(ordering: .relaxed) == 1)
        #expect(try s.load(session: "race")?.steps.count == 1)
    }
}

/// The SQLite writer (`StepWriter`): each append of a batch succeeds or fails alone.
@Suite struct SQLiteWriterTests {
    @Test func refusedAppendsFailAloneAndStoreNothing() throws {
        let path = temporaryDirectory() + "/w.sqlite"
        var s = try SQLiteSessionStorage(path: path)
        for id in ["a", "b"] { try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 1, height: 1)) }
        try s.append(session: "a", firstSeq: 1, steps: ["1", "2"])
        // A multi-step append whose second step exists already stores none of its steps.
        #expect(throws: SessionStorageError.self) { try s.append(session: "a", firstSeq: 2, steps: ["x", "y"]) }
        // A gap (step 3 missing) is refused; so is a step of a session that does not exist.
        #expect(throws: SessionStorageError.self) { try s.append(session: "a", firstSeq: 4, steps: ["4"]) }
        #expect(throws: SessionStorageError.self) { try s.append(session: "nobody", firstSeq: 1, steps: ["1"]) }
        #expect(try s.load(session: "a")?.steps == ["1", "2"])

        // One batch (submitted together to the writer thread): the refused append fails alone.
        let outcomes = Mutex<[String: Bool]>([:])
        let group = DispatchGroup()
        for (id, seq) in [("a", 3), ("b", 5), ("b", 1), ("a", 4)] {
            group.enter()
            s.append(session: id, firstSeq: seq, steps: ["\(id)\(seq)"], commit: .byStorage) { error in
                outcomes.withLock { $0["\(id)\(seq)"] = error == nil }
                group.leave()
            }
        }
        group.wait()
        #expect(outcomes.withLock { $0 } == ["a3": true, "b5": false, "b1": true, "a4": true])
        s.close()

        // After a restart the writer finds each session's last step in the file.
        s = try SQLiteSessionStorage(path: path)
        defer { s.close() }
        #expect(throws: SessionStorageError.self) { try s.append(session: "b", firstSeq: 3, steps: ["b3"]) }
        try s.append(session: "b", firstSeq: 2, steps: ["b2"])
        #expect(try s.load(session: "a")?.steps == ["1", "2", "a3", "a4"])
        #expect(try s.load(session: "b")?.steps == ["b1", "b2"])
    }
}

extension SQLiteWriterTests {
    /// Requests queued while nobody commits go out together: one batch (one transaction), each
    /// completed with its own outcome.
    @Test func queuedRequestsCommitAsOneBatch() {
        let batches = Mutex<[[Int]]>([])
        let committer = GroupCommitter<Int, Int>(name: "test-writer") { batch in
            batches.withLock { $0.append(batch) }
            return batch.map { -$0 }
        }
        defer { committer.stop() }
        let outcomes = Mutex<[Int: Int]>([:])
        for n in 1...5 { committer.submit(n, wakeWriter: false) { outcome in outcomes.withLock { $0[n] = outcome } } }
        committer.commitPending()
        #expect(batches.withLock { $0 } == [[1, 2, 3, 4, 5]])
        #expect(outcomes.withLock { $0 } == [1: -1, 2: -2, 3: -3, 4: -4, 5: -5])
    }

    /// Server threads commit at the end of their passes (`commitPending`), concurrently with one
    /// another and with the writer thread: every request is written once, in submission order,
    /// and completed once.
    @Test func groupCommitsFromManyThreadsKeepSubmissionOrder() {
        let written = Mutex<[Int]>([])
        let committer = GroupCommitter<Int, Int>(name: "test-writer") { batch in
            written.withLock { $0.append(contentsOf: batch) }
            return batch.map { -$0 }
        }
        defer { committer.stop() }
        let order = Mutex(0)  // submission order = numbering order
        let completed = Mutex<[Int: Int]>([:])
        let answered = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for i in 0..<300 {
                order.withLock { next in
                    let n = next
                    next += 1
                    // Thread 0 submits as a non-server thread would (waking the writer).
                    answered.enter()
                    committer.submit(n, wakeWriter: thread == 0) { outcome in
                        completed.withLock { $0[n, default: 0] += 1; #expect(outcome == -n) }
                        answered.leave()
                    }
                }
                if i % 7 == thread { committer.commitPending() }
            }
            committer.commitPending()
        }
        // The last batches may still be in the hands of the writer thread (woken by thread 0)
        // or of another committer when every thread has returned: their completions tell.
        #expect(answered.wait(timeout: .now() + 10) == .success)
        #expect(written.withLock { $0 } == Array(0..<1800))
        #expect(completed.withLock { $0.count == 1800 && $0.values.allSatisfy { $0 == 1 } })
    }

    /// One process owns a store: a second opener is refused with a clear error, and the store
    /// opens again once the first one closed.
    @Test func aStoreInUseIsRefusedUntilItCloses() throws {
        let path = temporaryDirectory() + "/lock.sqlite"
        let first = try SQLiteSessionStorage(path: path)
        try first.create(StoredSessionHeader(id: "a", csrfToken: "t", width: 1, height: 1))
        do {
            _ = try SQLiteSessionStorage(path: path, busyTimeout: .seconds(0))
            Issue.record("a second store opened a file in use")
        } catch let error as SQLiteStoreInUse {
            #expect(error.description.contains("in use by another process"))
        }
        first.close()
        let second = try SQLiteSessionStorage(path: path, busyTimeout: .seconds(0))
        defer { second.close() }
        #expect(try second.load(session: "a") != nil)
    }

    @Test func stepsMoveFromTheJournalWithoutEverBeingLostOrSeenTwice() throws {
        let path = temporaryDirectory() + "/j.sqlite"
        let s = try SQLiteSessionStorage(path: path, journalLimit: 5)
        let ids = ["p", "q", "r"]
        for id in ids { try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 1, height: 1)) }
        for n in 1...12 {
            for id in ids { try s.append(session: id, firstSeq: n, steps: ["\(id)\(n)"]) }
            // Whatever has moved so far, every reader sees each step once, in order.
            for id in ids { #expect(try s.load(session: id)?.steps == (1...n).map { "\(id)\($0)" }) }
            #expect(try s.steps(session: "q", after: n - 1) == ["q\(n)"])
        }
        #expect(try s.list(limit: 10).allSatisfy { $0.steps == 12 })
        #expect(try s.rowCount("journal") < 5)
        #expect(try s.rowCount("steps") > 30)
        #expect(try s.delete(session: "p"))
        s.close()  // closing moves the rest
        #expect(try runSQL(path, "SELECT count(*) FROM journal") == "0")
        #expect(try runSQL(path, "SELECT count(*) FROM steps") == "24")
    }
}

/// Sessions survive restarts, bad rows quarantine one session only, failures answer 503.
@Suite struct DurableSessionTests {
    @Test func sqliteSessionsSurviveARestartWithTheSameStateAndEvents() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        let id = try server.newSession()
        #expect(try server.act(id, #"{"action":"tap","element":"inboxRow"}"#).status == 200)
        #expect(try server.act(id, #"{"action":"tap","element":"compose"}"#).status == 200)
        #expect(try server.act(id, #"{"action":"setValues","values":{"subject":"Hi there"}}"#).status == 200)
        let before = try server.state(id).state(), eventsBefore = try server.events(id)
        server.stop()
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        defer { server.stop() }
        let after = try server.state(id).state()
        #expect(after.url == before.url)
        #expect(after.url.contains("f.subject=Hi+there"))
        #expect(after.version == before.version)
        #expect(try server.events(id) == eventsBefore)
        // And it carries on from there.
        #expect(try server.act(id, #"{"action":"dismiss"}"#).state().url == "/ui/mailNav(mailboxes,inbox)")
    }

    /// SQLite appends commit in batches (``SQLiteWriterTests/queuedRequestsCommitAsOneBatch()``);
    /// answers wait for them. Concurrent actions on one session and on several are each answered
    /// once, in a consistent order, and a restart finds exactly the acknowledged state.
    @Test func concurrentActionsAreAnsweredOnceAndEveryAcknowledgedOneSurvivesARestart() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.http.threads = 4 }
        let shared = try server.newSession()
        let own = try (0..<4).map { _ in try server.newSession() }
        let versions = Mutex<[Int]>([])
        let failures = Atomic<Int>(0)
        let running = server
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<10 {
                // Half the workers share one session (contending for it), half have their own.
                let id = worker < 4 ? shared : own[worker - 4]
                let body = i % 2 == 0 ? #"{"action":"push","scene":"message"}"# : #"{"action":"pop"}"#
                guard let r = try? running.act(id, body), r.status == 200 else { failures.add(1, ordering: .relaxed); continue }
                if id == shared, let v = try? r.state().version { versions.withLock { $0.append(v) } }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        // Every answer on the shared session saw its own version: no two actions interleaved.
        #expect(Set(versions.withLock { $0 }).count == 40)
        let before = try own.map { try server.state($0).state().url } + [try server.state(shared).state().version].map { "\($0)" }
        let eventsBefore = try server.events(shared)
        server.stop()
        #expect(try runSQL(file, "SELECT count(*) FROM steps WHERE session = '\(shared)'") == "40")
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        defer { server.stop() }
        let after = try own.map { try server.state($0).state().url } + [try server.state(shared).state().version].map { "\($0)" }
        #expect(after == before)
        #expect(try server.events(shared) == eventsBefore)
    }

    @Test func aCorruptRowQuarantinesThatSessionOnly() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        // A browser's session (its cookie is `ID.SECRET`) and an API one.
        let cookie = try #require(try http("GET", server.base + "/").sessionCookie)
        let bad = String(cookie.prefix { $0 != "." }), good = try server.newSession()
        try server.act(bad, #"{"action":"tap","element":"inboxRow"}"#)
        try server.act(good, #"{"action":"tap","element":"inboxRow"}"#)
        server.stop()
        _ = try runSQL(file, "UPDATE steps SET step = 'not json' WHERE session = '\(bad)'")
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        defer { server.stop() }
        let r = try server.state(bad)
        #expect(r.status == 409 && r.errorCode == "session_quarantined")
        #expect(try server.act(bad, #"{"action":"pop"}"#).errorCode == "session_quarantined")
        #expect(try server.state(good).state().url == "/ui/mailNav(mailboxes,inbox)")
        // A browser holding that session's cookie gets the error page, and "Start Over" gives it a new session.
        let page = try http("GET", server.base + "/ui/mailNav(mailboxes)", cookie: cookie)
        #expect(page.status == 409 && page.body.contains("session_quarantined"))
        let restart = try http("GET", server.base + "/", cookie: cookie)
        #expect(restart.status == 303 && restart.location?.hasSuffix("/ui/mailNav(mailboxes)") == true)
        #expect(restart.sessionCookie != nil && restart.sessionCookie != cookie)
        server.stop()  // the store's file is locked while it is open
        #expect(try runSQL(file, "SELECT quarantined IS NOT NULL FROM sessions WHERE id = '\(bad)'") == "1")
    }

    @Test func aStoryboardThatLostAScenQuarantinesSessionsThatUseIt() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file))
        let id = try server.newSession(), other = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        try server.act(id, #"{"action":"tap","element":"msgAnna"}"#)
        server.stop()
        var board = try mailStoryboard()
        board.scenes["message"] = nil
        board.sceneOrder.removeAll { $0 == "message" }
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file), storyboard: board)
        defer { server.stop() }
        let r = try server.state(id)
        #expect(r.status == 409 && r.errorCode == "session_quarantined" && r.body.contains("message"))
        #expect(try server.state(other).status == 200)
        #expect(try server.newSession() != "")
    }

    @Test func aFailingWriteAnswers503AndLeavesNothingHalfApplied() throws {
        let storage = FlakyStorage()
        let server = try StoreServer(storage: storage)
        defer { server.stop() }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        storage.failing.store(true, ordering: .relaxed)
        let r = try server.act(id, #"{"action":"tap","element":"msgAnna"}"#)
        #expect(r.status == 503 && r.errorCode == "storage_unavailable")
        #expect(try http("POST", server.base + "/api/v1/sessions", json: "").status == 503)
        storage.failing.store(false, ordering: .relaxed)
        // The unacknowledged tap is not there: the session reloaded at its last durable step.
        let s = try server.state(id).state()
        #expect(s.url == "/ui/mailNav(mailboxes,inbox)" && s.version == 1)
        #expect(try server.events(id).count == (try server.events(id).last?.seq ?? -1))
    }

    @Test func twoInstancesOnSharedStorageStayConsistent() throws {
        let shared = SharedMemoryStorage()
        let a = try StoreServer(storage: shared), b = try StoreServer(storage: shared)
        defer { a.stop(); b.stop() }
        let id = try a.newSession()
        var versions: [Int] = []
        for (i, element) in ["inboxRow", "msgAnna"].enumerated() {
            let server = i % 2 == 0 ? a : b
            let r = try server.act(id, #"{"action":"tap","element":"\#(element)"}"#)
            #expect(r.status == 200)
            versions.append((try? r.state().version) ?? -1)
        }
        #expect(versions == [1, 2])
        #expect(try a.state(id).state().url == (try b.state(id).state().url))
        #expect(try a.events(id) == b.events(id))
        // A write based on a stale copy is caught up and retried, never lost.
        #expect(try a.act(id, #"{"action":"pop"}"#).status == 200)
        #expect(try b.act(id, #"{"action":"pop"}"#).state().url == "/ui/mailNav(mailboxes)")
        #expect(try a.state(id).state().version == 4)
        // Deleted through one instance: gone on the other too.
        #expect(try http("DELETE", b.base + "/api/v1/sessions/\(id)").status == 204)
        #expect(try a.state(id).status == 404)
    }
}

/// Restoring from URLs over HTTP: API, fresh browsers, bad URLs.
@Suite struct RestoreOverHTTPTests {
    @Test func aURLWithStateRebuildsInANewSessionAndAFreshBrowser() throws {
        let server = try StoreServer(storage: InMemorySessionStorage())
        defer { server.stop() }
        let url = "/ui/mailNav(mailboxes,inbox;e=1)~formSheet~composeNav(compose;f.subject=Lunch+at+noon)"
        let r = try http("POST", server.base + "/api/v1/sessions", json: #"{"url":"\#(url)"}"#)
        #expect(r.status == 201)
        let created = try r.decode(CreatedSession.self)
        #expect(created.state.url == url)
        let id = created.id
        let names = try server.events(id).map(\.event)
        #expect(names.contains("decodeRestorableState") && !names.contains("prepareForSegue"))
        // A fresh browser (no cookie) opening the link gets a restored session and the page.
        let page = try http("GET", server.base + url)
        #expect(page.status == 200 && page.body.contains("Lunch at noon"))
        #expect(try http("GET", server.base + "/ui/mailNav(mailboxes;e=$Z1)").status == 400)
        #expect(try http("POST", server.base + "/api/v1/sessions", json: #"{"url":"/ui/mailNav(mailboxes;x"}"#).errorCode == "invalid_url")
        #expect(try http("POST", server.base + "/api/v1/sessions", json: #"{"url":"/ui/compose"}"#).status == 400)
        #expect(try http("GET", server.base + "/ui/mailNav(nowhere)").status == 404)
    }
}

/// Memory pressure and the admin API.
@Suite struct MemoryAndAdminTests {
    @Test func liveSessionLimitEvictsToStorageTransparently() throws {
        let server = try StoreServer(storage: InMemorySessionStorage()) { $0.maxLiveSessions = 1 }
        defer { server.stop() }
        let a = try server.newSession(), b = try server.newSession()
        for _ in 0..<3 {
            #expect(try server.act(a, #"{"action":"tap","element":"inboxRow"}"#).status == 200)
            #expect(try server.act(b, #"{"action":"tap","element":"inboxRow"}"#).status == 200)
            #expect(try server.act(a, #"{"action":"pop"}"#).status == 200)
            #expect(try server.act(b, #"{"action":"pop"}"#).status == 200)
        }
        #expect(try server.state(a).state().version == 6 && (try server.state(b).state().version) == 6)
        #expect(server.service.app.store.count == 1)
    }

    @Test(arguments: ["memory", "sqlite"]) func memoryWarningEvictsOtherIdleSessions(store: String) throws {
        let storage: any SessionStorage = store == "sqlite"
            ? try SQLiteSessionStorage(path: temporaryDirectory() + "/m.sqlite") : InMemorySessionStorage()
        let server = try StoreServer(storage: storage) { $0.app.admin = .loopback }
        defer { server.stop() }
        let a = try server.newSession(), b = try server.newSession()
        try server.act(b, #"{"action":"tap","element":"inboxRow"}"#)
        server.age([a, b], by: .seconds(2))  // both idle for longer than the warning's second
        let r = try server.act(a, #"{"action":"memoryWarning"}"#)
        #expect(r.status == 200)
        #expect(try !r.decode(ActionResult.self).events.isEmpty)
        #expect(server.service.app.store.session(id: b) == nil && server.service.app.store.session(id: a) != nil)
        #expect(try server.state(b).state().url == "/ui/mailNav(mailboxes,inbox)")
    }

    @Test func aMemoryCeilingEvictsIdleSessionsWhichReloadOnDemand() throws {
        let server = try StoreServer(storage: InMemorySessionStorage()) { $0.app.memoryCeilingBytes = 1 }
        defer { server.stop() }
        let ids = try (0..<4).map { _ in try server.newSession() }
        for id in ids { try server.act(id, #"{"action":"tap","element":"inboxRow"}"#) }
        server.age(ids, by: .seconds(2))  // idle for longer than the second pressure relief waits for
        server.service.app.relieveMemoryPressure()
        #expect(server.service.app.store.count <= 2)  // the sweeper may have evicted too
        for id in ids { #expect(try server.state(id).state().url == "/ui/mailNav(mailboxes,inbox)") }
    }

    @Test func adminIsOffByDefaultAndListsAndDeletesWhenOn() throws {
        let off = try StoreServer(storage: InMemorySessionStorage())
        defer { off.stop() }
        #expect(try http("GET", off.base + "/api/v1/admin/sessions").status == 404)
        let server = try StoreServer(storage: InMemorySessionStorage()) { $0.app.admin = .loopback }
        defer { server.stop() }
        let id = try server.newSession()
        let list = try http("GET", server.base + "/api/v1/admin/sessions")
        #expect(list.status == 200)
        #expect(try list.decode(AdminSessions.self).sessions.first?.id == id)
        #expect(try http("DELETE", server.base + "/api/v1/admin/sessions/\(id)").status == 204)
        #expect(try server.state(id).status == 404)
        #expect(try http("DELETE", server.base + "/api/v1/admin/sessions/\(id)").status == 404)
        #expect(try http("POST", server.base + "/api/v1/admin/evict", json: "{}").status == 200)
        #expect(try http("POST", server.base + "/api/v1/admin/expire", json: "{}").decode(Expired.self).expired == 0)
    }
}

// MARK: - Test doubles

/// In-memory storage that can be told to fail (a database that is down or full).
final class FlakyStorage: SessionStorage {
    let inner = InMemorySessionStorage()
    let failing = Atomic<Bool>(false)
    var isShared: Bool { false }
    func check() throws(SessionStorageError) { if failing.load(ordering: .relaxed) { throw .unavailable("disk full (test)") } }
    func create(_ h: StoredSessionHeader) throws(SessionStorageError) { try check(); try inner.create(h) }
    func replace(_ h: StoredSessionHeader, steps: [String]) throws(SessionStorageError) { try check(); try inner.replace(h, steps: steps) }
    func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) { try check(); try inner.append(session: id, firstSeq: firstSeq, steps: steps) }
    func load(session id: String) throws(SessionStorageError) -> StoredSession? { try check(); return try inner.load(session: id) }
    func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? { try check(); return try inner.steps(session: id, after: seq) }
    func delete(session id: String) throws(SessionStorageError) -> Bool { try check(); return try inner.delete(session: id) }
    func quarantine(session id: String, reason: String) throws(SessionStorageError) { try inner.quarantine(session: id, reason: reason) }
    func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] { try inner.list(limit: limit) }
    func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int { try inner.expire(idleLongerThan: idle) }
    func touch(sessions ids: [String]) throws(SessionStorageError) { try check(); try inner.touch(sessions: ids) }
    func count() throws(SessionStorageError) -> Int { try inner.count() }
    func close() {}
}

/// In-memory storage that says it is shared: two services on one instance act like two processes
/// on one PostgreSQL database.
final class SharedMemoryStorage: SessionStorage {
    let inner = InMemorySessionStorage()
    var isShared: Bool { true }
    func create(_ h: StoredSessionHeader) throws(SessionStorageError) { try inner.create(h) }
    func replace(_ h: StoredSessionHeader, steps: [String]) throws(SessionStorageError) { try inner.replace(h, steps: steps) }
    func append(session id: String, firstSeq: Int, steps: [String]) throws(SessionStorageError) { try inner.append(session: id, firstSeq: firstSeq, steps: steps) }
    func load(session id: String) throws(SessionStorageError) -> StoredSession? { try inner.load(session: id) }
    func steps(session id: String, after seq: Int) throws(SessionStorageError) -> [String]? { try inner.steps(session: id, after: seq) }
    func delete(session id: String) throws(SessionStorageError) -> Bool { try inner.delete(session: id) }
    func quarantine(session id: String, reason: String) throws(SessionStorageError) { try inner.quarantine(session: id, reason: reason) }
    func list(limit: Int) throws(SessionStorageError) -> [StoredSessionSummary] { try inner.list(limit: limit) }
    func expire(idleLongerThan idle: Duration) throws(SessionStorageError) -> Int { try inner.expire(idleLongerThan: idle) }
    func touch(sessions ids: [String]) throws(SessionStorageError) { try inner.touch(sessions: ids) }
    func count() throws(SessionStorageError) -> Int { try inner.count() }
    func close() {}
}

func runSQL(_ file: String, _ sql: String) throws -> String {
    let db = try DatabaseQueue(path: file)
    defer { try? db.close() }
    if sql.hasPrefix("SELECT") { return try db.read { try String.fetchOne($0, sql: sql) } ?? "" }
    try db.write { try $0.execute(sql: sql) }
    return ""
}

/// `GET /api/v1/admin/sessions`, as far as these tests read it.
struct AdminSessions: Decodable {
    struct Row: Decodable { var id: String }
    var sessions: [Row]
}

/// `POST /api/v1/admin/expire`.
struct Expired: Decodable {
    var expired: Int
}
