import Foundation
import SegueCore
import SegueServer
import SegueStoreSQLite
import Testing

/// Snapshots in storage: a session evicted or restarted is rebuilt from its latest snapshot and
/// the steps after it, into the same state with the same history; a snapshot of another flow
/// is not used.
@Suite struct SnapshotStoreTests {
    static let push = #"{"action":"push","scene":"message"}"#
    static let pop = #"{"action":"pop"}"#

    /// Ten actions with a snapshot every four steps: the snapshot is of step 8, two steps follow.
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
        let before = try server.state(id).json, eventsBefore = try server.events(id)
        let latest = try #require(try storage.loadLatest(session: id))
        #expect(latest.snapshot?.seq == 8)
        #expect(latest.steps.count == 2)
        #expect(try storage.load(session: id)?.steps.count == 10)

        // Another session takes the one live place: this one leaves memory.
        _ = try server.newSession()
        #expect(server.service.app.store.session(id: id) == nil)
        let after = try server.state(id).json
        #expect(after["url"] as? String == before["url"] as? String)
        #expect(after["version"] as? Int == before["version"] as? Int)
        // The whole history is still there (replayed from the first step for events before the snapshot).
        #expect(sameEvents(try server.events(id), eventsBefore))
        let next = try server.act(id, Self.pop)
        #expect(next.status == 200 && next.state["version"] as? Int == (before["version"] as? Int ?? 0) + 1)
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
        #expect(sameEvents(try server.events(id), eventsBefore))
        let lastSeq = eventsBefore.last?["seq"] as? Int ?? 0
        let tail = try http("GET", server.base + "/api/v1/sessions/\(id)/events?after=\(lastSeq - 3)").json["events"] as? [[String: Any]]
        #expect(tail?.count == 3)
    }

    /// The steps a snapshot covers are not read to rebuild the session: made unreadable, the
    /// session still comes back (without a snapshot it would be quarantined).
    @Test func aRebuildReadsOnlyTheStepsAfterTheSnapshot() throws {
        let file = temporaryDirectory() + "/sessions.sqlite"
        var server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 4 }
        let id = try server.newSession()
        try server.act(id, #"{"action":"tap","element":"inboxRow"}"#)
        for i in 0..<5 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        let url = try server.state(id).json["url"] as? String
        server.stop()
        #expect(try runSQL(file, "SELECT seq FROM snapshots WHERE session = '\(id)'") == "4")
        _ = try runSQL(file, "UPDATE steps SET step = 'not json' WHERE session = '\(id)' AND seq <= 4")
        _ = try runSQL(file, "UPDATE journal SET step = 'not json' WHERE session = '\(id)' AND seq <= 4")
        server = try StoreServer(storage: try SQLiteSessionStorage(path: file)) { $0.app.snapshotInterval = 4 }
        defer { server.stop() }
        let state = try server.state(id)
        #expect(state.status == 200)
        #expect(state.json["url"] as? String == url)
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
        for i in 0..<6 { try server.act(id, i % 2 == 0 ? Self.push : Self.pop) }
        #expect(try storage.loadLatest(session: id)?.snapshot == nil)
    }
}
