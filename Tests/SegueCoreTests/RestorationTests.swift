import Testing
@testable import SegueCore
import SeguePageURL

/// State preservation and restoration.
@Suite struct RestorationTests {
    /// The mail storyboard with restoration identifiers on every scene but `message`.
    func identified(except: Set<String> = ["message"]) -> Storyboard {
        var board = mailStoryboard()
        for id in board.sceneOrder where !except.contains(id) { board.scenes[id]?.restorationIdentifier = id }
        return board
    }

    func restored(_ board: Storyboard, _ url: String, registry: ControllerRegistry = ControllerRegistry()) throws -> Window {
        let w = Window(id: "r", storyboard: board, registry: registry)
        try w.restore(try #require(HierarchyPath.parse(url)))
        return w
    }

    @Test func restoreRebuildsStackAndPresentedChainWithoutSegues() throws {
        let w = try restored(identified(), "/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        #expect(w.canonicalURL == "/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        let trace = w.trace()
        #expect(!trace.contains { $0.contains("prepareForSegue") || $0.contains("shouldPerformSegue") })
        #expect(w.topmostPresented?.sceneID == "composeNav")
        #expect(w.topmostPresented?.presentingViewController?.sceneID == "nav")
        #expect(w.visibleScenes == ["compose"])
    }

    @Test func restoreOrderIsDecodeThenFinishedThenAppearance() throws {
        let w = try restored(identified(), "/ui/nav(mailboxes,inbox)")
        let trace = w.trace().filter { !$0.contains("MoveToParent") }
        // Every needed viewDidLoad (parent first), then each decode in pre-order; then finished;
        // then appearance.
        #expect(trace == [
            "nav.loadView", "nav.viewDidLoad", "mailboxes.loadView", "mailboxes.viewDidLoad",
            "inbox.loadView", "inbox.viewDidLoad",
            "nav.decodeRestorableState", "mailboxes.decodeRestorableState", "inbox.decodeRestorableState",
            "nav.applicationFinishedRestoringState", "mailboxes.applicationFinishedRestoringState", "inbox.applicationFinishedRestoringState",
            "nav.viewWillAppear", "inbox.viewWillAppear", "nav.navigationControllerWillShow(inbox)",
            "nav.viewDidAppear", "inbox.viewDidAppear", "nav.navigationControllerDidShow(inbox)",
        ])
        // Only the finally visible controllers appeared.
        #expect(w.controller(id: w.root.children[0].id)?.appearance == .disappeared)
    }

    @Test func controllersWithoutAnIdentifierAndBelowArePruned() throws {
        // `message` has no identifier: it is rebuilt (the URL names it) but not restored.
        let w = try restored(identified(), "/ui/nav(mailboxes,inbox,message)~formSheet~composeNav(compose)")
        let decoded = w.log.events.filter { $0.event == .decodeRestorableState }.compactMap(\.scene)
        #expect(decoded == ["nav", "mailboxes", "inbox", "composeNav", "compose"])
        #expect(w.root.children[2].restorationIdentifierPath == nil)
        #expect(w.root.children[1].restorationIdentifierPath == ["nav", "inbox"])
        #expect(w.topmostPresented?.children.first?.restorationIdentifierPath == ["nav", "composeNav", "compose"])
        // Without one on the root, nothing below it (children, presented chain) is restored.
        let bare = try restored(identified(except: ["nav"]), "/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)")
        #expect(!bare.log.events.contains { $0.event == .decodeRestorableState || $0.event == .applicationFinishedRestoringState })
        #expect(bare.visibleScenes == ["compose"])
        // State in the URL of a pruned controller is ignored, and not written back.
        let ignored = try restored(identified(except: ["nav"]), "/ui/nav(mailboxes;e=1)")
        #expect(!ignored.root.children[0].isEditing && ignored.canonicalURL == "/ui/nav(mailboxes)")
    }

    @Test func formValuesAndEditingTravelInTheURL() throws {
        let board = identified()
        let w = try launched(board)
        _ = try w.perform(.performSegue(identifier: "showInbox", controller: nil))
        _ = try w.perform(.setEditing(true, controller: nil))
        _ = try w.perform(.performSegue(identifier: "compose", controller: nil))
        _ = try w.perform(.setValues(["subject": .text("Lunch at 12?")]))
        let url = w.canonicalURL
        #expect(url == "/ui/nav(mailboxes,inbox;e=1)~formSheet~composeNav(compose;f.subject=Lunch+at+12$3F)")
        let r = try restored(board, url)
        #expect(r.canonicalURL == url)
        #expect(r.topmostPresented?.children.first?.text(of: "subject") == "Lunch at 12?")
        #expect(r.root.children[1].isEditing)
    }

    final class ScrollingController: TableViewController {
        var offset = 0
        nonisolated(unsafe) static var calls: [String] = []
        override func encodeRestorableState(with coder: RestorationCoder) { coder.encode(offset, forKey: "scroll") }
        override func decodeRestorableState(with coder: RestorationCoder) {
            Self.calls.append("decode loaded=\(isViewLoaded)")
            offset = coder.decodeInteger(forKey: "scroll") ?? -1
        }
        override func applicationFinishedRestoringState() { Self.calls.append("finished offset=\(offset)") }
    }

    @Test func subclassesEncodeAndDecodeTheirOwnState() throws {
        var board = identified()
        board.scenes["inbox"]?.className = "ScrollingController"
        var registry = ControllerRegistry()
        registry.register(ScrollingController.self, as: "ScrollingController")
        let w = try launched(board, registry: registry)
        _ = try w.perform(.performSegue(identifier: "showInbox", controller: nil))
        (w.root.children[1] as! ScrollingController).offset = 120
        #expect(w.canonicalURL == "/ui/nav(mailboxes,inbox;k.scroll=120)")
        ScrollingController.calls = []
        let r = try restored(board, w.canonicalURL, registry: registry)
        #expect((r.root.children[1] as! ScrollingController).offset == 120)
        #expect(ScrollingController.calls == ["decode loaded=true", "finished offset=120"])
    }

    @Test func tabsAndPagesRestoreTheirSelection() throws {
        let board = storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["a", "b", "c"]; $0.restorationIdentifier = "tabs" },
            scene("a"), scene("b") { $0.restorationIdentifier = "b" }, scene("c"),
        ])
        let w = Window(id: "t", storyboard: board)
        try w.restore(try #require(HierarchyPath.parse("/ui/tabs@1(a,b,c)")))
        #expect(w.canonicalURL == "/ui/tabs@1(a,b,c)")
        #expect(w.visibleScenes == ["b"])
        #expect(w.log.events.filter { $0.event == .decodeRestorableState }.compactMap(\.scene) == ["tabs", "b"])
        // A rearranged tab order is restored too; a tab list that is not the storyboard's is refused.
        let moved = Window(id: "m", storyboard: board)
        try moved.restore(try #require(HierarchyPath.parse("/ui/tabs@0(c,a,b)")))
        #expect(moved.canonicalURL == "/ui/tabs@0(c,a,b)" && moved.visibleScenes == ["c"])
        for bad in ["/ui/tabs@0(a,b)", "/ui/tabs@0(a,b,b)", "/ui/tabs@5(a,b,c)"] {
            expectRefusal(.invalidURL) { _ = try Window(id: "x", storyboard: board).restore(try #require(HierarchyPath.parse(bad))) }
        }
    }

    @Test func tamperedURLsAreRefusedBeforeAnythingHappens() throws {
        let board = identified()
        let refusals: [(String, ActionError.Code)] = [
            ("/ui/nav(mailboxes,ghost)", .unknownScene), ("/ui/compose", .invalidURL), ("/ui/nav(mailboxes)~formSheet~ghost", .unknownScene),
        ]
        for (bad, code) in refusals {
            let w = Window(id: "x", storyboard: board)
            expectRefusal(code) { _ = try w.restore(try #require(HierarchyPath.parse(bad))) }
            #expect(w.log.lastSeq == 0 && !w.isLaunched)
        }
        #expect(HierarchyPath.parse("/ui/nav(mailboxes;=1)") == nil)
        #expect(HierarchyPath.parse("/ui/nav(mailboxes;f.x=$G1)") == nil)
        #expect(HierarchyPath.parse("/ui/nav(mailboxes;e)") == nil)
        // A URL naming more controllers than any flow has is not a Segue URL (a crafted one
        // would make a huge session): 1000 parse, 1001 do not.
        let stack = { (n: Int) in "/ui/nav(mailboxes" + String(repeating: ",inbox", count: n - 2) + ")" }
        #expect(HierarchyPath.parse(stack(1000)) != nil)
        #expect(HierarchyPath.parse(stack(1001)) == nil)
    }

    @Test func statePairsRoundTripThroughTheGrammar() throws {
        let path = try #require(HierarchyPath.parse("/ui/nav(mailboxes;f.a=x+y$2C$29;b.s=1,inbox)"))
        #expect(path.children?[0].state == [.init(key: "f.a", value: "x y,)"), .init(key: "b.s", value: "1")])
        #expect(HierarchyPath.prefix + path.encoded == "/ui/nav(mailboxes;f.a=x+y$2C$29;b.s=1,inbox)")
    }

    @Test func splitViewsRestoreAReplacedSecondaryAndThePrimaryInFront() throws {
        // Pad landscape: a showDetail replaced the secondary.
        let pad = Window(id: "r", storyboard: containerStoryboard(), traits: Traits(width: 1180, height: 820))
        try pad.restore(try #require(HierarchyPath.parse("/ui/split(listNav(list),otherNav(other))")))
        #expect(pad.canonicalURL == "/ui/split(listNav(list),otherNav(other))")
        #expect(pad.visibleScenes == ["list", "other"])
        // The storyboard's secondary is instantiated with the split, never loaded or shown.
        #expect(!pad.trace().contains { $0.contains("prepareForSegue") || ($0.hasPrefix("detail") && !$0.contains("MoveToParent")) })
        // Phone: collapsed, the primary in front (after Back).
        let phone = Window(id: "r", storyboard: containerStoryboard())
        try phone.restore(try #require(HierarchyPath.parse("/ui/split@0(listNav(list),detailNav(detail))")))
        #expect(phone.canonicalURL == "/ui/split@0(listNav(list),detailNav(detail))")
        #expect(phone.visibleScenes == ["list"])
        #expect(!phone.trace().contains("detail.viewDidLoad"))
        // The primary must still be the storyboard's.
        let wrong = Window(id: "r", storyboard: containerStoryboard())
        #expect { try wrong.restore(try #require(HierarchyPath.parse("/ui/split(otherNav(other),detailNav(detail))"))) }
            throws: { ($0 as? ActionError)?.code == .invalidURL }
    }

    @Test func childrenEmbeddedInAContentControllerAreRestored() throws {
        // `recipe` embeds `ingredients` when its view loads; the URL names the embedded child.
        let w = Window(id: "r", storyboard: containerStoryboard(initial: "recipe"))
        try w.restore(try #require(HierarchyPath.parse("/ui/recipe(ingredients)~fullScreen~note")))
        #expect(w.canonicalURL == "/ui/recipe(ingredients)~fullScreen~note")
        #expect(w.visibleScenes == ["note"])
        #expect(w.trace().prefix(3) == ["recipe.loadView", "recipe.shouldPerformSegue", "recipe.prepareForSegue"])
    }

    @Test func deletedAndMovedTableRowsAreRestorableState() throws {
        var board = identified()
        board.scenes["mailboxes"]!.view[0].sections[0].rows = ["a", "b", "c", "d"].map { TableRow(id: $0, text: $0.uppercased()) }
        let w = try restored(board, "/ui/nav(mailboxes;e=1)")
        _ = try w.perform(.tap(element: "b.delete", values: [:]))
        _ = try w.perform(.tap(element: "d.moveUp", values: [:]))
        func rows(_ w: Window) -> [String] { w.visibleContentControllers.last?.view.first?.sections.first?.rows.compactMap(\.text) ?? [] }
        #expect(rows(w) == ["A", "D", "C"])
        let url = w.canonicalURL
        #expect(url == "/ui/nav(mailboxes;e=1;r.1.0=0.3.2)")
        // A new session (another browser) shows the same rows.
        let fresh = try restored(board, url)
        #expect(rows(fresh) == ["A", "D", "C"])
        #expect(fresh.canonicalURL == url)
        // Browser back to before the edits puts the rows back; forward again removes them.
        _ = try w.navigate(to: try #require(HierarchyPath.parse("/ui/nav(mailboxes;e=1)")))
        #expect(rows(w) == ["A", "B", "C", "D"])
        _ = try w.navigate(to: try #require(HierarchyPath.parse(url)))
        #expect(rows(w) == ["A", "D", "C"])
        // Every row deleted; a tampered order (an index twice, out of range) changes nothing.
        let empty = try restored(board, "/ui/nav(mailboxes;r.1.0=-)")
        #expect(rows(empty).isEmpty && empty.canonicalURL == "/ui/nav(mailboxes;r.1.0=-)")
        #expect(rows(try restored(board, "/ui/nav(mailboxes;r.1.0=1.1)")) == ["A", "B", "C", "D"])
        #expect(rows(try restored(board, "/ui/nav(mailboxes;r.1.0=9)")) == ["A", "B", "C", "D"])
    }
}
