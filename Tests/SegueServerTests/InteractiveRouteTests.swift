import Foundation
import SegueTesting
import Testing

/// The answer of `POST /interactive`: the URL and version after the phase, and how many events it caused.
struct SwipeAnswer: Decodable {
    var url: String
    var version: Int
    var events: Int
}

/// `POST /interactive`: the page's edge swipe as the interactive pop actions, with the events
/// the JSON API logs for the same swipe.
@Suite(.serialized) struct InteractiveRouteTests {
    let server: TestServer
    init() throws { server = try TestServer(flow: "Examples/mail.yaml") }

    @Test func anAbandonedSwipeLogsTheSameEventsAsTheAPI() throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        page = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", hiddenValue("url", in: page.body) ?? ""), ("element", "inboxRow")],
                                  jar: jar, follow: true)
        let pushedURL = page.effectiveURL
        func swipe(_ phase: String) throws -> HTTPResult {
            try server.request("POST", "/interactive", form: [("csrf", csrf), ("phase", phase)], jar: jar)
        }
        let session = try #require(page.body.firstMatch(of: /data-session="([^"]+)"/).map { String($0.1) })
        let seq = try server.events(session).events.count
        let begin = try swipe("begin")
        let cancel = try swipe("cancel")
        #expect(begin.status == 200 && cancel.status == 200)
        let logged = try server.events(session, after: seq).events
        let names = logged.map { "\($0.scene ?? "-").\($0.event)" }
            .filter { !$0.contains("LayoutSubviews") }
        #expect(names == ["inbox.willMoveToParentViewController", "inbox.viewWillDisappear", "mailboxes.viewWillAppear",
                          "mailNav.navigationControllerWillShow",
                          "mailboxes.viewWillDisappear", "mailboxes.viewDidDisappear", "inbox.viewWillAppear", "inbox.viewDidAppear",
                          "inbox.didMoveToParentViewController"])
        #expect(pushedURL.hasSuffix(try cancel.decode(SwipeAnswer.self).url))
        // Nothing in progress: a warning, no events.
        #expect(try swipe("cancel").decode(SwipeAnswer.self).events == 0)
        _ = try swipe("begin")
        let finish = try swipe("finish")
        #expect(try finish.decode(SwipeAnswer.self).url.hasSuffix("(mailboxes)"))
        // Bad posts change nothing.
        #expect(try swipe("sideways").status == 400)
        #expect(try server.request("POST", "/interactive", form: [("csrf", "nope"), ("phase", "begin")], jar: jar).status == 403)
        #expect(try server.request("POST", "/interactive", form: [("csrf", csrf), ("phase", "begin")]).status == 404)
        #expect(try server.request("GET", "/interactive", jar: jar).status == 405)
    }

    @Test func aTapAfterASwipeThatNeverEndedCancelsItFirst() throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        page = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", hiddenValue("url", in: page.body) ?? ""), ("element", "inboxRow")],
                                  jar: jar, follow: true)
        let url = hiddenValue("url", in: page.body) ?? ""
        _ = try server.request("POST", "/interactive", form: [("csrf", csrf), ("phase", "begin")], jar: jar)
        let back = try #require(page.body.firstMatch(of: /data-element="([^"]*\.back)"/).map { String($0.1) })
        let tapped = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url), ("element", back)], jar: jar, follow: true)
        #expect(tapped.status == 200 && tapped.effectiveURL.hasSuffix("(mailboxes)"))
    }
}
