import Testing
@testable import SegueCore
import SegueJSON

/// STATE copies the members of each controller's object that rarely change (id, scene, kind,
/// title, bar items, editing) from what it wrote before while they are unchanged: every change
/// they are written from shows in the next STATE, as a write from nothing gives it.
@Suite struct ControllerJSONMemoTests {
    /// The state as written now, and as written with every controller's memo dropped.
    func remembered(_ w: Window) -> (now: String, fresh: String) {
        let now = String(decoding: w.stateJSON(), as: UTF8.self)
        for c in w.allControllers { c.encodingMemo = nil }
        return (now, String(decoding: w.stateJSON(), as: UTF8.self))
    }

    func controller(_ w: Window, scene: String) throws -> ViewController {
        try #require(w.allControllers.first { $0.sceneID == scene })
    }

    @Test func everyInputOfTheRememberedMembersShowsInTheNextState() throws {
        let w = try launched(mailStoryboard())
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = w.stateJSON()
        let inbox = try controller(w, scene: "inbox")
        let mailboxes = try controller(w, scene: "mailboxes")
        let changes: [(String, () throws -> Void)] = [
            ("controller title", { inbox.title = "Everything" }),
            ("navigation item title", { inbox.navigationItem.title = "All Mail" }),
            ("prompt", { inbox.navigationItem.prompt = "Offline" }),
            ("right items", { inbox.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "later", title: "Later")] }),
            ("an item's title in place", { inbox.navigationItem.rightBarButtonItems[0].title = "Sooner" }),
            ("back button of the one below", { mailboxes.navigationItem.backBarButtonItem = BarButtonItemSpec(title: "Boxes") }),
            ("hides back button", { inbox.navigationItem.hidesBackButton = true }),
            ("tab bar badge", { inbox.tabBarItem.badgeValue = "3" }),
            ("editing", { _ = try w.perform(.setEditing(true, controller: inbox.id)) }),
            ("id (last: the window finds controllers by it)", { inbox.id = "c99" }),
        ]
        var before = String(decoding: w.stateJSON(), as: UTF8.self)
        for (name, change) in changes {
            try change()
            let state = remembered(w)
            #expect(state.now == state.fresh, "\(name)")
            #expect(state.now != before, "\(name) changed nothing in STATE")
            before = state.now
        }
    }

    @Test func anUnchangedControllerIsWrittenFromItsMemo() throws {
        let w = try launched(mailStoryboard())
        _ = w.stateJSON()
        let mailboxes = try controller(w, scene: "mailboxes")
        let memo = try #require(mailboxes.encodingMemo)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.pop(navigationController: nil))
        _ = w.stateJSON()
        #expect(mailboxes.encodingMemo === memo)
    }
}

/// Values kept behind a reference (``Indirect``) still take part in what reflection reads.
@Suite struct IndirectReflectionTests {
    @Test func aStoryboardsDigestSeesLooksBehindAReference() {
        let plain = mailStoryboard()
        var tinted = plain
        var look = ViewAppearance()
        look.backgroundColor = .system("systemRedColor", alpha: 1)
        tinted.scenes["inbox"]!.view[0].appearance = look
        var bar = ViewAppearance()
        bar.standardBar = BarAppearance()
        var barred = plain
        barred.scenes["nav"]!.barAppearance = bar
        var retinted = tinted
        look.backgroundColor = .system("systemBlueColor", alpha: 1)
        retinted.scenes["inbox"]!.view[0].appearance = look
        let digests = [plain, tinted, barred, retinted].map { $0.contentDigest() }
        #expect(Set(digests).count == 4)
        #expect(tinted.contentDigest() == tinted.contentDigest())
    }

    @Test func aWindowWithEncodedStateStillHasAFingerprint() throws {
        let w = try launched(mailStoryboard())
        _ = w.stateJSON()
        #expect(w.allControllers.contains { $0.encodingMemo != nil })
        #expect(w.stateFingerprint() != nil)
    }
}
