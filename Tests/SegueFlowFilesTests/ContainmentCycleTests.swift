import SegueCore
import SegueFlowFiles
import SegueStoryboard
import Testing

/// A scene that contains itself, directly or through other scenes, by embed segues (named by a
/// container view or not) and relationships, is an error of `check` at the scene's line.
@Suite struct ContainmentCycleTests {
    func cycles(_ text: String) throws -> [String] {
        let storyboard = try #require(load(text, file: "cycle.yaml"))
        return StoryboardCheck.check(storyboard).filter { $0.code == .containmentCycle }.map(StoryboardCheck.line)
    }

    @Test func aSceneWhoseEmbedSegueNoContainerNamesEmbedsItself() throws {
        #expect(try cycles("""
        initialViewController: a
        scenes:
          a:
            title: A
            segues:
              inner: {kind: embed, destination: a}
        """) == ["cycle.yaml:3: scene a contains itself through relationships or embeds: a → a [containment_cycle]"])
    }

    @Test func anEmbedAndARelationshipCloseACycle() throws {
        #expect(try cycles("""
        initialViewController: nav
        scenes:
          nav:
            kind: navigationController
            rootViewController: a
          a:
            title: A
            segues:
              holder: {kind: embed, destination: nav}
        """) == ["cycle.yaml:3: scene nav contains itself through relationships or embeds: nav → a → nav [containment_cycle]"])
    }

    /// A long chain of embeds is walked once (no path copies per scene).
    @Test func aLongChainOfEmbedsIsCheckedAndItsCycleFound() throws {
        var text = "initialViewController: s0\nscenes:\n"
        let count = 3_000
        for i in 0..<count {
            text += "  s\(i):\n    segues:\n      e: {kind: embed, destination: s\((i + 1) % count)}\n"
        }
        let found = try cycles(text)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("cycle.yaml:3: scene s0 contains itself") == true)
    }
}
