import Logging
import SegueCore
import SegueHTTP

/// The Segue application: routes HTTP requests to the JSON API, the pages, and static assets.
///
/// Routes (CONTRACT §3-§4):
/// - `GET /` starts a session (cookie) and answers 303 to its canonical URL.
/// - `GET /ui/…` renders the page of that hierarchy, first bringing the session there (history).
/// - `POST /tap` is the one form target of every page (CSRF-checked), answering 303.
/// - `POST /traits` takes the viewport `Public/segue.js` reports (CSRF-checked, JSON answer).
/// - `/api/v1/sessions…` is the JSON API.
/// - `GET /public/…` serves `Public/`; `GET /healthz` is a bare route for load tests.
public final class SegueApp: HTTPResponder {
    public struct Configuration: Sendable {
        /// Sessions idle longer than this expire.
        public var sessionIdleTimeout: Duration = .seconds(3600)
        /// The viewport assumed until a browser reports one.
        public var defaultTraits: Traits = .phonePortrait
        public var cookieName = "segue_session"
        public init() {}
    }

    public let storyboard: Storyboard
    public let registry: ControllerRegistry
    public let store: any SessionStore
    public let assets: StaticAssets
    public let configuration: Configuration
    let logger: Logger

    public init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(), store: any SessionStore = InMemorySessionStore(),
                assets: StaticAssets, configuration: Configuration = Configuration(), logger: Logger = Logger(label: "segue")) {
        self.storyboard = storyboard
        self.registry = registry
        self.store = store
        self.assets = assets
        self.configuration = configuration
        self.logger = logger
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        let response = route(request)
        if logger.logLevel <= .info {
            let micros = (ContinuousClock.now - start).components.attoseconds / 1_000_000_000_000
            logger.info("\(request.methodString) \(request.path) \(response.status) \(micros)µs")
        }
        return response
    }

    func route(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path == "/healthz" { return .text("ok\n") }
        if path.hasPrefix("/api/") { return api(request) }
        if path.hasPrefix("/public/") { return assets.response(for: request) }
        if path.hasPrefix(HierarchyPath.prefix) {
            guard request.method == .GET || request.method == .HEAD else { return methodNotAllowed(html: true) }
            return page(request)
        }
        switch (request.method, path) {
        case (.GET, "/"), (.HEAD, "/"): return start(request)
        case (.POST, "/tap"): return tap(request)
        case (.POST, "/traits"): return reportTraits(request)
        case (_, "/traits"): return methodNotAllowed(html: false)
        case (_, "/tap"), (_, "/"): return methodNotAllowed(html: true)
        default: return errorPage(ActionError(.unknownRoute, "there is nothing at \(path)"))
        }
    }

    // MARK: - Sessions

    /// Creates and launches a session.
    func makeSession(traits: Traits? = nil) throws(ActionError) -> SessionBox {
        if store.count > 0, store.count % 1024 == 0 { store.expire(idleLongerThan: configuration.sessionIdleTimeout) }
        let window = Window(id: RandomToken.make(), storyboard: storyboard, registry: registry, traits: traits ?? configuration.defaultTraits)
        try window.launch()
        let box = SessionBox(id: window.id, session: Session(window: window, csrfToken: RandomToken.make(), now: .now))
        do {
            try store.insert(box)
        } catch {
            // Full: make room by expiring idle sessions once, then give up with 503.
            guard store.expire(idleLongerThan: configuration.sessionIdleTimeout) > 0 else { throw error }
            try store.insert(box)
        }
        return box
    }

    func cookieSession(_ request: HTTPRequest) -> SessionBox? {
        guard let id = FormDecoding.cookie(configuration.cookieName, in: request.header("cookie")),
              RandomToken.isWellFormed(id) else { return nil }
        return store.session(id: id)
    }

    func sessionCookie(_ id: String) -> (name: String, value: String) {
        ("Set-Cookie", "\(configuration.cookieName)=\(id); Path=/; HttpOnly; SameSite=Lax")
    }

    func methodNotAllowed(html: Bool) -> HTTPResponse {
        let error = ActionError(.methodNotAllowed, "this method is not allowed here")
        return html ? errorPage(error) : jsonError(error)
    }
}
