import SegueCore
import SegueHTML
import SegueHTTP
import SegueJSON
import SeguePageURL

/// Exploring a flow: every scene (`GET /api/v1/scenes`, `GET /scenes`, `GET /scenes/ID` opens one
/// in a new session), the map of the flow (`GET /map`) and the developer page of a session
/// (`GET /dev/ID`).
extension SegueApp {
    /// `GET /scenes`: every scene, each a link that opens it.
    func scenesPage(_ request: HTTPRequest) -> HTTPResponse {
        let storyboard = self.storyboard  // one flow for the whole answer, even during a reload
        return html(ScenesPage.render(ScenesPage.entries(storyboard), storyboardName: storyboard.name, assetsPath: "/public",
                                      appIcon: configuration.resources?.catalog.appIconURL), request)
    }

    /// `GET /scenes/ID`: a new session showing the scene (its cookie replaces this browser's
    /// session), then 303 to its canonical URL.
    func openScene(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        do throws(ActionError) {
            let target = try storyboard.openingPath(for: id)
            let box = try makeSession(traits: cookieTraits(request), restoring: target, url: target.pageURL, locale: sessionLocale(request), client: request.clientAddress)
            var response = HTTPResponse.redirect(to: box.withSession { $0.window.canonicalURL })
            response.headers.append(sessionCookie(box, for: request))
            return response
        } catch {
            return errorPage(error)
        }
    }

    /// The traits of this browser's current session, so a scene opens at the size the browser
    /// reported; nil without one.
    private func cookieTraits(_ request: HTTPRequest) -> Traits? {
        guard let id = cookieSessionID(request), let box = store.session(id: id) else { return nil }
        return box.withSession { $0.window.traits }
    }

    /// `GET /api/v1/scenes`: every scene in declaration order.
    func scenesJSON() -> [UInt8] {
        let storyboard = self.storyboard
        var w = JSONWriter(capacity: 8192)
        w.beginObject()
        w.field("initialViewController", storyboard.initialViewController)
        w.field("flowDigest", FlowDigest.of(storyboard))
        w.key("scenes"); w.beginArray()
        for entry in ScenesPage.entries(storyboard) {
            w.beginObject()
            w.field("id", entry.scene.id)
            w.field("kind", entry.scene.kind.rawValue)
            w.field("title", entry.scene.title)
            w.field("class", entry.scene.className)
            w.field("storyboardIdentifier", entry.storyboardIdentifier)
            w.field("storyboard", entry.scene.storyboardName ?? storyboard.name)
            w.field("initial", entry.scene.id == storyboard.initialViewController)
            w.field("container", entry.container)
            w.field("open", "/scenes/" + ScenesPage.percentEscaped(entry.scene.id))
            if let problem = entry.problem { w.field("cannotOpen", problem) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    func html(_ bytes: [UInt8], _ request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: PageHeaders.html, body: request.method == .HEAD ? [] : bytes)
    }
}

/// The developer page of a session (`GET /dev/ID`, `?fragment=1` for the panel alone), and its
/// form posts: `POST /dev/ID/perform` (a code-triggered segue), `POST /dev/ID/traits` (a trait
/// preset); `GET /dev/ID/new` opens the session's URL in a new session.
extension SegueApp {
    /// The page holds the session's CSRF token for its forms: safe to show whoever knows the id,
    /// which already acts on the session through the JSON API (the Exploring article says why).
    func developerPage(id: String, _ request: HTTPRequest) throws(ActionError) -> HTTPResponse {
        let info = try withDurableSession(id) { session -> DevPanel.Info in
            let window = session.window
            var titles: [String: String] = [:]
            let manual = window.manualSegues
            for m in manual { if let d = m.destination, let t = window.storyboard[d]?.title { titles[d] = t } }
            var info = DevPanel.Info(sessionID: id, csrfToken: session.csrfToken, url: window.canonicalURL, traits: window.traits,
                                     version: window.version, hierarchy: window.printHierarchy(), manualSegues: manual,
                                     sceneTitles: titles, events: Array(window.log.events.suffix(40).reversed()), lastSeq: window.log.lastSeq)
            info.warnings = window.warnings
            info.era = window.era
            info.eraReason = window.storyboard.eraReason
            return info
        }
        return html(DevPanel.render(info, fragment: request.queryValue("fragment") == "1", assetsPath: "/public"), request)
    }

    /// `GET /dev/ID/new`: the session's URL in a new session (this browser's from then on).
    func developerCopy(id: String, _ request: HTTPRequest) throws(ActionError) -> HTTPResponse {
        let url = try withDurableSession(id) { $0.window.canonicalURL }
        let traits = try withDurableSession(id) { $0.window.traits }
        let box = try makeSession(traits: traits, restoring: HierarchyPath.parse(url), url: url, locale: sessionLocale(request), client: request.clientAddress)
        var response = HTTPResponse.redirect(to: box.withSession { $0.window.canonicalURL })
        response.headers.append(sessionCookie(box, for: request))
        return response
    }

    /// `POST /dev/ID/perform` (a code-triggered segue) and `POST /dev/ID/traits` (a trait
    /// preset): CSRF-checked form posts, answered with 303 to the new URL.
    func developerForm(_ request: HTTPRequest, id: String) throws(ActionError) -> HTTPResponse {
        if let refusal = crossSiteRefusal(request, what: "form posts") { throw refusal }
        var fields: [String: String] = [:]
        for (name, value) in FormDecoding.decode(request.body) { fields[name] = value }
        let action: Action
        if request.path.hasSuffix("/perform") {
            guard let identifier = fields["identifier"], !identifier.isEmpty else {
                throw ActionError(.invalidRequest, "the form names no segue")
            }
            action = .performSegue(identifier: identifier, controller: fields["controller"].flatMap { $0.isEmpty ? nil : $0 })
        } else {
            action = .setTraits(try Self.viewport(width: fields["width"], height: fields["height"]))
        }
        let apply = { (session: Session) throws(ActionError) -> String in
            try session.checkToken(fields["csrf"], named: "the form's token")
            try session.perform(action)
            return session.window.canonicalURL
        }
        return durableResponse(id, for: request, apply, answer: { @Sendable [self] result in
            switch result {
            case .success(let url): .redirect(to: url)
            case .failure(let error): errorPage(error)
            }
        })
    }
}

extension SegueApp {
    /// `GET /api/v1/sessions/ID/events/stream`: the session's events as Server-Sent Events
    /// (`text/event-stream`): every event after `Last-Event-ID` (or `?after=`) as an `event`
    /// message whose `id` is its `seq`, then a `state` message (`{"version", "url", "lastSeq"}`),
    /// then the stream ends with `retry: 1000`. A browser's `EventSource` reconnects a second
    /// later with the last id it saw, so it follows the session live while no server thread ever
    /// waits for an event.
    func eventStream(_ request: HTTPRequest, id: String) throws(ActionError) -> HTTPResponse {
        var after = 0
        if let text = request.header("last-event-id") ?? request.queryValue("after") {
            guard let n = Int(text), n >= 0 else { throw ActionError(.invalidRequest, "the last event id must be a non-negative integer") }
            after = n
        }
        // A log that restarted (a reload of the flow) starts over from its first event.
        var logged = try loggedEvents(of: id, after: after)
        if after > logged.lastSeq { logged = try loggedEvents(of: id, after: 0) }
        var bytes: [UInt8] = Array("retry: 1000\n\n".utf8)
        for event in logged.events {
            var w = JSONWriter(capacity: 256)
            event.write(into: &w)
            bytes += Array("id: \(event.seq)\nevent: event\ndata: ".utf8)
            bytes += w.bytes
            bytes += Array("\n\n".utf8)
        }
        // A gesture driving a transition, as STATE says it (the panel shows it while it lasts).
        let gesture = try withDurableSession(id) { session -> [String]? in
            session.window.interactiveTransition.map { [$0.kind, $0.controllerID] }
        }
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.field("version", logged.version)
        w.field("url", logged.url)
        w.field("lastSeq", logged.lastSeq)
        if let gesture, gesture.count == 2 {
            w.key("interactiveTransition"); w.beginObject()
            w.field("kind", gesture[0])
            w.field("controller", gesture[1])
            w.endObject()
        }
        w.endObject()
        bytes += Array("event: state\ndata: ".utf8)
        bytes += w.bytes
        bytes += Array("\n\n".utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                                                             ("X-Content-Type-Options", "nosniff")],
                            body: request.method == .HEAD ? [] : bytes)
    }
}
