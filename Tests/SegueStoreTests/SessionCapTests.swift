import Foundation
import SegueCore
import SegueHTTP
import SegueServer
import SegueStoreSQLite
import SegueTesting
import Testing

/// One client cannot fill the server: sessions per address are limited, and a full server drops
/// sessions nobody acted on before it refuses anyone. In process, on a clock moved by hand.
@Suite struct SessionCapTests {
    static func app(storage: any SessionStorage, clock: TestClock, _ configure: (inout SegueApp.Configuration) -> Void) throws -> SegueApp {
        var configuration = SegueApp.Configuration()
        configuration.clock = clock
        configure(&configuration)
        return SegueApp(storyboard: try mailStoryboard(), storage: storage, assets: StaticAssets(directory: nil),
                        configuration: configuration, logger: quietLogger)
    }

    /// `GET /` as a browser at `address` without a cookie: 303 with a new session, or the refusal.
    static func visit(_ app: SegueApp, from address: String?) -> HTTPResponse {
        var request = HTTPRequest(method: .GET, path: "/")
        request.clientAddress = address
        return app.respond(to: request)
    }

    @Test func oneAddressCreatesSessionsAtItsRateOnly() throws {
        let clock = TestClock()
        let app = try Self.app(storage: InMemorySessionStorage(clock: clock), clock: clock) { $0.sessionsPerAddressPerMinute = 3 }
        for _ in 0..<3 { #expect(Self.visit(app, from: "203.0.113.5").status == 303) }
        let refused = Self.visit(app, from: "203.0.113.5")
        #expect(refused.status == 503 && String(decoding: refused.body, as: UTF8.self).contains("too_many_sessions"))
        // Others are not held back, nor loopback clients, nor requests made in process.
        #expect(Self.visit(app, from: "198.51.100.7").status == 303)
        for _ in 0..<5 { #expect(Self.visit(app, from: "127.0.0.1").status == 303) }
        #expect(Self.visit(app, from: nil).status == 303)
        // The bucket refills at 3 a minute: one more after 20 s, not two.
        clock.advance(by: .seconds(20))
        #expect(Self.visit(app, from: "203.0.113.5").status == 303)
        #expect(Self.visit(app, from: "203.0.113.5").status == 503)
        #expect(try app.storage.count() == 3 + 1 + 5 + 1 + 1)
    }

    @Test func aFullServerDropsUntouchedIdleSessionsFirst() throws {
        let clock = TestClock()
        let storage = InMemorySessionStorage(clock: clock)
        let app = try Self.app(storage: storage, clock: clock) { $0.maxSessions = 3; $0.sessionsPerAddressPerMinute = 0 }
        // Three sessions: two only viewed (one of them opened at a URL), one acted on.
        #expect(Self.visit(app, from: nil).status == 303)
        let restored = app.respond(to: HTTPRequest(method: .GET, path: "/ui/mailNav(mailboxes,inbox)"))
        #expect(restored.status == 200)
        let created = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array("{}".utf8)))
        let acted = try #require(String(decoding: created.body, as: UTF8.self).firstMatch(of: /"id":"([0-9a-f]+)"/).map { String($0.1) })
        let tap = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions/\(acted)/actions",
                                              body: Array(#"{"action":"tap","element":"inboxRow"}"#.utf8)))
        #expect(tap.status == 200)
        // Full, and the untouched ones were used just now: refused.
        #expect(Self.visit(app, from: nil).status == 503)
        // A minute later they are dropped to make room; the one acted on stays.
        clock.advance(by: .seconds(62))
        #expect(Self.visit(app, from: nil).status == 303)
        #expect(Self.visit(app, from: nil).status == 303)
        #expect(try app.storage.count() == 3)
        #expect(try app.storage.load(session: acted)?.steps.count == 1)
        // Only sessions nobody acted on go: with three acted on, a full server refuses.
        clock.advance(by: .seconds(62))
        for summary in try app.storage.list(limit: 10) where summary.id != acted {
            #expect(app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions/\(summary.id)/actions",
                                                body: Array(#"{"action":"setTraits","traits":{"width":400,"height":800}}"#.utf8))).status == 200)
        }
        clock.advance(by: .seconds(62))
        #expect(Self.visit(app, from: nil).status == 503)
    }

    /// The stores tell sessions nobody acted on: no step, or only the restoration they were opened
    /// with. (PostgreSQL runs it too, in ``PostgresStoreTests``: its server holds other tests'
    /// sessions, so only this test's own are compared.)
    @Test(arguments: StorageContractTests.storages) func storesListUntouchedSessionsOldestFirst(kind: String) throws {
        let clock = TestClock()
        let s = try StorageContractTests().make(kind, clock: clock)
        defer { s.close() }
        let ids = (0..<5).map { _ in uniqueID() }
        for id in ids { try s.create(StoredSessionHeader(id: id, csrfToken: "t", width: 1, height: 1)) }
        try s.append(session: ids[1], firstSeq: 1, steps: [#"{"restore":"/ui/a(b)"}"#])
        try s.append(session: ids[2], firstSeq: 1, steps: [#"{"action":"pop"}"#])
        try s.append(session: ids[3], firstSeq: 1, steps: [#"{"restore":"/ui/a(b)"}"#, #"{"action":"pop"}"#])
        try s.append(session: ids[4], firstSeq: 1, steps: [#"{"restore":"/ui/a(b)","version":3}"#])
        func untouched(limit: Int) throws -> Set<String> { Set(try s.untouched(idleLongerThan: .seconds(60), limit: limit)).intersection(ids) }
        #expect(try untouched(limit: 100_000).isEmpty)
        clock.advance(by: .seconds(62))
        #expect(try untouched(limit: 100_000) == [ids[0], ids[1]])
        #expect(try s.untouched(idleLongerThan: .seconds(60), limit: 1).count == 1)
        for id in ids { _ = try s.delete(session: id) }
    }
}
