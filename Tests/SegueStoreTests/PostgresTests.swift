// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import Foundation
import SegueServer
@testable import SegueStorePostgres
import Synchronization
import SegueTesting
import Testing

/// A PostgreSQL server for the tests: `SEGUE_TEST_POSTGRES_URL` when set, else a private cluster
/// on loopback started once for this test process by Tests/Scripts/postgres.sh (Debian's
/// `postgresql`; CI installs it) and stopped when the process exits. Nil when neither exists.
enum PrivatePostgres {
    /// The cluster's folder when this process started it (for pausing and resuming it).
    nonisolated(unsafe) static var directory: String?

    static let url: String? = {
        if let url = ProcessInfo.processInfo.environment["SEGUE_TEST_POSTGRES_URL"], !url.isEmpty { return url }
        guard installed else { return nil }
        guard let exports = try? script(["start"]) else { return nil }
        var values: [String: String] = [:]
        for word in exports.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let pair = word.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { values[String(pair[0])] = String(pair[1]) }
        }
        directory = values["SEGUE_PG_DIR"]
        atexit {
            if let dir = PrivatePostgres.directory { _ = try? PrivatePostgres.script(["stop", dir]) }
        }
        return values["SEGUE_TEST_POSTGRES_URL"]
    }()

    /// Whether Debian's PostgreSQL server binaries (`initdb`) are installed.
    static var installed: Bool {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.contains { FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb") }
    }

    static var available: Bool { url != nil }

    /// Takes the test cluster down (`pause`) or brings it back (`resume`), same port and data.
    static func set(_ command: String) throws {
        let dir = try #require(directory, "the PostgreSQL server was not started by this test process")
        _ = try script([command, dir])
    }

    @discardableResult
    static func script(_ arguments: [String]) throws -> String {
        // Through the shell into a file: the server the script starts would keep a pipe open, and
        // the script is waited for here directly (system(3)).
        let output = temporaryDirectory() + "/postgres.sh.out"
        let command = ([repositoryRoot + "/Tests/Scripts/postgres.sh"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        guard system("\(command) >'\(output)' 2>/dev/null") == 0 else {
            throw TransportFailure("postgres.sh \(arguments.joined(separator: " ")) failed")
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}

struct TransportFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The PostgreSQL store on a real server: the storage contract, ownership leases, two instances
/// racing on one session, and the database going away and coming back. One suite, run one test
/// at a time, because one of them stops the server.
@Suite(.serialized, .enabled(if: PrivatePostgres.installed || ProcessInfo.processInfo.environment["SEGUE_TEST_POSTGRES_URL"] != nil,
                             "PostgreSQL is not installed (no initdb under /usr/lib/postgresql; apt-get install postgresql)"))
struct PostgresStoreTests {
    @Test func storageContract() throws {
        try #require(PrivatePostgres.available, "the private PostgreSQL server did not start")
        try StorageContractTests().appendLoadConflictDeleteExpire(kind: "postgres")
        try StorageContractTests().touchedSessionsAreNotIdle(kind: "postgres")
        try SessionCapTests().storesListUntouchedSessionsOldestFirst(kind: "postgres")
        try StorageContractTests().replaceStoresASessionAnewInOneGo(kind: "postgres")
    }

    /// `ReloadStoreTests`' edit of a flow under live sessions, here so that it never shares the
    /// server with a test that stops it or clears old sessions.
    @Test func everySessionKeepsItsPlaceAcrossAnEdit() throws {
        try #require(PrivatePostgres.available, "the private PostgreSQL server did not start")
        try ReloadStoreTests.editATitleKeepsThePlace(storage: try Self.storage())
    }

    /// A store on the test server. Stores that stand for several instances share one `clock`, so
    /// their leases run on one time and a wait for a lease moves it on instead of blocking.
    static func storage(lease: Double = 3, timeout: Duration = .seconds(5), clock: TestClock = TestClock()) throws -> PostgresSessionStorage {
        try PostgresSessionStorage(url: try #require(PrivatePostgres.url) + "?lease=\(lease)", timeout: timeout, clock: clock, logger: quietLogger)
    }

    static func newID() -> String { RandomID.make() }

    /// Appends made in the background: each fails alone, the round trips are counted, and the
    /// writer holds the sessions' leases.
    @Test func backgroundAppendsShareTransactionsAndFailAlone() throws {
        let s = try Self.storage()
        defer { s.close() }
        let ids = (0..<20).map { _ in Self.newID() }
        for id in ids { try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 1, height: 1)) }
        #expect(ids.allSatisfy { s.holdsLease(session: $0) })
        let before = try #require(s.roundTrips)
        let outcomes = Mutex<[String: Bool]>([:])
        let done = DispatchGroup()
        for (n, id) in ids.enumerated() {
            for seq in [1, 2] {
                done.enter()
                s.append(session: id, firstSeq: seq, steps: ["\(id)-\(seq)"], commit: .byStorage) { error in
                    outcomes.withLock { $0["\(n)-\(seq)"] = error == nil }
                    done.leave()
                }
            }
        }
        // A gap fails alone.
        done.enter()
        s.append(session: ids[0], firstSeq: 9, steps: ["gap"], commit: .byStorage) { error in
            outcomes.withLock { $0["gap"] = error == nil }
            done.leave()
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        let results = outcomes.withLock { $0 }
        #expect(results["gap"] == false)
        #expect(results.filter { $0.key != "gap" }.values.allSatisfy { $0 } && results.count == 41)
        // One round trip per batch, so at most one per append (fewer when appends shared a batch).
        let trips = try #require(s.roundTrips) - before
        #expect(trips > 0 && trips <= 41)
        for id in ids { #expect(try s.load(session: id)?.steps == ["\(id)-1", "\(id)-2"]) }
    }

    /// While one instance holds a session's lease, another cannot write it; once the lease runs
    /// out, the other one takes it over after reading what it missed. Time is the instances'
    /// shared test clock: nothing waits.
    @Test func aLeaseKeepsOthersOutUntilItRunsOut() throws {
        let clock = TestClock()
        let a = try Self.storage(lease: 2, clock: clock), b = try Self.storage(lease: 2, clock: clock)
        defer { a.close(); b.close() }
        let id = Self.newID()
        try a.create(StoredSessionHeader(id: id, csrfToken: "t", width: 1, height: 1))
        try a.append(session: id, firstSeq: 1, steps: ["a1"])
        #expect(a.holdsLease(session: id) && !b.holdsLease(session: id))
        #expect(throws: SessionStorageError.self) { try b.append(session: id, firstSeq: 2, steps: ["b2"]) }
        // Past the holder's own view of the lease (four fifths) but not its end: still refused.
        clock.advance(by: .milliseconds(1700))
        #expect(!a.holdsLease(session: id))
        #expect(throws: SessionStorageError.self) { try b.append(session: id, firstSeq: 2, steps: ["b2"]) }
        let before = clock.now
        b.awaitLease(session: id)  // waits on the clock until a's lease has run out (a wrote nothing since)
        #expect(clock.now - before > .zero && clock.now - before <= .milliseconds(305))
        #expect(try b.steps(session: id, after: 0) == ["a1"])
        try b.append(session: id, firstSeq: 2, steps: ["b2"])
        #expect(b.holdsLease(session: id))
        // a's copy is behind: its write, based on step 1, is refused; nothing is applied twice.
        #expect(throws: SessionStorageError.self) { try a.append(session: id, firstSeq: 2, steps: ["a2"]) }
        #expect(try a.load(session: id)?.steps == ["a1", "b2"])
    }

    /// Two instances racing on one session (a short lease, so it changes hands often): every
    /// acknowledged action is stored exactly once, in the order of the versions it answered.
    @Test func twoInstancesRacingOnOneSessionNeverLoseOrRepeatAnAction() throws {
        let clock = TestClock()
        let a = try StoreServer(storage: try Self.storage(lease: 0.2, clock: clock))
        let b = try StoreServer(storage: try Self.storage(lease: 0.2, clock: clock))
        defer { a.stop(); b.stop() }
        let id = try a.newSession()
        #expect(try a.act(id, #"{"action":"tap","element":"inboxRow"}"#).status == 200)
        #expect(try a.act(id, #"{"action":"tap","element":"compose"}"#).status == 200)
        let acknowledged = Mutex<[(subject: String, version: Int)]>([])
        let refused = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let server = worker % 2 == 0 ? a : b
            for j in 0..<8 {
                let subject = "w\(worker)-\(j)"
                guard let r = try? server.act(id, #"{"action":"setValues","values":{"subject":"\#(subject)"}}"#) else { continue }
                if r.status == 200, let v = try? r.state().version {
                    acknowledged.withLock { $0.append((subject, v)) }
                } else {
                    #expect(r.status == 409 || r.status == 503, "answered \(r.status) \(r.body)")
                    refused.add(1, ordering: .relaxed)
                }
            }
        }
        let acks = acknowledged.withLock { $0 }
        #expect(!acks.isEmpty)
        let stored = try #require(try Self.storage().load(session: id)).steps
        for ack in acks {
            let holding = stored.enumerated().filter { $0.element.contains("\"\(ack.subject)\"") }
            #expect(holding.count == 1, "\(ack.subject) is stored \(holding.count) times")
            // Step n (after the launch) gives version n: the answer showed the state it stored.
            #expect(holding.first.map { $0.offset + 1 } == ack.version)
        }
        #expect(Set(acks.map(\.version)).count == acks.count)
        #expect(stored.count == 2 + acks.count)
        for server in [a, b] { #expect(try server.state(id).state().version == stored.count) }
    }

    /// The database going away answers 503 `storage_unavailable` (nothing half-applied); once it
    /// is back the server carries on from the last acknowledged state.
    @Test func theDatabaseGoingAwayAnswers503AndRecovers() throws {
        let url = try #require(PrivatePostgres.url)
        guard PrivatePostgres.directory != nil else {
            Issue.record("SEGUE_TEST_POSTGRES_URL names a server this test cannot stop: not run")
            return
        }
        let server = try StoreServer(storage: try PostgresSessionStorage(url: url, timeout: .seconds(2), logger: quietLogger))
        defer { server.stop() }
        let id = try server.newSession()
        #expect(try server.act(id, #"{"action":"tap","element":"inboxRow"}"#).status == 200)
        try PrivatePostgres.set("pause")
        var resumed = false
        defer { if !resumed { try? PrivatePostgres.set("resume") } }
        let down = try server.act(id, #"{"action":"tap","element":"msgAnna"}"#)
        #expect(down.status == 503 && down.errorCode == "storage_unavailable", "answered \(down.status) \(down.body)")
        #expect(try http("POST", server.base + "/api/v1/sessions", json: "").status == 503)
        #expect(try http("GET", server.base + "/healthz").status == 200)
        try PrivatePostgres.set("resume")
        resumed = true
        // The pool reconnects on the next request; the unacknowledged tap is not there.
        var state = try server.state(id)
        for _ in 0..<20 where state.status != 200 { state = try server.state(id) }
        #expect(state.status == 200)
        let restored = try state.state()
        #expect(restored.url == "/ui/mailNav(mailboxes,inbox)" && restored.version == 1)
        #expect(try server.act(id, #"{"action":"tap","element":"msgAnna"}"#).status == 200)
    }
}

/// Session ids for tests that share one database.
enum RandomID {
    static func make() -> String { (0..<32).map { _ in String("0123456789abcdef".randomElement()!) }.joined() }
}

/// The PostgreSQL store's group commit, with a stand-in for the database.
@Suite struct PostgresCommitterTests {
    /// While a batch is in flight, appends gather; the next batch takes them all, and a session's
    /// later append waits for its earlier one if that one is in flight.
    @Test func appendsGatherWhileABatchIsInFlight() async {
        let gate = Gate()
        let batches = Mutex<[[String]]>([])
        let committer = PostgresCommitter(lanes: 1) { batch in
            batches.withLock { $0.append(batch.map { "\($0.session)\($0.firstSeq)" }) }
            await gate.wait()
            return batch.map { _ in nil }
        }
        let answered = Mutex<[String]>([])
        await withCheckedContinuation { (all: CheckedContinuation<Void, Never>) in
            let left = Mutex(12)
            let complete: @Sendable (String) -> Void = { name in
                answered.withLock { $0.append(name) }
                if left.withLock({ $0 -= 1; return $0 }) == 0 { all.resume() }
            }
            committer.submit(PostgresAppend(session: "a", firstSeq: 1, steps: ["x"])) { _ in complete("a1") }
            for session in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
                committer.submit(PostgresAppend(session: session, firstSeq: 1, steps: ["x"])) { _ in complete(session + "1") }
            }
            committer.submit(PostgresAppend(session: "a", firstSeq: 2, steps: ["y"])) { _ in complete("a2") }
            committer.submit(PostgresAppend(session: "b", firstSeq: 2, steps: ["y"])) { _ in complete("b2") }
            gate.open()
        }
        let sizes = batches.withLock { $0.map(\.count) }
        // The first batch went alone (a in flight kept a's second append back); then all the rest.
        #expect(sizes == [1, 11])
        #expect(batches.withLock { $0[1].contains("a2") && $0[1].contains("b2") })
        let order = answered.withLock { $0 }
        #expect(order.firstIndex(of: "a1")! < order.firstIndex(of: "a2")! && order.firstIndex(of: "b1")! < order.firstIndex(of: "b2")!)
    }

    /// A session's contiguous appends in one batch become one row update; one that does not
    /// follow is refused without a query, and barriers (no steps) write nothing.
    @Test func aBatchIsMergedPerSession() {
        let merged = MergedBatch([
            PostgresAppend(session: "a", firstSeq: 3, steps: ["3", "4"]),
            PostgresAppend(session: "b", firstSeq: 1, steps: ["1"]),
            PostgresAppend(session: "a", firstSeq: 5, steps: ["5"]),
            PostgresAppend(session: "a", firstSeq: 9, steps: ["9"]),
            PostgresAppend(session: "b", firstSeq: 2, steps: []),
        ])
        #expect(merged.ids == ["a", "b"] && merged.olds == [2, 0] && merged.news == [5, 1])
        #expect(merged.rowSeqs == [3, 4, 1, 5] && merged.rowSessions == ["a", "a", "b", "a"])
        #expect(merged.refused == [3])
        #expect(merged.sessionIndex == [0, 1, 0, nil, nil])
    }
}

/// Lets tasks wait until a test opens it.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.open { return true }
                s.waiting.append(c)
                return false
            }
            if now { c.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.open = true
            defer { s.waiting = [] }
            return s.waiting
        }
        for c in waiting { c.resume() }
    }
}
#endif
