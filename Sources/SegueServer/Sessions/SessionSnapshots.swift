import Foundation
import SegueCore

/// Snapshots of sessions in durable storage, so that rebuilding a session (after eviction or a
/// restart) does not replay its whole history.
///
/// - **Taken** with an append, once at least ``SegueApp/Configuration/snapshotInterval`` steps
///   were stored since the session's last snapshot (or the last try), when the store keeps
///   snapshots (``SessionStorage/keepsSnapshots``). Only a verified one is stored
///   (``Window/verifiedSnapshot()``): a window holding state a snapshot cannot carry keeps
///   replaying from its first step, and is tried again one interval later.
/// - **Stored** as JSON: the window's ``WindowSnapshot`` and the digest of the flow it ran on
///   (``Storyboard/contentDigest()``).
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

    /// The snapshot to store with an append that brings `session` to step `seq`, when one is
    /// due and verifies; nil otherwise. Call with the session's lock held, after the steps ran.
    func snapshotIfDue(_ session: Session, upTo seq: Int) -> StoredSnapshot? {
        let interval = configuration.snapshotInterval
        guard interval > 0, storage.keepsSnapshots, !configuration.watchesFlow, seq - session.snapshotSeq >= interval else { return nil }
        session.snapshotSeq = seq  // tried: the next try is one interval later, whatever this one gives
        guard let window = session.window.verifiedSnapshot(),
              let data = try? JSONEncoder().encode(SnapshotEnvelope(flow: flowDigest, window: window)) else { return nil }
        return StoredSnapshot(seq: seq, state: String(decoding: data, as: UTF8.self))
    }

    /// The session a stored snapshot and the steps after it describe, on the flow being served;
    /// nil when the snapshot is of another flow, does not decode, or the steps no longer apply.
    func session(from snapshot: StoredSnapshot, stored: StoredSession) -> Session? {
        guard let envelope = try? JSONDecoder().decode(SnapshotEnvelope.self, from: Data(snapshot.state.utf8)),
              envelope.flow == flowDigest, envelope.window.lastSeq >= 0 else { return nil }
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
