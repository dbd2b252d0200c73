@testable import SegueCore
import Testing
import SegueJSON
import SeguePageURL

/// Exploring a flow: code-triggered segues, opening any scene, the hierarchy as text.
@Suite("Explore")
struct ExploreTests {
    /// Tabs (first and second), a nav root with a code-only segue and an unwind, a tab bar
    /// segue, an alert, an unresolved reference, a scene reached only by identifier.
    func board() -> Storyboard {
        storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) {
                $0.viewControllers = ["feedNav", "settings"]
                $0.segues = [segue("showWelcome", .presentation, to: "welcome")]
            },
            scene("feedNav", .navigationController) { $0.rootViewController = "feed" },
            scene("feed", title: "Feed") {
                var button = ViewNode(.button, id: "open", text: "Open")
                button.tap = .segue("openItem")
                var container = ViewNode(.container)
                container.embed = "banner"
                $0.view = [button, container]
                $0.segues = [segue("openItem", .show, to: "item"), segue("showDetailInCode", .show, to: "item"),
                             segue("banner", .embed, to: "banner"), segue("logout", .unwind, action: "logout")]
            },
            scene("banner", title: "Banner"),
            scene("item", title: "Item"),
            scene("settings", title: "Settings"),
            scene("welcome", title: "Welcome"),
            scene("orphan", title: "Orphan Editor"),
            scene("confirm", .alertController, title: "Sure?") { $0.alert = AlertSpec() },
            scene("ref", title: "Other › Login") { $0.isUnresolvedReference = true },
        ])
    }

    @Test func manualSeguesAreTheVisibleControllersSeguesNoElementTriggers() throws {
        let w = try launched(board())
        let manual = w.manualSegues
        // The tab bar's own segue, then the feed's: not the tapped one, not the embed.
        #expect(manual.map(\.identifier) == ["showWelcome", "showDetailInCode", "logout"])
        #expect(manual[0].controller == w.root.id)
        #expect(manual[1].destination == "item" && manual[1].kind == .show)
        #expect(manual[2].destination == nil && manual[2].action == "logout")
        // STATE carries them.
        let state = String(decoding: w.stateJSON(), as: UTF8.self)
        #expect(state.contains(#""manualSegues":[{"controller":"c1","identifier":"showWelcome","destination":"welcome","kind":"presentation"}"#))
        // performSegue runs one, from the controller that declares it; the list follows the screen.
        let feed = try #require(w.visibleControllers.first { $0.sceneID == "feed" })
        _ = try w.perform(.performSegue(identifier: "showDetailInCode", controller: feed.id))
        #expect(w.visibleScenes == ["item"])
        #expect(w.manualSegues.map(\.identifier) == ["showWelcome"])
    }

    @Test func openingPathsPutASceneInsideItsContainers() throws {
        let b = board()
        #expect(try b.openingPath(for: "settings").encoded == "tabs@1")
        #expect(try b.openingPath(for: "feed").encoded == "tabs@0")
        #expect(try b.openingPath(for: "feedNav").encoded == "tabs@0")
        #expect(try b.openingPath(for: "orphan").encoded == "orphan")
        #expect(try b.openingPath(for: "tabs").encoded == "tabs")
    }

    @Test func openingAPageOfAMidSpineBookShowsTheSpreadHoldingIt() throws {
        let b = storyboard(initial: "book", [
            scene("book", .pageViewController) {
                $0.pages = ["p0", "p1", "p2", "p3"]
                var spec = PageViewSpec()
                spec.transitionStyle = .pageCurl
                spec.spineLocation = .mid
                $0.pageView = spec
            },
            scene("p0"), scene("p1"), scene("p2"), scene("p3"),
        ])
        #expect(try b.openingPath(for: "p3").encoded == "book@2")
        let w = Window(id: "w", storyboard: b, traits: Traits(width: 1024, height: 768))
        try w.open(sceneID: "p1")
        #expect(w.visibleScenes.suffix(2) == ["p0", "p1"] && w.canonicalURL.hasPrefix("/ui/book@0"))
    }

    @Test func openingATabInsideANavigationControllerSelectsThatTab() throws {
        let b = storyboard(initial: "nav", [
            scene("nav", .navigationController) { $0.rootViewController = "tabs" },
            scene("tabs", .tabBarController) { $0.viewControllers = ["a", "b", "c"] },
            scene("a", title: "A"), scene("b", title: "B"), scene("c", title: "C"),
        ])
        #expect(try b.openingPath(for: "b").children?.first?.index == 1)
        let w = Window(id: "w", storyboard: b)
        try w.open(sceneID: "b")
        #expect(w.visibleScenes == ["b"])
        #expect(w.canonicalURL == "/ui/nav(tabs@1(a,b,c))")
    }

    @Test func openingAnySceneAndRestoringItsURL() throws {
        let w = Window(id: "w", storyboard: board())
        try w.open(sceneID: "settings")
        #expect(w.visibleScenes == ["settings"])
        #expect(w.canonicalURL == "/ui/tabs@1(feedNav(feed),settings)")
        // A scene reached only by identifier is the window's root; its URL restores elsewhere.
        let alone = Window(id: "a", storyboard: board())
        try alone.open(sceneID: "orphan")
        #expect(alone.canonicalURL == "/ui/orphan")
        #expect(alone.trace().contains("orphan.viewDidAppear"))
        let again = Window(id: "b", storyboard: board())
        try again.restore(try #require(HierarchyPath.parse(alone.canonicalURL)))
        #expect(again.visibleScenes == ["orphan"])
        // The opened scene's window acts as any other: its segues run.
        _ = try alone.perform(.present(scene: "welcome", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(alone.canonicalURL == "/ui/orphan~formSheet~welcome")
    }

    @Test func scenesThatCannotStandAloneAreRefusedWithCodes() throws {
        let b = board()
        #expect { try b.openingPath(for: "ref") } throws: { ($0 as? ActionError)?.code == .sceneNotStandalone }
        #expect { try b.openingPath(for: "confirm") } throws: { ($0 as? ActionError)?.code == .sceneNotStandalone }
        // Unknown: 404 with the nearest names.
        do {
            _ = try b.openingPath(for: "setings")
            Issue.record("expected unknown_scene")
        } catch {
            #expect(error.code == .unknownScene)
            #expect(error.message.contains("did you mean 'settings'"))
        }
        #expect(b.nearestSceneIDs(to: "Orphan Edit") == ["orphan"])
        #expect(b.nearestSceneIDs(to: "zzzzzzzzzzzz").isEmpty)
        // A URL rooted at a relationship child does not restore (it only exists inside its container).
        let w = Window(id: "w", storyboard: b)
        #expect { try w.restore(try #require(HierarchyPath.parse("/ui/feed"))) } throws: { ($0 as? ActionError)?.code == .invalidURL }
        #expect(!w.isLaunched)
    }

    @Test func printHierarchyIndentsChildrenAndPresentedControllers() throws {
        let w = try launched(board())
        _ = try w.perform(.performSegue(identifier: "showWelcome", controller: w.root.id))
        let lines = w.printHierarchy().split(separator: "\n").map(String.init)
        #expect(lines.first == "<tabBarController c1 scene=tabs>, state: disappeared")
        #expect(lines.contains("   |    | <viewController c3 scene=feed> \"Feed\", state: disappeared"))
        #expect(lines.last?.hasPrefix("   | + presented fullScreen: <viewController") == true)
        #expect(lines.last?.hasSuffix("\"Welcome\", state: appeared") == true)
    }
}

/// A tab bar controller's own segue covers it; selecting another tab under the presentation
/// sends no event but is a change of state: the URL follows, and navigating back to it works.
@Suite("Tab selection under a presentation")
struct CoveredTabSelectionTests {
    @Test func selectingACoveredTabChangesTheStateAndItsURL() throws {
        let w = try launched(ExploreTests().board())
        _ = try w.perform(.performSegue(identifier: "showWelcome", controller: w.root.id))
        let covered = w.canonicalURL
        #expect(covered == "/ui/tabs@0(feedNav(feed(banner)),settings)~fullScreen~welcome")
        let outcome = try w.perform(.selectTab(index: 1, controller: w.root.id))
        #expect(outcome.events.isEmpty && outcome.changed)
        #expect(w.canonicalURL == "/ui/tabs@1(feedNav(feed(banner)),settings)~fullScreen~welcome")
        // Browser back to the earlier URL: the first tab again, under the same presentation.
        let back = try w.navigate(to: try #require(HierarchyPath.parse(covered)))
        #expect(back.changed)
        #expect(w.canonicalURL == covered)
    }
}
