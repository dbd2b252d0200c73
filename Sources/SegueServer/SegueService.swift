import Foundation
import Logging
import SegueCore
import SegueHTTP

/// A running Segue server: the application behind a libmicrohttpd listener, with idle-session
/// expiry. `segue serve` and the end-to-end tests start one of these.
public final class SegueService: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var http = HTTPServerConfiguration()
        public var app = SegueApp.Configuration()
        public var maxSessions = 100_000
        public var publicDirectory: String?
        public init() {}
    }

    public let app: SegueApp
    public let server: HTTPServer
    private let sweeper: Thread?  // started once, cancelled once

    public init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(),
                configuration: Configuration = Configuration(), logger: Logger = Logger(label: "segue")) {
        let store = InMemorySessionStore(limit: configuration.maxSessions)
        app = SegueApp(storyboard: storyboard, registry: registry, store: store,
                       assets: StaticAssets(directory: StaticAssets.locate(explicit: configuration.publicDirectory)),
                       configuration: configuration.app, logger: logger)
        server = HTTPServer(configuration: configuration.http, responder: app)
        let idle = configuration.app.sessionIdleTimeout
        // Sweep every quarter of the timeout, at most every 30 s: a session lives at most 1.25× it.
        let (seconds, attoseconds) = (idle / 4).components
        let interval = min(30, max(0.05, Double(seconds) + Double(attoseconds) / 1e18))
        let sweeper = Thread {
            while !Thread.current.isCancelled {
                Thread.sleep(forTimeInterval: interval)
                store.expire(idleLongerThan: idle)
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
    }
}
