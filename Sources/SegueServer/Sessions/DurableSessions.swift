import Foundation
import SegueCore
import SegueHTTP
import SeguePageURL

/// Live sessions over durable storage: lookup (rebuilding evicted or restarted sessions), durable
/// mutation (steps written before the answer), quarantine, eviction.
extension SegueApp {
    /// The live session for `id`, rebuilt from storage when it is not in the cache; nil when there
    /// is no such session.
    func liveSession(id: String) throws(ActionError) -> SessionBox? {
        if let box = store.session(id: id) { return box }
        let stored: StoredSession?
        do { stored = try storage.loadLatest(session: id) } catch { throw storageError(error, id: id) }
        guard let stored else { return nil }
        if let reason = stored.quarantined {
            throw ActionError(.sessionQuarantined, "session \(id) is quarantined and cannot be shown: \(reason)")
        }
        let box = try rebuild(stored)
        for _ in 0..<3 {
            makeRoom()
            // Another server thread may take the room made: make more, a few times.
            if let adopted = try? store.adopt(box) { return adopted }
        }
        makeRoom()
        return try store.adopt(box)
    }

    /// Launches a fresh window and replays the stored steps; quarantines the session when they
    /// no longer apply (a corrupt row, or a storyboard that changed since).
    func rebuild(_ stored: StoredSession) throws(ActionError) -> SessionBox {
        let h = stored.header
        if let snapshot = stored.snapshot {
            if let session = session(from: snapshot, stored: stored) { return SessionBox(id: h.id, session: session) }
            let all: StoredSession?
            do { all = try storage.load(session: h.id) } catch { throw storageError(error, id: h.id) }
            guard let all else { throw ActionError(.unknownSession, "no session '\(h.id)'") }
            return try rebuild(all)  // `load` gives no snapshot: every step is replayed
        }
        let session = Session(window: window(for: h), csrfToken: h.csrfToken, clock: configuration.clock)
        do throws(SessionStorageError) {
            try Self.replay(stored.steps, into: session)
        } catch {
            if case .unavailable = error { throw storageError(error, id: h.id) }
            let reason = error.description
            logger.error("quarantining session \(h.id): \(reason)")
            try? storage.quarantine(session: h.id, reason: reason)
            throw ActionError(.sessionQuarantined, "session \(h.id) is quarantined and cannot be shown: \(reason)")
        }
        return SessionBox(id: h.id, session: session)
    }

    func window(for h: StoredSessionHeader, on storyboard: Storyboard? = nil) -> Window {
        let window = Window(id: h.id, storyboard: storyboard ?? self.storyboard, registry: registry, traits: Traits(width: h.width, height: h.height))
        window.locale = h.locale
        window.eventLogCapacity = configuration.eventLogCapacity
        return window
    }

    /// Launches (or restores, when the first step is a restore) and applies every stored step.
    static func replay(_ stored: [String], into session: Session) throws(SessionStorageError) {
        let window = session.window
        var steps = stored[...]
        if let first = steps.first, case .restore(let url, let version, let seq) = try Step.decode(first) {
            guard let path = HierarchyPath.parse(url) else { throw SessionStorageError.corrupt("stored URL \(url) does not parse") }
            window.continueCounting(version: version, lastSeq: seq)
            do throws(ActionError) { _ = try window.restore(path) } catch { throw SessionStorageError.corrupt("step 1 no longer applies: \(error.message)") }
            session.storedSeq = 1
            steps = steps.dropFirst()
        } else {
            do throws(ActionError) { try window.launch() } catch { throw SessionStorageError.corrupt("launch: \(error.message)") }
        }
        for step in steps { try session.replay(step) }
    }

    /// The session's events from the first, replayed from its stored steps in a throwaway window
    /// that keeps them all (the live log keeps only the most recent ones, `EventLog`). Nil when
    /// the session is not stored or its steps no longer replay (the live session stays as it is).
    func replayedEventLog(id: String) throws(ActionError) -> EventLog? {
        let stored: StoredSession?
        do { stored = try storage.load(session: id) } catch { throw storageError(error, id: id) }
        guard let stored, stored.quarantined == nil else { return nil }
        let session = Session(window: window(for: stored.header), csrfToken: stored.header.csrfToken, clock: configuration.clock)
        session.window.eventLogCapacity = EventLog.unbounded
        do { try Self.replay(stored.steps, into: session) } catch { return nil }
        return session.window.log
    }

    private enum Attempt<R: Sendable>: Sendable {
        case done(Result<R, ActionError>)
        /// The box left the cache meanwhile: look the session up again.
        case stale
        /// Another instance wrote first: catch up and run again.
        case conflict
        case failed(ActionError)
    }

    /// Runs `body` durably and answers through `answer`, which sees its result only once the steps
    /// it queued are stored: deferred (``withDurableSessionDeferred(_:commit:_:answer:)``, this
    /// thread is not held) with a store that commits in the background, else at once
    /// (``withDurableSession(_:_:)``). With a shared store the deferred way needs the session's
    /// lease (its live copy is current); without it the request reads what it missed first.
    /// `request` tells whether its server thread commits at the end of its pass
    /// (``HTTPRequest/afterEachPassFollows``).
    func durableResponse<R: Sendable>(
        _ id: String, for request: HTTPRequest, _ body: (Session) throws(ActionError) -> R,
        answer: @escaping @Sendable (Result<R, ActionError>) -> HTTPResponse
    ) -> HTTPResponse {
        if storage.commitsInBackground && (!storage.isShared || storage.holdsLease(session: id)) {
            return withDurableSessionDeferred(id, commit: request.afterEachPassFollows ? .endOfPass : .byStorage, body, answer: answer)
        }
        do throws(ActionError) {
            return answer(.success(try withDurableSession(id, body)))
        } catch {
            return answer(.failure(error))
        }
    }

    /// Runs `body` on the session with its lock held, after catching up with other instances
    /// (shared storage, unless this instance holds the session's lease), and writes the steps it queued before returning: when this returns,
    /// what it reported is durable. A write conflict reruns `body` on the caught-up session (up to
    /// 3 times, then 409 `stale_version`); a storage failure answers 503 and drops the live copy,
    /// so the session reloads at its last durable state.
    func withDurableSession<R: Sendable>(_ id: String, _ body: (Session) throws(ActionError) -> R) throws(ActionError) -> R {
        let storage = self.storage
        for _ in 0..<4 {
            guard let box = try liveSession(id: id) else { throw ActionError(.unknownSession, "no session '\(id)'") }
            let attempt = box.withSession { session -> Attempt<R> in
                if box.isOutOfService(session) { return .stale }
                if storage.isShared && !storage.holdsLease(session: id) {
                    do throws(SessionStorageError) {
                        guard let missed = try storage.steps(session: id, after: session.storedSeq) else {
                            session.evicted = true  // deleted or expired elsewhere: the lookup answers 404
                            return .stale
                        }
                        for step in missed { try session.replay(step) }
                    } catch {
                        session.evicted = true
                        if case .unavailable = error { return .failed(self.storageError(error, id: id)) }
                        return .stale  // the rebuild will quarantine it with the reason
                    }
                }
                let result: Result<R, ActionError>
                do throws(ActionError) { result = .success(try body(session)) } catch { result = .failure(error) }
                guard !session.pending.isEmpty else {
                    // What this shows may include background appends not yet durable: wait for them.
                    if box.appendsInFlight.load(ordering: .acquiring) > 0 {
                        do throws(SessionStorageError) {
                            try storage.append(session: id, firstSeq: session.storedSeq + 1, steps: [])
                        } catch {
                            return .failed(self.storageError(error, id: id))
                        }
                        if box.poisoned.load(ordering: .acquiring) { return .stale }
                    }
                    return .done(result)
                }
                let steps = session.pending
                session.pending = []
                do throws(SessionStorageError) {
                    try storage.append(session: id, firstSeq: session.storedSeq + 1, steps: steps)
                    session.storedSeq += steps.count
                    return .done(result)
                } catch {
                    session.evicted = true
                    if case .conflict = error { return .conflict }
                    return .failed(self.storageError(error, id: id))
                }
            }
            switch attempt {
            case .done(let result): return try result.get()
            case .stale: store.remove(id: id, ifSame: box)
            case .conflict:
                store.remove(id: id, ifSame: box)
                // Another instance may hold the session's lease: the retry takes it over once it runs out.
                storage.awaitLease(session: id)
            case .failed(let error):
                store.remove(id: id, ifSame: box)
                throw error
            }
        }
        throw ActionError(.staleVersion, "session \(id) kept changing on other instances; try again")
    }

    /// Like ``withDurableSession(_:_:)`` for a store that commits in the background: runs `body`
    /// under the session's lock, submits the steps it queued (`commit`: whether this thread
    /// commits them at the end of its pass), and returns a deferred response that
    /// `answer` completes once they are durable, so the thread serves other connections meanwhile.
    /// A failed append answers 503 (409 when an earlier append of the session failed first) and
    /// drops the live copy, so the session reloads at its last durable state.
    func withDurableSessionDeferred<R: Sendable>(
        _ id: String, commit: CommitTiming, _ body: (Session) throws(ActionError) -> R,
        answer: @escaping @Sendable (Result<R, ActionError>) -> HTTPResponse
    ) -> HTTPResponse {
        let storage = self.storage
        for _ in 0..<3 {
            let box: SessionBox
            do throws(ActionError) {
                guard let live = try liveSession(id: id) else { return answer(.failure(ActionError(.unknownSession, "no session '\(id)'"))) }
                box = live
            } catch {
                return answer(.failure(error))
            }
            let prepared = box.withSession { session -> DeferredPreparation<R> in
                if box.isOutOfService(session) { return .stale }
                let result: Result<R, ActionError>
                do throws(ActionError) { result = .success(try body(session)) } catch { result = .failure(error) }
                let steps = session.pending
                session.pending = []
                // Nothing to store and nothing in flight: answer now. Otherwise the answer waits
                // for this append, or for the earlier ones its state shows (an empty append).
                if steps.isEmpty && box.appendsInFlight.load(ordering: .acquiring) == 0 { return .done(result) }
                let firstSeq = session.storedSeq + 1
                session.storedSeq += steps.count
                box.appendsInFlight.add(1, ordering: .acquiringAndReleasing)
                let deferred = DeferredResponse()
                // Submitted under the session's lock, so the session's appends queue in step order.
                storage.append(session: id, firstSeq: firstSeq, steps: steps, commit: commit) { [self] error in
                    if let error {
                        box.poisoned.store(true, ordering: .releasing)
                        store.remove(id: id, ifSame: box)
                        let failure: ActionError = if case .conflict = error {
                            ActionError(.staleVersion, "session \(id) changed while this action was stored; try again")
                        } else {
                            storageError(error, id: id)
                        }
                        deferred.complete(answer(.failure(failure)))
                    } else {
                        deferred.complete(answer(result))
                    }
                    box.appendsInFlight.subtract(1, ordering: .acquiringAndReleasing)
                }
                return .submitted(deferred)
            }
            switch prepared {
            case .stale:
                store.remove(id: id, ifSame: box)
                continue
            case .done(let result):
                return answer(result)
            case .submitted(let deferred):
                return .deferred(deferred)
            }
        }
        return answer(.failure(ActionError(.staleVersion, "session \(id) kept changing; try again")))
    }

    private enum DeferredPreparation<R: Sendable>: Sendable {
        case stale
        case done(Result<R, ActionError>)
        case submitted(DeferredResponse)
    }

    func storageError(_ error: SessionStorageError, id: String) -> ActionError {
        logger.error("storage failure for session \(id): \(error.description)")
        return ActionError(.storageUnavailable, "session storage is unavailable; try again shortly")
    }

    // MARK: - Eviction (memory pressure, live-session limit)

    /// Drops up to `count` least recently used sessions idle for at least `idle` from memory. They
    /// stay in storage and are rebuilt on their next request. A session with an append in flight
    /// stays (its answer is not out yet); the next least recently used one goes instead. With
    /// `snapshots`, each one leaves a snapshot in storage when one is due
    /// (``snapshotIfDue(_:)``), so its rebuild replays few steps; evictions for memory pressure
    /// pass `false`, as a snapshot costs memory first.
    @discardableResult
    public func evictIdle(_ count: Int, idleAtLeast idle: Duration, except: String? = nil, snapshots: Bool = false) -> Int {
        var evicted = 0
        let candidates = min(count, Int.max - Self.evictionSpares) + Self.evictionSpares
        for box in store.leastRecentlyUsed(candidates, idleAtLeast: idle) {
            guard evicted < count else { break }
            guard box.id != except, box.appendsInFlight.load(ordering: .acquiring) == 0 else { continue }
            // Out of the cache first, so its place is free while the snapshot is taken.
            store.remove(id: box.id, ifSame: box)
            let snapshot: StoredSnapshot? = box.withSession { session in
                defer { session.evicted = true }
                guard snapshots, !box.isOutOfService(session), session.pending.isEmpty,
                      box.appendsInFlight.load(ordering: .acquiring) == 0 else { return nil }
                return snapshotIfDue(session)
            }
            evicted += 1
            // Written after the steps it follows (submitted later, stored in order); refused as a
            // conflict, harmlessly, if the session took another step meanwhile.
            if let snapshot {
                storage.append(session: box.id, firstSeq: snapshot.seq + 1, steps: [], snapshot: snapshot, commit: .byStorage) { _ in }
            }
        }
        return evicted
    }

    /// Candidates looked at beyond the number to evict, for the busy ones among them.
    static let evictionSpares = 32

    /// Makes room for one more live session when the cache is full.
    func makeRoom() {
        let count = store.count
        guard count >= store.limit else { return }
        evictIdle(max(1, store.limit / 64), idleAtLeast: .zero, snapshots: true)
    }
}

extension SegueApp {
    /// Resident memory of this process in bytes (Linux `/proc/self/statm`), nil elsewhere.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Above the configured memory ceiling, evicts the least recently used half of the idle live
    /// sessions (idle ≥ 1 s); they reload from storage on demand.
    /// The memory the evicted sessions held is then handed back to the system (`malloc_trim`),
    /// whatever trim threshold the process set, so the next reading shows what is left.
    public func relieveMemoryPressure() {
        guard let ceiling = configuration.memoryCeilingBytes, let rss = Self.residentBytes(), rss > ceiling else { return }
        let n = evictIdle(max(1, store.count / 2), idleAtLeast: .seconds(1))
        Allocator.trim()
        let after = Self.residentBytes().map { "\($0 / 1_048_576) MiB" } ?? "?"
        logger.notice("memory \(rss / 1_048_576) MiB above the ceiling of \(ceiling / 1_048_576) MiB: evicted \(n) idle sessions, now \(after)")
    }
}
