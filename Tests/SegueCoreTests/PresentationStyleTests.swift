import Testing
@testable import SegueCore
import SegueJSON
import SeguePageURL

/// Every presentation style, transition styles, popovers and alerts.
@Suite struct PresentationStyleTests {
    let pad = Traits(width: 1180, height: 820)

    func tap(_ w: Window, _ id: String) throws -> [String] { try w.run(.tap(element: id, values: [:])) }

    @Test(arguments: [("sheetB", "formSheet"), ("pageB", "pageSheet"), ("overB", "overFullScreen"), ("customB", "custom")])
    func coveringStylesLeaveThePresenterSilentOnPad(button: String, style: String) throws {
        let w = try launched(presentationStoryboard(), traits: pad)
        let trace = try tap(w, button)
        #expect(trace.filter { $0.hasPrefix("home.") || $0.hasPrefix("nav.") }.allSatisfy { $0.hasPrefix("home.shouldPerform") || $0.hasPrefix("home.prepare") })
        #expect(trace.suffix(4) == ["modal.loadView", "modal.viewDidLoad", "modal.viewWillAppear{presented}", "modal.viewDidAppear{presented}"])
        #expect(w.visibleScenes == ["home", "modal"])
        #expect(w.root.presentedStorage?.presentedStyle?.rawValue == style)
        #expect(try w.run(.dismiss(controller: nil)) == ["modal.viewWillDisappear{dismissed}", "modal.viewDidDisappear{dismissed}"])
    }

    @Test func overFullScreenAndCustomStaySilentOnPhoneButSheetsBecomeFullScreen() throws {
        let w = try launched(presentationStoryboard())
        let over = try tap(w, "overB")
        #expect(!over.contains { $0.hasPrefix("home.viewWill") })
        #expect(w.visibleScenes == ["home", "modal"])
        _ = try w.run(.dismiss(controller: nil))
        let sheet = try tap(w, "pageB")
        #expect(sheet.contains("home.viewWillDisappear") && sheet.contains("home.viewDidDisappear"))
        #expect(w.visibleScenes == ["modal"])
        #expect(w.screen().layers.last?.appearance == .fullScreen)
    }

    @Test func partialCurlNeedsFullScreenAndItsCurlDismisses() throws {
        let w = try launched(presentationStoryboard(), traits: pad)
        let version = w.version, seq = w.log.lastSeq
        expectRefusal(.illegalTransition) { _ = try w.perform(.tap(element: "badCurlB", values: [:])) }
        #expect(w.version == version && w.log.lastSeq == seq && w.root.presentedStorage == nil)
        do {
            _ = try w.perform(.present(scene: "modal", style: .pageSheet, transitionStyle: .partialCurl, controller: nil))
            Issue.record("partialCurl with pageSheet was accepted")
        } catch { #expect(error.code == .illegalTransition) }
        _ = try tap(w, "curlB")
        let modal = try #require(w.root.presentedStorage)
        #expect(modal.presentedTransition == .partialCurl)
        let curl = try #require(w.elements.first { $0.id == "\(modal.id).curl" })
        #expect(w.elements.first?.id == curl.id)
        #expect(w.screen().layers.last?.dismissElementID == curl.id)
        let trace = try tap(w, curl.id)
        #expect(trace.contains("modal.viewDidDisappear{dismissed}") && trace.contains("home.viewDidAppear"))
        #expect(w.root.presentedStorage == nil)
    }

    @Test func aSeguesTransitionOverridesTheDestinations() throws {
        let w = try launched(presentationStoryboard())
        _ = try tap(w, "flipB")
        #expect(w.root.presentedStorage?.presentedTransition == .flipHorizontal)
        _ = try w.run(.dismiss(controller: nil))
        _ = try tap(w, "dissolveB")
        #expect(w.root.presentedStorage?.presentedTransition == .crossDissolve)
        #expect(w.canonicalURL.contains("~fullScreen.crossDissolve~flipper"))
    }

    @Test func chainsDismissFromAnyLevelAndOnlyTheTopmostDisappears() throws {
        let w = try launched(presentationStoryboard())
        _ = try w.run(.performSegue(identifier: "next", controller: nil))
        _ = try tap(w, "chain")
        _ = try tap(w, "chain")
        let m1 = try #require(w.root.presentedStorage)
        let m3 = try #require(w.topmostPresented)
        #expect(m1 !== m3)
        // Sent to the presented controller in the middle: it dismisses what it presents.
        let middle = try #require(m1.presentedStorage)
        let trace = try w.run(.dismiss(controller: middle.id))
        #expect(trace == ["modal.viewWillDisappear{dismissed}", "modal.viewWillAppear", "modal.viewDidDisappear{dismissed}", "modal.viewDidAppear"])
        #expect(w.topmostPresented === middle)
        // Sent to the presenting controller's child (the caller): routed to the presenting controller.
        let home = try #require(w.root.children.first)
        let all = try w.run(.dismiss(controller: home.id))
        #expect(all.filter { $0.contains("Disappear") } == ["modal.viewWillDisappear{dismissed}", "modal.viewDidDisappear{dismissed}"])
        #expect(all.contains("home.viewDidAppear"))
        #expect(w.root.presentedStorage == nil)
        let none = try w.perform(.dismiss(controller: nil))
        #expect(none.events.isEmpty && none.warnings.count == 1)
    }

    @Test func onAPadOnlyTheTopmostOfADismissedChainDisappearsEvenWhenTheOthersShow() throws {
        // fullScreen m1 → formSheet m2 → formSheet m3: on a pad m1 and m2 stay on screen under m3.
        var board = presentationStoryboard()
        board.scenes["modal"]!.segues.append(SegueSpec(id: "sheetOn", kind: .presentation, destination: "sheet2"))
        board.scenes["sheet2"] = scene("sheet2", title: "Sheet") {
            var spec = SegueSpec(id: "sheetOn", kind: .presentation, destination: "sheet3")
            spec.modalPresentationStyle = .formSheet
            $0.segues = [spec]
        }
        board.scenes["sheet2"]!.modalPresentationStyle = .formSheet
        board.scenes["sheet3"] = scene("sheet3", title: "Top")
        board.sceneOrder += ["sheet2", "sheet3"]
        let w = try launched(board, traits: .padLandscape)
        _ = try w.run(.performSegue(identifier: "next", controller: nil))
        _ = try w.run(.performSegue(identifier: "sheetOn", controller: nil))
        _ = try w.run(.performSegue(identifier: "sheetOn", controller: nil))
        #expect(w.visibleScenes == ["modal", "sheet2", "sheet3"])
        let m1 = try #require(w.root.presentedStorage)
        let trace = try w.run(.dismiss(controller: m1.id))  // sent to m1: dismisses m2 and m3
        #expect(trace == ["sheet3.viewWillDisappear{dismissed}", "sheet3.viewDidDisappear{dismissed}"])
        #expect(w.visibleScenes == ["modal"])
        #expect(w.allControllers.allSatisfy { $0.appearance == .appeared || $0.appearance == .disappeared })
    }

    @Test func popoverIsAnchoredOnRegularWidthAndATapOutsideDismisses() throws {
        let w = try launched(presentationStoryboard(), traits: pad)
        let trace = try tap(w, "share")
        #expect(!trace.contains { $0.hasPrefix("home.viewWill") })
        let layer = try #require(w.screen().layers.last)
        #expect(layer.appearance == .popover && layer.anchorElementID == "share")
        let outside = try #require(layer.dismissElementID)
        #expect(w.elements.contains { $0.id == outside })
        // Elements under the popover are not tappable.
        #expect(!w.elements.contains { $0.id == "sheetB" })
        #expect(try tap(w, outside) == ["modal.viewWillDisappear{dismissed}", "modal.viewDidDisappear{dismissed}"])
    }

    @Test func popoverAdaptsToFullScreenOnCompactWidthAndBack() throws {
        let w = try launched(presentationStoryboard())
        let trace = try tap(w, "share")
        #expect(trace.contains("home.viewWillDisappear"))
        #expect(w.screen().layers.last?.appearance == .fullScreen)
        #expect(w.screen().layers.last?.dismissElementID == nil)
        let grow = try w.run(.setTraits(pad))
        #expect(grow.contains("home.viewWillAppear") && grow.contains("home.viewDidAppear"))
        #expect(w.screen().layers.last?.appearance == .popover)
        #expect(w.visibleScenes == ["home", "modal"])
        let shrink = try w.run(.setTraits(.phonePortrait))
        #expect(shrink.contains("home.viewDidDisappear"))
        #expect(w.visibleScenes == ["modal"])
    }

    @Test func alertShowsFieldsAndActionsAndRunsTheChosenOneAfterDismissing() throws {
        let w = try launched(presentationStoryboard())
        let present = try tap(w, "alertB")
        #expect(!present.contains { $0.hasPrefix("home.viewWill") })
        #expect(w.visibleScenes == ["home", "confirm"])
        let screen = w.screen()
        #expect(screen.layers.last?.appearance == .alert)
        guard case .alert(let pane)? = screen.layers.last?.pane else { Issue.record("no alert pane"); return }
        #expect(pane.message == "This cannot be undone.")
        #expect(pane.textFields.map(\.elementID) == ["reason"])
        #expect(pane.actions.map(\.style) == [.cancel, .destructive, .default])
        #expect(screen.elements.map(\.role).filter { $0 == .alertAction }.count == 3)
        // STATE carries the alert's content too.
        let json = String(decoding: w.stateJSON(), as: UTF8.self)
        #expect(json.contains(#""message":"This cannot be undone.","preferredStyle":"alert""#))
        #expect(json.contains(#""style":"destructive""#) && json.contains(#""textFields":[{"id":"reason""#))
        // Typed text stays with the alert; the destructive action dismisses, then runs its segue.
        let trace = try w.run(.tap(element: "delete", values: ["reason": .text("typo")]))
        let dismissed = try #require(trace.firstIndex(of: "confirm.viewDidDisappear{dismissed}"))
        let prepared = try #require(trace.firstIndex { $0.hasPrefix("home.prepareForSegue") })
        #expect(dismissed < prepared)
        #expect(w.visibleScenes == ["details"])
        // The cancel action does nothing after dismissing.
        _ = try w.run(.pop(navigationController: nil))
        _ = try tap(w, "alertB")
        #expect(try tap(w, "keep") == ["confirm.viewWillDisappear{dismissed}", "confirm.viewDidDisappear{dismissed}"])
    }

    @Test func actionSheetIsAPopoverOnRegularWidthAndOutsideRunsCancel() throws {
        let w = try launched(presentationStoryboard(), traits: pad)
        _ = try tap(w, "sheetActionB")
        let layer = try #require(w.screen().layers.last)
        #expect(layer.appearance == .popover && layer.anchorElementID == "sheetActionB")
        // The popover draws no Cancel button: a tap outside it is the way to cancel.
        #expect(w.elements.map(\.id).contains("one") && !w.elements.map(\.id).contains("cancelSheet"))
        if case .alert(let pane) = layer.pane { #expect(pane.actions.map(\.elementID) == ["one"]) } else { Issue.record("\(layer.pane)") }
        let trace = try tap(w, try #require(layer.dismissElementID))
        #expect(trace.contains("choices.viewDidDisappear{dismissed}") && trace.contains("home.prepareForSegue"))
        #expect(w.visibleScenes == ["details"])
        // Compact: an action sheet, not a popover; nothing outside it to tap.
        let phone = try launched(presentationStoryboard())
        _ = try tap(phone, "sheetActionB")
        #expect(phone.screen().layers.last?.appearance == .alert)
        #expect(phone.screen().layers.last?.dismissElementID == nil)
        #expect(phone.elements.map(\.id).contains("cancelSheet"))
    }

    @Test func unwindFromAPresentedControllerDismissesIt() throws {
        let w = try launched(presentationStoryboard(), traits: pad)
        _ = try tap(w, "sheetB")
        let trace = try w.run(.performSegue(identifier: "home", controller: nil))
        #expect(trace.contains("home.unwind") && trace.contains("modal.viewDidDisappear{dismissed}"))
        #expect(w.root.presentedStorage == nil)
    }

    @Test func pushAndPopWithoutANavigationControllerLookInTheFrontLayerOnly() throws {
        for button in ["sheetB", "overB"] {
            let w = try launched(presentationStoryboard(), traits: pad)
            _ = try tap(w, button)
            let (version, seq) = (w.version, w.log.lastSeq)
            for action in [Action.push(scene: "details", navigationController: nil), .pop(navigationController: nil)] {
                #expect(throws: ActionError.self) { try w.perform(action) }
            }
            #expect(w.version == version && w.log.lastSeq == seq)
            // Named, the stack under the sheet still takes a push.
            _ = try w.run(.push(scene: "details", navigationController: w.root.id))
            #expect((w.root as? NavigationController)?.children.count == 2)
        }
    }
}
