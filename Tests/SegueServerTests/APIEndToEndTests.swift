import Foundation
import Synchronization
import Testing

/// The JSON API (docs/API.md) over real HTTP.
@Suite(.serialized) struct APIEndToEndTests {
    let server: LiveServer
    init() throws { server = try LiveServer() }

    func createSession(_ body: String? = nil) throws -> (id: String, state: [String: Any]) {
        let r = try curl("POST", server.base + "/api/v1/sessions", json: body ?? "")
        #expect(r.status == 201)
        return (r.json["id"] as! String, r.json["state"] as! [String: Any])
    }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try curl("POST", server.base + "/api/v1/sessions/\(id)/actions", json: action)
    }

    @Test func createReadActDelete() throws {
        let (id, state) = try createSession()
        #expect(id.count == 32)
        #expect(state["url"] as? String == "/ui/mailNav(mailboxes)")
        #expect(state[path: "root.kind"] as? String == "navigationController")
        #expect(state[path: "root.children.0.scene"] as? String == "mailboxes")
        #expect(state[path: "traits.idiom"] as? String == "phone")
        #expect((state["visible"] as? [String]) == ["c2"])
        let elements = state["elements"] as! [[String: Any]]
        #expect(elements.first { $0["id"] as? String == "inboxRow" }?["role"] as? String == "row")

        let tap = try act(id, #"{"action":"tap","element":"inboxRow"}"#)
        #expect(tap.status == 200)
        let events = (tap.json["events"] as! [[String: Any]]).map { "\($0["scene"] as? String ?? "").\($0["event"] as! String)" }
        #expect(Array(events.prefix(3)) == ["mailboxes.shouldPerformSegue", "mailboxes.prepareForSegue", "inbox.willMoveToParentViewController"])
        let willAppear = (tap.json["events"] as! [[String: Any]]).first { $0["event"] as? String == "viewWillAppear" }!
        #expect(willAppear["isMovingToParent"] as? Bool == true)
        #expect(willAppear["animated"] as? Bool == true)
        let willMove = (tap.json["events"] as! [[String: Any]]).first { $0["event"] as? String == "willMoveToParentViewController" }!
        #expect(willMove["parent"] as? String == "c1")
        #expect(tap.json[path: "state.url"] as? String == "/ui/mailNav(mailboxes,inbox)")

        let read = try curl("GET", server.base + "/api/v1/sessions/\(id)")
        #expect(read.status == 200 && read.json["version"] as? Int == 1)

        let after = try curl("GET", server.base + "/api/v1/sessions/\(id)/events?after=5")
        let seqs = (after.json["events"] as! [[String: Any]]).map { $0["seq"] as! Int }
        #expect(seqs.first == 6 && seqs == Array(6...(seqs.last!)))

        let pop = try act(id, #"{"action":"pop"}"#)
        let popEvents = pop.json["events"] as! [[String: Any]]
        #expect(popEvents.first?["event"] as? String == "willMoveToParentViewController")
        #expect(popEvents.first?.keys.contains("parent") == true && popEvents.first?["parent"] is NSNull)

        let noop = try act(id, #"{"action":"pop"}"#)
        #expect(noop.status == 200)
        #expect((noop.json["events"] as! [Any]).isEmpty)
        #expect((noop.json["warnings"] as! [String]).count == 1)

        #expect(try curl("DELETE", server.base + "/api/v1/sessions/\(id)").status == 204)
        #expect(try curl("GET", server.base + "/api/v1/sessions/\(id)").errorCode == "unknown_session")
    }

    @Test func actionBodiesWithKeysTheActionDoesNotTakeAreRefused() throws {
        let (id, _) = try createSession()
        let base = server.base + "/api/v1/sessions/\(id)/actions"
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
            let r = try curl("POST", base, json: c.body)
            #expect(r.status == 400 && r.errorCode == "invalid_request", "\(c.body)")
            let message = (r.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("'\(c.key)'"), "\(message)")
            if let suggestion = c.suggestion { #expect(message.contains("did you mean '\(suggestion)'"), "\(message)") }
        }
        let noValues = try curl("POST", base, json: #"{"action":"setValues"}"#)
        #expect(noValues.status == 400 && noValues.errorCode == "invalid_request")
        let misspelt = try curl("POST", base, json: #"{"action":"presnt","scene":"message"}"#)
        #expect(misspelt.errorCode == "unknown_action")
        let misspeltMessage = (misspelt.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(misspeltMessage.contains("did you mean 'present'"))
        // Nothing happened: still the launch state, no event logged.
        #expect(try curl("GET", server.base + "/api/v1/sessions/\(id)").json["version"] as? Int == 0)
        // Creating a session takes traits, url and scene only.
        let create = try curl("POST", server.base + "/api/v1/sessions", json: #"{"trait":{"width":1024,"height":768}}"#)
        #expect(create.status == 400 && create.errorCode == "invalid_request")
        let createMessage = (create.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(createMessage.contains("did you mean 'traits'"))
        // Inside traits too: only width and height.
        for (body, key, suggestion) in [(#"{"traits":{"width":390,"height":844,"idiom":"pad"}}"#, "idiom", "width"),
                                         (#"{"traits":{"width":390,"heigth":844}}"#, "heigth", "height")] {
            let r = try curl("POST", server.base + "/api/v1/sessions", json: body)
            #expect(r.status == 400 && r.errorCode == "invalid_request", "\(body)")
            let message = (r.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("'\(key)'") && message.contains("did you mean '\(suggestion)'"), "\(message)")
        }
    }

    @Test func badInputGetsCodedErrorsAndChangesNothing() throws {
        let (id, _) = try createSession()
        let launchSeq = try curl("GET", server.base + "/api/v1/sessions/\(id)/events?after=0").json["lastSeq"] as! Int
        let base = server.base + "/api/v1/sessions/\(id)/actions"
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
        ]
        for (body, status, code) in cases {
            let r = try curl("POST", base, json: body)
            #expect(r.status == status, "\(body)")
            #expect(r.errorCode == code, "\(body)")
            #expect((r.json["error"] as? [String: Any])?["message"] is String)
        }
        let big = try temporaryFileOfSize(2 << 20)
        let tooBig = try curl("POST", base, headers: ["Content-Type: application/json"], dataFile: big)
        #expect(tooBig.status == 413 && tooBig.errorCode == "payload_too_large")
        #expect(try curl("POST", server.base + "/api/v1/sessions/0123456789abcdef0123456789abcdef/actions", json: #"{"action":"pop"}"#).status == 404)
        #expect(try curl("PUT", server.base + "/api/v1/sessions/\(id)").status == 405)
        let state = try curl("GET", server.base + "/api/v1/sessions/\(id)")
        #expect(state.json["version"] as? Int == 0)
        let events = try curl("GET", server.base + "/api/v1/sessions/\(id)/events?after=0")
        #expect((events.json["events"] as! [Any]).count == events.json["lastSeq"] as! Int)
        #expect(events.json["lastSeq"] as? Int == launchSeq)  // only the launch
        #expect(try curl("GET", server.base + "/api/v1/sessions/\(id)/events?after=-1").status == 400)
    }

    @Test func sessionsStartWithTraitsOrAURL() throws {
        let (_, pad) = try createSession(#"{"traits":{"width":1024,"height":768}}"#)
        #expect(pad[path: "traits.idiom"] as? String == "pad")
        #expect(pad[path: "traits.horizontalSizeClass"] as? String == "regular")
        let (_, restored) = try createSession(#"{"url":"/ui/mailNav(mailboxes,inbox)"}"#)
        #expect(restored["url"] as? String == "/ui/mailNav(mailboxes,inbox)")
        #expect(try curl("POST", server.base + "/api/v1/sessions", json: #"{"url":"/ui/mailNav(ghost)"}"#).status == 404)
        #expect(try curl("POST", server.base + "/api/v1/sessions", json: #"{"url":"/ui/(("}"#).errorCode == "invalid_url")
        #expect(try curl("POST", server.base + "/api/v1/sessions", json: #"{"traits":{"width":-3}}"#).status == 400)
    }

    @Test func theEventsRouteAnswersEveryEventAfterTheLiveLogDroppedOldOnes() throws {
        // A live log that keeps only 16 to 32 events (no action here causes more than 16): older
        // ones come from replaying the steps.
        let small = try LiveServer { $0.app.eventLogCapacity = 16 }
        let created = try curl("POST", small.base + "/api/v1/sessions", json: "")
        let id = try #require(created.json["id"] as? String)
        func line(_ e: [String: Any]) -> String { "\(e["seq"] as! Int) \(e["controller"] as! String).\(e["event"] as! String)" }
        var expected: [String] = []
        for action in [#"{"action":"tap","element":"inboxRow"}"#, #"{"action":"pop"}"#] + Array(repeating: #"{"action":"memoryWarning"}"#, count: 4)
            + [#"{"action":"tap","element":"inboxRow"}"#, #"{"action":"tap","element":"msgAnna"}"#] {
            let r = try curl("POST", small.base + "/api/v1/sessions/\(id)/actions", json: action)
            #expect(r.status == 200)
            expected += (r.json["events"] as! [[String: Any]]).map(line)
        }
        let launch = try curl("GET", small.base + "/api/v1/sessions/\(id)/events?after=0")
        let all = (launch.json["events"] as! [[String: Any]]).map(line)
        let lastSeq = try #require(launch.json["lastSeq"] as? Int)
        #expect(lastSeq > 64)
        #expect(all.count == lastSeq)  // every seq from 1, none dropped
        #expect(Array(all.suffix(expected.count)) == expected)  // the same events the actions reported
        let later = try curl("GET", small.base + "/api/v1/sessions/\(id)/events?after=7")
        #expect((later.json["events"] as! [[String: Any]]).map(line) == Array(all.dropFirst(7)))
    }

    @Test func concurrentActionsOnOneSessionAreSerialised() throws {
        let (id, _) = try createSession()
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for _ in 0..<10 {
                let r = try? act(id, i % 2 == 0 ? #"{"action":"push","scene":"message"}"# : #"{"action":"pop"}"#)
                if r?.status != 200 { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let state = try curl("GET", server.base + "/api/v1/sessions/\(id)")
        let events = try curl("GET", server.base + "/api/v1/sessions/\(id)/events?after=0")
        let seqs = (events.json["events"] as! [[String: Any]]).map { $0["seq"] as! Int }
        #expect(seqs == Array(1...seqs.count))
        #expect(state.json["version"] as! Int >= 40)
    }

    func temporaryFileOfSize(_ n: Int) throws -> String {
        let path = NSTemporaryDirectory() + "segue-big-\(UUID().uuidString)"
        try Data(repeating: UInt8(ascii: " "), count: n).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Limits: sessions.
@Suite struct LimitsEndToEndTests {
    @Test func sessionLimitAnswers503() throws {
        let server = try LiveServer { $0.maxSessions = 2 }
        #expect(try curl("POST", server.base + "/api/v1/sessions", json: "").status == 201)
        #expect(try curl("POST", server.base + "/api/v1/sessions", json: "").status == 201)
        let third = try curl("POST", server.base + "/api/v1/sessions", json: "")
        #expect(third.status == 503 && third.errorCode == "too_many_sessions")
        #expect(try curl("GET", server.base + "/healthz").status == 200)
    }
}

@Suite struct ExpiryEndToEndTests {
    @Test func idleSessionsExpireAndActiveOnesStay() throws {
        let server = try LiveServer { $0.app.sessionIdleTimeout = .milliseconds(400) }
        let base = server.base + "/api/v1/sessions"
        let idle = try #require(try curl("POST", base, json: "{}").json["id"] as? String)
        let active = try #require(try curl("POST", base, json: "{}").json["id"] as? String)
        for _ in 0..<8 {
            usleep(100_000)
            #expect(try curl("GET", "\(base)/\(active)").status == 200)
        }
        let gone = try curl("GET", "\(base)/\(idle)")
        #expect(gone.status == 404)
        #expect(gone.errorCode == "unknown_session")
        #expect(try curl("GET", "\(base)/\(active)").status == 200)
    }
}
