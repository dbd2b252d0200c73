@testable import SegueCore
import SegueJSON
import SeguePageURL
import Testing

/// Window snapshots: a window restored from one is the same state (fingerprint, STATE, ids,
/// counters), its log numbers on, and state a snapshot cannot carry means no snapshot.
@Suite("Snapshots")
struct SnapshotTests {
    @Test func aRestoredWindowIsTheSameState() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.memoryWarning)
        let snapshot = try #require(w.verifiedSnapshot())
        let copy = Window(id: w.id, storyboard: w.storyboard, traits: w.traits)
        try copy.restore(from: snapshot)
        #expect(copy.stateFingerprint() == w.stateFingerprint())
        #expect(copy.stateJSON() == w.stateJSON())
        #expect(copy.canonicalURL == w.canonicalURL)
        #expect(copy.version == w.version)
        // The log starts empty and numbers on from the live one's last event.
        #expect(copy.log.events.isEmpty)
        #expect(copy.log.lastSeq == w.log.lastSeq)
        // The next action gives both the same events, with the same numbers and controller ids.
        let next = Action.pop(navigationController: nil)
        let a = try w.perform(next), b = try copy.perform(next)
        #expect(a.events == b.events)
        #expect(copy.stateJSON() == w.stateJSON())
    }

    @Test func aStoryboardWithoutTheSceneRefusesTheSnapshot() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        let snapshot = w.snapshot()
        let other = storyboard(initial: "nav", Array(mailStoryboard().scenes.values.filter { $0.id != "inbox" }))
        let copy = Window(id: w.id, storyboard: other)
        #expect(throws: SnapshotError.self) { try copy.restore(from: snapshot) }
    }

    /// A subclass with state of its own: no snapshot, unless it restores that state itself.
    final class Counting: TableViewController {
        var appearances = 0
        override func viewDidAppear(_ animated: Bool) { appearances += 1 }
    }

    final class CountingAndRestoring: TableViewController {
        var appearances = 0
        override func viewDidAppear(_ animated: Bool) { appearances += 1 }
        override func encodeRestorableState(with coder: RestorationCoder) { coder.encode(appearances, forKey: "n") }
        override func decodeRestorableState(with coder: RestorationCoder) { appearances = coder.decodeInteger(forKey: "n") ?? 0 }
    }

    @Test func subclassStateMustBeRestoredByTheSubclass() throws {
        var board = mailStoryboard()
        board.scenes["mailboxes"]?.className = "Counting"
        var registry = ControllerRegistry()
        registry.register(Counting.self, as: "Counting")
        let counting = try launched(board, registry: registry)
        #expect(counting.verifiedSnapshot() == nil)
        #expect(!counting.holdsOnlyFrameworkControllers)
        #expect(try launched(mailStoryboard()).holdsOnlyFrameworkControllers)

        registry.register(CountingAndRestoring.self, as: "Counting")
        let restoring = try launched(board, registry: registry)
        let snapshot = try #require(restoring.verifiedSnapshot())
        let copy = Window(id: restoring.id, storyboard: board, registry: registry)
        try copy.restore(from: snapshot)
        #expect((copy.root.children.first as? CountingAndRestoring)?.appearances == 1)
    }

    /// `ViewLayout`'s `==` is written by hand (two of its properties are tuples): it must name
    /// every stored property, or a snapshot could pass verification with a different layout.
    @Test func viewLayoutEqualityCoversEveryStoredProperty() {
        #expect(Mirror(reflecting: ViewLayout(xmlID: "a")).children.count == 20)
        var other = ViewLayout(xmlID: "a")
        other.hugging = (horizontal: 1, vertical: 250)
        #expect(other != ViewLayout(xmlID: "a"))
    }
}
