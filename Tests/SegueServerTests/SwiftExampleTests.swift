import Foundation
import Testing

/// `Examples/MailGuarded`: a `ViewController` subclass registered for `class: ComposeController`
/// refuses Send until the subject is filled (via `shouldPerformSegue`), run as its own binary.
@Suite struct SwiftExampleTests {
    @Test func guardedSendNeedsASubject() throws {
        let server = try ServerProcess("mail-guarded", ["0"])
        let base = "/api/v1/sessions"
        let id = try #require(try server.request("POST", base, json: #"{"traits":{"width":1024,"height":768}}"#).json["id"] as? String)
        func act(_ body: String) throws -> HTTPResult { try server.request("POST", "\(base)/\(id)/actions", json: body) }
        _ = try act(#"{"action":"tap","element":"inboxRow"}"#)
        let compose = try act(#"{"action":"tap","element":"compose"}"#)
        let composeController = (compose.json[path: "state.root.presented.children.0"] as? [String: Any])
        #expect(composeController?["class"] as? String == "ComposeController")
        #expect(composeController?[path: "navigationItem.prompt"] as? String == "Send needs a subject")
        let refused = try act(#"{"action":"tap","element":"send"}"#)
        let events = refused.json["events"] as! [[String: Any]]
        #expect(events.map { $0["event"] as! String } == ["shouldPerformSegue"])
        #expect(events.first?["result"] as? Bool == false)
        #expect((refused.json["warnings"] as! [String]).count == 1)
        let sent = try act(#"{"action":"tap","element":"send","values":{"subject":"Lunch"}}"#)
        #expect((sent.json["events"] as! [[String: Any]]).contains { $0["event"] as? String == "unwind" })
        #expect(sent.json[path: "state.url"] as? String == "/ui/mailNav(mailboxes,inbox)")
    }
}
