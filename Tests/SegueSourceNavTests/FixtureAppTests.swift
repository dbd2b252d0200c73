import Foundation
import Testing
import SegueCore
import SegueStoryboard
@testable import SegueSourceNav
import SegueTestSupport

/// The fixture apps under Tests/Fixtures: storyboards with Swift and Objective-C sources written
/// for these tests, covering each pattern the analysis follows.
@Suite("Fixture apps")
struct FixtureAppTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func analyzed(_ app: String) throws -> (Storyboard, InferenceResult) {
        let root = fixtures + "/" + app
        let storyboard = try StoryboardImporter.loadDirectory(path: root)
        return (storyboard, NavigationAnalysis.analyze(root: root, storyboard: storyboard))
    }

    @Test("every navigating line is found with its trigger and destination, or reported with its reason")
    func findings() throws {
        let (_, result) = try Self.analyzed("CodeNavApp")
        func step(_ source: String) -> NavigationFinding? { result.findings.first { $0.source == source } }
        let compose = try #require(step("Sources/Feed/FeedViewController.swift:23"))
        #expect(compose.destination == "compose" && compose.action == .present && compose.presentationStyle == .formSheet)
        #expect(compose.triggers == [.action("composeTapped")] && compose.identifier == "code:FeedViewController.swift:23")
        #expect(step("Sources/Feed/FeedViewController.swift:28")?.destination == "Settings:settingsNav")
        #expect(step("Sources/Feed/FeedViewController.swift:37")?.triggers == [.rowSelection])
        #expect(step("Sources/Feed/FeedViewController.swift:37")?.destination == "DetailViewController")
        #expect(step("Sources/Feed/FeedViewController.swift:43")?.triggers == [.code("refreshTimerFired")])
        #expect(step("Sources/Feed/FeedViewController.swift:17")?.triggers == [.automatic("viewDidLoad")])
        #expect(step("Sources/Feed/FeedViewController.swift:17")?.segue == "showWelcome")
        #expect(step("Sources/Feed/DetailViewController.swift:6")?.destination == "profile")
        #expect(step("Sources/Feed/DetailViewController.swift:10")?.triggers == [.action("photoTapped")])
        #expect(step("Sources/Feed/DetailViewController.swift:10")?.destination == "photoViewer")
        #expect(step("Sources/Settings/SettingsViewController.m:10")?.action == .dismiss)
        #expect(step("Sources/Settings/SettingsViewController.m:15")?.destination == "Settings:legal")
        #expect(step("Sources/Settings/SettingsViewController.m:24")?.presentationStyle == .pageSheet)
        #expect(step("Sources/Settings/LegalViewController.m:11")?.tabIndex == 1)
        #expect(step("Sources/Settings/LegalViewController.m:11")?.triggers == [.automatic("viewDidLoad")])
        // Commented-out sends are not read; the share sheet is a system controller.
        #expect(result.findings.count == 11 && result.systemControllers == 1)
        #expect(result.unresolved == [UnresolvedNavigation(source: "Sources/Feed/FeedViewController.swift:48", className: "FeedViewController",
                                                           action: .present, reason: "no scene has storyboard ID 'nowhere' in storyboard 'Main'")])
    }

    @Test("applied: actions and rows become tappable, the rest are manual segues with their source")
    func applied() throws {
        let (storyboard, result) = try Self.analyzed("CodeNavApp")
        let app = CodeNavigation.augment(storyboard, result: result).storyboard
        let feed = try #require(app["feed"])
        #expect(feed.navigationItem.rightBarButtonItems.first?.tap == .segue("code:FeedViewController.swift:23"))
        #expect(feed.navigationItem.leftBarButtonItems.first?.enabled == true)
        #expect(feed.view.first?.sections.flatMap(\.rows).allSatisfy { $0.tap == .segue("code:FeedViewController.swift:37") } == true)
        #expect(feed.manualSegues.map(\.id) == ["showWelcome", "code:FeedViewController.swift:43"])
        #expect(feed.segue("code:FeedViewController.swift:43")?.codeSource == "Sources/Feed/FeedViewController.swift:43")
        let settings = try #require(app["Settings:settings"])
        #expect(settings.navigationItem.rightBarButtonItems.first?.tap == .action("dismiss"))
        #expect(app["DetailViewController"]?.view.first { $0.id == "photo" }?.tap == .segue("code:DetailViewController.swift:10"))
    }

    @Test("a code step runs UIKit's events without shouldPerformSegue or prepareForSegue")
    func events() throws {
        let (storyboard, result) = try Self.analyzed("CodeNavApp")
        let window = Window(id: "w", storyboard: CodeNavigation.augment(storyboard, result: result).storyboard)
        try window.launch()
        let feed = try #require(window.manualSegues.first { $0.identifier == "code:FeedViewController.swift:43" })
        #expect(feed.source == "Sources/Feed/FeedViewController.swift:43" && feed.destination == "Settings:about")
        let compose = try #require(window.elements.first { $0.id == "composeItem" })
        let tapped = try window.perform(.tap(element: compose.id, values: [:]))
        let names = tapped.events.map(\.event)
        #expect(!names.contains(.shouldPerformSegue) && !names.contains(.prepareForSegue))
        #expect(names.contains(.viewDidLoad) && names.contains(.viewDidAppear))
        #expect(window.root?.presentedViewController?.sceneID == "compose")
        #expect(window.root?.presentedViewController?.presentedStyle == .formSheet)
    }

    @Test("the root a scene delegate or app delegate builds in code")
    func launchRoots() throws {
        let (rootSB, rootResult) = try Self.analyzed("CodeRootApp")
        #expect(rootResult.launchRoot == .navigation(root: "home", source: "SceneDelegate.swift:9"))
        let launched = CodeNavigation.augment(rootSB, result: rootResult).storyboard
        #expect(launched.initialViewController == "code-root" && launched["code-root"]?.rootViewController == "home")
        let (_, tabs) = try Self.analyzed("CodeTabsApp")
        #expect(tabs.launchRoot == .tabs(["home", "inbox"], source: "AppDelegate.m:10"))
    }

    @Test("infer's reports name every step's source and every unresolved line's reason")
    func reports() throws {
        let (storyboard, result) = try Self.analyzed("CodeNavApp")
        let text = InferenceReport.text(result, storyboard: storyboard)
        #expect(text.contains("Sources/Feed/FeedViewController.swift:48  FeedViewController  present: no scene has storyboard ID 'nowhere'"))
        let json = try decodeAnswer(InferenceReportJSON.self, from: InferenceReport.json(result))
        #expect(json.steps.count == 11 && json.unresolved.count == 1)
        let overlay = OverlayWriter.yaml(result, storyboard: storyboard)
        #expect(overlay.contains("push: \"DetailViewController\"") && overlay.contains("source: \"Sources/Feed/FeedViewController.swift:37\""))
    }
}
