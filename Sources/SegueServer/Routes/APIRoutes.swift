import SegueCore
import SegueHTTP
import SegueJSON

/// The JSON API (docs/API.md).
extension SegueApp {
    func api(_ request: HTTPRequest) -> HTTPResponse {
        let parts = Self.pathSegments(request.path)
        if parts.count == 3, parts[2] == "openapi.json", parts[1] == "v1" {
            return request.method == .GET || request.method == .HEAD ? openAPI()
                : jsonError(ActionError(.methodNotAllowed, "use GET /api/v1/openapi.json"))
        }
        if parts.count == 3, parts[0] == "api", parts[1] == "v1", parts[2] == "scenes" {
            guard request.method == .GET || request.method == .HEAD else {
                return jsonError(ActionError(.methodNotAllowed, "use GET /api/v1/scenes"))
            }
            return json(scenesJSON())
        }
        guard parts.count >= 3, parts[0] == "api", parts[1] == "v1", parts[2] == "sessions" else {
            return jsonError(ActionError(.unknownRoute, "no API route \(request.path)"))
        }
        do throws(ActionError) {
            switch (request.method, parts.count) {
            case (.POST, 3):
                return try createSession(request)
            case (_, 3):
                throw ActionError(.methodNotAllowed, "use POST /api/v1/sessions")
            default:
                break
            }
            let id = String(parts[3])
            guard RandomToken.isWellFormed(id) else { throw ActionError(.unknownSession, "no session '\(id)'") }
            if parts.count > 5, parts[4] == "page" { return sessionPage(request, id: id) }
            switch (request.method, parts.count > 4 ? String(parts[4]) : nil, parts.count) {
            case (.GET, nil, 4), (.HEAD, nil, 4):
                return json(try withDurableSession(id) { $0.window.stateJSON() })
            case (.DELETE, nil, 4):
                return try deleteSession(id)
            case (.POST, "actions"?, 5):
                return try action(request, id: id)
            case (.GET, "events"?, 5):
                return try events(request, id: id)
            case (.GET, "test"?, 5):
                return try recordedTest(id, savedIn: request.queryValue("dir"))
            case (.GET, "events"?, 6) where parts[5] == "stream":
                return try eventStream(request, id: id)
            case (_, nil, 4), (_, "actions"?, 5), (_, "events"?, 5), (_, "test"?, 5):
                throw ActionError(.methodNotAllowed, "\(request.methodString) is not allowed on \(request.path)")
            case (_, "events"?, 6) where parts[5] == "stream":
                throw ActionError(.methodNotAllowed, "\(request.methodString) is not allowed on \(request.path)")
            default:
                throw ActionError(.unknownRoute, "no API route \(request.path)")
            }
        } catch {
            return jsonError(error)
        }
    }

    func createSession(_ request: HTTPRequest) throws(ActionError) -> HTTPResponse {
        let body = try ActionDecoding.object(request.body, allowEmpty: true)
        try ActionKeys.checkKeys(body.keys, allowed: ActionKeys.createSession, of: "creating a session")
        let traits = try ActionDecoding.traits(body["traits"], required: false)
        var target: HierarchyPath?
        if let url = body["url"] {
            guard case .string(let text) = url else { throw ActionError(.invalidRequest, "'url' must be a string (leave it out to launch)") }
            guard let parsed = HierarchyPath.parse(url: text) else { throw ActionError(.invalidURL, "'\(Self.quoted(text))' is not a Segue URL") }
            target = parsed
        }
        // `{"scene": ID}`: that scene as instantiating it by identifier gives it.
        if let scene = body["scene"] {
            guard case .string(let id) = scene else { throw ActionError(.invalidRequest, "'scene' must be a string (leave it out to launch)") }
            guard target == nil else { throw ActionError(.invalidRequest, "send 'scene' or 'url', not both") }
            target = try storyboard.openingPath(for: id)
        }
        // A URL this storyboard cannot restore is refused before anything is stored.
        let box = try makeSession(traits: traits, restoring: target, url: target.map { HierarchyPath.prefix + $0.encoded }, locale: sessionLocale(request), client: request.clientAddress)
        let state = try withDurableSession(box.id) { (session) throws(ActionError) -> [UInt8] in
            var w = JSONWriter(capacity: 4096)
            w.beginObject()
            w.field("id", session.window.id)
            w.key("state"); session.window.writeState(into: &w)
            w.endObject()
            return w.bytes
        }
        return json(state, status: 201)
    }

    func action(_ request: HTTPRequest, id: String) throws(ActionError) -> HTTPResponse {
        let body = try ActionDecoding.object(request.body)
        let decoded = try ActionDecoding.action(body)
        let expectedVersion = try ActionDecoding.int(body, "expectedVersion")
        let memoryWarning = if case .memoryWarning = decoded.action { true } else { false }
        return durableResponse(id, for: request, { (session) throws(ActionError) -> [UInt8] in
            try Self.perform(decoded, expectedVersion: expectedVersion, on: session)
        }, answer: { [self] result in
            switch result {
            case .success(let bytes):
                // A memory warning lets the server drop caches of what is not on screen; here, every other idle session leaves memory.
                if memoryWarning { evictIdle(Int.max, idleAtLeast: .seconds(1), except: id) }
                return json(bytes)
            case .failure(let error):
                return jsonError(error)
            }
        })
    }

    /// Applies an action and writes `{"state", "events", "warnings"}`.
    static func perform(_ decoded: ActionDecoding.Decoded, expectedVersion: Int?, on session: Session) throws(ActionError) -> [UInt8] {
        let window = session.window
        if let expectedVersion, expectedVersion != window.version {
            throw ActionError(.staleVersion, "the session is at version \(window.version), not \(expectedVersion)")
        }
        let outcome = try session.perform(decoded.action, animated: decoded.animated)
        if case .memoryWarning = decoded.action { session.pageCache = nil }
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.key("state"); window.writeState(into: &w)
        w.key("events"); outcome.events.writeJSON(into: &w)
        w.key("warnings"); w.beginArray()
        for warning in outcome.warnings { w.string(warning) }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    func deleteSession(_ id: String) throws(ActionError) -> HTTPResponse {
        let deleted: Bool
        do { deleted = try storage.delete(session: id) } catch { throw storageError(error, id: id) }
        if let box = store.session(id: id) {
            store.remove(id: id, ifSame: box)
            box.markEvicted()
        } else if !deleted {
            throw ActionError(.unknownSession, "no session '\(id)'")
        }
        return HTTPResponse(status: 204)
    }

    func events(_ request: HTTPRequest, id: String) throws(ActionError) -> HTTPResponse {
        var after = 0
        if let text = request.queryValue("after") {
            guard let n = Int(text), n >= 0 else { throw ActionError(.invalidRequest, "'after' must be a non-negative integer") }
            after = n
        }
        let logged = try loggedEvents(of: id, after: after)
        return json(eventsJSON(logged.events, lastSeq: logged.lastSeq))
    }

    /// The session's events after `after` (every one, however old), with the version and URL
    /// of the state the last one led to. Recent events come from the live log; older ones it no
    /// longer keeps (or a session rebuilt from a snapshot, whose log starts empty) from replaying
    /// the stored steps.
    func loggedEvents(of id: String, after: Int) throws(ActionError) -> (events: [Event], lastSeq: Int, version: Int, url: String) {
        let answer = try withDurableSession(id) { session -> (events: [Event], lastSeq: Int, version: Int, url: String, retainedFrom: Int?) in
            let window = session.window
            let log = window.log
            let oldestKept = log.first?.seq ?? log.lastSeq + 1
            if after < oldestKept - 1 { return ([], 0, 0, "", oldestKept) }
            return (log.events(after: after), log.lastSeq, window.version, window.canonicalURL, nil)
        }
        guard let retainedFrom = answer.retainedFrom else { return (answer.events, answer.lastSeq, answer.version, answer.url) }
        // Older events come from replaying the stored steps (outside the session's lock), newer
        // ones from the live log, which may have grown meanwhile.
        guard let replayed = try replayedEventLog(id: id) else {
            throw ActionError(.storageUnavailable, "events before \(retainedFrom) of session \(id) could not be replayed")
        }
        let older = replayed.events(after: after).prefix { $0.seq < retainedFrom }
        return try withDurableSession(id) { (session) throws(ActionError) in
            let window = session.window
            let log = window.log
            let newer = log.events(after: max(after, retainedFrom - 1))
            guard older.last.map({ $0.seq + 1 }) == newer.first?.seq ?? log.lastSeq + 1 else {
                throw ActionError(.storageUnavailable, "events before \(retainedFrom) of session \(id) could not be replayed")
            }
            return (Array(older) + newer, log.lastSeq, window.version, window.canonicalURL)
        }
    }

    func eventsJSON<C: Collection>(_ events: C, lastSeq: Int) -> [UInt8] where C.Element == Event {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.key("events"); events.writeJSON(into: &w)
        w.field("lastSeq", lastSeq)
        w.endObject()
        return w.bytes
    }

    /// A JSON answer. `Vary: Accept-Encoding` comes with it (the HTTP layer compresses JSON for
    /// clients that take it), so the layer need not copy the answer to add it.
    func json(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store"),
                                               ("X-Content-Type-Options", "nosniff"), ("Vary", "Accept-Encoding")], body: bytes)
    }

    func jsonError(_ error: ActionError) -> HTTPResponse {
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.key("error"); w.beginObject()
        w.field("code", error.code.rawValue)
        w.field("message", error.message)
        w.endObject()
        w.endObject()
        return json(w.bytes, status: error.status)
    }

    /// The non-empty `/`-separated segments of a path, split on the bytes (a Character-wise split
    /// cost more than the rest of routing).
    static func pathSegments(_ path: String) -> [Substring] {
        var segments: [Substring] = []
        segments.reserveCapacity(6)
        let utf8 = path.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: "/") {
                if start != i { segments.append(path[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { segments.append(path[start...]) }
        return segments
    }
}
