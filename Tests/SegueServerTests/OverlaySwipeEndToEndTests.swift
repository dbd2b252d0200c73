import Foundation
import SegueAppFolder
import SegueCore
@testable import SegueHTML
import SegueServer
import SegueTestSupport
import SegueTesting
import Testing

/// An overlay's swipe actions end to end (in process): a storyboard app with an overlay, in the
/// modern era, shows the sample row's actions as elements and on the page, and choosing one runs
/// its step; in the iOS 7 era the same row has none.
@Suite(.serialized) struct OverlaySwipeEndToEndTests {
    static let overlay = """
        scenes:
          feed:
            rows:
              - cell: storyCell
                text: "Harbour opens"
                trailingSwipeActions:
                  - {id: archive, title: Archive, style: destructive, push: DetailViewController}
        """

    static func app(_ era: UIKitEra) throws -> Storyboard {
        let file = Scratch.folder + "/swipe-\(UUID().uuidString).segue.yaml"
        try Data(overlay.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try FlowSource.load(path: repositoryRoot + "/Tests/Fixtures/CodeNavApp", overlay: file, app: AppLoadOptions(era: era))
    }

    @Test func theActionIsAnElementAndChoosingItRunsItsStep() throws {
        let server = try TestServer(storyboard: try Self.app(.modern))
        let r = try server.request("POST", "/api/v1/sessions", json: "{}")
        let created = try r.decode(CreatedSession.self)
        let archive = try #require(created.state.elements.first { $0.id == "archive" })
        #expect(archive.role == "button" && archive.title == "Archive" && archive.isEnabled)
        let result = try server.request("POST", "/api/v1/sessions/\(created.id)/actions",
                                        json: #"{"action":"tap","element":"archive"}"#).decode(ActionResult.self)
        let scenes = result.state.visible.compactMap { result.state.controller($0)?.scene }
        #expect(scenes.last == "DetailViewController")
    }

    @Test func thePageDrawsTheActionBesideItsRowOnlyInTheModernEra() throws {
        func page(_ era: UIKitEra) throws -> String {
            let window = Window(id: "swipe", storyboard: try Self.app(era), traits: .phonePortrait)
            try window.launch()
            return String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        }
        let modern = try page(.modern)
        #expect(modern.contains("swipe-action is-destructive") && modern.contains("Archive"))
        let old = try page(.ios7)
        #expect(!old.contains("swipe-action") && !old.contains("Archive"))
    }
}
