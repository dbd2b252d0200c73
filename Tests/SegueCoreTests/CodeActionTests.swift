import Testing
@testable import SegueCore
import SeguePageURL

/// What code does, driven through actions: bars at run time and custom containers.
@Suite struct CodeActionTests {
    @Test func barsShowAndHideAtRunTimeAndTheURLKeepsThem() throws {
        var board = mailStoryboard()
        for id in board.sceneOrder { board.scenes[id]?.restorationIdentifier = id }
        let w = try launched(board)
        let nav = try #require(w.root as? NavigationController)
        let hide = try w.perform(.setNavigationBarHidden(true, navigationController: nil))
        #expect(nav.isNavigationBarHidden && !nav.showsNavigationBar && hide.changed)
        #expect(hide.events.map(\.event).allSatisfy { $0 == .viewWillLayoutSubviews || $0 == .viewDidLayoutSubviews })
        _ = try w.perform(.setToolbarHidden(false, navigationController: nav.id))
        #expect(nav.showsToolbar)
        #expect(w.canonicalURL.contains("nav;nb=1;tb=0("))
        let again = try w.perform(.setToolbarHidden(false, navigationController: nil))
        #expect(!again.changed && again.warnings.count == 1)
        // A new session restores the bars from the URL; browser back shows them again.
        let restored = Window(id: "r", storyboard: board)
        try restored.restore(try #require(HierarchyPath.parse(w.canonicalURL)))
        #expect((restored.root as? NavigationController)?.isNavigationBarHidden == true)
        _ = try w.navigate(to: try #require(HierarchyPath.parse("/ui/nav(mailboxes)")))
        #expect(!nav.isNavigationBarHidden && nav.isToolbarHidden)
    }

    func containerBoard(manual: Bool = false) -> Storyboard {
        storyboard(initial: "host", [
            scene("host") { $0.shouldAutomaticallyForwardAppearanceMethods = !manual },
            scene("one"), scene("two"), scene("nav", .navigationController) { $0.rootViewController = "one" },
            scene("warning", .alertController),
        ])
    }

    @Test func customContainersAreDrivenFromOutside() throws {
        let w = try launched(containerBoard())
        #expect(try w.run(.addChild(scene: "one", controller: nil, showingView: true)) == [
            "one.willMoveToParentViewController(host)", "one.loadView", "one.viewDidLoad",
            "one.viewWillAppear{movingTo}", "one.viewDidAppear{movingTo}", "one.didMoveToParentViewController(host)",
        ])
        // Without its view: containment only; its view loads first as a transition brings it in.
        #expect(try w.run(.addChild(scene: "two", controller: w.root.id, showingView: false)) == [
            "two.willMoveToParentViewController(host)", "two.didMoveToParentViewController(host)",
        ])
        #expect(w.canonicalURL == "/ui/host(one,two;v=0)")
        #expect(try w.run(.transition(controller: nil, fromIndex: 0, toIndex: 1)) == [
            "two.loadView", "two.viewDidLoad", "one.viewWillDisappear", "two.viewWillAppear", "one.viewDidDisappear", "two.viewDidAppear",
        ])
        #expect(w.visibleScenes == ["host", "two"])
        let one = try #require(w.allControllers.first { $0.sceneID == "one" })
        #expect(try w.run(.removeFromParent(controller: one.id)) == [
            "one.willMoveToParentViewController(nil)", "one.didMoveToParentViewController(nil)",
        ])
        // Browser back brings the child back, with its events.
        _ = try w.navigate(to: try #require(HierarchyPath.parse("/ui/host(two,one;v=0)")))
        #expect(w.root.children.map(\.sceneID) == ["two", "one"])
        // Refusals change nothing.
        let before = w.log.lastSeq
        expectRefusal(.illegalTransition) { _ = try w.perform(.transition(controller: nil, fromIndex: 0, toIndex: 5)) }
        expectRefusal(.unknownScene) { _ = try w.perform(.addChild(scene: "nowhere", controller: nil, showingView: true)) }
        expectRefusal(.illegalTransition) { _ = try w.perform(.addChild(scene: "warning", controller: nil, showingView: true)) }
        #expect(w.log.lastSeq == before)
        let nav = try launched(storyboard(initial: "nav", containerBoard().scenes.values.map { $0 }))
        expectRefusal(.illegalTransition) { _ = try nav.perform(.addChild(scene: "two", controller: nav.root.id, showingView: true)) }
    }

    @Test func aURLRestoresChildrenAddedInCode() throws {
        let w = Window(id: "r", storyboard: containerBoard())
        try w.restore(try #require(HierarchyPath.parse("/ui/host(one;v=0,two)")))
        #expect(w.root.children.map(\.sceneID) == ["one", "two"])
        #expect(w.visibleScenes == ["host", "two"])
        #expect(w.canonicalURL == "/ui/host(one;v=0,two)")
    }

    @Test func manualForwardingSendsAppearanceOnlyWhenAsked() throws {
        let w = try launched(containerBoard(manual: true))
        // Its view goes into the container's view, so it loads; it appears only when asked.
        #expect(try w.run(.addChild(scene: "one", controller: nil, showingView: true)) == [
            "one.willMoveToParentViewController(host)", "one.loadView", "one.viewDidLoad", "one.didMoveToParentViewController(host)",
        ])
        let one = try #require(w.root.children.first)
        #expect(try w.run(.beginAppearanceTransition(controller: one.id, isAppearing: true)) == ["one.viewWillAppear"])
        #expect(try w.run(.endAppearanceTransition(controller: one.id)) == ["one.viewDidAppear"])
        let unbalanced = try w.perform(.endAppearanceTransition(controller: one.id))
        #expect(unbalanced.events.isEmpty && unbalanced.warnings.count == 1)
    }
}
