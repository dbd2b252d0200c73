import SegueCore
import Synchronization

/// One browser or API session: its window (the controller hierarchy), its CSRF token, and when
/// it was last used. Guarded by its own lock; handlers never hold two session locks at once.
public final class Session {
    public let window: Window
    /// Proves a form post came from a page this session rendered.
    public let csrfToken: String
    public var lastAccess: ContinuousClock.Instant
    /// The last page rendered, reused while the state it shows is unchanged (a reload, the GET
    /// after a tap that changed nothing, back/forward to the current state). Dropped on a
    /// memory warning.
    var pageCache: PageCache?

    init(window: Window, csrfToken: String, now: ContinuousClock.Instant) {
        self.window = window
        self.csrfToken = csrfToken
        self.lastAccess = now
    }
}

/// A session behind its lock: the unit the store hands out.
public final class SessionBox: Sendable {
    public let id: String
    private let state: Mutex<Session>

    init(id: String, session: sending Session) {
        self.id = id
        state = Mutex(session)
    }

    /// Runs `body` with the session locked. Keep it short: it runs on a server thread.
    public func withSession<R: Sendable, E: Error>(_ body: (Session) throws(E) -> R) throws(E) -> R {
        try state.withLock { (session: inout sending Session) throws(E) -> R in
            session.lastAccess = .now
            return try body(session)
        }
    }

    /// When the session was last used (for expiry), without touching it.
    var lastAccess: ContinuousClock.Instant { state.withLock { $0.lastAccess } }
}

/// A rendered page and the state it shows: valid while the window's version, event count and
/// warnings are the same (every action that changes anything bumps one of them).
struct PageCache {
    var version: Int
    var lastSeq: Int
    var warnings: [String]
    var url: String
    var html: [UInt8]

    init(window: Window, html: [UInt8]) {
        version = window.version
        lastSeq = window.log.lastSeq
        warnings = window.warnings
        url = window.canonicalURL
        self.html = html
    }

    func isValid(for window: Window, url: String) -> Bool {
        self.url == url && version == window.version && lastSeq == window.log.lastSeq && warnings == window.warnings
    }
}
