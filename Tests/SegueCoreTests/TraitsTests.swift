import Testing
@testable import SegueCore

/// Traits: the viewport sets idiom, size class and orientation; changes send trait,
/// layout and (when allowed) rotation events.
@Suite struct TraitsTests {
    @Test func viewportMapsToIdiomSizeClassAndOrientation() {
        #expect(Traits(width: 699, height: 1000).idiom == .phone)
        #expect(Traits(width: 700, height: 1000).idiom == .pad)
        #expect(Traits(width: 1000, height: 699).idiom == .phone)
        #expect(Traits(width: 895, height: 400).horizontalSizeClass == .compact)
        #expect(Traits(width: 896, height: 400).horizontalSizeClass == .regular)
        #expect(Traits(width: 700, height: 1000).horizontalSizeClass == .regular)
        #expect(Traits(width: 700, height: 700).orientation == .portrait)
        #expect(Traits(width: 701, height: 700).orientation == .landscape)
        #expect(Traits.phonePortrait.idiom == .phone && Traits.phonePortrait.orientation == .portrait)
    }

    @Test func aChangeSendsTraitAndLayoutEventsAndTheRotationTrioInOrder() throws {
        let w = try launched(mailStoryboard())
        #expect(!w.trace().contains { $0.contains("Rotat") || $0.contains("traitCollection") })
        let before = w.log.lastSeq
        _ = try w.perform(.setTraits(Traits(width: 844, height: 390)))
        let names = w.log.events(after: before).map { "\($0.scene ?? "-").\($0.event.rawValue)" }
        #expect(names.first == "nav.willRotateToInterfaceOrientation")
        let trait = try #require(names.firstIndex(of: "mailboxes.traitCollectionDidChange"))
        #expect(names[trait + 1] == "mailboxes.viewWillLayoutSubviews" && names[trait + 2] == "mailboxes.viewDidLayoutSubviews")
        let willAnimate = try #require(names.firstIndex(of: "mailboxes.willAnimateRotationToInterfaceOrientation"))
        #expect(trait < willAnimate)
        #expect(names.suffix(2) == ["nav.didRotateFromInterfaceOrientation", "mailboxes.didRotateFromInterfaceOrientation"])
        let rotate = try #require(w.log.events(after: before).first { $0.event == .didRotateFromInterfaceOrientation })
        #expect(rotate.orientation == "portrait")
        // The same viewport again changes nothing.
        let same = try w.perform(.setTraits(Traits(width: 844, height: 390)))
        #expect(same.events.isEmpty && !same.changed)
    }

    @Test func shouldAutorotateFalseRefusesTheRotationAndChangesNothing() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.shouldAutorotate = false
        let w = try launched(board)
        let trace = try w.run(.setTraits(Traits(width: 844, height: 390)))
        #expect(trace.isEmpty)
        #expect(w.traits == .phonePortrait)
        // A resize that does not turn still applies.
        _ = try w.run(.setTraits(Traits(width: 820, height: 1180)))
        #expect(w.traits.idiom == .pad)
    }

    @Test func shouldAutorotateFalseDoesNotHoldBackAForcedRotation() throws {
        // A landscape-only player that answers false to shouldAutorotate: presenting it turns the
        // interface (the trio after its viewDidAppear); dismissing it turns the interface back.
        var board = mailStoryboard()
        board.scenes["nav"]!.supportedInterfaceOrientations = [.portrait]
        board.scenes["player"] = scene("player", title: "Player") {
            $0.supportedInterfaceOrientations = [.landscapeLeft, .landscapeRight]
            $0.shouldAutorotate = false
        }
        let w = try launched(board)
        let present = try w.run(.present(scene: "player", style: .fullScreen, transitionStyle: nil, controller: nil))
        let appeared = try #require(present.firstIndex(of: "player.viewDidAppear{presented}"), "\(present)")
        let rotation = try #require(present.firstIndex(of: "player.willRotateToInterfaceOrientation"), "\(present)")
        #expect(appeared < rotation)
        #expect(w.traits.orientation == .landscape)
        // The device turning is autorotation: refused while the player decides.
        #expect(try w.run(.setTraits(Traits(width: 390, height: 844))).isEmpty)
        #expect(w.traits.orientation == .landscape)
        let dismiss = try w.run(.dismiss(controller: nil))
        #expect(dismiss.contains("nav.willRotateToInterfaceOrientation"), "\(dismiss)")
        #expect(w.traits == .phonePortrait)
    }

    @Test func widthChangesWithoutAFlipSendNoRotation() throws {
        let w = try launched(mailStoryboard())
        let trace = try w.run(.setTraits(Traits(width: 820, height: 1180)))
        #expect(!trace.contains { $0.contains("Rotat") })
        #expect(trace.contains("mailboxes.traitCollectionDidChange"))
        #expect(w.traits.idiom == .pad)
    }
}
