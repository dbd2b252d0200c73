import Testing
@testable import SegueCore
import SeguePageURL

/// Split view, page view and custom containers.
@Suite struct SplitViewTests {
    let landscape = Traits(width: 1180, height: 820)
    let portrait = Traits(width: 820, height: 1180)

    @Test func regularLandscapeShowsBothColumns() throws {
        let w = try launched(containerStoryboard(), traits: landscape)
        #expect(w.visibleScenes == ["list", "detail"])
        let split = try #require(w.root as? SplitViewController)
        #expect(split.displayMode == .allVisible)
        guard case .split(let pane)? = w.screen().layers.first?.pane else { Issue.record("no split pane"); return }
        #expect(pane.columns.count == 2 && !pane.isCollapsed && pane.showPrimaryElementID == nil)
    }

    @Test func padPortraitShowsTheDetailWithAButtonForThePrimaryOverlay() throws {
        let w = try launched(containerStoryboard(), traits: portrait)
        #expect(w.visibleScenes == ["detail"])
        let button = try #require(w.elements.first { $0.role == .barButton && $0.title == "Mailboxes" })
        guard case .split(let pane)? = w.screen().layers.first?.pane,
              case .navigation(let detailNav)? = pane.columns.first else { Issue.record("no split pane"); return }
        #expect(detailNav.bar?.leftItems.first?.elementID == button.id)
        let show = try w.run(.tap(element: button.id, values: [:]))
        #expect(show == ["listNav.loadView", "listNav.viewDidLoad", "list.loadView", "list.viewDidLoad",
                         "listNav.viewWillAppear", "list.viewWillAppear", "listNav.navigationControllerWillShow(list)",
                         "listNav.viewDidAppear", "list.viewDidAppear", "listNav.navigationControllerDidShow(list)"])
        #expect(w.visibleScenes == ["detail", "list"])
        // The detail is dimmed under the overlay: only the primary and the hide area are tappable.
        #expect(w.elements.contains { $0.id == "open" })
        let hide = try #require(w.elements.first { $0.role == .button && $0.title == "Hide Mailboxes" })
        _ = try w.run(.tap(element: hide.id, values: [:]))
        #expect(w.visibleScenes == ["detail"])
        // showDetail from the overlay replaces the secondary and closes the overlay.
        _ = try w.run(.tap(element: button.id, values: [:]))
        let trace = try w.run(.tap(element: "open", values: [:]))
        #expect(trace.contains("otherNav.willMoveToParentViewController(split)"))
        #expect(trace.contains("detailNav.viewDidDisappear{movingFrom}") && trace.contains("list.viewDidDisappear"))
        #expect(w.visibleScenes == ["other"])
    }

    @Test("a delegate keeping the primary when the columns collapse: a phone starts on the primary, a pad as before")
    func collapsedOntoThePrimary() throws {
        var storyboard = containerStoryboard()
        storyboard.scenes["split"]?.showsPrimaryWhenCollapsed = true
        let phone = try launched(storyboard)
        let split = try #require(phone.root as? SplitViewController)
        #expect(split.isCollapsed && split.isPrimaryInFront)
        #expect(phone.visibleScenes == ["list"])
        // The covered secondary never appears; the primary's root does.
        #expect(!phone.trace().contains("detail.viewDidAppear") && phone.trace().contains("list.viewDidAppear"))
        #expect(!phone.elements.contains { $0.role == .backButton })
        // showDetail still pushes the secondary onto the one stack.
        _ = try phone.run(.tap(element: "open", values: [:]))
        #expect(!split.isPrimaryInFront && phone.visibleScenes == ["other"])
        // On a pad, where the columns do not collapse, nothing changes.
        #expect(try launched(storyboard, traits: portrait).visibleScenes == ["detail"])
        #expect(try launched(storyboard, traits: landscape).visibleScenes == ["list", "detail"])
    }

    @Test func compactWidthCollapsesIntoOneStackAndExpandsAgain() throws {
        let w = try launched(containerStoryboard())
        let split = try #require(w.root as? SplitViewController)
        #expect(split.isCollapsed)
        #expect(w.visibleScenes == ["detail"])
        // The secondary sits on top of the primary's stack: the primary navigation controller is
        // in the window (its root is covered), the secondary is its visible child.
        let launch = w.trace().filter { $0.hasSuffix("viewDidAppear") }
        #expect(launch == ["split.viewDidAppear", "listNav.viewDidAppear", "detailNav.viewDidAppear", "detail.viewDidAppear"])
        // The primary's delegate hears of what it shows on top (the secondary), never of the
        // covered root, whose view is not even loaded.
        #expect(w.trace().contains("listNav.navigationControllerWillShow(detailNav)"))
        #expect(!w.trace().contains("listNav.navigationControllerWillShow(list)"))
        let back = try #require(w.elements.first { $0.role == .backButton })
        #expect(back.title == "Mailboxes")
        // Back is a pop of the one stack, with a pop's events.
        let trace = try w.run(.tap(element: back.id, values: [:]))
        #expect(trace == ["detailNav.willMoveToParentViewController(nil)", "list.loadView", "list.viewDidLoad",
                          "detailNav.viewWillDisappear{movingFrom}", "detail.viewWillDisappear", "list.viewWillAppear",
                          "listNav.navigationControllerWillShow(list)",
                          "detailNav.viewDidDisappear{movingFrom}", "detail.viewDidDisappear", "list.viewDidAppear",
                          "detailNav.didMoveToParentViewController(nil)", "listNav.navigationControllerDidShow(list)"])
        #expect(w.visibleScenes == ["list"])
        // showDetail in the collapsed stack pushes the new secondary on top.
        let push = try w.run(.tap(element: "open", values: [:]))
        #expect(push.contains("otherNav.willMoveToParentViewController(listNav)"))
        #expect(push.contains("otherNav.viewWillAppear{movingTo}") && push.contains("listNav.navigationControllerDidShow(otherNav)"))
        #expect(!push.contains { $0.hasPrefix("detailNav.willMoveToParentViewController") })  // popped already
        #expect(w.visibleScenes == ["other"])
        #expect(split.children.map(\.sceneID) == ["listNav", "otherNav"])
        // Expanding restores both columns, with appearance events for the root that comes back.
        let expand = try w.run(.setTraits(landscape))
        #expect(expand.contains("list.viewWillAppear") && expand.contains("list.viewDidAppear"))
        #expect(!expand.contains("listNav.viewWillAppear"))
        #expect(expand.contains("other.traitCollectionDidChange"))
        #expect(w.visibleScenes == ["list", "other"])
        // Collapsing again shows the secondary on top.
        let collapse = try w.run(.setTraits(.phonePortrait))
        #expect(collapse.contains("list.viewDidDisappear"))
        #expect(w.visibleScenes == ["other"])
    }

    @Test func columnStyleSplitsShowTheSupplementaryColumnAndTheCompactController() throws {
        var board = containerStoryboard()
        board.scenes["split"]!.supplementaryViewController = "note"
        board.scenes["split"]!.compactViewController = "p1"
        // Landscape: primary, supplementary, secondary side by side; the compact one never shows.
        let w = try launched(board, traits: landscape)
        #expect(w.visibleScenes == ["list", "note", "detail"])
        #expect(w.canonicalURL == "/ui/split(listNav(list),detailNav(detail),note,p1)")
        #expect(!w.trace().contains { $0.hasPrefix("p1.") && !$0.contains("MoveToParent") })
        // showDetail replaces the secondary only.
        _ = try w.run(.tap(element: "open", values: [:]))
        #expect(w.visibleScenes == ["list", "note", "other"])
        #expect(w.canonicalURL == "/ui/split(listNav(list),otherNav(other),note,p1)")
        let restored = Window(id: "r", storyboard: board, traits: landscape)
        try restored.restore(try #require(HierarchyPath.parse(w.canonicalURL)))
        #expect(restored.canonicalURL == w.canonicalURL && restored.visibleScenes == ["list", "note", "other"])
        // Portrait: the supplementary beside the secondary, the primary behind its button.
        _ = try w.run(.setTraits(portrait))
        #expect(w.visibleScenes == ["note", "other"])
        // Compact width: the compact controller alone, no collapsed stack and no back button.
        let compact = try w.run(.setTraits(.phonePortrait))
        #expect(w.visibleScenes == ["p1"])
        #expect(compact.contains("p1.viewDidLoad") && compact.contains("other.viewDidDisappear"))
        #expect(!w.elements.contains { $0.role == .backButton })
        guard case .split(let pane)? = w.screen().layers.first?.pane else { Issue.record("no split pane"); return }
        #expect(pane.columns.count == 1 && pane.isCollapsed)
    }

    @Test func legacyReplaceSegueReplacesTheDetailAndNeedsASplit() throws {
        let w = try launched(containerStoryboard(), traits: landscape)
        let list = try #require(w.controller(id: "c3"))
        #expect(list.sceneID == "list")
        _ = try w.run(.performSegue(identifier: "legacy", controller: list.id))
        #expect(w.visibleScenes == ["list", "other"])
        let outside = try launched(containerStoryboard(initial: "other"))
        let version = outside.version
        #expect { try outside.perform(.performSegue(identifier: "legacy", controller: nil)) } throws: { ($0 as? ActionError)?.code == .illegalTransition }
        #expect(outside.version == version)
    }
}

@Suite struct PageViewTests {
    @Test func aPageViewWithoutPagesSaysTheyAreMadeInCode() throws {
        var board = containerStoryboard(initial: "album")
        board.scenes["album"]!.pages = []
        board.scenes["album"]!.className = "PhotoPager"
        let w = try launched(board)
        guard case .pages(let pane)? = w.screen().layers.first?.pane, case .content(let page)? = pane.pages.first else {
            Issue.record("no page pane"); return
        }
        #expect(pane.pageCount == 0 && page.nodes.first?.text == "PhotoPager: pages made in code")
        #expect(!w.elements.contains { $0.role == .pageControl })
    }

    @Test func midSpineShowsTwoPagesAndTurnsBySpreads() throws {
        let w = try launched(containerStoryboard(initial: "book"))
        #expect(w.visibleScenes == ["p1", "p2"])
        let trace = try w.run(.turnPage(forward: true, controller: nil))
        #expect(trace.prefix(2) == ["book.pageViewControllerWillTransitionTo(p3)", "p3.willMoveToParentViewController(book)"])
        #expect(trace.contains("p1.viewWillDisappear{movingFrom}") && trace.contains("p3.viewWillAppear{movingTo}"))
        #expect(trace.last == "book.pageViewControllerDidFinishAnimating(p3)")
        #expect(w.visibleScenes == ["p3", "p4"])
        // Nothing beyond the end: a warning, no events.
        let end = try w.perform(.turnPage(forward: true, controller: nil))
        #expect(end.events.isEmpty && end.warnings.count == 1 && !end.changed)
        // A jump must start a spread.
        let seq = w.log.lastSeq
        #expect { try w.perform(.showPage(index: 1, controller: nil)) } throws: { ($0 as? ActionError)?.code == .invalidRequest }
        #expect(w.log.lastSeq == seq)
        let jump = try w.run(.showPage(index: 0, controller: nil))
        #expect(!jump.contains { $0.contains("pageViewControllerDidFinishAnimating") })
        #expect(w.visibleScenes == ["p1", "p2"])
        let start = try w.perform(.turnPage(forward: false, controller: nil))
        #expect(start.events.isEmpty && start.warnings.count == 1)
        // A URL names spreads the same way: an odd index is refused, an even one restores.
        let odd = Window(id: "r1", storyboard: containerStoryboard(initial: "book"))
        #expect { try odd.restore(try #require(HierarchyPath.parse("/ui/book@1(p2,p3)"))) } throws: {
            ($0 as? ActionError)?.code == .invalidURL
        }
        let even = Window(id: "r2", storyboard: containerStoryboard(initial: "book"))
        try even.restore(try #require(HierarchyPath.parse("/ui/book@2(p3,p4)")))
        #expect(even.visibleScenes == ["p3", "p4"])
    }

    @Test func anOddPageCountWithAMidSpineIsAnError() throws {
        expectRefusal(.illegalTransition) { _ = try launched(containerStoryboard(initial: "oddBook")) }
    }

    @Test func scrollStyleShowsOnePageWithDotsAndPreviousNextElements() throws {
        let w = try launched(containerStoryboard(initial: "album"))
        #expect(w.visibleScenes == ["p1"])
        guard case .pages(let pane)? = w.screen().layers.first?.pane else { Issue.record("no page pane"); return }
        #expect(pane.pageCount == 3 && pane.currentIndex == 0 && pane.previousElementID == nil)
        let next = try #require(pane.nextElementID)
        _ = try w.run(.tap(element: next, values: [:]))
        _ = try w.run(.tap(element: next, values: [:]))
        #expect(w.visibleScenes == ["p3"])
        #expect(!w.elements.contains { $0.title == "Next" })
        #expect(w.elements.contains { $0.title == "Previous" && $0.role == .pageControl })
        #expect { try w.perform(.showPage(index: 7, controller: nil)) } throws: { ($0 as? ActionError)?.code == .invalidRequest }
        #expect(w.canonicalURL == "/ui/album@2(p3)")
    }
}

/// A container that flips between two children and forwards appearance by hand when asked.
final class FlipContainer: ViewController {
    nonisolated(unsafe) static var manual = false
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { !FlipContainer.manual }
}

@Suite(.serialized) struct CustomContainerTests {
    @Test func embedSeguesRunWhileTheParentsViewLoads() throws {
        let w = try launched(containerStoryboard(initial: "recipe"))
        #expect(w.trace() == [
            "recipe.loadView", "recipe.shouldPerformSegue", "recipe.prepareForSegue",
            "ingredients.willMoveToParentViewController(recipe)", "ingredients.loadView", "ingredients.viewDidLoad",
            "ingredients.didMoveToParentViewController(recipe)", "recipe.viewDidLoad",
            "recipe.viewWillAppear", "ingredients.viewWillAppear", "recipe.viewDidAppear", "ingredients.viewDidAppear",
        ])
        let prepare = try #require(w.log.events.first { $0.event == .prepareForSegue })
        #expect(prepare.segue == "content" && prepare.sender == nil)
        #expect(w.visibleScenes == ["recipe", "ingredients"])
        guard case .content(let pane)? = w.screen().layers.first?.pane else { Issue.record("no content"); return }
        #expect(pane.children.map(\.embedSegue) == ["content"])
    }

    @Test func addRemoveAndTransitionFollowTheCanonicalOrders() throws {
        let w = try launched(containerStoryboard(initial: "recipe"))
        let recipe = w.root!
        let ingredients = recipe.children[0]
        let note = try w.instantiate(sceneID: "note")
        var seq = w.log.lastSeq
        try recipe.addChild(note, showingView: false)
        #expect(w.trace(after: seq) == ["note.willMoveToParentViewController(recipe)", "note.didMoveToParentViewController(recipe)"])
        #expect(!note.isViewLoaded)
        seq = w.log.lastSeq
        try recipe.transition(from: ingredients, to: note)
        #expect(w.trace(after: seq) == ["note.loadView", "note.viewDidLoad", "ingredients.viewWillDisappear", "note.viewWillAppear",
                                        "ingredients.viewDidDisappear", "note.viewDidAppear"])
        #expect(w.visibleScenes == ["recipe", "note"])
        w.checkInvariants()
        seq = w.log.lastSeq
        try note.removeFromParent()
        #expect(w.trace(after: seq) == ["note.willMoveToParentViewController(nil)", "note.viewWillDisappear{movingFrom}",
                                        "note.viewDidDisappear{movingFrom}", "note.didMoveToParentViewController(nil)"])
        seq = w.log.lastSeq
        let again = try w.instantiate(sceneID: "note")
        try recipe.addChild(again)
        #expect(w.trace(after: seq) == ["note.willMoveToParentViewController(recipe)", "note.loadView", "note.viewDidLoad",
                                        "note.viewWillAppear{movingTo}", "note.viewDidAppear{movingTo}", "note.didMoveToParentViewController(recipe)"])
    }

    @Test func inconsistentHierarchiesAreRefusedWithoutChanges() throws {
        let w = try launched(containerStoryboard(initial: "recipe"))
        let recipe = w.root!
        let ingredients = recipe.children[0]
        let stranger = try w.instantiate(sceneID: "note")
        let seq = w.log.lastSeq
        func refused(_ body: () throws -> Void) {
            do { try body(); Issue.record("accepted") } catch { #expect((error as? ActionError)?.code == .illegalTransition) }
        }
        refused { try recipe.transition(from: ingredients, to: stranger) }
        refused { try recipe.transition(from: ingredients, to: ingredients) }
        refused { try recipe.addChild(ingredients) }
        refused { try recipe.addChild(recipe) }
        refused { try ingredients.addChild(recipe) }
        #expect(w.log.lastSeq == seq)
        #expect(recipe.children.count == 1 && stranger.parent == nil)
        // Built-in containers have their own API.
        let book = try launched(containerStoryboard(initial: "album"))
        refused { try book.root.addChild(try! book.instantiate(sceneID: "p2")) }
        // Removing a controller without a parent: UIKit's no-op, with a warning.
        try stranger.removeFromParent()
        #expect(w.warnings.count == 1)
    }

    @Test func manualForwardingSendsOnlyWhatTheContainerAsksFor() throws {
        FlipContainer.manual = true
        defer { FlipContainer.manual = false }
        var registry = ControllerRegistry()
        registry.register(FlipContainer.self, as: "Flip")
        var board = containerStoryboard(initial: "recipe")
        board.scenes["recipe"]?.className = "Flip"
        let w = try launched(board, registry: registry)
        // The embedded child's view loads inside the embed; appearance waits for the container.
        #expect(!w.trace().contains { $0.hasPrefix("ingredients.viewWill") || $0.hasPrefix("ingredients.viewDidAppear") })
        let ingredients = w.root.children[0]
        var seq = w.log.lastSeq
        ingredients.beginAppearanceTransition(true, animated: false)
        ingredients.endAppearanceTransition()
        #expect(w.trace(after: seq) == ["ingredients.viewWillAppear", "ingredients.viewDidAppear"])
        #expect(ingredients.appearance == .appeared)
        seq = w.log.lastSeq
        ingredients.endAppearanceTransition()
        ingredients.beginAppearanceTransition(true, animated: false)
        #expect(w.log.lastSeq == seq && w.warnings.count == 2)
    }
}

@Suite struct CollapsedSplitBackTests {
    @Test func theBackToThePrimaryShowsOnlyAtTheSecondarysRoot() throws {
        var board = containerStoryboard()
        board.scenes["detail"]!.segues = [SegueSpec(id: "more", kind: .show, destination: "other")]
        let w = try launched(board)
        #expect(w.elements.filter { $0.role == .backButton }.map(\.title) == ["Mailboxes"])
        _ = try w.run(.performSegue(identifier: "more", controller: nil))
        // The secondary's own stack: its back button pops within it.
        #expect(w.elements.filter { $0.role == .backButton }.map(\.title) == ["Detail"])
        _ = try w.run(.pop(navigationController: nil))
        #expect(w.elements.filter { $0.role == .backButton }.map(\.title) == ["Mailboxes"])
    }
}

@Suite struct SplitURLTests {
    @Test func theColumnInFrontIsPartOfTheURLAndHistoryBringsItBack() throws {
        let w = try launched(containerStoryboard())
        let secondaryURL = w.canonicalURL
        #expect(secondaryURL == "/ui/split(listNav(list),detailNav(detail))")
        let back = try #require(w.elements.first { $0.role == .backButton })
        _ = try w.perform(.tap(element: back.id, values: [:]))
        #expect(w.canonicalURL == "/ui/split@0(listNav(list),detailNav(detail))")
        // Browser back: the secondary on top again, with appearance events.
        let outcome = try w.navigate(to: try #require(HierarchyPath.parse(secondaryURL)))
        #expect(outcome.events.contains { $0.event == .viewDidAppear && $0.scene == "detail" })
        #expect(w.visibleScenes == ["detail"] && w.canonicalURL == secondaryURL)
        // And forward again, in a fresh session too (another browser).
        let other = try launched(containerStoryboard())
        _ = try other.navigate(to: try #require(HierarchyPath.parse("/ui/split@0(listNav(list),detailNav(detail))")))
        #expect(other.visibleScenes == ["list"])
        // Pad portrait: @0 is the primary overlay; pad landscape shows both and drops it.
        let pad = try launched(containerStoryboard(), traits: Traits(width: 820, height: 1180))
        _ = try pad.navigate(to: try #require(HierarchyPath.parse("/ui/split@0(listNav(list),detailNav(detail))")))
        #expect(pad.visibleScenes == ["detail", "list"])
        _ = try pad.perform(.setTraits(Traits(width: 1180, height: 820)))
        #expect(pad.canonicalURL == secondaryURL)
        #expect { try w.navigate(to: try #require(HierarchyPath.parse("/ui/split@3(listNav(list),detailNav(detail))"))) }
            throws: { ($0 as? ActionError)?.code == .invalidURL }
    }
}
