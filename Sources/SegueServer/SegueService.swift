import Foundation
import Logging
import SegueCore
import SegueHTML
import SegueHTTP

/// A running Segue server: the application behind a libmicrohttpd listener, with idle-session
/// expiry. `segue serve` and the end-to-end tests start one of these.
public final class SegueService: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var http = HTTPServerConfiguration()
        public var app = SegueApp.Configuration()
        /// Sessions in storage (live or not); more answer 503 `too_many_sessions`.
        public var maxSessions = 100_000
        /// Sessions kept in memory; beyond it the least recently used leave memory (not storage).
        public var maxLiveSessions = 10_000
        public var publicDirectory: String?
        public init() {}
    }

    public let app: SegueApp
    public let server: HTTPServer
    private let sweeper: Thread?  // started once, cancelled once

    /// `storage` keeps sessions durably (default: in memory only; `segue serve` passes SQLite or
    /// PostgreSQL). `maxSessions` bounds the *live* sessions; more stay in storage.
    public init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(),
                storage: any SessionStorage = InMemorySessionStorage(),
                configuration: Configuration = Configuration(), logger: Logger = Logger(label: "segue")) {
        let store = InMemorySessionStore(limit: configuration.maxLiveSessions)
        var appConfiguration = configuration.app
        appConfiguration.maxSessions = configuration.maxSessions
        appConfiguration.listenHost = configuration.http.host
        app = SegueApp(storyboard: storyboard, registry: registry, store: store, storage: storage,
                       assets: StaticAssets(directory: StaticAssets.locate(explicit: configuration.publicDirectory)),
                       configuration: appConfiguration, logger: logger)
        var http = configuration.http
        if storage.commitsInBackground {
            // Each server thread commits the appends of a pass once it has handled its requests.
            http.afterEachPass = { storage.commitPending() }
        }
        if http.refused == nil, logger.logLevel <= .info {
            // One log line per request, also for those the HTTP layer answers itself.
            http.refused = { method, path, status in logger.info("\(method) \(path) \(status) (refused by the HTTP layer)") }
        }
        if http.payloadTooLarge == nil {
            // Forms (pages) get a page; the JSON API keeps the HTTP layer's JSON error.
            http.payloadTooLarge = { path, limit in
                guard !path.hasPrefix("/api/") else {
                    return .jsonError(code: "payload_too_large", message: "Request body exceeds the limit of \(limit) bytes.", status: 413)
                }
                let error = ActionError(.payloadTooLarge, "The form is larger than the limit of \(limit) bytes.")
                return HTTPResponse(status: 413, headers: PageHeaders.html,
                                    body: PageRenderer.renderError(status: 413, code: error.code.rawValue, message: error.message, assetsPath: "/public"))
            }
        }
        server = HTTPServer(configuration: http, responder: app)
        if let warning = StaticAssets.missingAssetsWarning(explicit: configuration.publicDirectory) { logger.warning("\(warning)") }
        let idle = configuration.app.sessionIdleTimeout
        let app = self.app
        let evictAfter = appConfiguration.evictIdleAfter
        // Expire every quarter of the timeout, at most every 30 s (a session lives at most 1.25×
        // the timeout); relieve memory pressure about every 5 s.
        let (seconds, attoseconds) = (idle / 4).components
        let quarter = Double(seconds) + Double(attoseconds) / 1e18
        let tickSeconds = min(1, max(0.05, quarter))
        let expiryTicks = max(1, Int((min(30, quarter) / tickSeconds).rounded()))
        let memoryTicks = max(1, Int((5 / tickSeconds).rounded()))
        let sweeper = Thread {
            var tick = 0
            var lastExpiry = ContinuousClock.now
            while !Thread.current.isCancelled {
                Thread.sleep(forTimeInterval: tickSeconds)
                tick += 1
                if tick % memoryTicks == 0 { app.relieveMemoryPressure() }
                if tick % expiryTicks == 0 {
                    // Sessions only read since the last sweep are not idle: mark them used in
                    // storage before it deletes what is idle.
                    let now = ContinuousClock.now
                    let read = store.used(since: lastExpiry)
                    lastExpiry = now
                    if !read.isEmpty {
                        do { try storage.touch(sessions: read) } catch { logger.error("marking sessions used failed: \(error)") }
                    }
                    store.expire(idleLongerThan: idle)
                    app.evictIdle(Int.max, idleAtLeast: evictAfter)
                    do { _ = try storage.expire(idleLongerThan: idle) } catch { logger.error("session expiry failed: \(error)") }
                }
            }
        }
        self.sweeper = sweeper
    }

    public func start() throws {
        try server.start()
        sweeper?.start()
    }

    public var port: Int { server.port }

    /// Graceful: stop accepting, finish in-flight requests, stop.
    public func stop() {
        sweeper?.cancel()
        server.stop()
        app.storage.close()
    }
}
