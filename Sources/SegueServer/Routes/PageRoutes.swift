import SegueAssets
import SegueCore
import SegueHTML
import SegueHTTP
import SeguePageURL

/// Pages (README.md, Pages): no JavaScript needed; every tap is a form post answered with 303.

/// An answer that ends a page request early (an error page).
struct PageRefusal: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}

extension SegueApp {
    /// `GET /`: a new session, then 303 to its canonical URL.
    func start(_ request: HTTPRequest) -> HTTPResponse {
        do throws(ActionError) {
            if let id = cookieSessionID(request) {
                do throws(ActionError) {
                    return .redirect(to: try withDurableSession(id) { $0.window.canonicalURL })
                } catch where error.code == .sessionQuarantined || error.code == .unknownSession {
                    // "Start Over" from the error page of a session that cannot be rebuilt.
                }
            }
            // A browser that can send the window's size (client hints) is asked for it before a
            // session is made, so the session starts at that size: one page load, laid out for it.
            // Asked once (`?hints`): a browser that still sends none gets the remembered size.
            if request.header("sec-ch-viewport-width") == nil, request.header("sec-ch-ua") != nil, request.queryValue("hints") == nil {
                return HTTPResponse(status: 303, headers: [("Location", "/?hints"), ("Cache-Control", "no-store")] + PageHeaders.clientHints, body: [])
            }
            let box = try makeSession(traits: rememberedViewport(request), locale: sessionLocale(request), client: request.clientAddress)
            var response = HTTPResponse.redirect(to: box.withSession { $0.window.canonicalURL })
            response.headers.append(sessionCookie(box, for: request))
            return response
        } catch {
            return errorPage(error)
        }
    }

    /// `GET /ui/…`: bring the session to the hierarchy the URL names (browser back and forward,
    /// bookmarks), then render it. Without a session cookie (a fresh browser, a shared link, a
    /// bookmark after the session expired) a new session is *restored* from the URL (docs/Semantics.md, Restoration and URLs).
    func page(_ request: HTTPRequest) -> HTTPResponse { page(request, sessionID: nil) }

    /// `GET /api/v1/sessions/ID/page/ui/…`: what `GET /ui/…` does for a browser, for the session
    /// the path names (whoever holds a session's id drives it through the API already; a browser's
    /// cookie needs the secret issued with it). Redirects stay under this prefix.
    func sessionPage(_ request: HTTPRequest, id: String) -> HTTPResponse {
        let prefix = "/api/v1/sessions/\(id)/page"
        guard request.path.hasPrefix(prefix + HierarchyPath.prefix) else {
            return errorPage(ActionError(.unknownRoute, "there is nothing at \(Self.quoted(request.path))"))
        }
        var inner = request
        inner.path = String(request.path.dropFirst(prefix.count))
        inner.headers.removeAll { $0.name.lowercased() == "cookie" }
        var response = page(inner, sessionID: id)
        if response.status == 303, let index = response.headers.firstIndex(where: { $0.name == "Location" }) {
            response.headers[index].value = prefix + response.headers[index].value
        }
        return response
    }

    /// What the session's lock hands to the rendering: a redirect, the cached page (and its
    /// compressed form in the coding asked for), a screen to render, or a URL rooted elsewhere.
    enum PageOutcome: Sendable { case redirect(String), cached([UInt8], [UInt8]?), render(Screen, PageContext), otherRoot(HierarchyPath) }

    private func page(_ request: HTTPRequest, sessionID: String?) -> HTTPResponse {
        let id: String
        var newCookie: (name: String, value: String)?
        switch pageSession(request, sessionID: sessionID) {
        case .failure(let refusal): return refusal.response
        case .success(let found): (id, newCookie) = found
        }
        // The coding the client takes (pages under ContentCoding.minimumSize go as they are).
        let coding = ContentCoding.negotiate(request.header("accept-encoding"))
        let html: [UInt8]
        var encoded: [UInt8]?
        do throws(ActionError) {
            switch try pageOutcome(request, id: id, coding: coding, fresh: newCookie != nil || sessionID != nil) {
            case .redirect(let url):
                return withCookie(.redirect(to: url), newCookie)
            case .otherRoot(let target):
                do throws(ActionError) {
                    let box = try makeSession(traits: rememberedViewport(request), restoring: target, url: request.path, locale: sessionLocale(request), client: request.clientAddress)
                    return withCookie(.redirect(to: box.withSession { $0.window.canonicalURL }), sessionCookie(box, for: request))
                } catch {
                    return errorPage(error)
                }
            case .cached(let bytes, let compressed):
                (html, encoded) = (bytes, compressed ?? cacheCompressed(bytes, coding, id: id, url: request.path))
            case .render(let screen, let context):
                html = PageRenderer.render(screen, context: context)
                encoded = Self.compressedPage(html, coding)
                cache(html, encoded, coding, of: screen, id: id, url: request.path)
            }
        } catch {
            return withCookie(errorPage(error), newCookie)
        }
        // HEAD gets the body too: libmicrohttpd sends only its length.
        var headers = html.count >= ContentCoding.minimumSize ? PageHeaders.htmlVarying : PageHeaders.html
        if encoded != nil { headers.append(("Content-Encoding", coding.rawValue)) }
        let response = HTTPResponse(status: 200, headers: headers, body: encoded ?? html)
        return withCookie(response, newCookie)
    }

    /// The session a page request is for: the one named, the cookie's, else a new one restored
    /// from the URL (with its cookie to set). A malformed URL is refused before one is made.
    private func pageSession(_ request: HTTPRequest, sessionID: String?) -> Result<(String, (name: String, value: String)?), PageRefusal> {
        if let sessionID { return .success((sessionID, nil)) }
        if let existing = cookieSessionID(request) { return .success((existing, nil)) }
        guard let target = HierarchyPath.parse(request.path) else {
            return .failure(PageRefusal(errorPage(ActionError(.invalidURL, "\(Self.quoted(request.path)) is not a Segue URL"))))
        }
        do {
            let box = try makeSession(traits: rememberedViewport(request), restoring: target, url: request.path, locale: sessionLocale(request), client: request.clientAddress)
            return .success((box.id, sessionCookie(box, for: request)))
        } catch {
            return .failure(PageRefusal(errorPage(error)))
        }
    }

    /// Under the session's lock: reconcile the hierarchy with the URL (recorded as a durable
    /// step) and snapshot the screen. Rendering to HTML happens after the lock is released.
    /// `fresh`: the session was just made for this URL or is named by the request (never
    /// replaced by one rooted elsewhere).
    private func pageOutcome(_ request: HTTPRequest, id: String, coding: ContentCoding, fresh: Bool) throws(ActionError) -> PageOutcome {
        try withDurableSession(id) { (session) throws(ActionError) -> PageOutcome in
            let window = session.window
            // The most common case, a reload of the page drawn last: nothing has changed since
            // (same version, events and warnings), so the URL still is the state.
            if let cache = session.pageCache, cache.isValid(for: window, url: request.path) {
                return .cached(cache.html, coding == .identity ? nil : cache.encoded[coding])
            }
            // Next, the redirect after a tap: the URL already is the state, nothing to
            // reconcile (and the tap's warnings stay in the developer panel).
            var url = window.canonicalURL
            if url != request.path {
                guard let target = HierarchyPath.parse(request.path) else {
                    throw ActionError(.invalidURL, "\(Self.quoted(request.path)) is not a Segue URL")
                }
                // Rooted at another scene (a scene opened from the scenes list, then a link or
                // bookmark of another): that hierarchy in a new session, as for a fresh browser.
                if !fresh, let root = window.root?.sceneID, root != target.scene { return .otherRoot(target) }
                try session.cancelAbandonedGesture()
                _ = try session.navigate(to: target, url: request.path)
                url = window.canonicalURL
            }
            guard url == request.path else { return .redirect(url) }
            session.pageCache = nil
            return .render(window.screen(), pageContext(session))
        }
    }

    /// The first request of a cached page in this coding: compresses it and keeps the result
    /// beside the page, if it is still the current one.
    private func cacheCompressed(_ html: [UInt8], _ coding: ContentCoding, id: String, url: String) -> [UInt8]? {
        guard let made = Self.compressedPage(html, coding) else { return nil }
        if let box = try? liveSession(id: id) {
            box.withSession { session in
                if session.pageCache?.html == html, session.pageCache?.isValid(for: session.window, url: url) == true {
                    session.pageCache?.encoded[coding] = made
                }
            }
        }
        return made
    }

    /// Keeps a rendered page for the next GET if nothing changed meanwhile.
    private func cache(_ html: [UInt8], _ encoded: [UInt8]?, _ coding: ContentCoding, of screen: Screen, id: String, url: String) {
        guard let box = try? liveSession(id: id) else { return }
        box.withSession { session in
            if session.window.version == screen.version && session.window.canonicalURL == url {
                var cache = PageCache(window: session.window, html: html)
                if let encoded { cache.encoded[coding] = encoded }
                session.pageCache = cache
            }
        }
    }

    /// The browser window's size from its client hints (`Sec-CH-Viewport-Width` and `-Height`)
    /// or as `Public/viewport.js` remembers it (cookie `segue-viewport`, `WIDTHxHEIGHT` in CSS
    /// px), so a new session's first page is laid out for that window (a pad layout on a pad)
    /// rather than the default phone; nil without a well-formed one.
    func rememberedViewport(_ request: HTTPRequest) -> Traits? {
        // Client hints first: they are the window's size now (the cookie, the last one seen).
        if let width = request.header("sec-ch-viewport-width"), let height = request.header("sec-ch-viewport-height"),
           let traits = try? Self.viewport(width: width, height: height) {
            return traits
        }
        guard let value = FormDecoding.cookie("segue-viewport", in: request.header("cookie")) else { return nil }
        let parts = value.split(separator: "x", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return try? Self.viewport(width: String(parts[0]), height: String(parts[1]))
    }

    /// A page in `coding`, or nil when it goes as it is (identity asked for, a small page, or no
    /// gain).
    static func compressedPage(_ html: [UInt8], _ coding: ContentCoding) -> [UInt8]? {
        guard coding != .identity, html.count >= ContentCoding.minimumSize,
              let encoded = coding.encode(html, effort: .fast), encoded.count < html.count else { return nil }
        return encoded
    }

    private func withCookie(_ response: HTTPResponse, _ cookie: (name: String, value: String)?) -> HTTPResponse {
        var response = response
        if let cookie { response.headers.append(cookie) }
        return response
    }

    func pageContext(_ session: Session) -> PageContext {
        var context = PageContext(csrfToken: session.csrfToken, actionPath: "/tap", assetsPath: "/public",
                                  recordedTestPath: "/api/v1/sessions/\(session.window.id)/test")
        context.resources = configuration.resources?.catalog
        context.appNotice = session.window.storyboard.launchNotice
        if configuration.watchesFlow {
            let (generation, problems) = flow.withLock { ($0.generation, $0.problems) }
            context.flowGeneration = generation
            context.flowProblems = problems
        }
        return context
    }

    /// `POST /tap`: the form of every page. Checks the origin and the CSRF token, brings the
    /// session to the page the form came from, applies typed values, taps, and answers 303.
    func tap(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = cookieSessionID(request) else {
            return errorPage(ActionError(.unknownSession, "your session has expired; start again"), startOver: true)
        }
        if let refusal = crossSiteRefusal(request, what: "form posts") { return errorPage(refusal) }
        let form = FormDecoding.decode(request.body)
        var fields: [String: String] = [:]
        var values: [String: FieldValue] = [:]
        for (name, value) in form {
            if name.hasPrefix("field.") { values[String(name.dropFirst(6))] = .text(value) }
            else { fields[name] = value }
        }
        let logger = self.logger
        let apply = { (session: Session) throws(ActionError) -> String in
            try session.checkToken(fields["csrf"], named: "the form's token")
            let window = session.window
            try session.cancelAbandonedGesture()
            var navigated = false
            if let url = fields["url"], url != window.canonicalURL, let target = HierarchyPath.parse(url) {
                try session.navigate(to: target, url: url)
                navigated = true
            }
            let known = Set(window.elements.map(\.id))
            let typed = values.filter { known.contains($0.key) }
            do throws(ActionError) {
                if let element = fields["element"], !element.isEmpty {
                    try session.perform(.tap(element: element, values: typed))
                } else if !typed.isEmpty {
                    try session.perform(.setValues(typed))
                }
            } catch {
                // The post failed: it must not move the session to the page it came from either.
                // That navigation is dropped unstored, and the live copy with it (the next
                // request rebuilds the session from storage, where it still is where it was).
                if navigated {
                    session.pending = []
                    session.evicted = true
                }
                throw error
            }
            // UIKit's silent no-ops (a refused tab selection, a pop at the root) show nothing on
            // the device screen: they go to the log and the developer panel.
            for warning in window.warnings { logger.notice("session \(id): \(warning)") }
            return window.canonicalURL
        }
        let answer = { @Sendable [self] (result: Result<String, ActionError>) -> HTTPResponse in
            switch result {
            case .success(let url): .redirect(to: url)
            case .failure(let error): errorPage(error)
            }
        }
        return durableResponse(id, for: request, apply, answer: answer)
    }

    func errorPage(_ error: ActionError, startOver: Bool = false) -> HTTPResponse {
        HTTPResponse(status: error.status, headers: PageHeaders.html,
                     body: PageRenderer.renderError(status: error.status, code: error.code.rawValue, message: error.message, assetsPath: "/public"))
    }
}

/// The headers of every HTML answer, pages and error pages alike (error pages echo the URL,
/// escaped): no sniffing, no referrer to other sites, and a policy allowing only this origin's
/// own scripts, styles and images, no framing and no form targets elsewhere.
enum PageHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'"
    static let html: [(name: String, value: String)] = [
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
        ("Content-Security-Policy", contentSecurityPolicy),
        // The window's size with the first request (Chromium's client hints): a new session's
        // first page is laid out for it. `Critical-CH` has a browser that did not send them
        // retry the request with them before it draws anything.
        ("Accept-CH", viewportHints), ("Critical-CH", viewportHints),
    ]
    static let clientHints: [(name: String, value: String)] = [("Accept-CH", viewportHints), ("Critical-CH", viewportHints)]
    static let viewportHints = "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height"
    /// A page sent in the coding the client takes.
    static let htmlVarying = html + [("Vary", "Accept-Encoding")]
}

extension SegueApp {
    /// Why a cookie-authenticated post (`POST /tap`, `POST /traits`) is refused as cross-site,
    /// or nil when nothing says it is. A browser says where a post comes from: `Origin` must
    /// name this host (`http://HOST` or `https://HOST`), else a `Referer` must be of this origin,
    /// and `Sec-Fetch-Site: cross-site` is refused. A client that sends none of them (`curl -L -c
    /// jar -b jar`) is not a browser a page of another site could drive; the session's CSRF
    /// token, checked after this, is what it must prove.
    func crossSiteRefusal(_ request: HTTPRequest, what: String) -> ActionError? {
        guard let host = request.header("host"), !host.isEmpty else {
            return ActionError(.forbidden, "\(what) without a Host header are refused")
        }
        if request.header("sec-fetch-site") == "cross-site" {
            return ActionError(.forbidden, "cross-site \(what) are refused (Sec-Fetch-Site: cross-site)")
        }
        func isThisServer(_ origin: Substring) -> Bool { origin == "http://\(host)" || origin == "https://\(host)" }
        // A browser sends one Origin: more than one is not a browser's post, and neither says
        // for sure where it came from.
        if request.headers.count(where: { $0.name == "origin" }) > 1 {
            return ActionError(.forbidden, "\(what) with more than one Origin header are refused")
        }
        if let origin = request.header("origin") {
            return isThisServer(origin[...]) ? nil : ActionError(.forbidden, "cross-site \(what) are refused (Origin: \(origin))")
        }
        if let referer = request.header("referer") {
            return isThisServer(Self.originOf(referer)) ? nil : ActionError(.forbidden, "cross-site \(what) are refused (Referer from another site)")
        }
        return nil
    }

    /// `scheme://authority` of an absolute URL (`http://h:1/x?y` → `http://h:1`).
    static func originOf(_ url: String) -> Substring {
        let bytes = Array(url.utf8)
        var i = 0
        while i + 2 < bytes.count, !(bytes[i] == 0x3A && bytes[i + 1] == 0x2F && bytes[i + 2] == 0x2F) { i += 1 }
        guard i + 2 < bytes.count else { return url[...] }
        var end = i + 3
        while end < bytes.count, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }
        return Substring(decoding: bytes[..<end], as: UTF8.self)
    }
}

extension Session {
    /// Refuses (403) a post whose `csrf` field is not this session's token; `name` says which
    /// token in the message ("the token", "the form's token").
    func checkToken(_ given: String?, named name: String) throws(ActionError) {
        guard let given, constantTimeEqual(given, csrfToken) else {
            throw ActionError(.forbidden, "\(name) is missing or wrong; reload the page")
        }
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
