import Testing
@testable import SegueCore

/// The link primitives of the hierarchy, and the presentation rules every way of presenting shares.
@Suite struct HierarchyLinkTests {
    @Test func linkingChildrenUnlinksTheOnesThatLeave() {
        let parent = ViewController(), a = ViewController(), b = ViewController(), c = ViewController()
        parent.linkChildren([a, b])
        #expect(a.parent === parent && b.parent === parent)
        parent.linkChildren([b, c])
        #expect(a.parent == nil && b.parent === parent && c.parent === parent)
        #expect(parent.children.map(ObjectIdentifier.init) == [b, c].map(ObjectIdentifier.init))
        parent.linkChild(a, at: 1)
        #expect(parent.children.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        let popped = parent.unlinkLastChildren(2)
        #expect(popped.map(ObjectIdentifier.init) == [a, c].map(ObjectIdentifier.init), "bottom to top")
        #expect(a.parent == nil && c.parent == nil && parent.children.count == 1)
        parent.unlinkChild(b)
        #expect(b.parent == nil && parent.children.isEmpty)
    }

    @Test func linkingAPresentationSetsBothSidesAndUnlinkingClearsBoth() throws {
        let w = try launched(presentationStoryboard())
        let modal = try w.instantiate(sceneID: "modal")
        w.link(presented: modal, over: w.root, caller: w.root, style: .formSheet, transition: .crossDissolve, anchor: "x")
        #expect(w.root.presentedStorage === modal && modal.presentingStorage === w.root)
        #expect(modal.presentedStyle == .formSheet && modal.presentedTransition == .crossDissolve)
        #expect(modal.popoverAnchor == nil, "only popovers and alerts keep an anchor")
        w.unlink(presented: modal)
        #expect(w.root.presentedStorage == nil && modal.presentingStorage == nil)
    }

    @Test func aControllerWithAPlaceIsRefusedEverywhereWithTheSameCheck() throws {
        let w = try launched(mailStoryboard())
        let nav = try #require(w.root as? NavigationController)
        let top = try #require(nav.children.first)
        let seq = w.log.lastSeq
        func refused(_ body: () throws(ActionError) -> Void) {
            do {
                try body()
                Issue.record("a controller already in the hierarchy was accepted")
            } catch { #expect(error.code == .illegalTransition) }
        }
        refused { () throws(ActionError) in try nav.pushViewController(top, animated: true) }
        refused { () throws(ActionError) in try w.present(top, from: top) }
        refused { () throws(ActionError) in try nav.setViewControllers([w.root], animated: true) }
        #expect(w.log.lastSeq == seq)
    }

    /// A presentation action, a segue and `present(_:from:)` decide through one plan: the same
    /// `partialCurl` refusal (an error before anything happens) and the same no-op.
    @Test func everyWayOfPresentingRefusesPartialCurlOutsideFullScreenAlike() throws {
        let w = try launched(presentationStoryboard(), traits: Traits(width: 1180, height: 820))
        let (version, seq, made) = (w.version, w.log.lastSeq, w.nextControllerNumber)
        var messages: [String] = []
        func refused(_ body: () throws(ActionError) -> Void) {
            do {
                try body()
                Issue.record("partialCurl over a form sheet was accepted")
            } catch {
                #expect(error.code == .illegalTransition)
                messages.append(error.message)
            }
        }
        refused { () throws(ActionError) in _ = try w.perform(.present(scene: "modal", style: .formSheet, transitionStyle: .partialCurl, controller: nil)) }
        refused { () throws(ActionError) in _ = try w.perform(.tap(element: "badCurlB", values: [:])) }
        let modal = try w.instantiate(sceneID: "modal")
        refused { () throws(ActionError) in try w.present(modal, from: w.root, style: .formSheet, transitionStyle: .partialCurl) }
        #expect(Set(messages) == ["partialCurl requires the fullScreen presentation style, not formSheet"])
        #expect(w.version == version && w.log.lastSeq == seq && w.root.presentedStorage == nil)
        #expect(w.nextControllerNumber == made + 1, "a refused action or segue makes no controller")
        // `automatic` is full screen here, on every path.
        _ = try w.perform(.present(scene: "modal", style: .automatic, transitionStyle: .partialCurl, controller: nil))
        #expect(w.root.presentedStorage?.presentedStyle == .fullScreen && w.root.presentedStorage?.presentedTransition == .partialCurl)
    }

    @Test func presentingWhileAlreadyPresentingIsANoOpOnEveryPath() throws {
        let w = try launched(presentationStoryboard())
        _ = try w.perform(.present(scene: "modal", style: .overFullScreen, transitionStyle: nil, controller: w.root.id))
        let presented = try #require(w.root.presentedStorage)
        let (seq, made) = (w.log.lastSeq, w.nextControllerNumber)
        let outcome = try w.perform(.present(scene: "modal", style: .overFullScreen, transitionStyle: nil, controller: w.root.id))
        #expect(!outcome.changed && outcome.warnings.contains { $0.contains("is already presenting \(presented.id)") })
        #expect(w.nextControllerNumber == made, "an ignored present action makes no controller")
        let extra = try w.instantiate(sceneID: "modal")
        try w.present(extra, from: w.root, style: .overFullScreen)
        #expect(w.warnings.last?.contains("is already presenting \(presented.id)") == true)
        #expect(w.log.lastSeq == seq && w.root.presentedStorage === presented && extra.presentingStorage == nil)
    }
}
