import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueTesting
import Testing

/// The typed models of the API's answers: what decodes, and what a body that does not fit says.
@Suite struct APIModelTests {
    func response(_ body: String, status: Int = 200) -> TestResponse {
        TestResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    @Test func aBodyMissingAFieldNamesTheTypeTheFieldAndShowsTheBody() {
        let body = #"{"id":"abc","url":"/ui/x"}"#
        do {
            _ = try response(body).decode(SessionState.self)
            Issue.record("decoded a state without a version")
        } catch {
            #expect(error.type == "SessionState")
            #expect(error.reason.contains("'version'"), "\(error.reason)")
            #expect(error.description.contains(body), "\(error.description)")
        }
    }

    @Test func aBodyThatIsNotJSONShowsTheBodyAndItsStatus() {
        do {
            _ = try response("<html>Not Found</html>", status: 404).decode(ActionResult.self)
            Issue.record("decoded HTML")
        } catch {
            #expect(error.status == 404)
            #expect(error.description.contains("ActionResult") && error.description.contains("<html>Not Found</html>"), "\(error.description)")
        }
        #expect(throws: DecodingFailure.self) { try response("{\"a\":").jsonValue() }
    }

    @Test func anEventTellsANullParentFromNone() throws {
        let leaving = try response(#"{"seq":3,"controller":"c4","scene":"inbox","event":"willMoveToParentViewController","parent":null}"#).decode(Event.self)
        #expect(leaving.parent == .some(nil))
        let joining = try response(#"{"seq":4,"controller":"c4","scene":"inbox","event":"didMoveToParentViewController","parent":"c1"}"#).decode(Event.self)
        #expect(joining.parent == .some("c1"))
        let appearing = try response(#"{"seq":5,"controller":"c4","scene":"inbox","event":"viewWillAppear","animated":true,"isMovingToParent":true}"#).decode(Event.self)
        #expect(appearing.parent == nil)
        #expect(appearing.animated == true && appearing.isMovingToParent == true && appearing.isBeingPresented == nil)
        #expect(appearing.sceneAndName == "inbox.viewWillAppear")
        // Without a seq it is no event.
        #expect(throws: DecodingFailure.self) { try response(#"{"controller":"c4","event":"viewWillAppear"}"#).decode(Event.self) }
    }

    @Test func theStatesOfARealSessionDecodeWithTheirWholeHierarchy() throws {
        let client = SegueClient.inProcess(storyboard: try FlowFileLoader.load(path: repositoryRoot + "/Examples/ipad-mail.yaml"),
                                           defaultTraits: Traits(width: 1180, height: 820))
        let created = try client.request("POST", "/api/v1/sessions", json: "{}").decode(CreatedSession.self)
        #expect(created.state.traits.idiom == "pad")
        #expect(created.state.root.kind == "splitViewController")
        #expect(created.state.controllers.count > 2)
        #expect(created.state.visible.allSatisfy { created.state.controller($0) != nil })
        let tapped = try client.request("POST", "/api/v1/sessions/\(created.id)/actions", json: #"{"action":"tap","element":"compose"}"#)
            .decode(ActionResult.self)
        #expect(tapped.state.version == 1)
        #expect(tapped.state.controllers.contains { $0.presented != nil })
        #expect(!tapped.events.isEmpty && tapped.events.map(\.seq) == tapped.events.map(\.seq).sorted())
        let page = try client.request("GET", "/api/v1/sessions/\(created.id)/events?after=0").decode(EventPage.self)
        #expect(page.lastSeq == page.events.count && page.events.suffix(tapped.events.count) == tapped.events[...])
        let error = try client.request("GET", "/api/v1/sessions/nope").decode(APIErrorBody.self)
        #expect(error.error.code == "unknown_session")
    }
}

/// Requests as a browser sends them, in process: cookies, redirects, form posts and their origin.
@Suite struct BrowsingTests {
    let client: SegueClient
    init() throws { client = SegueClient.inProcess(storyboard: try FlowFileLoader.load(path: mailFlow)) }

    @Test func aCookieJarKeepsTheSessionAndRedirectsAreFollowed() throws {
        let jar = CookieJar()
        let first = try client.request("GET", "/", cookies: jar)
        #expect(first.status == 303 && first.header("location") == "/ui/mailNav(mailboxes)")
        let session = try #require(jar["segue_session"])
        let page = try client.request("GET", "/", cookies: jar, follow: true)
        #expect(page.status == 200)
        #expect(page.url == InProcessTransport.host + "/ui/mailNav(mailboxes)")
        // The cookie is `ID.SECRET`; the page names the id.
        #expect(page.text.contains("data-session=\"\(session.prefix { $0 != "." })\""))
        #expect(jar["segue_session"] == session)  // the same session: no new cookie
    }

    @Test func aFormPostSaysItComesFromThisServerUnlessTheTestSaysOtherwise() throws {
        let jar = CookieJar()
        let page = try client.request("GET", "/", cookies: jar, follow: true).text
        let csrf = try #require(page.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) })
        let refused = try client.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")],
                                         headers: [("Origin", "http://evil.example")], cookies: jar)
        #expect(refused.status == 403)
        let tapped = try client.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")], cookies: jar, follow: true)
        #expect(tapped.status == 200)
        #expect(tapped.url.hasSuffix("/ui/mailNav(mailboxes,inbox)"))
    }
}

/// A clock that moves only when told.
@Suite struct TestClockTests {
    @Test func itStandsStillUntilAdvancedAndBothReadingsMoveTogether() {
        let clock = TestClock()
        let (now, wall) = (clock.now, clock.unixMilliseconds)
        #expect(clock.now == now && clock.unixMilliseconds == wall)
        clock.advance(by: .seconds(90))
        #expect(clock.now - now == .seconds(90))
        #expect(clock.unixMilliseconds - wall == 90_000)
        clock.advance(by: .milliseconds(5))
        #expect(clock.unixMilliseconds - wall == 90_005)
    }

    /// A store waiting on it (for another instance's lease) moves it on instead of blocking.
    @Test func aSleepMovesItForwardAtOnce() {
        let clock = TestClock()
        let (now, wall) = (clock.now, clock.unixMilliseconds)
        clock.sleep(for: .milliseconds(1500))
        #expect(clock.now - now == .milliseconds(1500) && clock.unixMilliseconds - wall == 1500)
        clock.sleep(for: .zero)
        clock.sleep(for: .milliseconds(-3))
        #expect(clock.now - now == .milliseconds(1500))
    }
}
