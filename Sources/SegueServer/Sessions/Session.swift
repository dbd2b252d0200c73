import SegueCore
import Synchronization

/// One browser or API session: its window (the controller hierarchy), its CSRF token, and when
/// it was last used. Guarded by its own lock; handlers never hold two session locks at once.
public final class Session {
    public let window: Window
    /// Proves a form post came from a page this session rendered.
    public let csrfToken: String
    public var lastAccess: ContinuousClock.Instant

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
