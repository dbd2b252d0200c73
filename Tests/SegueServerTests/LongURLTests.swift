import Foundation
import SegueCore
import SegueFlowFiles
import SegueTesting
import SeguePageURL
import Testing

/// Page URLs stay within what the server accepts: long typed values stay in the session and out
/// of the URL, and a hierarchy too large to name gets the short `/ui/ROOT` form.
@Suite(.serialized) struct LongURLTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    /// A long text, mostly unreserved bytes, with spaces and a multi-byte character.
    static func text(bytes: Int) -> String {
        String(repeating: "word ", count: bytes / 5) + "é"
    }

    /// Taps through the mail flow to the compose sheet over the API; the session's id.
    func composeSession() throws -> String {
        let (id, _) = try server.createSession().pair
        for element in ["inboxRow", "msgAnna", "reply"] {
            let r = try server.request("POST", "/api/v1/sessions/\(id)/actions", json: #"{"action":"tap","element":"\#(element)"}"#)
            try #require(r.status == 200, "tap \(element): \(r.body)")
        }
        return id
    }

    @Test(arguments: [10_000, 100_000])
    func aLongValueTypedThroughTheAPIKeepsTheURLShort(bytes: Int) throws {
        let id = try composeSession()
        let short = try server.state(id).url
        let long = Self.text(bytes: bytes)
        let r = try server.request("POST", "/api/v1/sessions/\(id)/actions",
                                   json: #"{"action":"setValues","values":{"to":"anna","subject":"\#(long)"}}"#)
        #expect(r.status == 200)
        let state = try server.state(id)
        #expect(state.url.utf8.count <= HierarchyPath.urlBudget)
        #expect(state.url.contains("f.to=anna") && !state.url.contains("f.subject"))
        #expect(state.url != short)
        // The session still holds the value; its page answers at that URL.
        #expect(state.elements.first { $0.id == "subject" }?.text == long)
        let page = try server.request("GET", "/api/v1/sessions/\(id)/page" + state.url)
        #expect(page.status == 200)
        #expect(page.body.contains("word word"))
        // A new browser opening the URL gets the hierarchy and the short value.
        let fresh = try server.request("GET", state.url, jar: temporaryJar(), follow: true)
        #expect(fresh.status == 200)
        #expect(fresh.body.contains("value=\"anna\"") && !fresh.body.contains("word word"))
    }

    @Test(arguments: [10_000, 100_000])
    func aLongValueTypedIntoAFormKeepsTheURLShort(bytes: Int) throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        func post(_ extra: [(String, String)]) throws {
            let url = hiddenValue("url", in: page.body) ?? ""
            page = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url)] + extra, jar: jar, follow: true)
        }
        for element in ["inboxRow", "msgAnna", "reply"] { try post([("element", element)]) }
        try post([("field.subject", Self.text(bytes: bytes))])
        #expect(page.status == 200)
        let path = String(page.effectiveURL.dropFirst(server.base.count))
        #expect(path.hasSuffix("(compose)") && path.utf8.count <= HierarchyPath.urlBudget)
        #expect(page.body.contains("word word"))
        let again = try server.request("GET", path, jar: jar)
        #expect(again.status == 200)
        #expect(again.body.contains("word word"))
    }

    @Test func aFlowOfTenThousandTabsHasAPageAndAShortURL() throws {
        let count = 10_000
        var yaml = "initialViewController: tabs\nscenes:\n  tabs:\n    kind: tabBarController\n    viewControllers: ["
        yaml += (0..<count).map { "t\($0)" }.joined(separator: ", ") + "]\n"
        for i in 0..<count { yaml += "  t\(i):\n    title: Tab \(i)\n" }
        let storyboard = try FlowFileLoader.parse(yaml, fileName: "tabs.yaml", format: .yaml)
        let server = try TestServer(storyboard: storyboard)
        let jar = temporaryJar()
        let first = try server.request("GET", "/", jar: jar)
        #expect(first.status == 303)
        let location = try #require(first.headers["location"])
        #expect(location == "/ui/tabs")
        let page = try server.request("GET", location, jar: jar)
        #expect(page.status == 200)
        #expect(page.body.contains("Tab 0"))
    }
}
