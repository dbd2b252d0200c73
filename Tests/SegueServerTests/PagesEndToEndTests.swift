import Foundation
import SegueTesting
import Testing

/// No-JS pages in process: cookie sessions, form posts answered with 303, history by URL.
@Suite(.serialized) struct PagesEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    @Test func rootStartsASessionAndRedirectsToTheCanonicalURL() throws {
        let jar = temporaryJar()
        let first = try server.request("GET", "/", jar: jar)
        #expect(first.status == 303)
        #expect(first.headers["location"] == "/ui/mailNav(mailboxes)")
        let cookie = first.headers["set-cookie"] ?? ""
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.hasPrefix("segue_session="))
        let page = try server.request("GET", "/", jar: jar, follow: true)
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(attribute("data-session", in: page.body)?.count == 32)
        #expect(attribute("data-version", in: page.body) == "0")
        #expect(page.body.contains("data-element=\"inboxRow\""))
        #expect(page.body.contains("<title>Mailboxes</title>"))
    }

    @Test func aWholeFlowByFormPostsWithACookieJar() throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        func tap(_ element: String, _ extra: [(String, String)] = []) throws -> HTTPResult {
            let url = hiddenValue("url", in: page.body) ?? ""
            let r = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url), ("element", element)] + extra, jar: jar, follow: true)
            page = r
            return r
        }
        #expect(try tap("inboxRow").effectiveURL.hasSuffix("/ui/mailNav(mailboxes,inbox)"))
        #expect(page.body.contains("data-element=\"msgAnna\""))
        #expect(try tap("msgAnna").effectiveURL.contains("/ui/mailNav(mailboxes,inbox,message;p."))
        #expect(page.body.contains("Lunch on Friday?"))  // passed from the row's segue
        #expect(try tap("reply").effectiveURL.hasSuffix("~formSheet~composeNav(compose)"))
        #expect(page.body.contains("name=\"field.subject\""))
        let sent = try tap("send", [("field.subject", "Re: Lunch")])
        #expect(sent.status == 200)
        #expect(sent.effectiveURL.hasSuffix("/ui/mailNav(mailboxes,inbox)"))
    }

    /// The browser's back button returns to the previous state, also when that state
    /// differs only in what the URL's state entries carry (editing, here).
    @Test func browserBackLeavesEditingAndForwardReturnsToIt() throws {
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let editing = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", "/ui/mailNav(mailboxes)"), ("element", "editMailboxes")],
                               jar: jar, follow: true)
        #expect(editing.effectiveURL.hasSuffix("/ui/mailNav(mailboxes;e=1)"))
        let version = try #require(attribute("data-version", in: editing.body).flatMap { Int($0) })
        // Back: the URL before the tap is shown as it was, not redirected to the editing state.
        let back = try server.request("GET", "/ui/mailNav(mailboxes)", jar: jar)
        #expect(back.status == 200)
        #expect(attribute("data-version", in: back.body) == String(version + 1))
        #expect(back.body.contains(">Edit<"))
        // Forward: editing again.
        let forward = try server.request("GET", "/ui/mailNav(mailboxes;e=1)", jar: jar)
        #expect(forward.status == 200)
        #expect(forward.body.contains(">Done<"))
        let id = try #require(attribute("data-session", in: forward.body))
        let events = try server.request("GET", "/api/v1/sessions/\(id)/events")
        let setEditing = try events.decode(EventPage.self).events.filter { $0.event == "setEditing" }
        #expect(setEditing.map { $0.fields["editing"]?.boolValue } == [true, false, true])
    }

    @Test func postsWithoutTheRightTokenOrFromAnotherSiteAreRefused() throws {
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let wrong = try server.request("POST", "/tap", form: [("csrf", "0000"), ("element", "inboxRow")], jar: jar)
        #expect(wrong.status == 403)
        let crossSite = try server.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")], jar: jar,
                                 headers: ["Origin: http://evil.example"])
        #expect(crossSite.status == 403)
        let noSession = try server.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")])
        #expect(noSession.status == 404)
        let after = try server.request("GET", "/", jar: jar)
        #expect(after.headers["location"] == "/ui/mailNav(mailboxes)")  // nothing changed
        let unknown = try server.request("POST", "/tap", form: [("csrf", csrf), ("element", "ghost")], jar: jar)
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("unknown_element"))
    }

    @Test func browserBackIsAGETOfTheEarlierURL() throws {
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let session = try #require(attribute("data-session", in: page.body))
        _ = try server.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")], jar: jar, follow: true)
        let seqBefore = try server.request("GET", "/api/v1/sessions/\(session)/events?after=0").decode(EventPage.self).lastSeq
        let back = try server.request("GET", "/ui/mailNav(mailboxes)", jar: jar)
        #expect(back.status == 200)
        #expect(back.body.contains("data-element=\"inboxRow\""))
        let events = try server.request("GET", "/api/v1/sessions/\(session)/events?after=\(seqBefore)").decode(EventPage.self).events
        let disappear = events.first { $0.event == "viewWillDisappear" }
        #expect(disappear?.scene == "inbox")
        #expect(disappear?.isMovingFromParent == true)
        // Forward again.
        let forward = try server.request("GET", "/ui/mailNav(mailboxes,inbox)", jar: jar)
        #expect(forward.status == 200 && forward.body.contains("data-element=\"msgAnna\""))
        // A URL in a fresh browser (no cookie) rebuilds that hierarchy in a new session.
        let fresh = try server.request("GET", "/ui/mailNav(mailboxes,inbox)")
        #expect(fresh.status == 200 && fresh.body.contains("data-element=\"msgAnna\""))
        #expect(fresh.headers["set-cookie"]?.hasPrefix("segue_session=") == true)
        // Malformed and unknown URLs are clear errors.
        #expect(try server.request("GET", "/ui/mailNav((", jar: jar).status == 400)
        #expect(try server.request("GET", "/ui/mailNav(ghost)", jar: jar).status == 404)
    }

    @Test func staticAssetsAreCachedAndConfinedToPublic() throws {
        let css = try server.request("GET", "/public/segue.css")
        #expect(css.status == 200)
        #expect(css.headers["content-type"]?.hasPrefix("text/css") == true)
        #expect(css.headers["cache-control"]?.contains("max-age") == true)
        let etag = try #require(css.headers["etag"])
        #expect(try server.request("GET", "/public/segue.css", headers: ["If-None-Match: \(etag)"]).status == 304)
        #expect(try server.request("GET", "/public/../Package.swift").status == 404)
        #expect(try server.request("GET", "/public/%2e%2e/Package.swift").status == 404)
        #expect(try server.request("GET", "/nowhere").status == 404)
    }
}

/// Pages are cached per session while their state is unchanged; any change shows at once.
@Suite struct PageCacheEndToEndTests {
    @Test func reloadsAreIdenticalAndChangesThroughTheAPIShowOnTheNextGET() throws {
        let server = try TestServer(flow: "Examples/settings.yaml")
        let jar = temporaryJar()
        let first = try server.request("GET", "/", jar: jar, follow: true)
        let id = try #require(first.body.firstMatch(of: /data-session="([0-9a-f]+)"/).map { String($0.1) })
        let again = try server.request("GET", first.effectiveURL, jar: jar)
        #expect(again.body == first.body)
        // Drill into Airplane Mode, then flip its switch over the API (a value change, no navigation).
        let api = "/api/v1/sessions/\(id)/actions"
        _ = try server.request("POST", api, json: #"{"action":"tap","element":"airplaneRow"}"#)
        let url = try server.request("GET", "/api/v1/sessions/\(id)").decode(SessionState.self).url
        let before = try server.request("GET", url, jar: jar)
        #expect(before.body.contains(#"aria-checked="false""#))
        _ = try server.request("POST", api, json: #"{"action":"tap","element":"airplaneMode"}"#)
        // Form values are restorable state, so the URL changes with them.
        let changedURL = try server.request("GET", "/api/v1/sessions/\(id)").decode(SessionState.self).url
        let after = try server.request("GET", changedURL, jar: jar)
        #expect(after.body.contains(#"aria-checked="true""#))
        #expect(!after.body.contains(#"aria-checked="false""#))
        // A warned no-op (pop at the root of a fresh stack is not reachable here: pop twice).
        _ = try server.request("POST", api, json: #"{"action":"pop"}"#)
        let popped = try server.request("POST", api, json: #"{"action":"pop"}"#).decode(ActionResult.self).warnings
        #expect(popped.count == 1)
        let root = try server.request("GET", "/api/v1/sessions/\(id)").decode(SessionState.self).url
        // UIKit shows nothing for a no-op: the device screen neither; the developer panel lists it.
        let warned = try server.request("GET", root, jar: jar)
        #expect(!warned.body.contains("class=\"warning"))
        let panel = try server.request("GET", "/dev/\(id)?fragment=1", jar: jar)
        #expect(panel.body.contains("class=\"dev-warning\""))
    }
}
