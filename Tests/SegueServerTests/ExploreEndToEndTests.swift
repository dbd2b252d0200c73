import Foundation
import SegueTesting
import Testing

/// Exploring a flow end to end (in process): the scenes list and API, opening a scene, the map, the
/// developer page and panel link.
@Suite("Explore end to end", .serialized)
struct ExploreEndToEndTests {
    @Test func scenesAreListedAndEveryOneOpens() throws {
        let server = try TestServer()
        let list = try server.request("GET", "/api/v1/scenes")
        #expect(list.status == 200)
        let scenes = try list.decode(SceneList.self).scenes
        #expect(scenes.map(\.id) == ["mailNav", "mailboxes", "inbox", "mailbox", "message", "composeNav", "compose"])
        let compose = try #require(scenes.first { $0.id == "compose" })
        #expect(compose.kind == "viewController")
        #expect(compose.class == "ComposeController")
        #expect(compose.title == "New Message")
        #expect(compose.storyboard == "mail")
        #expect(compose.container == "composeNav")
        // A flow file's scene id is the identifier code would instantiate it by.
        #expect(compose.storyboardIdentifier == "compose")
        #expect(compose.open == "/scenes/compose")
        for id in scenes.map(\.id) {
            let opened = try server.createSession(#"{"scene":"\#(id)"}"#)
            #expect(!opened.state.visible.isEmpty, "\(id)")
        }
        // Inside its container: the compose sheet's root opens in its navigation controller.
        #expect(try server.createSession(#"{"scene":"compose"}"#).state.url == "/ui/composeNav(compose)")
        // A scene reached by a segue opens alone, and its state URL restores it.
        let url = try server.createSession(#"{"scene":"message"}"#).state.url
        #expect(url == "/ui/message")
        #expect(try server.createSession(#"{"url":"\#(url)"}"#).state.url == url)
    }

    @Test func unknownScenesAnswer404WithTheNearestNames() throws {
        let server = try TestServer()
        let missing = try server.request("POST", "/api/v1/sessions", json: #"{"scene":"mesage"}"#)
        #expect(missing.status == 404)
        #expect(missing.errorCode == "unknown_scene")
        #expect(missing.errorMessage.contains("did you mean 'message'"), "\(missing.errorMessage)")
        let wrongType = try server.request("POST", "/api/v1/sessions", json: #"{"scene":7}"#)
        #expect(wrongType.status == 400 && wrongType.errorCode == "invalid_request")
        let both = try server.request("POST", "/api/v1/sessions", json: #"{"scene":"inbox","url":"/ui/mailNav(mailboxes)"}"#)
        #expect(both.status == 400 && both.errorCode == "invalid_request")
        let page = try server.request("GET", "/scenes/mesage")
        #expect(page.status == 404 && page.body.contains("did you mean"))
    }

    @Test func theScenesPageLinksOpenNewSessions() throws {
        let server = try TestServer()
        let jar = temporaryJar()
        let start = try server.request("GET", "/", jar: jar, follow: true)
        #expect(start.effectiveURL.hasSuffix("/ui/mailNav(mailboxes)"))
        let page = try server.request("GET", "/scenes", jar: jar)
        #expect(page.status == 200)
        for id in ["mailNav", "inbox", "compose"] { #expect(page.body.contains("data-scene=\"\(id)\"")) }
        #expect(page.body.contains("href=\"/scenes/message\""))
        #expect(!page.body.contains("data-element"))
        let opened = try server.request("GET", "/scenes/message", jar: jar, follow: true)
        #expect(opened.status == 200)
        #expect(opened.effectiveURL.hasSuffix("/ui/message"))
        // Back to a URL of the first flow: a new session restored from it, not a 400.
        let back = try server.request("GET", "/ui/mailNav(mailboxes,inbox)", jar: jar, follow: true)
        #expect(back.status == 200)
        #expect(back.effectiveURL.hasSuffix("/ui/mailNav(mailboxes,inbox)"))
    }

    @Test func theMapDrawsEveryScene() throws {
        let server = try TestServer()
        let map = try server.request("GET", "/map")
        #expect(map.status == 200)
        #expect(map.headers["content-type"]?.hasPrefix("text/html") == true)
        for id in ["mailNav", "mailboxes", "inbox", "mailbox", "message", "composeNav", "compose"] {
            #expect(map.body.contains("data-scene=\"\(id)\""), "\(id)")
            #expect(map.body.contains("href=\"/scenes/\(id)\""), "\(id)")
        }
        #expect(map.body.contains("class=\"initial-arrow\" data-to=\"mailNav\""))
        #expect(map.body.contains("data-from=\"mailNav\" data-to=\"mailboxes\" data-kind=\"relationship\""))
        #expect(map.body.contains("data-from=\"inbox\" data-to=\"composeNav\" data-kind=\"present\""))
        #expect(map.body.contains("data-from=\"compose\" data-kind=\"unwind\""))
        #expect(map.body.contains("/public/map.js"))
    }

    @Test func theDeveloperPageWorksWithoutJavaScriptAndStaysOutOfElements() throws {
        let server = try TestServer()
        let jar = temporaryJar()
        let page = try server.request("GET", "/ui/mailNav(mailboxes,inbox,message)", jar: jar, follow: true)
        #expect(page.status == 200)
        let session = try #require(page.body.firstMatch(of: /data-session="([0-9a-f]+)"/).map { String($0.1) })
        // The page links the developer page; the link is no element of the screen.
        #expect(page.body.contains("<a class=\"dev-link\" href=\"/dev/\(session)\">"))
        // Outside the device screen's form (the stylesheet shows it on wide windows only).
        let formEnd = try #require(page.body.range(of: "</form>"))
        let devLink = try #require(page.body.range(of: "<a class=\"dev-link\""))
        #expect(formEnd.upperBound <= devLink.lowerBound)
        let elements = try server.state(session).elements
        #expect(!elements.contains { $0.title == "Developer" })
        #expect(liveElements(in: page.body).count == elements.filter(\.isEnabled).count)

        let dev = try server.request("GET", "/dev/\(session)", jar: jar)
        #expect(dev.status == 200)
        #expect(dev.body.contains("&lt;navigationController c1 scene=mailNav&gt;, state: disappeared") || dev.body.contains("scene=mailNav&gt;"))
        #expect(dev.body.contains("/api/v1/sessions/\(session)/test"))
        #expect(dev.body.contains("/dev/\(session)/new"))
        #expect(!dev.body.contains("data-element"))
        let fragment = try server.request("GET", "/dev/\(session)?fragment=1", jar: jar)
        #expect(fragment.body.hasPrefix("<section class=\"dev-panel-content\""))

        // A trait preset is a plain form post answering 303 to the new state's URL.
        let csrf = try #require(hiddenValue("csrf", in: dev.body))
        let pad = try server.request("POST", "/dev/\(session)/traits", form: [("csrf", csrf), ("width", "1180"), ("height", "820")], jar: jar)
        #expect(pad.status == 303)
        let padState = try server.state(session)
        #expect(padState.traits.idiom == "pad")
        // A wrong token changes nothing.
        let forged = try server.request("POST", "/dev/\(session)/traits", form: [("csrf", "x"), ("width", "390"), ("height", "844")], jar: jar)
        #expect(forged.status == 403)
        let crossSite = try server.request("POST", "/dev/\(session)/traits", form: [("csrf", csrf), ("width", "390"), ("height", "844")],
                                 jar: jar, headers: ["Origin: http://evil.example"])
        #expect(crossSite.status == 403)
        // Open in a new session: the same URL, another session.
        let fork = try server.request("GET", "/dev/\(session)/new", jar: jar)
        #expect(fork.status == 303)
        #expect(fork.headers["location"] == padState.url)
        #expect(fork.headers["set-cookie"]?.contains(session) == false)
    }

    @Test func theEventStreamIsServerSentEventsThatResumeFromTheLastID() throws {
        let server = try TestServer()
        let session = try server.createSession().id
        let first = try server.request("GET", "/api/v1/sessions/\(session)/events/stream")
        #expect(first.status == 200)
        #expect(first.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        #expect(first.body.hasPrefix("retry: 1000\n\n"))
        #expect(first.body.contains("id: 1\nevent: event\ndata: {\"seq\":1,"))
        #expect(first.body.contains("event: state\ndata: {\"version\":0,\"url\":\"/ui/mailNav(mailboxes)\""))
        let last = try #require(first.body.matches(of: /id: (\d+)\n/).last.map { Int($0.1)! })
        // Reconnecting with the last id: only what happened since.
        _ = try server.request("POST", "/api/v1/sessions/\(session)/actions", json: #"{"action":"tap","element":"inboxRow"}"#)
        let next = try server.request("GET", "/api/v1/sessions/\(session)/events/stream", headers: ["Last-Event-ID: \(last)"])
        let ids = next.body.matches(of: /id: (\d+)\n/).map { Int($0.1)! }
        #expect(!ids.isEmpty && ids.allSatisfy { $0 > last })
        #expect(next.body.contains("\"url\":\"/ui/mailNav(mailboxes,inbox)\""))
        let bad = try server.request("GET", "/api/v1/sessions/\(session)/events/stream", headers: ["Last-Event-ID: x"])
        #expect(bad.status == 400)
    }

    @Test func codeTriggeredSeguesArePerformedFromTheDeveloperPage() throws {
        // The storyboard's only segue from `message` that nothing taps: none in the mail flow,
        // so use the flow with a code-only segue.
        let server = try TestServer(flow: "Tests/Fixtures/code-segues.yaml")
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        let session = try #require(page.body.firstMatch(of: /data-session="([0-9a-f]+)"/).map { String($0.1) })
        let state = try server.request("GET", "/api/v1/sessions/\(session)")
        let manual = try state.decode(SessionState.self).manualSegues
        #expect(manual.count == 1)
        #expect(manual.first?.identifier == "showOnboarding")
        #expect(manual.first?.destination == "onboarding")
        let dev = try server.request("GET", "/dev/\(session)", jar: jar)
        #expect(dev.body.contains("data-segue=\"showOnboarding\""))
        let csrf = try #require(hiddenValue("csrf", in: dev.body))
        let performed = try server.request("POST", "/dev/\(session)/perform",
                                 form: [("csrf", csrf), ("controller", manual[0].controller), ("identifier", "showOnboarding")], jar: jar, follow: true)
        #expect(performed.status == 200)
        #expect(performed.effectiveURL.hasSuffix("/ui/home~fullScreen~onboarding"))
        let unknown = try server.request("POST", "/dev/\(session)/perform", form: [("csrf", csrf), ("identifier", "nope")], jar: jar)
        #expect(unknown.status == 404)
    }
}
