import SegueCore
import SegueHTML
import SegueHTTP

/// Pages (CONTRACT §4): no JavaScript needed; every tap is a form post answered with 303.
extension SegueApp {
    /// `GET /`: a new session, then 303 to its canonical URL.
    func start(_ request: HTTPRequest) -> HTTPResponse {
        if let box = cookieSession(request) {
            return .redirect(to: box.withSession { $0.window.canonicalURL })
        }
        do {
            let box = try makeSession()
            var response = HTTPResponse.redirect(to: box.withSession { $0.window.canonicalURL })
            response.headers.append(sessionCookie(box.id))
            return response
        } catch {
            return errorPage(error)
        }
    }

    /// `GET /ui/…`: bring the session to the hierarchy the URL names (browser back and forward,
    /// bookmarks), then render it. Without a session cookie a new session is made for the URL.
    func page(_ request: HTTPRequest) -> HTTPResponse {
        let invalid = ActionError(.invalidURL, "\(request.path) is not a Segue URL")
        var newCookie: (name: String, value: String)?
        let box: SessionBox
        if let existing = cookieSession(request) {
            box = existing
        } else {
            // No session yet: refuse a malformed URL before making one.
            guard HierarchyPath.parse(request.path) != nil else { return errorPage(invalid) }
            do { box = try makeSession() } catch { return errorPage(error) }
            newCookie = sessionCookie(box.id)
        }
        // Under the session's lock: reconcile the hierarchy with the URL and snapshot the screen.
        // Rendering the snapshot to HTML happens after the lock is released.
        enum Outcome { case redirect(String), cached([UInt8]), render(Screen, PageContext) }
        let result = box.withSession { (session) -> Result<Outcome, ActionError> in
            let window = session.window
            // The common case, a reload or the redirect after a tap: the URL already is the
            // state, nothing to reconcile (and the tap's warnings stay on show).
            if window.canonicalURL != request.path {
                guard let target = HierarchyPath.parse(request.path) else { return .failure(invalid) }
                do throws(ActionError) {
                    _ = try window.navigate(to: target)
                } catch {
                    return .failure(error)
                }
            }
            let url = window.canonicalURL
            guard url == request.path else { return .success(.redirect(url)) }
            if let cache = session.pageCache, cache.isValid(for: window, url: url) { return .success(.cached(cache.html)) }
            session.pageCache = nil
            return .success(.render(window.screen(), pageContext(session)))
        }
        let html: [UInt8]
        switch result {
        case .failure(let error):
            return withCookie(errorPage(error), newCookie)
        case .success(.redirect(let url)):
            return withCookie(.redirect(to: url), newCookie)
        case .success(.cached(let bytes)):
            html = bytes
        case .success(.render(let screen, let context)):
            html = PageRenderer.render(screen, context: context)
            // Keep it for the next GET if nothing changed meanwhile.
            box.withSession { session in
                if session.window.version == screen.version && session.window.canonicalURL == request.path {
                    session.pageCache = PageCache(window: session.window, html: html)
                }
            }
        }
        let response = HTTPResponse(status: 200, headers: [
            ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
            ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'"),
        ], body: request.method == .HEAD ? [] : html)
        return withCookie(response, newCookie)
    }

    private func withCookie(_ response: HTTPResponse, _ cookie: (name: String, value: String)?) -> HTTPResponse {
        var response = response
        if let cookie { response.headers.append(cookie) }
        return response
    }

    func pageContext(_ session: Session) -> PageContext {
        PageContext(csrfToken: session.csrfToken, actionPath: "/tap", assetsPath: "/public", warnings: session.window.warnings)
    }

    /// `POST /tap`: the form of every page. Checks the CSRF token (and Origin when sent), brings the
    /// session to the page the form came from, applies typed values, taps, and answers 303.
    func tap(_ request: HTTPRequest) -> HTTPResponse {
        guard let box = cookieSession(request) else {
            return errorPage(ActionError(.unknownSession, "your session has expired; start again"), startOver: true)
        }
        if let origin = request.header("origin"), let host = request.header("host"),
           !(origin == "http://\(host)" || origin == "https://\(host)") {
            return errorPage(ActionError(.forbidden, "cross-site form posts are refused"))
        }
        let form = FormDecoding.decode(request.body)
        var fields: [String: String] = [:]
        var values: [String: FieldValue] = [:]
        for (name, value) in form {
            if name.hasPrefix("field.") { values[String(name.dropFirst(6))] = .text(value) }
            else { fields[name] = value }
        }
        let result = box.withSession { (session) -> Result<String, ActionError> in
            guard let token = fields["csrf"], constantTimeEqual(token, session.csrfToken) else {
                return .failure(ActionError(.forbidden, "the form's token is missing or wrong; reload the page"))
            }
            let window = session.window
            do throws(ActionError) {
                if let url = fields["url"], url != window.canonicalURL, let target = HierarchyPath.parse(url) {
                    _ = try window.navigate(to: target)
                }
                let known = Set(window.elements.map(\.id))
                let typed = values.filter { known.contains($0.key) }
                if let element = fields["element"], !element.isEmpty {
                    _ = try window.perform(.tap(element: element, values: typed))
                } else if !typed.isEmpty {
                    _ = try window.perform(.setValues(typed))
                }
            } catch {
                return .failure(error)
            }
            return .success(window.canonicalURL)
        }
        switch result {
        case .success(let url): return .redirect(to: url)
        case .failure(let error): return errorPage(error)
        }
    }

    func errorPage(_ error: ActionError, startOver: Bool = false) -> HTTPResponse {
        HTTPResponse(status: error.status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                     body: PageRenderer.renderError(status: error.status, code: error.code.rawValue, message: error.message, assetsPath: "/public"))
    }
}

/// Compares secrets without an early exit.
func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var diff: UInt8 = 0
    for i in x.indices { diff |= x[i] ^ y[i] }
    return diff == 0
}
