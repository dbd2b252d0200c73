import Testing
@testable import SegueCore

/// What turns with the interface: preferred orientations, page spines, the iOS 7 split delegate.
@Suite struct RotationExtrasTests {
    @Test func aPreferredOrientationTurnsTheInterfaceAndItsDismissalTurnsBack() throws {
        var board = mailStoryboard()
        board.scenes["composeNav"]!.preferredInterfaceOrientationForPresentation = .landscapeRight
        let w = try launched(board)
        let present = try w.run(.present(scene: "composeNav", style: .fullScreen, transitionStyle: nil, controller: nil))
        let appeared = try #require(present.firstIndex(of: "composeNav.viewDidAppear{presented}"))
        let turned = try #require(present.firstIndex(of: "composeNav.willRotateToInterfaceOrientation"))
        #expect(appeared < turned && w.traits.orientation == .landscape)
        // A snapshot keeps the orientation to turn back to; the restored window turns back alike.
        let snapshot = try #require(w.verifiedSnapshot())
        let copy = Window(id: w.id, storyboard: w.storyboard, traits: w.traits)
        try copy.restore(from: snapshot)
        #expect(copy.stateFingerprint() == w.stateFingerprint())
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(dismiss.contains("nav.willRotateToInterfaceOrientation") && w.traits == .phonePortrait)
        _ = try copy.perform(.dismiss(controller: nil))
        #expect(copy.traits == .phonePortrait)
        // Not full screen, it decides nothing.
        let sheet = try launched(board, traits: Traits(width: 768, height: 1024))
        _ = try sheet.run(.present(scene: "composeNav", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(sheet.traits.orientation == .portrait)
    }

    @Test func aLandscapeOnlyPresentationDismissedLeavesAPortraitRootInPortrait() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.portrait]
        board.scenes["composeNav"]!.supportedInterfaceOrientations = [.landscapeLeft, .landscapeRight]
        let w = try launched(board)
        _ = try w.run(.tap(element: "inboxRow", values: [:]))
        _ = try w.run(.performSegue(identifier: "compose", controller: nil))
        // The device turns to follow (a landscape viewport), then the sheet goes.
        _ = try w.run(.setTraits(Traits(width: 844, height: 390)))
        _ = try w.run(.dismiss(controller: nil))
        #expect(w.traits.orientation == .portrait)
        let later = try w.run(.setTraits(Traits(width: 390, height: 844)))
        #expect(!later.contains { $0.contains("Rotat") || $0.contains("traitCollection") }, "\(later)")
    }

    func bookBoard() -> Storyboard {
        storyboard(initial: "book", [
            scene("book", .pageViewController) {
                var spec = PageViewSpec()
                spec.transitionStyle = .pageCurl
                $0.pageView = spec
                $0.pages = ["p0", "p1", "p2"]
                $0.spineLocationForInterfaceOrientation = SpineLocations(portrait: .min, landscape: .mid)
            },
            scene("p0"), scene("p1"), scene("p2"),
        ])
    }

    @Test func aPageViewsSpineFollowsTheOrientation() throws {
        let w = try launched(bookBoard(), traits: Traits(width: 768, height: 1024))
        _ = try w.run(.showPage(index: 1, controller: nil))
        #expect(w.visibleScenes == ["p1"])
        let turn = try w.run(.setTraits(Traits(width: 1024, height: 768)))
        #expect(turn.contains("book.pageViewControllerSpineLocation"))
        #expect(w.visibleScenes == ["p0", "p1"])
        #expect(turn.contains("p0.willMoveToParentViewController(book)") && turn.contains("p0.viewDidAppear{movingTo}"))
        #expect(!turn.contains { $0.hasPrefix("p1.") && $0.contains("Appear") })
        let back = try w.run(.setTraits(Traits(width: 768, height: 1024)))
        #expect(w.visibleScenes == ["p0"] && back.contains("p1.didMoveToParentViewController(nil)"))
        // Launched in landscape: a spread from the start; the odd last page stands alone.
        let wide = try launched(bookBoard(), traits: Traits(width: 1024, height: 768))
        #expect(wide.visibleScenes == ["p0", "p1"])
        _ = try wide.run(.turnPage(forward: true, controller: nil))
        #expect(wide.visibleScenes == ["p2"])
    }

    @Test func theIOS7SplitDelegateHearsTheMasterHideAndShow() throws {
        let board = storyboard(initial: "split", [
            scene("split", .splitViewController) { $0.masterViewController = "master"; $0.detailViewController = "detail" },
            scene("master"), scene("detail"),
        ])
        let w = try launched(board, traits: Traits(width: 1024, height: 768))
        #expect(!w.trace().contains { $0.contains("splitViewController") })
        let portrait = try w.run(.setTraits(Traits(width: 768, height: 1024)))
        #expect(portrait.contains("split.splitViewControllerWillHide(master)") && !portrait.contains { $0.contains("WillShow") })
        let landscape = try w.run(.setTraits(Traits(width: 1024, height: 768)))
        #expect(landscape.contains("split.splitViewControllerWillShow(master)"))
        // A phone's split view is collapsed: no delegate calls.
        let phone = try launched(board, traits: Traits(width: 390, height: 844))
        #expect(!(try phone.run(.setTraits(Traits(width: 844, height: 390)))).contains { $0.contains("splitViewController") })
    }
}
