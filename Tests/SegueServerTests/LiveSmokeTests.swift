import Foundation
import SegueTestSupport
import SegueTesting
import Testing

/// What only a real socket shows, on a server listening on a free loopback port: connections kept
/// alive, the HTTP layer's own answers, a form post's `Origin` as sent over the wire, the event
/// stream as a response on the wire. Everything else runs in process (``TestServer``).
@Suite struct LiveSmokeTests {
    @Test func requestsShareOneKeptAliveConnection() throws {
        let server = try LiveServer()
        let transport = try #require(server.client.transport as? LiveTransport)
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try server.request("GET", "/healthz").status == 200)
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        #expect(page.status == 200 && page.effectiveURL.hasSuffix("/ui/mailNav(mailboxes)"))
        #expect(try server.request("GET", "/ui/mailNav(mailboxes)", jar: jar).status == 200)
        #expect(transport.connectionsOpened == 1)
    }

    @Test func aFormPostNamingThisServerIsTakenAndOneFromAnotherSiteRefused() throws {
        let server = try LiveServer()
        let jar = temporaryJar()
        let page = try server.request("GET", "/", jar: jar, follow: true)
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let url = try #require(hiddenValue("url", in: page.body))
        // The Origin the client sends is the listener's own address (`http://127.0.0.1:PORT`).
        let tapped = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url), ("element", "inboxRow")], jar: jar)
        #expect(tapped.status == 303)
        #expect(tapped.headers["location"] == "/ui/mailNav(mailboxes,inbox)")
        let crossSite = try server.request("POST", "/tap", form: [("csrf", csrf), ("element", "inboxRow")], jar: jar,
                                           headers: ["Origin: http://evil.example"])
        #expect(crossSite.status == 403)
    }

    /// `curl -L -c jar -b jar` drives a flow: it sends no Origin, and the page's token is enough.
    @Test func plainCurlWithACookieJarDrivesAFlow() throws {
        let server = try LiveServer()
        let jar = Scratch.folder + "/segue-curl-\(UUID().uuidString)"
        let first = try CompressionTests.curl(["-s", "-L", "-c", jar, "-b", jar, server.base + "/"])
        let csrf = try #require(hiddenValue("csrf", in: first))
        let url = try #require(hiddenValue("url", in: first))
        let tapped = try CompressionTests.curl(["-s", "-L", "-c", jar, "-b", jar, "-o", "/dev/null", "-w", "%{http_code} %{url_effective}",
                                                "--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "url=\(url)",
                                                "-d", "element=inboxRow", server.base + "/tap"])
        #expect(tapped == "200 \(server.base)/ui/mailNav(mailboxes,inbox)", "\(tapped)")
        let forged = try CompressionTests.curl(["-s", "-c", jar, "-b", jar, "-o", "/dev/null", "-w", "%{http_code}",
                                                "-d", "csrf=0000&element=msg1", server.base + "/tap"])
        #expect(forged == "403")
    }

    @Test func bodiesOverTheLimitGetAPageForFormsAndAJSONErrorForTheAPI() throws {
        let small = try LiveServer { $0.http.maxBodyBytes = 1000 }
        let big = String(repeating: "x", count: 5000)
        let form = try small.request("POST", "/tap", form: [("csrf", "t"), ("element", "inboxRow"), ("pad", big)])
        #expect(form.status == 413)
        #expect(form.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(form.body.contains("payload_too_large"))
        let api = try small.request("POST", "/api/v1/sessions", json: #"{"pad":""# + "\(big)\"}")
        #expect(api.status == 413 && api.errorCode == "payload_too_large")
        // The same for an action, and nothing changed.
        let id = try small.createSession().id
        let action = try small.request("POST", "/api/v1/sessions/\(id)/actions", json: #"{"action":"pop","pad":""# + "\(big)\"}")
        #expect(action.status == 413 && action.errorCode == "payload_too_large")
        #expect(try small.state(id).version == 0)
    }

    @Test func theEventStreamIsServedOverTheWire() throws {
        let server = try LiveServer()
        let id = try server.createSession().id
        let stream = try server.request("GET", "/api/v1/sessions/\(id)/events/stream")
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        #expect(stream.body.hasPrefix("retry: 1000\n\n"))
        #expect(stream.body.contains("id: 1\nevent: event\ndata: {\"seq\":1,"))
    }
}

/// `segue test --server` runs only against a server that serves the tests' flow.
@Suite struct ServedFlowTests {
    @Test func testsRefuseAServerServingAnotherFlow() throws {
        let server = try LiveServer(flow: "Examples/settings.yaml")
        let url = "http://127.0.0.1:\(server.service.port)"
        let refused = segue(["test", repositoryFile("Examples/tests/mail.test.yaml"), "--server", url])
        #expect(refused.status == 2)
        #expect(refused.err.contains("serves another flow than") && refused.err.contains("mail.yaml"), "\(refused.err)")
        let accepted = segue(["test", repositoryFile("Examples/tests/settings.test.yaml"), "--server", url])
        #expect(accepted.status == 0, "\(accepted.out)\(accepted.err)")
    }
}
