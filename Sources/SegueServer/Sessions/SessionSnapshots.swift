import Foundation
import SegueCore

/// Snapshots of sessions in durable storage, so that rebuilding a session (after eviction or a
/// restart) does not replay its whole history.
///
/// - **Taken** when a session leaves memory for the live-session limit or for being idle
///   (``SegueApp/evictIdle(_:idleAtLeast:except:snapshots:)``), once at least
///   ``SegueApp/Configuration/snapshotInterval`` steps were stored since its last snapshot (or
///   the last try), when the store keeps snapshots (``SessionStorage/keepsSnapshots``). A
///   session that stays in memory costs nothing. A window of the framework's own controllers is
///   encoded as it is (the snapshot fidelity tests walk every example and corpus storyboard
///   through them); one with a registered subclass only as a verified snapshot
///   (``Window/verifiedSnapshot()``), since its code may keep state a snapshot cannot carry:
///   such a session keeps replaying from its first step, and is tried again one interval later.
/// - **Stored** as JSON: the window's ``WindowSnapshot`` and the digest of the flow it ran on
///   (``Storyboard/contentDigest()``), with an append of no steps that follows the session's
///   last one (refused, and dropped, if the session took a step meanwhile).
/// - **Used** by a rebuild: a snapshot of the flow being served is restored and the steps after
///   it replayed. A snapshot of another flow (the file changed between two runs), one that does
///   not decode, and steps after it that no longer apply all fall back to replaying every step,
///   which quarantines the session if that fails too.
/// - Not taken under `--watch`, where the flow can change under a session between taking a
///   snapshot and storing it; a development server has few sessions anyway.
extension SegueApp {
    /// The stored form of a snapshot.
    struct SnapshotEnvelope: Codable {
        /// ``Storyboard/contentDigest()`` of the flow the window ran on.
        var flow: String
        var window: WindowSnapshot
    }

    /// The snapshot of `session` at its last stored step, when one is due and can be taken; nil
    /// otherwise. Call with the session's lock held and no step pending.
    func snapshotIfDue(_ session: Session) -> StoredSnapshot? {
        let interval = configuration.snapshotInterval, seq = session.storedSeq
        guard interval > 0, storage.keepsSnapshots, !configuration.watchesFlow, seq - session.snapshotSeq >= interval else { return nil }
        session.snapshotSeq = seq  // tried: the next try is one interval later, whatever this one gives
        let window = session.window
        guard let taken = window.holdsOnlyFrameworkControllers ? window.snapshot() : window.verifiedSnapshot(),
              let data = try? JSONEncoder().encode(SnapshotEnvelope(flow: flowDigest, window: taken)) else { return nil }
        return StoredSnapshot(seq: seq, state: String(decoding: data, as: UTF8.self))
    }

    /// The session a stored snapshot and the steps after it describe, on the flow being served;
    /// nil when the snapshot is of another flow, does not decode, or the steps no longer apply.
    func session(from snapshot: StoredSnapshot, stored: StoredSession) -> Session? {
        guard let envelope = try? JSONDecoder().decode(SnapshotEnvelope.self, from: Data(snapshot.state.utf8)),
              envelope.flow == flowDigest else { return nil }
        let h = stored.header
        let window = window(for: h)
        do throws(SnapshotError) { try window.restore(from: envelope.window) } catch {
            logger.warning("session \(h.id): its snapshot does not restore (\(error)); replaying every step")
            return nil
        }
        let session = Session(window: window, csrfToken: h.csrfToken, clock: configuration.clock)
        session.storedSeq = snapshot.seq
        session.snapshotSeq = snapshot.seq
        do throws(SessionStorageError) {
            for step in stored.steps { try session.replay(step) }
        } catch {
            logger.warning("session \(h.id): a step after its snapshot does not apply (\(error)); replaying every step")
            return nil
        }
        return session
    }

    /// The digest of the flow being served, worked out once per flow.
    var flowDigest: String {
        flow.withLock { state in
            if let digest = state.digest { return digest }
            let digest = state.storyboard.contentDigest()
            state.digest = digest
            return digest
        }
    }
}
