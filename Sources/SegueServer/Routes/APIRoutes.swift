import SegueCore
import SegueHTML
import SegueHTTP
import SegueJSON
import SeguePageURL

/// The JSON API's session routes (docs/API.md): creating, reading and deleting a session,
/// its actions and its events, and the JSON answers of every route.
extension SegueApp {
    /// `GET /api/v1/sessions/ID`: the session's STATE.
    func state(_ id: String) throws(ActionError) -> HTTPResponse {
        json(try withDurableSession(id) { $0.window.stateJSON() })
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
        let box = try makeSession(traits: traits, restoring: target, url: target?.pageURL, locale: sessionLocale(request), client: request.clientAddress)
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
        // An answer is 4 KB and more (a push in the mail example: 4.1 KB): room for it at once.
        var w = JSONWriter(capacity: 8192)
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

    /// A JSON error: `{"error": {"code", "message"}}` with the code's status.
    func jsonError(_ error: ActionError) -> HTTPResponse {
        json(Self.errorJSON(code: error.code.rawValue, message: error.message), status: error.status)
    }

    /// `{"error": {"code": …, "message": …}}`, the one shape of every JSON error.
    public static func errorJSON(code: String, message: String) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.key("error"); w.beginObject()
        w.field("code", code)
        w.field("message", message)
        w.endObject()
        w.endObject()
        return w.bytes
    }

    /// A request the HTTP layer refuses itself (``HTTPRefusal``): a JSON error, except that a
    /// form (a page's post) over `bodyLimit` bytes gets an error page.
    func answer(_ refusal: HTTPRefusal, path: String, bodyLimit: Int) -> HTTPResponse {
        if refusal.status == 413, !path.hasPrefix("/api/") {
            let error = ActionError(.payloadTooLarge, "The form is larger than the limit of \(bodyLimit) bytes.")
            return HTTPResponse(status: 413, headers: PageHeaders.html,
                                body: PageRenderer.renderError(status: 413, code: error.code.rawValue, message: error.message, assetsPath: "/public"))
        }
        return .json(bytes: Self.errorJSON(code: refusal.code, message: refusal.message), status: refusal.status)
    }
}
