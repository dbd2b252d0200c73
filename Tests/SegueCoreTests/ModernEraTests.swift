import Testing
@testable import SegueCore

/// The modern era's rules (docs/Semantics.md, "Two eras"): `automatic` is a page sheet, a sheet on
/// a phone is a card that leaves its presenter in the window (no appearance events either way),
/// cards stack, a sheet is dragged down with its presentation controller's delegate events (or
/// refused while modal in presentation), and large titles follow `largeTitleDisplayMode`.
@Suite struct ModernEraTests {
    let pad = Traits(width: 1180, height: 820)

    func modern(_ board: Storyboard = presentationStoryboard()) -> Storyboard {
        var board = board
        board.era = .modern
        return board
    }

    func tap(_ w: Window, _ id: String) throws -> [String] { try w.run(.tap(element: id, values: [:])) }

    @Test func automaticIsACardThatLeavesThePresenterSilent() throws {
        let w = try launched(modern())
        let trace = try tap(w, "flipB")
        let sheet = try #require(w.root.presentedStorage)
        #expect(sheet.presentedStyle == .pageSheet)
        #expect(trace.filter { $0.hasPrefix("home.") || $0.hasPrefix("nav.") } == ["home.shouldPerformSegue", "home.prepareForSegue"])
        #expect(trace.suffix(4) == ["flipper.loadView", "flipper.viewDidLoad", "flipper.viewWillAppear{presented}", "flipper.viewDidAppear{presented}"])
        #expect(w.visibleScenes == ["home", "flipper"])
        let layers = w.screen().layers
        #expect(layers.map(\.appearance) == [.fullScreen, .card])
        #expect(layers[0].isDimmed && layers[0].recess == 1 && layers[1].recess == 0)
        // Dismissed in code: the presented controller's events only, no delegate events.
        #expect(try w.run(.dismiss(controller: nil)) == ["flipper.viewWillDisappear{dismissed}", "flipper.viewDidDisappear{dismissed}"])
        #expect(w.visibleScenes == ["home"])
    }

    @Test func theSameStoryboardInTheIOS7EraPresentsFullScreen() throws {
        let w = try launched(presentationStoryboard())
        #expect(w.era == .ios7)
        let trace = try tap(w, "flipB")
        #expect(w.root.presentedStorage?.presentedStyle == .fullScreen)
        #expect(trace.contains("home.viewWillDisappear") && trace.contains("home.viewDidDisappear"))
        #expect(w.visibleScenes == ["flipper"])
        expectRefusal(.illegalTransition) { _ = try w.perform(.dismissSheet(controller: nil)) }
    }

    @Test func draggingASheetDownSendsThePresentationControllersEvents() throws {
        let w = try launched(modern())
        _ = try tap(w, "pageB")
        let sheet = try #require(w.root.presentedStorage)
        let version = w.version
        // The trace names a `child` that left the window by its id.
        let id = sheet.id
        #expect(try w.run(.dismissSheet(controller: nil)) == [
            "modal.presentationControllerShouldDismiss(\(id))", "modal.presentationControllerWillDismiss(\(id))",
            "modal.viewWillDisappear{dismissed}", "modal.viewDidDisappear{dismissed}",
            "modal.presentationControllerDidDismiss(\(id))",
        ])
        #expect(w.root.presentedStorage == nil && w.version == version + 1)
        #expect(sheet.appearance == .disappeared)
    }

    @Test func aSheetModalInPresentationStaysAndSaysSo() throws {
        var board = modern()
        board.scenes["modal"]?.isModalInPresentation = true
        let w = try launched(board)
        _ = try tap(w, "sheetB")
        let version = w.version
        #expect(try w.run(.dismissSheet(controller: nil)) == ["modal.presentationControllerDidAttemptToDismiss(modal)"])
        #expect(w.root.presentedStorage != nil && w.visibleScenes == ["home", "modal"])
        // Logged, so versioned, as UIKit calls the delegate.
        #expect(w.version == version + 1)
    }

    @Test func onlyTheFrontSheetIsDragged() throws {
        let w = try launched(modern())
        _ = try tap(w, "pageB")
        let first = try #require(w.root.presentedStorage)
        // A full-screen presentation over the card covers everything: the card and its presenter leave.
        let chain = try tap(w, "chain")
        #expect(chain.contains("home.viewWillDisappear") && chain.contains("modal.viewWillDisappear"))
        #expect(w.visibleScenes == ["modal"])
        let version = w.version, seq = w.log.lastSeq
        expectRefusal(.illegalTransition) { _ = try w.perform(.dismissSheet(controller: nil)) }
        expectRefusal(.illegalTransition) { _ = try w.perform(.dismissSheet(controller: first.id)) }
        expectRefusal(.unknownController) { _ = try w.perform(.dismissSheet(controller: "c999")) }
        #expect(w.version == version && w.log.lastSeq == seq)
    }

    @Test func aSecondSheetStacksAndTheFirstHearsNothing() throws {
        let w = try launched(modern())
        _ = try tap(w, "pageB")
        let stacked = try w.run(.present(scene: "modal", style: .formSheet, transitionStyle: nil, controller: nil))
        #expect(stacked.allSatisfy { !$0.contains("viewWillDisappear") && !$0.contains("viewDidDisappear") })
        #expect(w.visibleScenes == ["home", "modal", "modal"])
        let layers = w.screen().layers
        #expect(layers.map(\.appearance) == [.fullScreen, .card, .card])
        #expect(layers.map(\.recess) == [2, 1, 0])
        // Only the front card has a grabber, after its own elements in reading order.
        let grabbers = w.elements.filter { $0.id.hasSuffix(".grabber") }
        #expect(grabbers.count == 1 && layers[2].dismissElementID == grabbers[0].id && w.elements.last?.id == grabbers[0].id)
        let id = grabbers[0].controller
        let front = try tap(w, grabbers[0].id)
        #expect(front.first == "modal.presentationControllerShouldDismiss(\(id))")
        #expect(front.last == "modal.presentationControllerDidDismiss(\(id))")
        #expect(w.visibleScenes == ["home", "modal"])
    }

    @Test func onAPadASheetStaysASheetAndCanBeDragged() throws {
        let w = try launched(modern(), traits: pad)
        _ = try tap(w, "pageB")
        let layers = w.screen().layers
        #expect(layers.map(\.appearance) == [.fullScreen, .pageSheet])
        #expect(layers[0].recess == 0 && layers[0].isDimmed)
        #expect(layers[1].dismissElementID != nil)
        let id = try #require(w.root.presentedStorage).id
        #expect(try w.run(.dismissSheet(controller: nil)).last == "modal.presentationControllerDidDismiss(\(id))")
    }

    @Test func largeTitlesFollowEachItemsDisplayMode() throws {
        func board(era: UIKitEra) -> Storyboard {
            var board = storyboard(initial: "nav", [
                scene("nav", .navigationController) { $0.rootViewController = "list"; $0.prefersLargeTitles = true },
                scene("list", title: "List") { $0.navigationItem.searchBarPlaceholder = "Search" },
                scene("plain", title: "Plain") { $0.navigationItem.largeTitleDisplayMode = .never },
                scene("inherits", title: "Inherits"),
                scene("big", title: "Big") { $0.navigationItem.largeTitleDisplayMode = .always },
            ])
            board.era = era
            return board
        }
        func bar(_ w: Window) throws -> NavigationBar {
            guard case .navigation(let nav) = try #require(w.screen().layers.last).pane else { throw ActionError.illegal("no navigation pane") }
            return try #require(nav.bar)
        }
        let w = try launched(board(era: .modern))
        #expect(try bar(w).showsLargeTitle && bar(w).searchPlaceholder == "Search")
        let shown = try ["plain", "inherits", "big"].map { scene -> Bool in
            _ = try w.perform(.push(scene: scene, navigationController: nil))
            return try bar(w).showsLargeTitle
        }
        #expect(shown == [false, false, true])
        // At compact height (a phone in landscape) every title stays in the bar, and comes back
        // large on rotating back.
        _ = try w.perform(.setTraits(Traits(width: 844, height: 390)))
        #expect(try !bar(w).showsLargeTitle)
        _ = try w.perform(.setTraits(.phonePortrait))
        #expect(try bar(w).showsLargeTitle)
        let old = try launched(board(era: .ios7))
        #expect(try !bar(old).showsLargeTitle && bar(old).searchPlaceholder == nil)
    }

    @Test func eraSignalsDecideAsDocumented() {
        #expect(EraSignals.majorVersion(ofDeployment: 4864) == 13)
        #expect(EraSignals.majorVersion(ofDeployment: 1792) == 7)
        #expect(EraSignals.majorVersion(ofDeployment: 2304) == 9)
        #expect(EraSignals.majorVersion(ofDeployment: -1) == nil)
        #expect(EraSignals(toolsVersion: "14490.70").decide().era == .ios7)
        #expect(EraSignals(toolsVersion: "21701").decide().era == .modern)
        #expect(EraSignals(toolsVersion: "14490", deploymentVersion: 4864).decide().era == .modern)
        #expect(EraSignals(toolsVersion: "21701", targetRuntime: "AppleTV").decide().era == .ios7)
        #expect(EraSignals(projectDeploymentTarget: "15.4").decide().era == .modern)
        #expect(EraSignals(projectDeploymentTarget: "12.0").decide().era == .ios7)
        #expect(EraSignals(hasSceneManifest: true).decide().era == .modern)
        #expect(EraSignals().decide().era == .ios7)
        #expect(EraSignals(toolsVersion: "not a number").decide().era == .ios7)
        #expect(UIKitEra(name: "17") == .modern && UIKitEra(name: "ios7") == .ios7 && UIKitEra(name: "iOS15") == .modern)
        #expect(UIKitEra(name: "8") == .ios7 && UIKitEra(name: "x") == nil && UIKitEra(name: "999999999999999999999") == nil)
    }
}
