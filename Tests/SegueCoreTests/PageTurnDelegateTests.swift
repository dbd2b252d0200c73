import Testing
@testable import SegueCore

/// A user page turn announces its start; a jump announces nothing.
@Suite struct PageTurnDelegateTests {
    @Test func aUserTurnAnnouncesItsStartAndAJumpNothing() throws {
        let w = try launched(containerStoryboard(initial: "album"))
        let turn = try w.run(.turnPage(forward: true, controller: nil))
        let start = try #require(turn.firstIndex(of: "album.pageViewControllerWillTransitionTo(p2)"))
        let appears = try #require(turn.firstIndex(of: "p2.viewWillAppear{movingTo}"))
        let moves = try #require(turn.firstIndex(of: "p2.willMoveToParentViewController(album)"))
        #expect(start < moves && moves < appears)
        #expect(turn.last == "album.pageViewControllerDidFinishAnimating(p2)")
        let jump = try w.run(.showPage(index: 0, controller: nil))
        #expect(!jump.contains { $0.contains("pageViewController") })
    }
}
