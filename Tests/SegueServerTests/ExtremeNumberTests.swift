import Foundation
import SegueCore
import SegueFlowFiles
import SegueHTML
import SegueJSON
import SegueServer
import SegueStoryboard
import Testing

/// Numbers no screen has (`1e300`, `nan`, `-inf`, …) in any numeric attribute of a storyboard
/// or key of a flow file never crash serving: every scene opens and renders (page and JSON),
/// and the flow map draws, whatever `check` says about them.
@Suite struct ExtremeNumberTests {
    static let extremes = ["1e20", "-1e300", "nan", "inf", "1e-300"]

    /// Every scene of `storyboard` opened and rendered, the map and the SVG graph drawn.
    static func serveEverything(_ imported: Storyboard) {
        _ = StoryboardCheck.check(imported)
        let storyboard = FlowSource.servingStoryboard(imported)
        #expect(!FlowMap.svg(storyboard).isEmpty)
        #expect(!FlowMap.page(storyboard, assetsPath: "/public").isEmpty)
        for traits in [Traits.phonePortrait] {
            let launched = Window(id: "l", storyboard: storyboard, traits: traits)
            if (try? launched.launch()) != nil { render(launched) }
            for entry in ScenesPage.entries(storyboard) {
                let window = Window(id: "o", storyboard: storyboard, traits: traits)
                guard (try? window.open(sceneID: entry.scene.id)) != nil else { continue }
                render(window)
            }
        }
    }

    static func render(_ window: Window) {
        #expect(!PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")).isEmpty)
        #expect(!window.stateJSON().isEmpty)
    }

    /// Each numeric attribute of the fixture, in turn, set to each extreme.
    @Test func everyNumericAttributeOfAStoryboardTakesAnyNumber() throws {
        let xml = try String(contentsOfFile: repositoryRoot + "/Tests/Fixtures/extreme-numbers.storyboard", encoding: .utf8)
        let numbers = try Regex(#"="(-?[0-9][0-9.:]*)""#)
        // The document's own attributes (its version) aside: those make a file no storyboard.
        let scenes = try #require(xml.range(of: "<scenes>"))
        let matches = xml[scenes.upperBound...].matches(of: numbers)
        #expect(matches.count > 60)
        var imported = 0
        for match in matches {
            for extreme in Self.extremes {
                var mutant = xml
                mutant.replaceSubrange(match.range, with: "=\"\(extreme)\"")
                guard let storyboard = try? StoryboardImporter.parse(data: Array(mutant.utf8), fileName: "Mutant.storyboard") else {
                    Issue.record("not imported: \(extreme) for \(xml[match.range])")
                    continue
                }
                imported += 1
                Self.serveEverything(storyboard)
            }
        }
        #expect(imported == matches.count * Self.extremes.count)
    }

    static let extremeFlow = """
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: [controls, more]
          controls:
            title: Controls
            tabBarItem: {title: Controls, badgeValue: 1e300}
            view:
              - slider: {id: a, value: 1e300, minValue: .nan, maxValue: -.inf}
              - slider: {id: b, value: -1e300, minValue: 1e300, maxValue: -1e300}
              - stepper: {id: c, value: .inf, minimumValue: -1e300, maximumValue: 1e300, stepValue: 1e-300}
              - stepper: {id: d, value: .nan, stepValue: -.inf}
              - progress: {id: e, value: 1e300}
              - progress: {id: f, value: .NaN}
              - pageControl: {id: g, pages: 1e300, value: -1e300}
              - pageControl: {id: h, pages: .nan, value: .inf}
              - segmentedControl: {id: i, segments: [One, Two], value: 1e300}
              - picker: {id: j, segments: [One, Two], value: -.inf}
              - datePicker: {id: k, value: 1e300}
          more:
            title: More
            view:
              - slider: {id: l, value: 1e15}
        """

    @Test func aFlowFileFullOfExtremeNumbersServes() throws {
        let storyboard = try FlowFileLoader.parse(Self.extremeFlow, fileName: "extreme.yaml", format: .yaml)
        Self.serveEverything(storyboard)
        let window = Window(id: "w", storyboard: FlowSource.servingStoryboard(storyboard))
        try window.launch()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        // Drawn clamped: a page control on its first page, a progress view full.
        #expect(html.contains("aria-label=\"Page 1 of 1000\""))
        #expect(html.contains("<progress class=\"progress\" max=\"1\" value=\"1\""))
    }

    /// `check` names each absurd number at its line, as a warning with its code.
    @Test func checkReportsAbsurdNumbersAtTheirLines() throws {
        let xml = try String(contentsOfFile: repositoryRoot + "/Tests/Fixtures/extreme-numbers.storyboard", encoding: .utf8)
        func absurd(_ text: String) throws -> [Diagnostic] {
            StoryboardCheck.check(try StoryboardImporter.parse(data: Array(text.utf8), fileName: "Main.storyboard")).filter { $0.code == .absurdNumber }
        }
        #expect(try absurd(xml).isEmpty)
        let mutant = xml.replacingOccurrences(of: #"<rect key="frame" x="18" y="130" width="354""#, with: #"<rect key="frame" x="18" y="130" width="-1e300""#)
            .replacingOccurrences(of: #"constant="9" id="c3""#, with: #"constant="nan" id="c3""#)
        let found = try absurd(mutant)
        let sliderLine = try #require(xml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("<slider ") }) + 1
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.contains { $0.location?.line == sliderLine && StoryboardCheck.line($0).hasSuffix("frame width -1e+300 is a number no screen has; it is ignored or clamped when served [absurd_number]") })
        #expect(found.contains { $0.message.contains("constraint constant nan") })
        let flow = StoryboardCheck.check(try FlowFileLoader.parse(Self.extremeFlow, fileName: "extreme.yaml", format: .yaml)).filter { $0.code == .absurdNumber }
        #expect(flow.count >= 10)
        #expect(flow.allSatisfy { $0.location?.file == "extreme.yaml" && ($0.location?.line ?? 0) > 1 })
    }
}
