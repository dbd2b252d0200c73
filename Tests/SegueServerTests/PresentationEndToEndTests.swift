import Foundation
import SegueTesting
import Testing

/// Presentation styles, split view and traits end to end (in process), with `Examples/ipad-mail.yaml`.
@Suite(.serialized) struct PresentationEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer(flow: "Examples/ipad-mail.yaml") }

    func createSession(width: Int, height: Int) throws -> (id: String, state: SessionState) {
        let r = try server.request("POST", "/api/v1/sessions", json: #"{"traits": {"width": \#(width), "height": \#(height)}}"#)
        #expect(r.status == 201)
        let created = try r.decode(CreatedSession.self)
        return (created.id, created.state)
    }

    /// An action's answer, decoded (a failed action is a test failure showing its body).
    func act(_ id: String, _ action: String) throws -> ActionResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action).decode(ActionResult.self)
    }

    /// The scenes of the visible controllers, back to front.
    func visible(_ state: SessionState) -> [String] { state.visible.compactMap { state.controller($0)?.scene } }

    @Test func splitViewFollowsTheViewportThroughTheAPI() throws {
        let (id, state) = try createSession(width: 1180, height: 820)
        #expect(visible(state) == ["inbox", "empty"])
        #expect(state.traits.horizontalSizeClass == "regular")
        let open = try act(id, #"{"action":"tap","element":"msgDaniel"}"#)
        #expect(visible(open.state) == ["inbox", "message"])
        #expect(open.state.root.children[safe: 1]?.scene == "messageNav")
        let portrait = try act(id, #"{"action":"setTraits","traits":{"width":820,"height":1180}}"#)
        #expect(visible(portrait.state) == ["message"])
        #expect(portrait.state.root.displayMode == "primaryHidden")
        #expect(portrait.state.root.collapsed == false)
        let show = try #require(portrait.state.elements.first { $0.title == "Inbox" && $0.role == "barButton" })
        let events = portrait.events.map(\.event)
        // A pad turning changes no size class: the rotation events, no trait change.
        #expect(events.contains("willRotateToInterfaceOrientation") && !events.contains("traitCollectionDidChange"))
        let overlay = try act(id, #"{"action":"tap","element":"\#(show.id)"}"#)
        #expect(visible(overlay.state) == ["message", "inbox"])
        let phone = try act(id, #"{"action":"setTraits","traits":{"width":390,"height":844}}"#)
        #expect(visible(phone.state) == ["message"])
        let back = try #require(phone.state.elements.first { $0.role == "backButton" })
        #expect(back.title == "Inbox")
    }

    @Test func popoverAndSheetsOnPadAndBadInput() throws {
        let (id, _) = try createSession(width: 1180, height: 820)
        let pop = try act(id, #"{"action":"tap","element":"filters"}"#)
        #expect(!pop.events.contains { $0.scene == "inbox" && $0.event.hasPrefix("viewWill") })
        #expect(pop.state.root.presented?.modalPresentationStyle == "popover")
        let outside = try #require(pop.state.elements.first { $0.title == "Dismiss" })
        let dismissed = try act(id, #"{"action":"tap","element":"\#(outside.id)"}"#)
        #expect(dismissed.state.root.presented == nil)
        // Illegal combination: a coded 409, nothing changes.
        let before = try server.state(id).version
        let api = "/api/v1/sessions/\(id)/actions"
        let curl1 = try server.request("POST", api, json: #"{"action":"present","scene":"compose","modalPresentationStyle":"formSheet","modalTransitionStyle":"partialCurl"}"#)
        #expect(curl1.status == 409 && curl1.errorCode == "illegal_transition")
        let page = try server.request("POST", api, json: #"{"action":"showPage","index":3}"#)
        #expect(page.status == 409)
        let after = try server.state(id).version
        #expect(before == after)
        // Alerts: the inline Move alert and the delete action sheet (a popover on pad).
        _ = try act(id, #"{"action":"tap","element":"msgKate"}"#)
        let sheet = try act(id, #"{"action":"tap","element":"trash"}"#)
        #expect(sheet.state.root.presented?.kind == "alertController")
        let deleted = try act(id, #"{"action":"tap","element":"deleteMessage"}"#)
        #expect(deleted.events.map(\.event).contains("unwind"))
        let move = try act(id, #"{"action":"tap","element":"move"}"#)
        #expect(move.state.root.presented?.scene == "message.alert.1")
        #expect(move.state.elements.contains { $0.id == "mailboxName" && $0.role == "textField" })
    }

    @Test func viewportReportsChangeTheTraitsOfAPageSession() throws {
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        #expect(page.body.contains("segue.js"))
        #expect(page.effectiveURL.hasSuffix("/ui/split(listNav(inbox),emptyNav(empty))"))
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let report = try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "1180"), ("height", "820")], jar: jar)
        #expect(report.status == 200)
        let reported = try report.decode(TraitsReport.self)
        #expect(reported.changed)
        #expect(reported.url.hasPrefix("/ui/split"))
        let again = try server.request("POST", "/traits", form: [("csrf", csrf), ("width", "1180"), ("height", "820")], jar: jar)
        #expect(try again.decode(TraitsReport.self).changed == false)
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

/// `POST /traits`: `{"changed", "url", "version"}`.
struct TraitsReport: Decodable {
    var changed: Bool
    var url: String
    var version: Int
}
