import Foundation
import SegueCore
import SegueServer
import SegueStoreSQLite
import SegueTesting
import Testing

/// Snapshots in storage: a session leaving memory leaves one when it is due, and is rebuilt from
/// it and the steps after it into the same state with the same history; a snapshot of another
/// flow is not used.
@Suite struct SnapshotStoreTests {
    static let push = #"{"action":"push","scene":"message"}"#
    static let pop = #"{"action":"pop"}"#

    /// Waits until what the store's writer was given before is written (a background append of
    /// a snapshot): a synchronous append of nothing is stored after it.
    static func settle(_ storage: any SessionStorage) { try? storage.append(session: "-", firstSeq: 1, steps: []) }

    /// A session leaves memory with a snapshot of its last step once four steps were stored since
    /// the last one; the next time it leaves after fewer, the steps since follow that snapshot.
    @Test(arguments: ["memory", "sqlite"]) func evictedSessionsRebuildFromTheirLatestSnapshot(store: String) throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        let storage: any SessionStorage = store == "sqlite" ? try SQLiteSessionStorage(path: file) : InMemorySessionStorage()
        let server = try StoreServer(storage: storage) {
            $0.maxLiveSessions = 1
            $0.app.snapshotInterval = 4
        }
        defer { server.stop() }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<9 { #expect(try server.act(id, i % 2 == 0 ? Self.push : Self.pop).status == 200) }
        // Live, it has no snapshot: a session that stays in memory costs nothing.
        #expect(try storage.loadLatest(session: id)?.snapshot == nil)
        let before = try server.state(id).state(), eventsBefore = try server.events(id)

        // Another session takes the one live place: this one leaves memory, with a snapshot.
        let other = try server.newSession()
        #expect(server.service.app.store.session(id: id) == nil)
        Self.settle(storage)
        let latest = try #require(try storage.loadLatest(session: id))
        #expect(latest.snapshot?.seq == 10 && latest.steps.isEmpty)
        #expect(try storage.load(session: id)?.steps.count == 10)
        let after = try server.state(id).state()
        #expect(after.url == before.url)
        #expect(after.version == before.version)
        // The whole history is still there (replayed from the first step for events before the snapshot).
        #expect(try server.events(id) == eventsBefore)

        // Two more steps, and out again: too few for a new snapshot; they follow the old one.
        for action in [Self.push, Self.pop] { #expect(try server.act(id, action).status == 200) }
        let state = try server.state(id).state()
        _ = try server.state(other)
        #expect(server.service.app.store.session(id: id) == nil)
        Self.settle(storage)
        let later = try #require(try storage.loadLatest(session: id))
        #expect(later.snapshot?.seq == 10 && later.steps.count == 2)
        let rebuilt = try server.state(id).state()
        #expect(rebuilt.url == state.url && rebuilt.version == state.version)
        let next = try server.act(id, Self.push)
        #expect(next.status == 200)
        #expect(try next.state().version == state.version + 1)
    }

    /// A snapshot of the last step: the rebuilt session's live log is empty, and its events
    /// still come back whole, from a replay of every step.
    @Test func aSessionRebuiltAtItsSnapshotStillAnswersItsWholeHistory() throws {
        let server = try StoreServer(storage: InMemorySessionStorage()) {
            $0.maxLiveSessions = 1
            $0.app.snapshotInterval = 4
        }
        defer { server.stop() }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<3 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        let eventsBefore = try server.events(id)
        #expect(eventsBefore.count > 10)
        _ = try server.newSession()
        #expect(server.service.app.store.session(id: id) == nil)
        #expect(try server.events(id) == eventsBefore)
        let lastSeq = eventsBefore.last?.seq ?? 0
        let tail = try http("GET", server.base + "/api/v1/sessions/\(id)/events?after=\(lastSeq - 3)").decode(EventPage.self).events
        #expect(tail.count == 3)
    }

    /// The steps a snapshot covers are not read to rebuild the session: made unreadable, the
    /// session still comes back (without a snapshot it would be quarantined).
    @Test func aRebuildReadsOnlyTheStepsAfterTheSnapshot() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 4 }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<3 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        server.service.app.evictIdle(Int.max, idleAtLeast: .zero, snapshots: true)
        Self.settle(server.service.app.storage)
        for i in 0..<2 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        let url = try server.state(id).state().url
        server.stop()
        #expect(try runSQL(file, "SELECT seq FROM snapshots WHERE session = '\(id)'") == "4")
        _ = try runSQL(file, "UPDATE steps SET step = 'not json' WHERE session = '\(id)' AND seq <= 4")
        _ = try runSQL(file, "UPDATE journal SET step = 'not json' WHERE session = '\(id)' AND seq <= 4")
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 4 }
        defer { server.stop() }
        let state = try server.state(id)
        #expect(state.status == 200)
        #expect(try state.state().url == url)
    }

    /// A restart on an edited flow: the snapshot was taken on the old one, so the session is
    /// rebuilt by replaying every step on the new flow (and shows the new title).
    @Test func aSnapshotOfAnotherFlowIsNotUsed() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 2 }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        try server.act(id, Self.push)
        #expect(try server.state(id).body.contains("\"Inbox\""))
        server.service.app.evictIdle(Int.max, idleAtLeast: .zero, snapshots: true)
        server.stop()
        #expect(try runSQL(file, "SELECT seq FROM snapshots WHERE session = '\(id)'") == "2")
        var board = try mailStoryboard()
        board.scenes["inbox"]?.title = "Received"
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file), storyboard: board) { $0.app.snapshotInterval = 2 }
        defer { server.stop() }
        let state = try server.state(id)
        #expect(state.status == 200)
        #expect(state.body.contains("\"Received\""))
    }

    @Test func noSnapshotsWithAnIntervalOfZero() throws {
        let storage = InMemorySessionStorage()
        let server = try StoreServer(storage: storage) { $0.app.snapshotInterval = 0 }
        defer { server.stop() }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<6 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        server.service.app.evictIdle(Int.max, idleAtLeast: .zero, snapshots: true)
        #expect(try storage.loadLatest(session: id)?.snapshot == nil)
    }
}

extension SnapshotStoreTests {
    /// Stopping the service leaves a snapshot of each live session that is due one, written
    /// before storage closes, so the next start rebuilds it from there; a session with fewer
    /// steps since its last snapshot is left as it is.
    @Test func stoppingTheServiceSnapshotsTheSessionsThatAreDue() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        let server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 4 }
        let busy = try server.newSession(), quiet = try server.newSession()
        try server.act(busy, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<4 { try server.act(busy, i % 2 == 0 ? Self.push : Self.pop) }
        try server.act(quiet, Self.push)
        let url = try server.state(busy).state().url
        server.stop()

        let reopened = try SQLiteSessionStorage(path: file)
        let latest = try #require(try reopened.loadLatest(session: busy))
        #expect(latest.snapshot?.seq == 5 && latest.steps.isEmpty)
        #expect(try reopened.loadLatest(session: quiet)?.snapshot == nil)
        let restarted = try StoreServer(storage: reopened) { $0.app.snapshotInterval = 4 }
        defer { restarted.stop() }
        #expect(try restarted.state(busy).state().url == url)
    }
}
