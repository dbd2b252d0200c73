import Foundation
import Testing
import SegueCore
import SegueFlowFiles
import SegueStoryboard

/// Overlay files: parsed with lines, validated against the app, applied to its storyboard.
@Suite("Overlays")
struct OverlayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    @Test("sample rows, texts, images, a wired element and a refusal are added to the app")
    func applied() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: Self.fixtures + "/CodeNavApp")
        let overlay = try OverlayLoader.load(path: Self.fixtures + "/CodeNavApp-overlay.segue.yaml")
        #expect(overlay.validate(against: storyboard).isEmpty)
        let app = overlay.applied(to: storyboard)
        let rows = try #require(app["feed"]?.view.first?.sections.first?.rows)
        // The two sample rows replace the story prototype's copies; the ad prototype keeps its one row.
        #expect(rows.map(\.id) == ["storyCell-s1", "storyCell-s2", "adCell-1"])
        #expect(rows[0].text == "Harbour opens" && rows[0].detail == "By Ada")
        #expect(rows[1].text == "Rain again" && rows[1].detail == "By a writer")
        guard case .segue(let id)? = rows[0].tap else { Issue.record("the first sample row has no tap"); return }
        #expect(app["feed"]?.segue(id)?.destination == "DetailViewController")
        #expect(app["feed"]?.refusedSegues == ["showWelcome"])
        let detail = try #require(app["DetailViewController"])
        #expect(detail.view.first { $0.id == "photo" }?.image == "harbour.png")
        let button = try #require(detail.view.first { $0.id == "profileButton" })
        #expect(button.text == "Open profile")
        guard case .segue(let step)? = button.tap else { Issue.record("the button has no tap"); return }
        #expect(detail.segue(step)?.codeSource == "Sources/Feed/DetailViewController.swift:6")
        #expect(app.initialViewController == "nav")
    }

    @Test("unknown scenes, elements and cells are reported with their line and the nearest name")
    func validation() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: Self.fixtures + "/CodeNavApp")
        let overlay = try OverlayLoader.parse("""
            scenes:
              feeed:
                texts: {x: y}
              feed:
                rows:
                  - cell: storyCel
              DetailViewController:
                texts: {profileButon: "x"}
            """, file: "o.segue.yaml")
        let messages = overlay.validate(against: storyboard).map(\.description)
        #expect(messages.count == 3)
        #expect(messages[0].contains("o.segue.yaml:2") && messages[0].contains("unknown scene 'feeed'") && messages[0].contains("feed"))
        #expect(messages.contains { $0.contains("o.segue.yaml:6") && $0.contains("prototype cell") && $0.contains("storyCell") })
        #expect(messages.contains { $0.contains("o.segue.yaml:8") && $0.contains("unknown element 'profileButon' in scene 'DetailViewController'; did you mean 'profileButton'?") })
    }

    @Test("a malformed overlay is an error with its line, and nothing is applied")
    func malformed() {
        #expect(throws: FlowFileError.self) { try OverlayLoader.parse("scenes: [1, 2", file: "bad.segue.yaml") }
        do {
            _ = try OverlayLoader.parse("scenes:\n  feed:\n    steps:\n      - element: x\n", file: "bad.segue.yaml")
            Issue.record("a step without a verb loaded")
        } catch {
            #expect(error.diagnostics.first?.description.contains("bad.segue.yaml:4") == true)
        }
    }
}

/// Without an overlay, a prototype cell is one row with its own Interface Builder content.
@Suite("Prototype rows")
struct PrototypeRowTests {
    @Test("one row per prototype cell, with its labels, style and accessory")
    func oneRowEach() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: OverlayTests.fixtures + "/CodeNavApp")
        let rows = try #require(storyboard["feed"]?.view.first?.sections.first?.rows)
        #expect(rows.map(\.id) == ["storyCell-1", "adCell-1"])
        #expect(rows[0].text == "Headline" && rows[0].detail == "By a writer" && rows[0].accessory == .disclosureIndicator)
        #expect(rows[0].style == .subtitle && rows[1].text == "Sponsored" && rows[1].style == .basic)
    }
}
