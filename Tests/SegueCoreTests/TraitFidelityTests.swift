import Testing
@testable import SegueCore
import SeguePageURL

@Suite struct TraitFidelityTests {
    let phoneLandscape = Traits(width: 844, height: 390)

    @Test func theIdiomComesFromTheShorterSide() {
        #expect(Traits(width: 844, height: 390).idiom == .phone)
        #expect(Traits(width: 932, height: 430).horizontalSizeClass == .regular)   // large phone in landscape
        #expect(Traits(width: 844, height: 390).horizontalSizeClass == .compact)
        #expect(Traits(width: 844, height: 390).verticalSizeClass == .compact)
        #expect(Traits(width: 768, height: 1024).idiom == .pad && Traits(width: 1024, height: 768).idiom == .pad)
        #expect(Traits(width: 700, height: 700).idiom == .pad && Traits(width: 699, height: 1000).idiom == .phone)
        #expect(Traits(width: 700, height: 1000).horizontalSizeClass == .regular)
        #expect(Traits(width: 1024, height: 768).verticalSizeClass == .regular)
    }

    @Test func aPhoneInLandscapeKeepsFourTabsAndMore() throws {
        let w = try launched(tabBoard(count: 6))
        #expect(w.tabs.showsMore)
        _ = try w.run(.setTraits(phoneLandscape))
        #expect(w.tabs.showsMore && w.tabs.barTabCount == 4)
    }

    @Test func traitEventsOnlyWhenAClassChangesAndThenToEveryController() throws {
        let w = try launched(tabBoard(count: 3))
        _ = try w.run(.present(scene: "sheet", style: .formSheet, transitionStyle: nil, controller: nil))
        // A resize within the same classes: layout only.
        let resize = try w.run(.setTraits(Traits(width: 400, height: 860)))
        #expect(!resize.contains { $0.contains("traitCollectionDidChange") })
        #expect(resize.contains("sheet.viewWillLayoutSubviews") == false)   // the trace drops layout events
        #expect(!w.log.events(after: 0).filter { $0.event == .viewWillLayoutSubviews }.isEmpty)
        // A rotation on a phone changes the vertical class: every controller hears of it.
        let rotate = try w.run(.setTraits(phoneLandscape))
        let told = Set(rotate.filter { $0.hasSuffix(".traitCollectionDidChange") }.map { $0.replacingOccurrences(of: ".traitCollectionDidChange", with: "") })
        #expect(told == Set(w.allControllers.map { $0.sceneID ?? $0.id }))
        #expect(told.contains("t1") && told.contains("songs"))   // an unselected tab; a covered one
        // A pad turning changes no class: the rotation trio only.
        let pad = try launched(mailStoryboard(), traits: Traits(width: 1024, height: 768))
        let turn = try pad.run(.setTraits(Traits(width: 768, height: 1024)))
        #expect(!turn.contains { $0.contains("traitCollectionDidChange") })
        #expect(turn.contains("nav.willRotateToInterfaceOrientation"))
    }

    func portraitOnly(_ presentedStyle: ModalPresentationStyle = .fullScreen) -> Storyboard {
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.portrait]
        board.scenes["composeNav"]!.supportedInterfaceOrientations = [.portrait, .landscapeLeft, .landscapeRight]
        board.scenes["composeNav"]!.modalPresentationStyle = presentedStyle
        return board
    }

    @Test func aRefusedRotationChangesNothing() throws {
        let w = try launched(portraitOnly())
        let outcome = try w.perform(.setTraits(phoneLandscape))
        #expect(outcome.events.isEmpty && !outcome.warnings.isEmpty)
        #expect(w.traits == .phonePortrait)
    }

    @Test func anOverFullScreenPresentationDecidesAndDismissalRotatesBack() throws {
        for style in [ModalPresentationStyle.fullScreen, .overFullScreen] {
            let w = try launched(portraitOnly(style))
            _ = try w.run(.present(scene: "composeNav", style: style, transitionStyle: nil, controller: nil))
            let rotate = try w.run(.setTraits(phoneLandscape))
            #expect(rotate.contains("composeNav.willRotateToInterfaceOrientation"))
            #expect(w.traits.orientation == .landscape)
            let dismiss = try w.run(.dismiss(controller: nil))
            // The portrait-only root turns the interface back, with its events.
            #expect(dismiss.contains("nav.willRotateToInterfaceOrientation") && dismiss.contains("nav.didRotateFromInterfaceOrientation"))
            #expect(dismiss.contains("mailboxes.traitCollectionDidChange"))
            #expect(w.traits.orientation == .portrait && w.traits.verticalSizeClass == .regular)
            // A later portrait viewport rotates nothing.
            let later = try w.run(.setTraits(Traits(width: 390, height: 844)))
            #expect(!later.contains { $0.contains("Rotat") || $0.contains("traitCollection") })
        }
    }

    @Test func presentingALandscapeOnlyControllerTurnsTheInterfaceAndDismissingTurnsItBack() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.portrait]
        board.scenes["composeNav"]!.supportedInterfaceOrientations = [.landscapeLeft, .landscapeRight]
        let w = try launched(board)
        let present = try w.run(.present(scene: "composeNav", style: .fullScreen, transitionStyle: nil, controller: nil))
        // The presented controller decides: the interface turns as it appears, with the trio.
        let appeared = try #require(present.firstIndex(of: "composeNav.viewDidAppear{presented}"))
        let willRotate = try #require(present.firstIndex(of: "composeNav.willRotateToInterfaceOrientation"))
        #expect(appeared < willRotate && present.contains("composeNav.didRotateFromInterfaceOrientation"))
        #expect(w.traits.orientation == .landscape && w.traits == .phonePortrait.turned)
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(dismiss.contains("nav.willRotateToInterfaceOrientation"))
        #expect(w.traits == .phonePortrait)
    }

    @Test func aRootThatAllowsOnlyLandscapeLaunchesInLandscapeWithoutRotationEvents() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.landscapeRight]
        let w = try launched(board)
        #expect(w.traits == .phonePortrait.turned)
        #expect(!w.log.events(after: 0).contains { $0.event == .willRotateToInterfaceOrientation || $0.event == .traitCollectionDidChange })
        // Presenting and dismissing a controller that allows every orientation turns nothing.
        _ = try w.run(.present(scene: "composeNav", style: .fullScreen, transitionStyle: nil, controller: nil))
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(!dismiss.contains { $0.contains("Rotat") })
        #expect(w.traits.orientation == .landscape)
        // Restored from a URL, the same.
        let restored = Window(id: "restored", storyboard: board, traits: .phonePortrait)
        _ = try restored.restore(try #require(HierarchyPath.parse("/ui/nav(mailboxes)")))
        #expect(restored.traits.orientation == .landscape)
    }

    @Test func aControllerLeavingAsAPopoverAdaptsGetsTheWholeRotationTrio() throws {
        // A large phone in landscape (regular width) shows a popover; turned to portrait the
        // popover adapts to full screen and covers its presenter during the rotation.
        let w = try launched(unwindStoryboard(), traits: Traits(width: 926, height: 428))
        _ = try w.run(.tap(element: "pick", values: [:]))
        let turn = try w.run(.setTraits(Traits(width: 428, height: 926)))
        for scene in ["nav", "a"] {
            let trio = turn.filter { $0.hasPrefix("\(scene).") && $0.contains("Rotat") }
            #expect(trio == ["\(scene).willRotateToInterfaceOrientation", "\(scene).willAnimateRotationToInterfaceOrientation",
                             "\(scene).didRotateFromInterfaceOrientation"], "\(turn)")
        }
        #expect(turn.contains("a.viewDidDisappear"))
        // Turned back, the presenter reappears but was not in the window when the turn began.
        let back = try w.run(.setTraits(Traits(width: 926, height: 428)))
        #expect(!back.contains { $0.hasPrefix("a.") && $0.contains("Rotat") }, "\(back)")
    }
}
