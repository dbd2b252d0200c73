import Foundation
import SegueCore
import SegueHTTP
@testable import SegueServer
import Testing

/// The HTTP status of every error code comes from one table in the server, and that table is the
/// one docs/API.md publishes.
@Suite struct ErrorCodeTests {
    /// `| 409 | `illegal_transition` | … |` rows of docs/API.md's error table: code → status.
    func documentedStatuses() throws -> [String: Int] {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/API.md", encoding: .utf8)
        let table = try #require(text.components(separatedBy: "## Error codes").dropFirst().first?.components(separatedBy: "\n## ").first)
        var statuses: [String: Int] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let status = Int(cells[0]) else { continue }
            for code in cells[1].split(separator: ",") {
                statuses[code.trimmingCharacters(in: CharacterSet(charactersIn: " `"))] = status
            }
        }
        return statuses
    }

    @Test func everyApplicationCodeHasTheStatusTheAPIDocumentsPublish() throws {
        let documented = try documentedStatuses()
        #expect(documented.count >= ActionError.Code.applicationCodes.count)
        for code in ActionError.Code.applicationCodes {
            #expect(documented[code.rawValue] == code.status, "\(code)")
            #expect(code.status != 500, "\(code) has no status")
        }
        #expect(Set(ActionError.Code.applicationCodes).count == ActionError.Code.applicationCodes.count)
        #expect(ActionError(.tooManySessions, "full").status == 503)
        #expect(ActionError.Code(rawValue: "something_new").status == 500, "an unmapped code is a server error")
    }

    @Test func theCoresCodesKeepTheirWireNames() {
        let core: [ActionError.Code] = [.invalidRequest, .unknownScene, .unknownSegue, .unknownElement, .unknownController,
                                        .illegalTransition, .unwindNotFound, .invalidURL, .sceneNotStandalone]
        #expect(core.map(\.rawValue) == [
            "invalid_request", "unknown_scene", "unknown_segue", "unknown_element", "unknown_controller",
            "illegal_transition", "unwind_destination_not_found", "invalid_url", "scene_not_standalone",
        ])
        #expect(core.allSatisfy { ActionError.Code.applicationCodes.contains($0) })
    }

    /// The HTTP layer's own refusals (malformed framing, an oversized body, the shutdown) are
    /// written by the application: its JSON error shape, or a page for an oversized form.
    @Test func theHTTPLayersRefusalsAreWrittenByTheApplication() throws {
        let app = try SecurityTests.app()
        let refusal = HTTPRefusal(status: 400, code: "bad_request", message: "a \"quoted\"\nline")
        let json = app.answer(refusal, path: "/api/v1/sessions", bodyLimit: 10)
        #expect(json.status == 400 && json.header("content-type") == "application/json")
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"error":{"code":"bad_request","message":"a \"quoted\"\nline"}}"#)
        let form = app.answer(HTTPRefusal(status: 413, code: "payload_too_large", message: "too large"), path: "/tap", bodyLimit: 10)
        #expect(form.status == 413 && form.header("content-type")?.hasPrefix("text/html") == true)
        #expect(String(decoding: form.body, as: UTF8.self).contains("The form is larger than the limit of 10 bytes."))
    }
}
