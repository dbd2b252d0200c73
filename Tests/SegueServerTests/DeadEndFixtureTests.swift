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
        #expect(walk.deadEnds.isEmpty, "\(walk.deadEnds)")
    }

    @Test("bar button items made in code with self as target are tapped to run what their action does")
    func barItemsMadeInCode() throws {
        let (storyboard, walk) = try Self.walked("DeadEndApp")
        // Swift: a lazy property placed on the left, an array given to the toolbar.
        let bookmarks = try #require(storyboard["bookmarks"])
        #expect(bookmarks.navigationItem.leftBarButtonItems.map(\.systemItem) == [.done])
        #expect(bookmarks.navigationItem.leftBarButtonItems.first?.tap == .action("dismiss"))
        #expect(bookmarks.toolbarItems.map(\.title) == ["Sync"])
        #expect(bookmarks.toolbarItems.first?.tap == .segue("code:BookmarksViewController.swift:25"))
        // An item whose action does not navigate is not added.
        #expect(bookmarks.navigationItem.rightBarButtonItems.isEmpty)
        // Objective-C: a send placed directly, and one through a local.
        let sync = try #require(storyboard["sync"])
        #expect(sync.navigationItem.rightBarButtonItems.map(\.title) == ["Finish"])
        #expect(sync.navigationItem.rightBarButtonItems.first?.tap == .action("pop"))
        #expect(sync.navigationItem.leftBarButtonItems.map(\.systemItem) == [.cancel])
        #expect(sync.navigationItem.leftBarButtonItems.first?.tap == .action("dismiss"))
        #expect(walk.deadEnds.isEmpty, "\(walk.deadEnds)")
    }

    @Test("the readers find the items, their titles, system items and where the code puts them")
    func barItemFacts() throws {
        let analyzed = try #require(try FlowSource.analyzeApp(path: repositoryRoot + "/Tests/Fixtures/DeadEndApp"))
        let swift = analyzed.result.barItems["BookmarksViewController"] ?? []
        #expect(Set(swift.map { "\($0.action) \($0.slot) \($0.systemItem ?? $0.title ?? "-")" })
                == ["close left done", "toggleEditing right edit", "sync toolbar Sync"])
        let objc = analyzed.result.barItems["SyncViewController"] ?? []
        #expect(objc.map { "\($0.action) \($0.slot) \($0.systemItem ?? $0.title ?? "-") \($0.line)" } == ["finish right Finish 10", "cancel left cancel 11"])
    }

    @Test("a navigation controller the code makes around what it presents gets a scene, so its bar shows")
    func navigationMadeInCode() throws {
        let (storyboard, walk) = try Self.walked("DeadEndApp")
        let home = try #require(storyboard["home"])
        // Written at the presenting line (Objective-C), and returned by the class's factory (Swift).
        for root in ["history", "tags"] {
            let made = try #require(storyboard["code-nav-" + root])
            #expect(made.kind == .navigationController && made.rootViewController == root)
            #expect(home.segues.contains { $0.destination == "code-nav-" + root && $0.kind == .presentation })
        }
        #expect(storyboard["history"]?.navigationItem.rightBarButtonItems.first?.tap == .action("dismiss"))
        #expect(storyboard["tags"]?.navigationItem.leftBarButtonItems.first?.title == "Close")
        // Every screen has a way on or back: home, add note, bookmarks, sync, history, tags.
        #expect(walk.states == 6 && walk.deadEnds.isEmpty, "\(walk.deadEnds)")
    }
}
