import Testing
import SegueCore
import SegueFlowFiles
import SegueStoryboard

/// Swipe actions on an overlay's sample rows: read with the flow files' vocabulary, validated
/// against the app, and given to the rows (with the segues their steps add).
@Suite("Overlay swipe actions")
struct OverlaySwipeActionTests {
    static let overlay = """
        scenes:
          feed:
            rows:
              - cell: storyCell
                text: "Harbour opens"
                trailingSwipeActions:
                  - {id: archive, title: Archive, style: destructive, push: DetailViewController}
                  - {title: More}
                leadingSwipeActions:
                  - {id: pin, title: Pin, action: edit}
              - cell: storyCell
                text: "Rain again"
        """

    @Test("the actions reach the sample rows with their titles, styles and taps")
    func applied() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: OverlayTests.fixtures + "/CodeNavApp")
        let overlay = try OverlayLoader.parse(Self.overlay, file: "o.segue.yaml")
        #expect(overlay.validate(against: storyboard).isEmpty)
        let app = overlay.applied(to: storyboard)
        let rows = try #require(app["feed"]?.view.first?.sections.first?.rows)
        #expect(rows.map(\.id) == ["storyCell-s1", "storyCell-s2", "adCell-1"])
        let trailing = rows[0].trailingSwipeActions
        #expect(trailing.map(\.title) == ["Archive", "More"] && trailing.map(\.style) == [.destructive, .normal])
        #expect(trailing.map(\.id) == ["archive", nil] && trailing[1].tap == nil)
        guard case .segue(let id)? = trailing[0].tap else { Issue.record("the archive action has no tap"); return }
        #expect(app["feed"]?.segue(id)?.destination == "DetailViewController")
        #expect(rows[0].leadingSwipeActions.map(\.tap) == [.action("edit")])
        // A sample row without actions keeps none.
        #expect(rows[1].trailingSwipeActions.isEmpty && rows[1].leadingSwipeActions.isEmpty)
    }

    @Test("unknown keys and bad values are errors with their line and code")
    func malformed() {
        let text = """
            scenes:
              feed:
                rows:
                  - cell: storyCell
                    trailingSwipeActions:
                      - {title: Delete, titel: x}
                      - {title: Delete, style: danger}
                      - {style: destructive}
                      - {title: Both, segue: a, push: b}
                    leadingSwipeActions: Pin
            """
        do {
            _ = try OverlayLoader.parse(text, file: "bad.segue.yaml")
            Issue.record("a malformed swipe action loaded")
        } catch {
            let found = error.diagnostics.map { ($0.code, $0.location?.line ?? 0) }
            #expect(found.contains { $0 == (.unknownKey, 6) })
            #expect(found.contains { $0 == (.unknownValue, 7) })
            #expect(found.contains { $0.1 == 8 })
            #expect(found.contains { $0.1 == 9 })
            #expect(found.contains { $0 == (.wrongType, 10) })
            #expect(error.diagnostics.contains { $0.description.contains("bad.segue.yaml:6") && $0.description.contains("did you mean 'title'?") })
        }
    }

    @Test("a swipe action's unknown destination is reported with its line")
    func validation() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: OverlayTests.fixtures + "/CodeNavApp")
        let overlay = try OverlayLoader.parse("""
            scenes:
              feed:
                rows:
                  - cell: storyCell
                    trailingSwipeActions:
                      - {title: Open, push: DetailViewControler}
                      - {title: Go, action: explode}
            """, file: "o.segue.yaml")
        let messages = overlay.validate(against: storyboard).map(\.description)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("o.segue.yaml:6") && $0.contains("did you mean 'DetailViewController'?") })
        #expect(messages.contains { $0.contains("o.segue.yaml:7") && $0.contains("unknown action 'explode'") })
    }
}
