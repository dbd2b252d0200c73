import Foundation
import Logging
import SegueCore
import SegueHTML
import SegueHTTP
import Synchronization

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
    private var sweeper: Thread?  // set once in init, started once, cancelled once
    /// When the last expiry pass ran (sessions used since are marked used in storage).
    private let lastExpiry: Mutex<ContinuousClock.Instant>
    private let logger: Logger

    /// `storage` keeps sessions durably (default: in memory only, on the configuration's clock;
    /// `segue serve` passes SQLite or PostgreSQL). `maxSessions` bounds the *live* sessions; more
    /// stay in storage.
    public init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(),
                storage: (any SessionStorage)? = nil,
                configuration: Configuration = Configuration(), logger: Logger = Logger(label: "segue")) {
        self.logger = logger
        let store = InMemorySessionStore(limit: configuration.maxLiveSessions, clock: configuration.app.clock)
        let storage = storage ?? InMemorySessionStorage(clock: configuration.app.clock)
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
        http.answerRefusal = { [app, limit = http.maxBodyBytes] refusal, path in app.answer(refusal, path: path, bodyLimit: limit) }
        server = HTTPServer(configuration: http, responder: app)
        if let warning = StaticAssets.missingAssetsWarning(explicit: configuration.publicDirectory) { logger.warning("\(warning)") }
        lastExpiry = Mutex(appConfiguration.clock.now)
        let idle = configuration.app.sessionIdleTimeout
        // Expire every quarter of the timeout, at most every 30 s (a session lives at most 1.25×
        // the timeout); relieve memory pressure about every 5 s.
        let (seconds, attoseconds) = (idle / 4).components
        let quarter = Double(seconds) + Double(attoseconds) / 1e18
        let tickSeconds = min(1, max(0.05, quarter))
        let expiryTicks = max(1, Int((min(30, quarter) / tickSeconds).rounded()))
        let memoryTicks = max(1, Int((5 / tickSeconds).rounded()))
        sweeper = Thread { [weak self] in
            var tick = 0
            while !Thread.current.isCancelled {
                Thread.sleep(forTimeInterval: tickSeconds)
                guard let self else { return }
                tick += 1
                if tick % memoryTicks == 0 { self.app.relieveMemoryPressure() }
                if tick % expiryTicks == 0 { self.expireIdleSessions() }
            }
        }
    }

    /// One expiry pass, as the sweeper thread runs every quarter of the idle timeout: sessions
    /// idle longer than the timeout leave memory and storage, and live sessions idle longer than
    /// `evictIdleAfter` leave memory (they stay in storage). Idle times are read from the
    /// configuration's clock, so a test advances that clock and calls this instead of waiting.
    public func expireIdleSessions() {
        let clock = app.configuration.clock
        let idle = app.configuration.sessionIdleTimeout
        let (store, storage, logger) = (app.store, app.storage, logger)
        // Sessions only read since the last pass are not idle: mark them used in storage before
        // it deletes what is idle.
        let since = lastExpiry.withLock { last in
            defer { last = clock.now }
            return last
        }
        let read = store.used(since: since)
        if !read.isEmpty {
            do { try storage.touch(sessions: read) } catch { logger.error("marking sessions used failed: \(error)") }
        }
        store.expire(idleLongerThan: idle)
        app.evictIdle(Int.max, idleAtLeast: app.configuration.evictIdleAfter, snapshots: true)
        do { _ = try storage.expire(idleLongerThan: idle) } catch { logger.error("session expiry failed: \(error)") }
    }

    public func start() throws {
        try server.start()
        sweeper?.start()
    }

    public var port: Int { server.port }

    /// Graceful: stop accepting, finish in-flight requests, leave a snapshot of every live
    /// session that is due one (as leaving memory does), then close storage once it has written
    /// them. The next start rebuilds those sessions from their snapshots, not from every step.
    public func stop() {
        sweeper?.cancel()
        server.stop()
        app.evictIdle(Int.max, idleAtLeast: .zero, snapshots: true)
        app.storage.close()
    }
}
