import Logging
import SegueAppFolder
import SegueAssets
import SegueCore
import SegueHTTP
import SeguePageURL
import Synchronization

/// The Segue application: routes HTTP requests to the JSON API, the pages, and static assets.
///
/// Its routes are the table of ``RouteTable`` (docs/API.md for the JSON API, README.md for
/// pages); this file holds the configuration and the sessions' life: creation, cookies,
/// languages and expiry.
public final class SegueApp: HTTPResponder {
    public struct Configuration: Sendable {
        /// Sessions idle longer than this expire.
        public var sessionIdleTimeout: Duration = .seconds(3600)
        /// The viewport assumed until a browser reports one.
        public var defaultTraits: Traits = .phonePortrait
        public var cookieName = "segue_session"
        /// Serve behind TLS: the session cookie is `Secure` and named with the `__Host-` prefix
        /// (browsers then keep it for this host only, path `/`, and send it only over HTTPS).
        public var secureCookies = false
        /// Trust a proxy's `X-Forwarded-Proto`: a request it marks `https` gets a `Secure`
        /// cookie even without `secureCookies`. Only for a server reachable through that proxy alone.
        public var trustForwardedProto = false
        /// Live sessions idle longer than this leave memory (they stay in storage and reload on
        /// their next request).
        public var evictIdleAfter: Duration = .seconds(600)
        /// Resident memory above which idle sessions are evicted (nil: no ceiling).
        public var memoryCeilingBytes: Int?
        /// Sessions in storage; creating more answers 503 `too_many_sessions` (after expiring idle
        /// ones and dropping untouched ones idle for `untouchedIdleTimeout`).
        public var maxSessions = 100_000
        /// Sessions one client address may create per minute (a burst of that many, then at that
        /// rate); more answer 503 `too_many_sessions`. 0: no limit.
        public var sessionsPerAddressPerMinute = 60
        /// A session nobody acted on (only viewed) and idle this long is dropped when the server
        /// is full and a new session is asked for: it is its URL, which gives the same page again.
        public var untouchedIdleTimeout: Duration = .seconds(60)
        /// The sessions admin API (`GET /api/v1/admin/sessions`, `DELETE …/ID`).
        public var admin: AdminAccess = .off
        /// The address the listener is bound to (decides `AdminAccess.loopback`).
        public var listenHost = "127.0.0.1"
        /// Events a live session keeps in memory (at least this many, at most twice); older ones
        /// are served by replaying the session's stored steps.
        public var eventLogCapacity = EventLog.defaultCapacity
        /// The flow file or storyboard served, as a recorded test names it (`flow:`); nil leaves
        /// it to `segue test --flow`.
        public var flowPath: String?
        /// The flow is watched for edits (`segue serve --watch`): pages follow reloads.
        public var watchesFlow = false
        /// How an app folder is read (`--main`, what the code analysis found), for reloads.
        public var appLoadOptions = AppLoadOptions()
        /// The language of sessions whose browser names none the app has (`--locale`); nil: the
        /// app's development region.
        public var defaultLocale: String?
        /// Steps stored since a session's last snapshot for it to leave a new one as it leaves
        /// memory (0: no snapshots; ``SessionStorage``).
        public var snapshotInterval = 32
        /// The time session expiry and eviction read (the machine's unless a test passes its own).
        public var clock: any SessionClock = SystemSessionClock()
        /// Where session ids and CSRF tokens come from: 128 bits of the system's secure generator
        /// as 32 lowercase hex digits, unless a test passes its own (pages then hold the same
        /// bytes from run to run). What it makes must have that shape.
        public var makeToken: @Sendable () -> String = RandomToken.make
        /// The app's images, colours and fonts drawn on pages and served under `/assets/` (nil: none).
        public var resources: AppResources? = nil
        public init() {}
    }

    /// Who may use the admin API.
    public enum AdminAccess: String, Sendable {
        /// Not served (404).
        case off
        /// Only from loopback clients.
        case loopback
        /// From anywhere (put it behind your own authentication).
        case on
    }

    /// The flow every new session runs (replaced by ``reloadFlow(_:)`` under `--watch`).
    public var storyboard: Storyboard { flow.withLock { $0.storyboard } }
    let flow: Mutex<FlowState>
    public let registry: ControllerRegistry
    public let store: any SessionStore
    /// Durable storage: every acknowledged change is here before its answer.
    public let storage: any SessionStorage
    public let assets: StaticAssets
    /// The app's resource files (`/assets/…`).
    let appAssets: AppAssetRoute
    public let configuration: Configuration
    let logger: Logger
    /// When a creation at the session limit last ran the expiry (see ``makeSession``).
    let lastExpiryAtLimit = Mutex<ContinuousClock.Instant?>(nil)
    /// Sessions created per client address (``Configuration/sessionsPerAddressPerMinute``).
    let creationLimiter: CreationLimiter
    /// Responders mounted at exact paths by ``mount(_:at:)`` (the command line's `/mcp`).
    let mounts = Mutex<[String: any HTTPResponder]>([:])

    /// `store` and `storage` default to memory, on the configuration's clock.
    public init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(), store: (any SessionStore)? = nil,
                storage: (any SessionStorage)? = nil, assets: StaticAssets, configuration: Configuration = Configuration(), logger: Logger = Logger(label: "segue")) {
        self.flow = Mutex(FlowState(storyboard: storyboard))
        self.registry = registry
        self.store = store ?? InMemorySessionStore(clock: configuration.clock)
        self.storage = storage ?? InMemorySessionStorage(clock: configuration.clock)
        self.assets = assets
        self.appAssets = AppAssetRoute(configuration.resources)
        self.configuration = configuration
        self.logger = logger
        creationLimiter = CreationLimiter(perMinute: configuration.sessionsPerAddressPerMinute, clock: configuration.clock)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        // The clock is read only when the request is logged.
        let start = logger.logLevel <= .info ? ContinuousClock.now : nil
        let response = route(request)
        if let start {
            let (method, path, logger) = (request.methodString, request.path, logger)
            let log = { @Sendable (status: Int) in
                let micros = (ContinuousClock.now - start).components.attoseconds / 1_000_000_000_000
                logger.info("\(method) \(path) \(status) \(micros)µs")
            }
            // A deferred answer is logged when it goes out (its time includes the commit).
            if let deferred = response.deferred { deferred.observe { log($0.status) } } else { log(response.status) }
        }
        return response
    }

    /// Serves `responder` at `path` (exactly), for what lives outside this module (the MCP
    /// endpoint). A browser's request to it must come from this server's own pages (as for form
    /// posts: ``crossSiteRefusal(_:what:)``), so no other site can drive it.
    public func mount(_ responder: any HTTPResponder, at path: String) {
        mounts.withLock { $0[path] = responder }
    }

    func respond(_ request: HTTPRequest, with mounted: any HTTPResponder) -> HTTPResponse {
        if let refusal = crossSiteRefusal(request, what: "requests to \(request.path)") { return jsonError(refusal) }
        return mounted.respond(to: request)
    }

    // MARK: - Sessions

    /// Deletes the stored sessions idle longer than the session timeout; sessions this process
    /// served within it (perhaps only read: pages, state, events) are marked used first.
    func expireStoredSessions() throws(SessionStorageError) -> Int {
        let timeout = configuration.sessionIdleTimeout
        let used = store.used(since: configuration.clock.now - timeout)
        if !used.isEmpty { try storage.touch(sessions: used) }
        return try storage.expire(idleLongerThan: timeout)
    }

    /// Creates and launches a session (or restores it from a URL), durably: the session is in
    /// storage, with its restore step, before this returns.
    /// `client` is the address asking (``HTTPRequest/clientAddress``), for the per-address limit.
    func makeSession(traits: Traits? = nil, restoring target: HierarchyPath? = nil, url: String? = nil, locale: String? = nil,
                     client: String?) throws(ActionError) -> SessionBox {
        let traits = traits ?? configuration.defaultTraits
        guard creationLimiter.allow(client) else {
            throw ActionError(.tooManySessions, "this address created its \(configuration.sessionsPerAddressPerMinute) sessions of the minute; try again shortly")
        }
        do {
            if try storage.count() >= configuration.maxSessions {
                // The expiry walks every stored session: at the limit it runs at most once a
                // second, so a full server refuses new sessions cheaply instead of walking a
                // million sessions for each one.
                let now = configuration.clock.now
                let due = lastExpiryAtLimit.withLock { last -> Bool in
                    if let last, now - last < .seconds(1) { return false }
                    last = now
                    return true
                }
                if due {
                    // Before the expiry, which marks every session this process served as used now.
                    dropUntouchedSessions()
                    _ = try expireStoredSessions()
                }
                guard try storage.count() < configuration.maxSessions else {
                    throw ActionError(.tooManySessions, "the server holds its limit of \(configuration.maxSessions) sessions; try again later")
                }
            }
        } catch let error as SessionStorageError {
            throw storageError(error, id: "-")
        } catch let error as ActionError {
            throw error
        } catch {
            throw ActionError(.storageUnavailable, "\(error)")
        }
        let window = Window(id: configuration.makeToken(), storyboard: storyboard, registry: registry, traits: traits)
        window.eventLogCapacity = configuration.eventLogCapacity
        window.locale = locale
        if let target { try window.restore(target) } else { try window.launch() }
        let session = Session(window: window, csrfToken: configuration.makeToken() + "." + configuration.makeToken(), clock: configuration.clock)
        let header = StoredSessionHeader(id: window.id, csrfToken: session.storedSecrets, width: traits.width, height: traits.height, locale: locale)
        do {
            try storage.create(header)
            if target != nil {
                try storage.append(session: window.id, firstSeq: 1, steps: [Step.restore(url ?? window.restorationURL).encoded])
                session.storedSeq = 1
            }
        } catch {
            throw storageError(error, id: window.id)
        }
        makeRoom()
        let box = SessionBox(id: window.id, session: session)
        do {
            try store.insert(box)
        } catch {
            // Full of busy sessions: the session is stored; it loads on its first request.
            logger.warning("live-session limit reached; session \(box.id) stays in storage")
        }
        return box
    }

    /// The language a new session shows, for an app localized in several: the request's
    /// `locale` query parameter, else its `Accept-Language` (by preference), else `--locale`,
    /// else the app's development region. Nil for flows with no languages.
    func sessionLocale(_ request: HTTPRequest) -> String? {
        let storyboard = self.storyboard
        guard !storyboard.locales.isEmpty else { return nil }
        var wanted: [String] = []
        if let query = request.queryValue("locale"), !query.isEmpty { wanted.append(query) }
        wanted += Self.acceptedLanguages(request.header("accept-language") ?? "")
        if let fallback = configuration.defaultLocale { wanted.append(fallback) }
        return storyboard.bestLocale(for: wanted)
    }

    /// An `Accept-Language` header's languages, by quality (highest first), `*` left out.
    static func acceptedLanguages(_ header: String) -> [String] {
        var ranked: [(language: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";")
            let language = pieces.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !language.isEmpty, language != "*", language.count <= 35 else { continue }
            var quality = 1.0
            for p in pieces.dropFirst() {
                let kv = p.trimmingCharacters(in: .whitespaces)
                if kv.hasPrefix("q="), let q = Double(kv.dropFirst(2)), q.isFinite { quality = q }
            }
            if quality > 0 { ranked.append((language, quality, order)) }
        }
        return ranked.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.language)
    }

    /// Deletes a few stored sessions nobody acted on, idle for `untouchedIdleTimeout` (a full
    /// server, before it refuses a new session): their browsers get the same page again from
    /// its URL. A live one used since is kept.
    func dropUntouchedSessions() {
        let idle = configuration.untouchedIdleTimeout
        let ids: [String]
        do { ids = try storage.untouched(idleLongerThan: idle, limit: 64) } catch { return }
        let recent = configuration.clock.now - idle
        for id in ids {
            if let box = store.session(id: id), box.lastAccess >= recent { continue }
            guard (try? storage.delete(session: id)) == true else { continue }
            if let box = store.session(id: id) {
                store.remove(id: id, ifSame: box)
                box.markEvicted()
            }
        }
    }

    /// The session id of the cookie, when it names a session that exists and proves it was
    /// issued to this browser. The cookie is `ID.SECRET`: the id alone (which the JSON API and
    /// the developer page show) is not enough, so a session made by someone else cannot be
    /// planted in a browser to read what its user types; such a cookie is ignored (the browser
    /// gets a session of its own).
    func cookieSessionID(_ request: HTTPRequest) -> String? {
        guard let value = FormDecoding.cookie(sessionCookieName, in: request.header("cookie")),
              let dot = value.firstIndex(of: ".") else { return nil }
        let id = String(value[..<dot]), secret = String(value[value.index(after: dot)...])
        guard RandomToken.isWellFormed(id), RandomToken.isWellFormed(secret) else { return nil }
        let box: SessionBox
        do {
            guard let found = try store.session(id: id) ?? liveSession(id: id) else { return nil }  // rebuilt from storage, now live
            box = found
        } catch {
            return id  // quarantined or storage down: the request shows that error
        }
        let issued = box.withSession { session in session.browserSecret.map { constantTimeEqual($0, secret) } ?? false }
        return issued ? id : nil
    }

    /// The session cookie's name as sent to browsers (`__Host-` prefixed with secure cookies).
    var sessionCookieName: String {
        configuration.secureCookies ? "__Host-" + configuration.cookieName : configuration.cookieName
    }

    /// The `Set-Cookie` header of a new session: `HttpOnly`, `SameSite=Lax`, and `Secure` when the
    /// server is configured for TLS or a trusted proxy says the request came over HTTPS: when any
    /// hop an `X-Forwarded-Proto` lists (in any of its headers) is `https`, as the browser may
    /// be on the far side of any of them.
    func sessionCookie(_ box: SessionBox, for request: HTTPRequest) -> (name: String, value: String) {
        let value = box.id + "." + (box.withSession { $0.browserSecret } ?? "")
        let forwardedHTTPS = configuration.trustForwardedProto && request.headers.contains { header in
            header.name == "x-forwarded-proto"
                && header.value.split(separator: ",").contains { $0.filter { $0 != " " && $0 != "\t" }.lowercased() == "https" }
        }
        let secure = configuration.secureCookies || forwardedHTTPS ? "; Secure" : ""
        return ("Set-Cookie", "\(sessionCookieName)=\(value); Path=/; HttpOnly; SameSite=Lax\(secure)")
    }

    /// Client input echoed in an error message, cut to its first 200 characters so a huge bad
    /// input does not come back whole.
    static func quoted(_ input: String) -> String {
        input.count <= 200 ? input : input.prefix(200) + "… (\(input.utf8.count) bytes)"
    }
}
