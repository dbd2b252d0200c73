import SegueCore
import SegueSourceNav
import Testing
@testable import SegueServer

/// The ways on and back an app's code and nibs give a screen become elements a person can tap:
/// fixture apps of the project's own, walked like the real apps (`AppDeadEndTests`).
@Suite("Dead ends")
struct DeadEndFixtureTests {
    static func walked(_ fixture: String) throws -> (storyboard: Storyboard, walk: DeadEndWalk) {
        let path = repositoryRoot + "/Tests/Fixtures/" + fixture
        let analyzed = try #require(try FlowSource.analyzeApp(path: path))
        let served = CodeNavigation.augment(analyzed.app.storyboard, result: analyzed.result).storyboard
        let walk = DeadEndWalker.walk(served, maxStates: 50) { window in
            DeadEndWalker.appWay(window, storyboard: analyzed.app.storyboard, result: analyzed.result)
        }
        return (served, walk)
    }

    @Test("an archived nib's bar button items keep their actions: the dismissal its code does is a tap")
    func archivedNibActions() throws {
        let (storyboard, walk) = try Self.walked("DeadEndApp")
        let add = try #require(storyboard["AddNoteViewController"])
        let buttons = add.view.flatMap { $0.children }.filter { $0.kind == .button }
        // The navigation bar's Cancel (left item of its navigation item) and the toolbar's Save.
        #expect(buttons.map(\.text) == ["Cancel", "Save"])
        #expect(buttons.allSatisfy { $0.tap == .action("dismiss") })
        #expect(buttons.map(\.actions) == [["cancelPressed:"], ["savePressed:"]])
        #expect(walk.states == 2 && walk.deadEnds.isEmpty, "\(walk.deadEnds)")
    }
}
