import Foundation
@testable import SegueServer
import SegueTesting
import Synchronization
import Testing

/// The JSON API (docs/API.md) in process, read through its typed models.
@Suite struct APIEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
    }

    @Test func createReadActDelete() throws {
        let created = try server.createSession("")
        let (id, state) = (created.id, created.state)
        #expect(id.count == 32)
        #expect(state.url == "/ui/mailNav(mailboxes)")
        #expect(state.root.kind == "navigationController")
        #expect(state.root.children.first?.scene == "mailboxes")
        #expect(state.traits.idiom == "phone")
        #expect(state.visible == ["c2"])
        #expect(state.element("inboxRow")?.role == "row")

        let tap = try act(id, #"{"action":"tap","element":"inboxRow"}"#)
        #expect(tap.status == 200)
        let tapped = try tap.decode(ActionResult.self)
        #expect(Array(tapped.events.prefix(3).map(\.sceneAndName)) == ["mailboxes.shouldPerformSegue", "mailboxes.prepareForSegue", "inbox.willMoveToParentViewController"])
        let willAppear = try #require(tapped.events.first { $0.event == "viewWillAppear" })
        #expect(willAppear.isMovingToParent == true)
        #expect(willAppear.animated == true)
        let willMove = try #require(tapped.events.first { $0.event == "willMoveToParentViewController" })
        #expect(willMove.parent == .some("c1"))
        #expect(tapped.state.url == "/ui/mailNav(mailboxes,inbox)")

        let read = try server.request("GET", "/api/v1/sessions/\(id)")
        #expect(read.status == 200)
        #expect(try read.decode(SessionState.self).version == 1)

        let after = try server.events(id, after: 5)
        try #require(after.lastSeq > 6, "a push logs more than one event")
        let seqs = after.events.map(\.seq)
        #expect(seqs.first == 6 && seqs == Array(6...after.lastSeq))

        let pop = try act(id, #"{"action":"pop"}"#).decode(ActionResult.self)
        let leave = try #require(pop.events.first)
        #expect(leave.event == "willMoveToParentViewController")
        #expect(leave.parent == .some(nil))  // sent, as null: leaving its parent

        let noop = try act(id, #"{"action":"pop"}"#)
        #expect(noop.status == 200)
        let noopResult = try noop.decode(ActionResult.self)
        #expect(noopResult.events.isEmpty)
        #expect(noopResult.warnings.count == 1)

        #expect(try server.request("DELETE", "/api/v1/sessions/\(id)").status == 204)
        #expect(try server.request("GET", "/api/v1/sessions/\(id)").errorCode == "unknown_session")
    }

    @Test func actionBodiesWithKeysTheActionDoesNotTakeAreRefused() throws {
        let id = try server.createSession().id
        let actions = "/api/v1/sessions/\(id)/actions"
        let cases: [(body: String, key: String, suggestion: String?)] = [
            (#"{"action":"tap","element":"inboxRow","fields":{"subject":"x"}}"#, "fields", "values"),
            (#"{"action":"performSegue","identifer":"compose"}"#, "identifer", "identifier"),
            (#"{"action":"pop","animate":false}"#, "animate", "animated"),
            (#"{"action":"memoryWarning","scene":"inbox"}"#, "scene", nil),
            (#"{"acton":"pop"}"#, "acton", "action"),
            (#"{"action":"setTraits","traits":{"width":400,"height":800,"style":"dark"}}"#, "style", nil),
            (#"{"action":"setTraits","traits":{"width":400,"heigth":800}}"#, "heigth", "height"),
        ]
        for c in cases {
            let r = try server.request("POST", actions, json: c.body)
            #expect(r.status == 400 && r.errorCode == "invalid_request", "\(c.body)")
            #expect(r.errorMessage.contains("'\(c.key)'"), "\(r.errorMessage)")
            if let suggestion = c.suggestion { #expect(r.errorMessage.contains("did you mean '\(suggestion)'"), "\(r.errorMessage)") }
        }
        let noValues = try server.request("POST", actions, json: #"{"action":"setValues"}"#)
        #expect(noValues.status == 400 && noValues.errorCode == "invalid_request")
        let misspelt = try server.request("POST", actions, json: #"{"action":"presnt","scene":"message"}"#)
        #expect(misspelt.errorCode == "unknown_action")
        #expect(misspelt.errorMessage.contains("did you mean 'present'"))
        // Nothing happened: still the launch state, no event logged.
        #expect(try server.state(id).version == 0)
        // Creating a session takes traits, url and scene only.
        let create = try server.request("POST", "/api/v1/sessions", json: #"{"trait":{"width":1024,"height":768}}"#)
        #expect(create.status == 400 && create.errorCode == "invalid_request")
        #expect(create.errorMessage.contains("did you mean 'traits'"))
        // Inside traits too: only width and height.
        for (body, key, suggestion) in [(#"{"traits":{"width":390,"height":844,"idiom":"pad"}}"#, "idiom", "width"),
                                         (#"{"traits":{"width":390,"heigth":844}}"#, "heigth", "height")] {
            let r = try server.request("POST", "/api/v1/sessions", json: body)
            #expect(r.status == 400 && r.errorCode == "invalid_request", "\(body)")
            #expect(r.errorMessage.contains("'\(key)'") && r.errorMessage.contains("did you mean '\(suggestion)'"), "\(r.errorMessage)")
        }
    }

    @Test func badInputGetsCodedErrorsAndChangesNothing() throws {
        let id = try server.createSession().id
        let launch = try server.events(id)
        let actions = "/api/v1/sessions/\(id)/actions"
        let cases: [(String, Int, String)] = [
            ("{\"action\":", 400, "malformed_json"),
            ("[1,2]", 400, "malformed_json"),
            (#"{"action":"fly"}"#, 400, "unknown_action"),
            (#"{"element":"x"}"#, 400, "invalid_request"),
            (#"{"action":"selectTab","index":"one"}"#, 400, "invalid_request"),
            (#"{"action":"selectTab","index":true}"#, 400, "invalid_request"),
            (#"{"action":"setEditing","editing":1}"#, 400, "invalid_request"),
            // 0 and 1 are integers even though Foundation bridges them to Bool: no tab bar here.
            (#"{"action":"selectTab","index":0}"#, 409, "illegal_transition"),
            (#"{"action":"selectTab","index":1}"#, 409, "illegal_transition"),
            (#"{"action":"tap","element":"ghost"}"#, 404, "unknown_element"),
            (#"{"action":"push","scene":"ghost"}"#, 404, "unknown_scene"),
            (#"{"action":"performSegue","identifier":"ghost"}"#, 404, "unknown_segue"),
            (#"{"action":"popTo","controller":"c99"}"#, 404, "unknown_controller"),
            (#"{"action":"popTo","controller":"c1"}"#, 409, "illegal_transition"),
            (#"{"action":"push","scene":"composeNav"}"#, 409, "illegal_transition"),
            (#"{"action":"present","scene":"message","modalPresentationStyle":"formSheet","modalTransitionStyle":"partialCurl"}"#, 409, "illegal_transition"),
            (#"{"action":"tap","element":"inboxRow","expectedVersion":42}"#, 409, "stale_version"),
            // Large integers are integers: the version is stale, the index has no tab bar.
            (#"{"action":"pop","expectedVersion":1000000000000}"#, 409, "stale_version"),
            (#"{"action":"selectTab","index":5000000000}"#, 409, "illegal_transition"),
            (#"{"action":"selectTab","index":1.5}"#, 400, "invalid_request"),
            (#"{"action":"pop","expectedVersion":1e300}"#, 400, "invalid_request"),
        ]
        for (body, status, code) in cases {
            let r = try server.request("POST", actions, json: body)
            #expect(r.status == status, "\(body)")
            // The error body decodes: a code and a message that says something.
            let error = try r.decode(APIErrorBody.self).error
            #expect(error.code == code, "\(body)")
            #expect(!error.message.isEmpty, "\(body)")
        }
        let unknown = try server.request("POST", "/api/v1/sessions/0123456789abcdef0123456789abcdef/actions", json: #"{"action":"pop"}"#)
        #expect(unknown.status == 404 && unknown.errorCode == "unknown_session")
        #expect(try server.request("PUT", "/api/v1/sessions/\(id)").status == 405)
        #expect(try server.state(id).version == 0)
        let events = try server.events(id)
        #expect(events.events.map(\.seq) == Array(1...events.lastSeq))
        #expect(events.lastSeq == launch.lastSeq)  // only the launch
        #expect(try server.request("GET", "/api/v1/sessions/\(id)/events?after=-1").status == 400)
    }

    @Test func sessionsStartWithTraitsOrAURL() throws {
        let pad = try server.createSession(#"{"traits":{"width":1024,"height":768}}"#).state
        #expect(pad.traits.idiom == "pad")
        #expect(pad.traits.horizontalSizeClass == "regular")
        let restored = try server.createSession(#"{"url":"/ui/mailNav(mailboxes,inbox)"}"#).state
        #expect(restored.url == "/ui/mailNav(mailboxes,inbox)")
        let ghost = try server.request("POST", "/api/v1/sessions", json: #"{"url":"/ui/mailNav(ghost)"}"#)
        #expect(ghost.status == 404 && ghost.errorCode == "unknown_scene")
        #expect(try server.request("POST", "/api/v1/sessions", json: #"{"url":"/ui/(("}"#).errorCode == "invalid_url")
        let negative = try server.request("POST", "/api/v1/sessions", json: #"{"traits":{"width":-3}}"#)
        #expect(negative.status == 400 && negative.errorCode == "invalid_request")
        // Sizes are whole points: a fraction is refused, not cut.
        let fraction = try server.request("POST", "/api/v1/sessions", json: #"{"traits":{"width":1.99,"height":100}}"#)
        #expect(fraction.status == 400 && fraction.errorCode == "invalid_request")
        // A huge bad URL is quoted in part, not echoed whole.
        let long = "/ui/" + String(repeating: "(", count: 100_000)
        let refused = try server.request("POST", "/api/v1/sessions", json: #"{"url":"\#(long)"}"#)
        #expect(refused.errorCode == "invalid_url" && refused.body.utf8.count < 1_000)
        #expect(refused.body.contains("100004 bytes"))
    }

    @Test func theEventsRouteAnswersEveryEventAfterTheLiveLogDroppedOldOnes() throws {
        // A live log that keeps only 16 to 32 events (no action here causes more than 16): older
        // ones come from replaying the steps.
        let small = try TestServer { $0.app.eventLogCapacity = 16 }
        let id = try small.createSession("").id
        func line(_ e: Event) -> String { "\(e.seq) \(e.controller).\(e.event)" }
        var expected: [String] = []
        for action in [#"{"action":"tap","element":"inboxRow"}"#, #"{"action":"pop"}"#] + Array(repeating: #"{"action":"memoryWarning"}"#, count: 4)
            + [#"{"action":"tap","element":"inboxRow"}"#, #"{"action":"tap","element":"msgAnna"}"#] {
            let r = try small.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
            #expect(r.status == 200)
            expected += try r.decode(ActionResult.self).events.map(line)
        }
        let launch = try small.events(id)
        let all = launch.events.map(line)
        #expect(launch.lastSeq > 64)
        #expect(all.count == launch.lastSeq)  // every seq from 1, none dropped
        #expect(Array(all.suffix(expected.count)) == expected)  // the same events the actions reported
        #expect(try small.events(id, after: 7).events.map(line) == Array(all.dropFirst(7)))
        // The event stream answers the same events, however old.
        let stream = try small.request("GET", "/api/v1/sessions/\(id)/events/stream?after=7")
        #expect(stream.body.matches(of: /id: (\d+)\n/).map { Int($0.1)! } == Array(8...launch.lastSeq))
        // An `after` past every event, up to the largest integer: none, and the server stays up.
        for after in [launch.lastSeq, Int.max - 1, Int.max] {
            let none = try small.request("GET", "/api/v1/sessions/\(id)/events?after=\(after)")
            #expect(none.status == 200)
            #expect(try none.decode(EventPage.self).events.isEmpty)
        }
        #expect(try small.request("GET", "/api/v1/sessions/\(id)/events/stream?after=\(Int.max)").status == 200)
        #expect(try small.request("GET", "/healthz").status == 200)
    }

    @Test func concurrentActionsOnOneSessionAreSerialised() throws {
        let id = try server.createSession().id
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for _ in 0..<10 {
                do {
                    let r = try act(id, i % 2 == 0 ? #"{"action":"push","scene":"message"}"# : #"{"action":"pop"}"#)
                    if r.status != 200 { failures.withLock { $0.append("\(r.status) \(r.body)") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let events = try server.events(id)
        #expect(events.events.map(\.seq) == Array(1...events.events.count))
        // Every push changes the state; a pop changes it unless the stack is at its root.
        #expect(try server.state(id).version >= 40)
    }
}

/// Limits: sessions.
@Suite struct LimitsEndToEndTests {
    @Test func sessionLimitAnswers503() throws {
        let server = try TestServer { $0.maxSessions = 2 }
        #expect(try server.request("POST", "/api/v1/sessions", json: "").status == 201)
        #expect(try server.request("POST", "/api/v1/sessions", json: "").status == 201)
        let third = try server.request("POST", "/api/v1/sessions", json: "")
        #expect(third.status == 503 && third.errorCode == "too_many_sessions")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// At the limit a creation first expires idle sessions, but walks the store at most once a
    /// second: in between, a full server refuses at once.
    @Test func atTheLimitCreationExpiresIdleSessionsAtMostOnceASecond() throws {
        let server = try TestServer {
            $0.maxSessions = 1
            $0.app.sessionIdleTimeout = .seconds(400)
        }
        let app = server.service.app
        let create = { try server.request("POST", "/api/v1/sessions", json: "") }
        #expect(try create().status == 201)
        server.clock.advance(by: .seconds(10))
        #expect(try create().status == 503)  // full: the expiry ran, nothing was idle long enough
        let first = try #require(app.lastExpiryAtLimit.withLock { $0 })
        #expect(first == server.clock.now)
        server.clock.advance(by: .milliseconds(500))
        let refused = try create()  // refused without walking the store again
        #expect(refused.status == 503 && refused.errorCode == "too_many_sessions")
        #expect(app.lastExpiryAtLimit.withLock { $0 } == first)
        server.clock.advance(by: .milliseconds(600))
        #expect(try create().status == 503)
        #expect(app.lastExpiryAtLimit.withLock { $0 } == server.clock.now)  // a second on: it ran again
        // Idle past the timeout: the expiry at the next creation makes room.
        server.clock.advance(by: .seconds(401))
        #expect(try create().status == 201)
        #expect(try app.storage.count() == 1)
    }
}

/// Idle expiry and eviction on a test clock: time is advanced, never waited for.
@Suite struct ExpiryEndToEndTests {
    @Test func idleSessionsExpireAndActiveOnesStay() throws {
        let server = try TestServer { $0.app.sessionIdleTimeout = .seconds(400) }
        let idle = try server.createSession().id
        let active = try server.createSession().id
        for _ in 0..<8 {
            server.clock.advance(by: .seconds(100))
            server.service.expireIdleSessions()
            #expect(try server.request("GET", "/api/v1/sessions/\(active)").status == 200)
        }
        // 800 s without a request: gone from memory and from storage.
        let gone = try server.request("GET", "/api/v1/sessions/\(idle)")
        #expect(gone.status == 404)
        #expect(gone.errorCode == "unknown_session")
        #expect(try server.service.app.storage.load(session: idle) == nil)
        #expect(try server.request("GET", "/api/v1/sessions/\(active)").status == 200)
    }

    /// Eviction takes the least recently used sessions, oldest first, whether a few are asked
    /// for (picked out in one pass) or many (sorted).
    @Test func leastRecentlyUsedListsTheOldestFirst() throws {
        let server = try TestServer()
        var ids: [String] = []
        for _ in 0..<40 {
            ids.append(try server.createSession().id)
            server.clock.advance(by: .seconds(1))
        }
        let used = [ids[3], ids[0], ids[7]]
        for id in used {
            #expect(try server.request("GET", "/api/v1/sessions/\(id)").status == 200)
            server.clock.advance(by: .seconds(1))
        }
        let expected = ids.filter { !used.contains($0) } + used
        let store = server.service.app.store
        #expect(store.leastRecentlyUsed(3, idleAtLeast: .zero).map(\.id) == Array(expected.prefix(3)))
        #expect(store.leastRecentlyUsed(40, idleAtLeast: .zero).map(\.id) == expected)
        // Now is 43 s: only sessions 1 and 2 have been idle for 40 s or more.
        #expect(store.leastRecentlyUsed(3, idleAtLeast: .seconds(40)).map(\.id) == [ids[1], ids[2]])
    }

    /// A session with an append in flight is not evicted (its answer is not out yet): the next
    /// least recently used one goes instead.
    @Test func evictionPassesOverASessionWithAnAppendInFlight() throws {
        let server = try TestServer()
        var ids: [String] = []
        for _ in 0..<3 {
            ids.append(try server.createSession().id)
            server.clock.advance(by: .seconds(1))
        }
        let app = server.service.app
        let busy = try #require(app.store.session(id: ids[0]))
        busy.appendsInFlight.add(1, ordering: .relaxed)
        #expect(app.evictIdle(1, idleAtLeast: .zero) == 1)
        #expect(app.store.session(id: ids[0]) != nil)
        #expect(app.store.session(id: ids[1]) == nil)
        #expect(app.store.session(id: ids[2]) != nil)
        busy.appendsInFlight.subtract(1, ordering: .relaxed)
    }

    @Test func aLiveSessionStaysUntilIdleLongerThanTheTimeout() throws {
        let server = try TestServer { $0.app.sessionIdleTimeout = .seconds(60) }
        let id = try server.createSession().id
        server.clock.advance(by: .seconds(60))
        server.service.expireIdleSessions()
        #expect(server.service.app.store.session(id: id) != nil)  // idle exactly the timeout: not longer
        server.clock.advance(by: .milliseconds(1))
        server.service.expireIdleSessions()
        #expect(server.service.app.store.session(id: id) == nil)
    }

    @Test func sessionsOnlyReadStayStoredAndIdleOnesLeaveMemoryFirst() throws {
        let server = try TestServer {
            $0.app.sessionIdleTimeout = .seconds(3600)
            $0.app.evictIdleAfter = .seconds(600)
        }
        let (store, storage) = (server.service.app.store, server.service.app.storage)
        let reader = try server.createSession().id
        let quiet = try server.createSession().id
        // Past the eviction time: the quiet session leaves memory but stays stored.
        server.clock.advance(by: .seconds(601))
        #expect(try server.request("GET", "/api/v1/sessions/\(reader)").status == 200)
        server.service.expireIdleSessions()
        #expect(store.session(id: quiet) == nil)
        #expect(store.session(id: reader) != nil)
        #expect(try storage.load(session: quiet) != nil)
        // Reading is using: the reader is marked used in storage by the next pass.
        server.clock.advance(by: .seconds(3000))
        #expect(try server.request("GET", "/api/v1/sessions/\(reader)").status == 200)
        server.service.expireIdleSessions()
        #expect(try storage.load(session: quiet) != nil)  // last marked used by the first pass
        server.clock.advance(by: .seconds(601))
        server.service.expireIdleSessions()
        #expect(try storage.load(session: reader) != nil)
        #expect(try storage.load(session: quiet) == nil)
        #expect(try server.request("GET", "/api/v1/sessions/\(quiet)").errorCode == "unknown_session")
    }
}
