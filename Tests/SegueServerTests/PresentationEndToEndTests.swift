import Foundation
import Testing

/// Presentation styles, split view and traits end to end (in process), with `Examples/ipad-mail.yaml`.
@Suite(.serialized) struct PresentationEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer(flow: "Examples/ipad-mail.yaml") }

    func createSession(width: Int, height: Int) throws -> (id: String, state: [String: Any]) {
        let r = try server.request("POST", "/api/v1/sessions", json: #"{"traits": {"width": \#(width), "height": \#(height)}}"#)
        #expect(r.status == 201)
        return (r.json["id"] as! String, r.json["state"] as! [String: Any])
    }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
    }

    func scenes(_ state: [String: Any], _ ids: [String]) -> [String] {
        func find(_ c: [String: Any], _ id: String) -> String? {
            if c["id"] as? String == id { return c["scene"] as? String }
            for child in c["children"] as? [[String: Any]] ?? [] { if let s = find(child, id) { return s } }
            if let p = c["presented"] as? [String: Any] { return find(p, id) }
            return nil
        }
        return ids.compactMap { find(state["root"] as! [String: Any], $0) }
    }

    func visible(_ state: [String: Any]) -> [String] { scenes(state, state["visible"] as? [String] ?? []) }

    @Test func splitViewFollowsTheViewportThroughTheAPI() throws {
        let (id, state) = try createSession(width: 1180, height: 820)
        #expect(visible(state) == ["inbox", "empty"])
        #expect(state[path: "traits.horizontalSizeClass"] as? String == "regular")
        let open = try act(id, #"{"action":"tap","element":"msgDaniel"}"#)
        #expect(open.status == 200)
        #expect(visible(open.json["state"] as! [String: Any]) == ["inbox", "message"])
        #expect((open.json["state"] as! [String: Any])[path: "root.children.1.scene"] as? String == "messageNav")
        let portrait = try act(id, #"{"action":"setTraits","traits":{"width":820,"height":1180}}"#)
        let portraitState = portrait.json["state"] as! [String: Any]
        #expect(visible(portraitState) == ["message"])
        #expect(portraitState[path: "root.displayMode"] as? String == "primaryHidden")
        #expect(portraitState[path: "root.collapsed"] as? Bool == false)
        let elements = portraitState["elements"] as! [[String: Any]]
        let show = try #require(elements.first { $0["title"] as? String == "Inbox" && $0["role"] as? String == "barButton" })
        let events = (portrait.json["events"] as! [[String: Any]]).map { $0["event"] as! String }
        // A pad turning changes no size class: the rotation events, no trait change.
        #expect(events.contains("willRotateToInterfaceOrientation") && !events.contains("traitCollectionDidChange"))
        let overlay = try act(id, #"{"action":"tap","element":"\#(show["id"] as! String)"}"#)
        #expect(visible(overlay.json["state"] as! [String: Any]) == ["message", "inbox"])
        let phone = try act(id, #"{"action":"setTraits","traits":{"width":390,"height":844}}"#)
        let phoneState = phone.json["state"] as! [String: Any]
        #expect(visible(phoneState) == ["message"])
        let back = try #require((phoneState["elements"] as! [[String: Any]]).first { $0["role"] as? String == "backButton" })
        #expect(back["title"] as? String == "Inbox")
    }

    @Test func popoverAndSheetsOnPadAndBadInput() throws {
        let (id, _) = try createSession(width: 1180, height: 820)
        let pop = try act(id, #"{"action":"tap","element":"filters"}"#)
        let events = (pop.json["events"] as! [[String: Any]])
        #expect(!events.contains { $0["scene"] as? String == "inbox" && ($0["event"] as? String ?? "").hasPrefix("viewWill") })
        let state = pop.json["state"] as! [String: Any]
        #expect(state[path: "root.presented.modalPresentationStyle"] as? String == "popover")
        let outside = try #require((state["elements"] as! [[String: Any]]).first { $0["title"] as? String == "Dismiss" })
        let dismissed = try act(id, #"{"action":"tap","element":"\#(outside["id"] as! String)"}"#)
        #expect((dismissed.json["state"] as! [String: Any])[path: "root.presented"] is NSNull)
        // Illegal combination: a coded 409, nothing changes.
        let before = try server.state(id).version
        let curl1 = try act(id, #"{"action":"present","scene":"compose","modalPresentationStyle":"formSheet","modalTransitionStyle":"partialCurl"}"#)
        #expect(curl1.status == 409 && curl1.errorCode == "illegal_transition")
        let page = try act(id, #"{"action":"showPage","index":3}"#)
        #expect(page.status == 409)
        let after = try server.state(id).version
        #expect(before == after)
        // Alerts: the inline Move alert and the delete action sheet (a popover on pad).
        _ = try act(id, #"{"action":"tap","element":"msgKate"}"#)
        let sheet = try act(id, #"{"action":"tap","element":"trash"}"#)
        #expect((sheet.json["state"] as! [String: Any])[path: "root.presented.kind"] as? String == "alertController")
        let deleted = try act(id, #"{"action":"tap","element":"deleteMessage"}"#)
        let deletedEvents = (deleted.json["events"] as! [[String: Any]]).map { $0["event"] as! String }
        #expect(deletedEvents.contains("unwind"))
        let move = try act(id, #"{"action":"tap","element":"move"}"#)
        let moveState = move.json["state"] as! [String: Any]
        #expect(moveState[path: "root.presented.scene"] as? String == "message.alert.1")
        #expect((moveState["elements"] as! [[String: Any]]).contains { $0["id"] as? String == "mailboxName" && $0["role"] as? String == "textField" })
    }

    @Test func viewportReportsChangeTheTraitsOfAPageSession() throws {
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        #expect(page.body.contains("segue.js"))
        #expect(page.effectiveURL.hasSuffix("/ui/split(listNav(inbox),emptyNav(empty))"))
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let report = try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "1180"), ("height", "820")], jar: jar)
        #expect(report.status == 200)
        #expect(report.json["changed"] as? Bool == true)
        #expect((report.json["url"] as? String)?.hasPrefix("/ui/split") == true)
        let again = try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "1180"), ("height", "820")], jar: jar)
        #expect(again.json["changed"] as? Bool == false)
        let wide = try server.request("GET", "/", jar: jar, follow: true)
        #expect(wide.body.contains("idiom-pad") && wide.body.contains("data-viewport=\"1180x820\""))
        #expect(wide.body.contains("data-element=\"msgAnna\"") && wide.body.contains("No Message Selected"))
        // Bad reports: wrong token, cross-site, bad sizes, no session, wrong method.
        #expect(try server.request("POST", "/traits", form: [("csrf", "nope"), ("width", "10"), ("height", "10")], jar: jar).status == 403)
        #expect(try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "10"), ("height", "10")], jar: jar,
                         headers: ["Origin: http://evil.example"]).status == 403)
        for (w, h) in [("0", "10"), ("abc", "10"), ("10", ""), ("100001", "10"), ("-5", "10")] {
            let bad = try server.request("POST", "/traits", form: [("csrf", csrf), ("width", w), ("height", h)], jar: jar)
            #expect(bad.status == 400 && bad.errorCode == "invalid_request")
        }
        #expect(try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "10"), ("height", "10")]).status == 404)
        #expect(try server.request("GET", "/traits", jar: jar).status == 405)
        let state = try server.request("GET", "/", jar: jar, follow: true)
        #expect(state.body.contains("idiom-pad"))  // nothing changed by the refused reports
    }

    @Test func theScriptIsServed() throws {
        let js = try server.request("GET", "/public/segue.js")
        #expect(js.status == 200)
        #expect(js.headers["content-type"]?.contains("javascript") == true)
        #expect(js.body.contains("/traits"))
    }
}

/// `Examples/photo-book.yaml`: page views driven by plain form posts (no JavaScript).
@Suite(.serialized) struct PhotoBookEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer(flow: "Examples/photo-book.yaml") }

    @Test func turningPagesWithFormPosts() throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        func tap(_ element: String) throws -> HTTPResult {
            let url = hiddenValue("url", in: page.body) ?? ""
            page = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url), ("element", element)], jar: jar, follow: true)
            return page
        }
        _ = try tap("holidayRow")
        #expect(page.effectiveURL.hasSuffix("~fullScreen.crossDissolve~book@0(cover,beach)"))
        #expect(page.body.contains("pages-pageCurl") && page.body.contains("is-spread"))
        let next = try #require(page.body.range(of: #"data-element="[^"]*\.next""#, options: .regularExpression).map { String(page.body[$0]) })
        let nextID = String(next.dropFirst("data-element=\"".count).dropLast())
        _ = try tap(nextID)
        #expect(page.effectiveURL.hasSuffix("book@2(harbour,ridge)"))
        _ = try tap(nextID)
        #expect(page.effectiveURL.hasSuffix("book@4(market,back)"))
        #expect(!page.body.contains(nextID))  // nothing beyond the last spread
        // Going back in history is a jump back to the first spread.
        page = try server.request("GET", "/ui/shelfNav(shelf)~fullScreen.crossDissolve~book@0(cover,beach)", jar: jar)
        #expect(page.status == 200 && page.body.contains("Holiday 2026"))
        _ = try tap("closeCover")
        #expect(page.effectiveURL.hasSuffix("/ui/shelfNav(shelf)"))
        _ = try tap("albumRow")
        #expect(page.body.contains("page-dots") && page.body.contains("aria-label=\"Page 1 of 4\""))
    }
}
