import SegueCore
import SegueHTTP
import SeguePageURL
import Synchronization

/// One browser or API session: its window (the controller hierarchy), its CSRF token, and when
/// it was last used. Guarded by its own lock; handlers never hold two session locks at once.
///
/// Every change goes through ``perform(_:animated:)``, ``navigate(to:animated:)`` or
/// ``restore(_:)``, which apply it and queue its step; the server writes the queued steps to the
/// ``SessionStorage`` before it answers (durable before 2xx).
///
/// Only the thread holding the session's lock uses it, so its properties skip the runtime's
/// exclusivity checks, as the window's do.
public final class Session {
    /// Replaced only when the flow is reloaded (``SegueApp/reloadFlow(_:)``).
    @exclusivity(unchecked) public internal(set) var window: Window
    /// Proves a form post came from a page this session rendered.
    public let csrfToken: String
    /// Proves a browser's cookie was issued to that browser: the cookie is `ID.SECRET`, and this
    /// secret appears nowhere else (not in pages, nor in the JSON API). Nil for a session stored
    /// before browser secrets existed: no cookie names it.
    let browserSecret: String?
    @exclusivity(unchecked) public var lastAccess: ContinuousClock.Instant
    /// What ``lastAccess`` is read from.
    let clock: any SessionClock
    /// The last page rendered, reused while the state it shows is unchanged (a reload, the GET
    /// after a tap that changed nothing, back/forward to the current state). Dropped on a
    /// memory warning.
    @exclusivity(unchecked) var pageCache: PageCache?
    /// How many stored steps this window has applied (the next step is `storedSeq + 1`).
    @exclusivity(unchecked) public internal(set) var storedSeq = 0
    /// The step of the last snapshot stored, loaded or tried (``SegueApp/snapshotIfDue(_:upTo:)``).
    @exclusivity(unchecked) var snapshotSeq = 0
    /// Steps applied but not yet written.
    @exclusivity(unchecked) var pending: [String] = []
    /// Set when the session left the cache (eviction, failed write): a thread that still holds the
    /// box must look the session up again.
    @exclusivity(unchecked) var evicted = false

    /// `secrets` is the header's stored `csrfToken` field: `CSRF.BROWSER` (``StoredSecrets``).
    init(window: Window, csrfToken secrets: String, clock: any SessionClock) {
        self.window = window
        (csrfToken, browserSecret) = StoredSecrets.split(secrets)
        self.clock = clock
        self.lastAccess = clock.now
    }

    /// Performs an action and queues its step when it changed anything.
    @discardableResult
    public func perform(_ action: Action, animated: Bool = true) throws(ActionError) -> ActionOutcome {
        let outcome = try window.perform(action, animated: animated)
        if outcome.changed { pending.append(Step.action(action, animated: animated).encoded) }
        return outcome
    }

    /// Brings the window to a URL's hierarchy and queues the step when it changed anything.
    @discardableResult
    public func navigate(to target: HierarchyPath, url: String, animated: Bool = true) throws(ActionError) -> ActionOutcome {
        let outcome = try window.navigate(to: target, animated: animated)
        if outcome.changed { pending.append(Step.navigate(url, animated: animated).encoded) }
        return outcome
    }

    /// Applies a stored step again (rebuild, catching up with other instances). Queues nothing.
    func replay(_ text: String) throws(SessionStorageError) {
        let step = try Step.decode(text)
        do throws(ActionError) {
            switch step {
            case .action(let action, let animated):
                _ = try window.perform(action, animated: animated)
            case .navigate(let url, let animated):
                guard let target = HierarchyPath.parse(url) else { throw ActionError(.invalidURL, "stored URL \(url) does not parse") }
                _ = try window.navigate(to: target, animated: animated)
            case .restore:
                throw ActionError(.invalidURL, "a restore step can only come first")
            }
        } catch {
            throw .corrupt("step \(storedSeq + 1) no longer applies: \(error.message)")
        }
        storedSeq += 1
    }
}

extension Session {
    /// The secrets as the header stores them.
    var storedSecrets: String { StoredSecrets.join(csrf: csrfToken, browser: browserSecret) }
}

/// A session's two secrets in the one field the stores keep for them (the header's `csrfToken`):
/// `CSRF.BROWSER`, each 128 random bits in hex; a field without a dot is a CSRF token alone.
enum StoredSecrets {
    static func make() -> String { RandomToken.make() + "." + RandomToken.make() }

    static func split(_ stored: String) -> (csrf: String, browser: String?) {
        guard let dot = stored.firstIndex(of: ".") else { return (stored, nil) }
        let browser = String(stored[stored.index(after: dot)...])
        return (String(stored[..<dot]), RandomToken.isWellFormed(browser) ? browser : nil)
    }

    static func join(csrf: String, browser: String?) -> String { browser.map { csrf + "." + $0 } ?? csrf }
}

/// A session behind its lock: the unit the store hands out.
public final class SessionBox: Sendable {
    public let id: String
    private let state: Mutex<Session>
    /// Appends submitted to a background-committing store and not yet completed. While any are
    /// in flight the session is not evicted, and an answer showing its state waits for them.
    let appendsInFlight = Atomic<Int>(0)
    /// Set when a background append failed: the live copy is ahead of storage and must not be
    /// used again (the next request rebuilds the session from what was stored).
    let poisoned = Atomic<Bool>(false)

    /// Whether this live copy must not be used (evicted, or behind a failed append): look the
    /// session up again. Call with the lock held (inside ``withSession(_:)``).
    func isOutOfService(_ session: Session) -> Bool {
        session.evicted || poisoned.load(ordering: .acquiring)
    }

    init(id: String, session: sending Session) {
        self.id = id
        state = Mutex(session)
    }

    /// Runs `body` with the session locked. Keep it short: it runs on a server thread.
    public func withSession<R: Sendable, E: Error>(_ body: (Session) throws(E) -> R) throws(E) -> R {
        try state.withLock { (session: inout sending Session) throws(E) -> R in
            session.lastAccess = session.clock.now
            return try body(session)
        }
    }

    /// When the session was last used (for expiry), without touching it.
    var lastAccess: ContinuousClock.Instant { state.withLock { $0.lastAccess } }

    /// Takes the session out of service (the cache dropped it); later holders look it up again.
    func markEvicted() { state.withLock { $0.evicted = true } }
}

/// A rendered page and the state it shows: valid while the window's version, event count and
/// warnings are the same (every action that changes anything bumps one of them), and the last
/// change too (the page names it for its motion; a later no-op tap must not replay it).
struct PageCache {
    var version: Int
    var lastSeq: Int
    var warnings: [String]
    var change: ScreenChange
    var url: String
    var html: [UInt8]
    /// The page compressed, per coding asked for (at most brotli and gzip): made once per
    /// version of the page, on the first request that takes that coding.
    var encoded: [ContentCoding: [UInt8]] = [:]

    init(window: Window, html: [UInt8]) {
        version = window.version
        lastSeq = window.log.lastSeq
        warnings = window.warnings
        change = window.lastChange
        url = window.canonicalURL
        self.html = html
    }

    func isValid(for window: Window, url: String) -> Bool {
        self.url == url && version == window.version && lastSeq == window.log.lastSeq && warnings == window.warnings
            && change == window.lastChange
    }
}
