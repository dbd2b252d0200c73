@testable import SegueCore
import SeguePageURL
import Testing

/// Carrying a session's URL over to an edited flow: what remains is kept, what is gone falls back
/// to the nearest ancestor that remains.
@Suite("Flow change")
struct FlowChangeTests {
    func path(_ url: String) throws -> HierarchyPath { try #require(HierarchyPath.parse(url)) }

    @Test func everythingThatRemainsIsKept() throws {
        let kept = mailStoryboard().keepingWhatRemains(of: try path("/ui/nav(mailboxes,inbox,message)~formSheet~composeNav(compose)"))
        #expect(kept?.encoded == "nav(mailboxes,inbox,message)~formSheet~composeNav(compose)")
    }

    @Test func aStackKeepsItsEntriesUpToTheFirstSceneThatIsGone() throws {
        var board = mailStoryboard()
        board.scenes["inbox"] = nil
        board.sceneOrder.removeAll { $0 == "inbox" }
        #expect(board.keepingWhatRemains(of: try path("/ui/nav(mailboxes,inbox,message)"))?.encoded == "nav(mailboxes)")
        // The root itself is gone (another flow): nothing to keep.
        #expect(board.keepingWhatRemains(of: try path("/ui/gone(a)")) == nil)
    }

    @Test func aPresentedSceneThatIsGoneIsDroppedWithWhatItPresents() throws {
        var board = mailStoryboard()
        board.scenes["compose"] = nil
        let kept = board.keepingWhatRemains(of: try path("/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)"))
        // The navigation controller remains; its stack, whose root is gone, starts over.
        #expect(kept?.encoded == "nav(mailboxes,inbox)~formSheet~composeNav")
        board.scenes["composeNav"] = nil
        #expect(board.keepingWhatRemains(of: try path("/ui/nav(mailboxes,inbox)~formSheet~composeNav(compose)"))?.encoded == "nav(mailboxes,inbox)")
    }

    @Test func aWindowIsCarriedOverWithTheEventsOfRestoration() throws {
        let old = try launched(mailStoryboard())
        _ = try old.perform(.tap(element: "inboxRow", values: [:]))
        _ = try old.perform(.tap(element: "msg1", values: [:]))
        var edited = mailStoryboard()
        edited.scenes["message"]?.title = "Letter"
        let carried = try Window.carryingOver(path: old.canonicalPath, to: edited, id: old.id, traits: old.traits)
        #expect(carried.canonicalURL == old.canonicalURL)
        #expect(carried.visibleScenes == ["message"])
        #expect(carried.frontmostController?.title == "Letter")
        #expect(!carried.trace().contains { $0.contains("prepareForSegue") })
        // The message scene is gone: back to the inbox.
        edited.scenes["message"] = nil
        edited.scenes["inbox"]?.segues.removeAll { $0.destination == "message" }
        let fallback = try Window.carryingOver(path: old.canonicalPath, to: edited, id: old.id, traits: old.traits)
        #expect(fallback.canonicalURL == "/ui/nav(mailboxes,inbox)")
        // A URL of something else entirely: the new flow's launch.
        let relaunched = try Window.carryingOver(path: "elsewhere(x)", to: edited, id: old.id, traits: old.traits)
        #expect(relaunched.canonicalURL == "/ui/nav(mailboxes)")
    }
}
