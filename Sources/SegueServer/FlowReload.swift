import Foundation
import Logging
import SegueCore
import SegueHTTP
import SegueJSON
import SeguePageURL

/// The flow a server runs, and what the last edit of its file did (live reload).
struct FlowState: Sendable {
    var storyboard: Storyboard
    /// Counts the flows served: 0 at start, one more for every good edit.
    var generation = 0
    /// The problems of the last edit when it was refused (the last good flow keeps serving).
    var problems: [String] = []
    /// ``Storyboard/contentDigest()`` of `storyboard`, once a snapshot needed it.
    var digest: String?
}

/// Live reload (`segue serve --watch`): a good edit of the flow file or storyboards replaces the
/// flow for new sessions and carries every live session over to it; a bad edit keeps the last
/// good flow and reports its problems in the log and over the pages.
extension SegueApp {
    public struct ReloadOutcome: Sendable {
        /// The new flow is serving.
        public var applied: Bool
        /// The problems of a refused edit.
        public var problems: [String]
        /// Live sessions carried over to the new flow.
        public var sessionsCarried: Int
        public var generation: Int
    }

    /// The flow's generation and the problems of the last edit.
    public var flowStatus: (generation: Int, problems: [String]) {
        flow.withLock { ($0.generation, $0.problems) }
    }

    /// Applies a load of the edited flow (what the watcher calls after a change). A failed load, a
    /// directory where some storyboard cannot be read or one that was in the flow is gone, or a
    /// flow that cannot launch, keeps the current flow and records its problems. A good one
    /// becomes the flow of new sessions, and every live session is rebuilt on it from its URL,
    /// keeping the controllers the new flow still has (``Window/carryingOver(path:to:id:registry:traits:eventLogCapacity:continuing:keeping:locale:)``);
    /// its stored steps are replaced by that one restoration, so it reloads the same way.
    @discardableResult
    public func reloadFlow(_ result: Result<Storyboard, FlowSource.LoadError>) -> ReloadOutcome {
        let storyboard: Storyboard
        switch result {
        case .failure(let error):
            return refuse(error.diagnostics.filter { $0.severity == .error }.map(\.description))
        case .success(let loaded):
            // A directory imports the files it can read and reports the others as errors; on a
            // reload that is a bad edit, not a smaller flow.
            let errors = loaded.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty { return refuse(errors.map(\.description)) }
            // So is a storyboard of the directory whose scenes are gone (a file removed mid-save).
            let before = Self.sourceFiles(flow.withLock { $0.storyboard })
            let lost = before.count > 1 ? before.subtracting(Self.sourceFiles(loaded)) : []
            if !lost.isEmpty {
                return refuse(lost.sorted().map { "\($0): its scenes are no longer in the flow (the file is missing or has no scenes)" })
            }
            let serving = FlowSource.servingStoryboard(loaded)
            if let problem = FlowSource.servable(serving) { return refuse([problem.description]) }
            storyboard = serving
        }
        let (previous, generation) = flow.withLock { state -> (Storyboard, Int) in
            let previous = state.storyboard
            state.storyboard = storyboard
            state.digest = nil
            state.generation += 1
            state.problems = []
            return (previous, state.generation)
        }
        var carried = 0
        for box in store.leastRecentlyUsed(Int.max, idleAtLeast: .zero) {
            let ok = box.withSession { session -> Bool in
                guard !box.isOutOfService(session) else { return false }
                return carryOver(session, to: storyboard)
            }
            if ok {
                carried += 1
            } else {
                store.remove(id: box.id, ifSame: box)
                box.markEvicted()
            }
        }
        let stored = carryOverStoredSessions(from: previous, to: storyboard)
        logger.notice("flow reloaded (generation \(generation)): \(storyboard.sceneOrder.count) scenes, \(carried) live and \(stored) stored sessions carried over")
        return ReloadOutcome(applied: true, problems: [], sessionsCarried: carried, generation: generation)
    }

    /// The files a flow's scenes come from (one for a flow file, each storyboard of a directory).
    static func sourceFiles(_ storyboard: Storyboard) -> Set<String> {
        Set(storyboard.scenes.values.compactMap { $0.location?.file })
    }

    private func refuse(_ problems: [String]) -> ReloadOutcome {
        let problems = problems.isEmpty ? ["the flow could not be loaded"] : problems
        let generation = flow.withLock { state -> Int in
            state.problems = problems
            return state.generation
        }
        logger.error("the edited flow has problems; still serving the last good version:\n\(problems.joined(separator: "\n"))")
        return ReloadOutcome(applied: false, problems: problems, sessionsCarried: 0, generation: generation)
    }

    /// Sessions that are only in storage (out of memory when the flow changed), up to
    /// `storedSessionsCarriedOnReload` of them: each replays its steps on the flow they were made
    /// on and is carried over like a live one, so it does not meet steps the new flow cannot
    /// apply when it is next used.
    private func carryOverStoredSessions(from previous: Storyboard, to storyboard: Storyboard) -> Int {
        let summaries: [StoredSessionSummary]
        do { summaries = try storage.list(limit: Self.storedSessionsCarriedOnReload) } catch {
            logger.error("stored sessions could not be listed after the reload: \(error)")
            return 0
        }
        var carried = 0
        for summary in summaries where summary.quarantined == nil && store.session(id: summary.id) == nil {
            guard let stored = try? storage.load(session: summary.id), stored.quarantined == nil else { continue }
            let session = Session(window: window(for: stored.header, on: previous), csrfToken: stored.header.csrfToken, clock: configuration.clock)
            do { try Self.replay(stored.steps, into: session) } catch { continue }  // quarantined when next used, as before
            if carryOver(session, to: storyboard) { carried += 1 }
        }
        return carried
    }

    /// How many stored sessions a reload carries over (a development server has few).
    static let storedSessionsCarriedOnReload = 1000

    /// Rebuilds one live session on the new flow (its lock held) and rewrites its stored steps.
    private func carryOver(_ session: Session, to storyboard: Storyboard) -> Bool {
        let old = session.window
        let fresh: Window
        do {
            // The version goes up by one (the page changed) and events continue after the last;
            // the events before the reload stay readable (the stored steps that made them do not
            // stay: they may not apply to the new flow).
            fresh = try Window.carryingOver(path: old.restorationPath, to: storyboard, id: old.id, registry: registry,
                                            traits: old.traits, eventLogCapacity: configuration.eventLogCapacity,
                                            continuing: (old.version + 1, old.log.lastSeq), keeping: old.log.events, locale: old.locale)
        } catch {
            logger.error("session \(old.id) could not be carried over to the new flow: \(error)")
            return false
        }
        session.window = fresh
        session.pageCache = nil
        session.pending = []
        let header = StoredSessionHeader(id: old.id, csrfToken: session.storedSecrets, width: old.traits.width, height: old.traits.height, locale: old.locale)
        do {
            try storage.replace(header, steps: [Step.restore(fresh.restorationURL, version: old.version + 1, seq: old.log.lastSeq).encoded])
            session.storedSeq = 1
        } catch {
            logger.error("session \(old.id) could not be stored after the reload: \(error)")
            return false
        }
        return true
    }

    /// `GET /api/v1/flow`: `{"generation": N, "problems": [...]}`, what `reload.js` polls.
    func flowStatusAnswer() -> HTTPResponse {
        let (generation, problems) = flowStatus
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.field("generation", generation)
        w.field("watching", configuration.watchesFlow)
        w.key("problems"); w.beginArray()
        for p in problems { w.string(p) }
        w.endArray()
        w.endObject()
        return json(w.bytes)
    }
}
