import SegueCore
import SegueHTML
import SegueHTTP
import SegueJSON

/// Exploring a flow: every scene (`GET /api/v1/scenes`, `GET /scenes`, `GET /scenes/ID` opens one
/// in a new session), the map of the flow (`GET /map`) and the developer page of a session
/// (`GET /dev/ID`).
extension SegueApp {
    /// The explore routes; nil when `path` is not one of them.
    func explore(_ request: HTTPRequest) -> HTTPResponse? {
        let path = request.path
        let parts = Self.pathSegments(path)
        guard let first = parts.first, first == "scenes" || first == "map" || first == "dev" else { return nil }
        if let response = developerAction(request) { return response }
        guard request.method == .GET || request.method == .HEAD else { return methodNotAllowed(html: true) }
        let storyboard = self.storyboard  // one flow for the whole answer, even during a reload
        switch (String(first), parts.count) {
        case ("scenes", 1):
            return html(ScenesPage.render(ScenesPage.entries(storyboard), storyboardName: storyboard.name, assetsPath: "/public"), request)
        case ("scenes", 2):
            return openScene(String(parts[1]), request)
        case ("map", 1):
            return html(FlowMap.page(storyboard, assetsPath: "/public"), request)
        case ("dev", 2):
            return developerPage(id: String(parts[1]), request)
        default:
            return errorPage(ActionError(.unknownRoute, "there is nothing at \(path)"))
        }
    }

    /// `GET /scenes/ID`: a new session showing the scene (its cookie replaces this browser's
    /// session), then 303 to its canonical URL.
    func openScene(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        do throws(ActionError) {
            let target = try storyboard.openingPath(for: id)
            let box = try makeSession(traits: cookieTraits(request), restoring: target, url: HierarchyPath.prefix + target.encoded, locale: sessionLocale(request), client: request.clientAddress)
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
    func developerPage(id: String, _ request: HTTPRequest) -> HTTPResponse {
        do throws(ActionError) {
            guard RandomToken.isWellFormed(id) else { throw ActionError(.unknownSession, "no session '\(id)'") }
            let info = try withDurableSession(id) { session -> DevPanel.Info in
                let window = session.window
                var titles: [String: String] = [:]
                let manual = window.manualSegues
                for m in manual { if let d = m.destination, let t = window.storyboard[d]?.title { titles[d] = t } }
                var info = DevPanel.Info(sessionID: id, csrfToken: session.csrfToken, url: window.canonicalURL, traits: window.traits,
                                         version: window.version, hierarchy: window.printHierarchy(), manualSegues: manual,
                                         sceneTitles: titles, events: Array(window.log.events.suffix(40).reversed()), lastSeq: window.log.lastSeq)
                info.warnings = window.warnings
                return info
            }
            return html(DevPanel.render(info, fragment: request.queryValue("fragment") == "1", assetsPath: "/public"), request)
        } catch {
            return errorPage(error)
        }
    }

    /// `POST /dev/ID/perform` and `/dev/ID/traits` (CSRF-checked form posts, 303 to the new URL);
    /// `GET /dev/ID/new`.
    func developerAction(_ request: HTTPRequest) -> HTTPResponse? {
        let parts = Self.pathSegments(request.path)
        guard parts.count == 3, parts[0] == "dev" else { return nil }
        let id = String(parts[1])
        guard RandomToken.isWellFormed(id) else { return errorPage(ActionError(.unknownSession, "no session '\(id)'")) }
        switch (request.method, parts[2]) {
        case (.GET, "new"):
            do throws(ActionError) {
                let url = try withDurableSession(id) { $0.window.canonicalURL }
                let traits = try withDurableSession(id) { $0.window.traits }
                let box = try makeSession(traits: traits, restoring: HierarchyPath.parse(url), url: url, locale: sessionLocale(request), client: request.clientAddress)
                var response = HTTPResponse.redirect(to: box.withSession { $0.window.canonicalURL })
                response.headers.append(sessionCookie(box, for: request))
                return response
            } catch {
                return errorPage(error)
            }
        case (.POST, "perform"), (.POST, "traits"):
            if let refusal = crossSiteRefusal(request, what: "form posts") { return errorPage(refusal) }
            var fields: [String: String] = [:]
            for (name, value) in FormDecoding.decode(request.body) { fields[name] = value }
            let action: Action
            if parts[2] == "perform" {
                guard let identifier = fields["identifier"], !identifier.isEmpty else {
                    return errorPage(ActionError(.invalidRequest, "the form names no segue"))
                }
                action = .performSegue(identifier: identifier, controller: fields["controller"].flatMap { $0.isEmpty ? nil : $0 })
            } else {
                do throws(ActionError) {
                    action = .setTraits(try Self.viewport(width: fields["width"], height: fields["height"]))
                } catch {
                    return errorPage(error)
                }
            }
            let apply = { (session: Session) throws(ActionError) -> String in
                guard let token = fields["csrf"], constantTimeEqual(token, session.csrfToken) else {
                    throw ActionError(.forbidden, "the form's token is missing or wrong; reload the page")
                }
                try session.perform(action)
                return session.window.canonicalURL
            }
            return durableResponse(id, for: request, apply, answer: { @Sendable [self] result in
                switch result {
                case .success(let url): .redirect(to: url)
                case .failure(let error): errorPage(error)
                }
            })
        case (_, "perform"), (_, "traits"), (_, "new"):
            return methodNotAllowed(html: true)
        default:
            return nil
        }
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
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.field("version", logged.version)
        w.field("url", logged.url)
        w.field("lastSeq", logged.lastSeq)
        w.endObject()
        bytes += Array("event: state\ndata: ".utf8)
        bytes += w.bytes
        bytes += Array("\n\n".utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                                                             ("X-Content-Type-Options", "nosniff")],
                            body: request.method == .HEAD ? [] : bytes)
    }
}
