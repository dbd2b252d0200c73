import Foundation
import SegueTesting
import Testing

/// `Examples/MailGuarded`: a `ViewController` subclass registered for `class: ComposeController`
/// refuses Send until the subject is filled (via `shouldPerformSegue`), run as its own binary.
@Suite struct SwiftExampleTests {
    @Test func guardedSendNeedsASubject() throws {
        let server = try ServerProcess("mail-guarded", ["0"])
        let base = "/api/v1/sessions"
        let id = try server.request("POST", base, json: #"{"traits":{"width":1024,"height":768}}"#).decode(CreatedSession.self).id
        func act(_ body: String) throws -> ActionResult { try server.request("POST", "\(base)/\(id)/actions", json: body).decode(ActionResult.self) }
        _ = try act(#"{"action":"tap","element":"inboxRow"}"#)
        let compose = try act(#"{"action":"tap","element":"compose"}"#)
        let composeController = compose.state.root.presented?.children.first
        #expect(composeController?.class == "ComposeController")
        #expect(composeController?.navigationItem?["prompt"]?.stringValue == "Send needs a subject")
        let refused = try act(#"{"action":"tap","element":"send"}"#)
        #expect(refused.events.map(\.event) == ["shouldPerformSegue"])
        #expect(refused.events.first?.fields["result"] == .bool(false))
        #expect(refused.warnings.count == 1)
        let sent = try act(#"{"action":"tap","element":"send","values":{"subject":"Lunch"}}"#)
        #expect(sent.events.contains { $0.event == "unwind" })
        #expect(sent.state.url == "/ui/mailNav(mailboxes,inbox)")
    }
}
