import SegueCore
import SegueFlowFiles
import SegueHTTP
import SegueTestSupport
import SegueTesting
import Testing
@testable import SegueServer

/// Headers, cookies and the origin rule, asked of the application in process (no socket).
@Suite struct SecurityTests {
    static func app(_ configure: (inout SegueApp.Configuration) -> Void = { _ in }) throws -> SegueApp {
        let storyboard = try FlowFileLoader.load(path: repositoryRoot + "/Examples/mail.yaml")
        var configuration = SegueApp.Configuration()
        configure(&configuration)
        return SegueApp(storyboard: storyboard, assets: StaticAssets(directory: nil), configuration: configuration, logger: silentLogger)
    }

    static func get(_ app: SegueApp, _ path: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        app.respond(to: HTTPRequest(method: .GET, path: path, headers: headers))
    }

    /// A session's STATE, read through the JSON API (which leaves the session where it is).
    static func state(_ app: SegueApp, _ id: String) throws -> SessionState {
        try decodeAnswer(SessionState.self, from: get(app, "/api/v1/sessions/\(id)").body)
    }

    /// A new session's cookie (name=value) and its page URL.
    static func start(_ app: SegueApp, headers: [(name: String, value: String)] = []) throws -> (cookie: String, setCookie: String, url: String) {
        let response = get(app, "/", headers: headers)
        let setCookie = try #require(response.header("set-cookie"))
        let url = try #require(response.header("location"))
        return (String(setCookie.prefix { $0 != ";" }), setCookie, url)
    }

    @Test(arguments: ["/nowhere/<script>", "/ui/%%%bad", "/ui/nonsense(("])
    func errorPagesCarryThePageSecurityHeaders(path: String) throws {
        let response = Self.get(try Self.app(), path)
        #expect([400, 404].contains(response.status))
        #expect(response.header("content-security-policy") == PageHeaders.contentSecurityPolicy)
        #expect(response.header("x-content-type-options") == "nosniff")
        #expect(response.header("referrer-policy") == "same-origin")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("<script>"))
    }

    /// A 405 names the methods the resource takes.
    @Test(arguments: [
        (HTTPMethod.GET, "/tap", "POST"),
        (.DELETE, "/", "GET, HEAD"),
        (.PUT, "/api/v1/sessions", "POST"),
        (.POST, "/api/v1/sessions/0123456789abcdef0123456789abcdef/events", "GET, HEAD"),
        (.DELETE, "/api/v1/sessions/0123456789abcdef0123456789abcdef/events/stream", "GET, HEAD"),
        (.POST, "/ui/mailNav(mailboxes)", "GET, HEAD"),
    ])
    func methodNotAllowedSaysWhatIsAllowed(method: HTTPMethod, path: String, allow: String) throws {
        let response = try Self.app().respond(to: HTTPRequest(method: method, path: path))
        #expect(response.status == 405)
        #expect(response.header("allow") == allow)
    }

    @Test func jsonAnswersAreNotSniffed() throws {
        let app = try Self.app()
        let created = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array("{}".utf8)))
        #expect(created.status == 201)
        #expect(created.header("x-content-type-options") == "nosniff")
        let missing = Self.get(app, "/api/v1/sessions/0123456789abcdef0123456789abcdef")
        #expect(missing.status == 404)
        #expect(missing.header("x-content-type-options") == "nosniff")
    }

    @Test func cookiesArePlainByDefaultAndSecureBehindTLS() throws {
        let plain = try Self.start(try Self.app())
        #expect(plain.setCookie.hasPrefix("segue_session=") && plain.setCookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))

        let secureApp = try Self.app { $0.secureCookies = true }
        let secure = try Self.start(secureApp)
        #expect(secure.setCookie.hasPrefix("__Host-segue_session=") && secure.setCookie.hasSuffix("; Secure"))
        // The prefixed cookie is the one read back.
        let page = Self.get(secureApp, secure.url, headers: [("cookie", secure.cookie)])
        #expect(page.status == 200 && page.header("set-cookie") == nil)

        // A trusted proxy's X-Forwarded-Proto: https makes the cookie Secure; untrusted, it is ignored.
        let forwarded: [(name: String, value: String)] = [("x-forwarded-proto", "https")]
        let trusted = try Self.start(try Self.app { $0.trustForwardedProto = true }, headers: forwarded)
        #expect(trusted.setCookie.hasSuffix("; Secure"))
        let untrusted = try Self.start(try Self.app(), headers: forwarded)
        #expect(!untrusted.setCookie.contains("Secure"))
    }

    /// Any hop a trusted proxy chain lists as `https` makes the cookie `Secure`; all plain, it is not.
    @Test(arguments: [
        ([("x-forwarded-proto", "http, https")], true),
        ([("x-forwarded-proto", "HTTP,\tHTTPS")], true),
        ([("x-forwarded-proto", "http"), ("x-forwarded-proto", "https")], true),
        ([("x-forwarded-proto", "http, http")], false),
    ])
    func anyHTTPSHopMakesTheCookieSecure(headers: [(String, String)], secure: Bool) throws {
        let app = try Self.app { $0.trustForwardedProto = true }
        let started = try Self.start(app, headers: headers.map { (name: $0.0, value: $0.1) })
        #expect(started.setCookie.hasSuffix("; Secure") == secure)
    }

    /// The event stream and the recorded test file are not sniffed either.
    @Test func eventStreamAndTestFilesAreNotSniffed() throws {
        let app = try Self.app()
        let created = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array("{}".utf8)))
        let id = try #require(String(decoding: created.body, as: UTF8.self).firstMatch(of: /"id":"([0-9a-f]+)"/)?.1)
        for path in ["/api/v1/sessions/\(id)/events/stream", "/api/v1/sessions/\(id)/test"] {
            let response = Self.get(app, path)
            #expect(response.status == 200)
            #expect(response.header("x-content-type-options") == "nosniff", "\(path)")
        }
    }

    /// `null` for the scene or URL of a new session is refused with a coded error, not taken as absent.
    @Test(arguments: [#"{"scene": null}"#, #"{"url": null}"#, #"{"scene": 3}"#])
    func aNullSceneOrURLIsRefused(body: String) throws {
        let app = try Self.app()
        let response = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array(body.utf8)))
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"invalid_request""#))
        #expect(try app.storage.count() == 0)
    }

    /// Form posts a browser says come from elsewhere (Origin, else Referer, or Sec-Fetch-Site)
    /// are refused whatever the token, and nothing changes; a client that says nothing (curl)
    /// is judged by the token alone.
    @Test(arguments: [
        ([] as [(String, String)], 303),
        ([("sec-fetch-site", "cross-site")], 403),
        ([("sec-fetch-site", "cross-site"), ("origin", "http://127.0.0.1:8080")], 403),
        ([("origin", "http://evil.example")], 403),
        ([("origin", "null")], 403),
        ([("referer", "http://evil.example/ui/mailNav(mailboxes)")], 403),
        ([("origin", "http://127.0.0.1:8080")], 303),
        ([("origin", "https://127.0.0.1:8080")], 303),
        // Two Origins: not a browser's post, whichever comes first.
        ([("origin", "http://127.0.0.1:8080"), ("origin", "http://evil.example")], 403),
        ([("origin", "http://127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")], 403),
        ([("referer", "http://127.0.0.1:8080/ui/mailNav(mailboxes)")], 303),
    ])
    func formPostsNeedToComeFromThisServer(originHeaders: [(String, String)], status: Int) throws {
        let app = try Self.app()
        let session = try Self.start(app)
        let page = Self.get(app, session.url, headers: [("cookie", session.cookie)])
        let html = String(decoding: page.body, as: UTF8.self)
        let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let body = "csrf=\(csrf)&url=\(session.url)&element=inboxRow"
        var headers: [(name: String, value: String)] = [("cookie", session.cookie), ("host", "127.0.0.1:8080")]
        headers += originHeaders.map { (name: $0.0, value: $0.1) }
        // The session's state, read through the API (a page GET would bring the session to its URL).
        let id = String(session.cookie.drop { $0 != "=" }.dropFirst().prefix { $0 != "." })
        let before = try Self.state(app, id)
        let response = app.respond(to: HTTPRequest(method: .POST, path: "/tap", headers: headers, body: Array(body.utf8)))
        #expect(response.status == status)
        let after = try Self.state(app, id)
        if status == 403 {
            #expect(response.header("content-security-policy") != nil)
            #expect(after == before)  // nothing happened: same version, same hierarchy, same URL
        } else {
            #expect(after.version > before.version && after.url != before.url)
            #expect(response.header("location") == after.url)
        }
    }
}

/// The loopback admin API answers only what a page of another site cannot send: a loopback
/// `Host` (DNS rebinding names the attacker's host) and JSON posts (a cross-site post cannot say
/// `application/json` without a preflight).
@Suite struct AdminAccessTests {
    static func request(_ method: HTTPMethod, _ path: String, _ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: method, path: path, headers: headers.map { (name: $0.0, value: $0.1) })
    }

    @Test(arguments: [
        ([("host", "127.0.0.1:8080")], 200),
        ([("host", "127.0.0.1")], 200),
        ([("host", "LOCALHOST:9")], 200),
        ([("host", "[::1]:8080")], 200),
        ([("host", "[::1]")], 200),
        ([("host", "evil.example:8080")], 403),
        ([("host", "localhost.evil.example")], 403),
        ([("host", "127.0.0.1.nip.io:8080")], 403),
        ([("host", "[::1]x")], 403),
        ([("host", "127.0.0.1:")], 403),
        ([] as [(String, String)], 403),
        ([("host", "127.0.0.1:8080"), ("host", "evil.example")], 403),
    ])
    func onlyLoopbackHostNamesAreServed(headers: [(String, String)], status: Int) throws {
        let app = try SecurityTests.app { $0.admin = .loopback }
        let response = app.respond(to: Self.request(.GET, "/api/v1/admin/sessions", headers))
        #expect(response.status == status)
        if status == 403 { #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"forbidden""#)) }
    }

    @Test(arguments: [
        (nil as String?, 403),
        ("text/plain", 403),
        ("application/x-www-form-urlencoded", 403),
        ("multipart/form-data; boundary=x", 403),
        ("application/json", 200),
        ("Application/JSON; charset=utf-8", 200),
    ])
    func postsMustBeJSON(contentType: String?, status: Int) throws {
        let app = try SecurityTests.app { $0.admin = .loopback }
        var headers = [("host", "localhost:8080")]
        if let contentType { headers.append(("content-type", contentType)) }
        #expect(app.respond(to: Self.request(.POST, "/api/v1/admin/evict", headers)).status == status)
    }

    /// `--admin on` is for a server behind the operator's own authentication: any host name.
    @Test func onServesAnyHost() throws {
        let app = try SecurityTests.app { $0.admin = .on }
        #expect(app.respond(to: Self.request(.GET, "/api/v1/admin/sessions", [("host", "segue.example")])).status == 200)
    }
}

/// A browser's cookie proves it was issued to that browser: a session id alone (what the JSON
/// API and the developer page show) does not make a browser adopt someone else's session.
@Suite struct SessionFixationTests {
    @Test func aCookieOfAKnownIDAloneIsNotAdopted() throws {
        let app = try SecurityTests.app()
        // The attacker's session, made through the API: its id is all the attacker knows.
        let created = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array("{}".utf8)))
        let planted = try #require(String(decoding: created.body, as: UTF8.self).firstMatch(of: /"id":"([0-9a-f]+)"/).map { String($0.1) })
        // Planted in the victim's browser, bare or with a made-up secret.
        for cookie in ["segue_session=\(planted)", "segue_session=\(planted).0123456789abcdef0123456789abcdef"] {
            let page = SecurityTests.get(app, "/ui/mailNav(mailboxes)", headers: [("cookie", cookie)])
            let html = String(decoding: page.body, as: UTF8.self)
            let shown = try #require(html.firstMatch(of: /data-session="([0-9a-f]+)"/).map { String($0.1) })
            // The browser got a session of its own, and a cookie for it.
            #expect(shown != planted)
            #expect(page.header("set-cookie")?.hasPrefix("segue_session=\(shown).") == true)
            // What the victim types goes to that session; the attacker's stays as it was.
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
            let own = try #require(page.header("set-cookie")).prefix { $0 != ";" }
            let tap = app.respond(to: HTTPRequest(method: .POST, path: "/tap", headers: [("cookie", String(own)), ("host", "127.0.0.1:8080")],
                                                  body: Array("csrf=\(csrf)&url=/ui/mailNav(mailboxes)&element=inboxRow".utf8)))
            #expect(tap.status == 303)
            let attackers = SecurityTests.get(app, "/api/v1/sessions/\(planted)")
            #expect(String(decoding: attackers.body, as: UTF8.self).contains(#""version":0"#))
            // And a post with the planted cookie is refused as having no session.
            #expect(app.respond(to: HTTPRequest(method: .POST, path: "/tap", headers: [("cookie", cookie)], body: Array("element=inboxRow".utf8))).status == 404)
        }
    }

    /// The cookie a browser was given is `ID.SECRET`, and it brings that browser back to its session.
    @Test func theIssuedCookieKeepsTheSession() throws {
        let app = try SecurityTests.app()
        let started = try SecurityTests.start(app)
        let value = started.cookie.dropFirst("segue_session=".count)
        let parts = value.split(separator: ".")
        #expect(parts.count == 2 && parts.allSatisfy { $0.count == 32 })
        let page = SecurityTests.get(app, started.url, headers: [("cookie", started.cookie)])
        #expect(page.status == 200 && page.header("set-cookie") == nil)
        #expect(String(decoding: page.body, as: UTF8.self).contains("data-session=\"\(parts[0])\""))
        // The secret is not in the page nor in the API's answers.
        #expect(!String(decoding: page.body, as: UTF8.self).contains(String(parts[1])))
        #expect(!String(decoding: SecurityTests.get(app, "/api/v1/sessions/\(parts[0])").body, as: UTF8.self).contains(String(parts[1])))
    }

    /// A session's page through the API (what `segue test` opens), for whoever has its id.
    @Test func theAPIServesASessionsPageByID() throws {
        let app = try SecurityTests.app()
        let created = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", body: Array("{}".utf8)))
        let id = try #require(String(decoding: created.body, as: UTF8.self).firstMatch(of: /"id":"([0-9a-f]+)"/).map { String($0.1) })
        let page = SecurityTests.get(app, "/api/v1/sessions/\(id)/page/ui/mailNav(mailboxes,inbox)")
        #expect(page.status == 200 && page.header("set-cookie") == nil)
        #expect(String(decoding: page.body, as: UTF8.self).contains("data-session=\"\(id)\""))
        #expect(String(decoding: SecurityTests.get(app, "/api/v1/sessions/\(id)").body, as: UTF8.self).contains("mailNav(mailboxes,inbox)"))
    }
}

/// A form post that fails changes nothing, not even the page the session is on.
@Suite struct FailedFormPostTests {
    @Test func aFailedTapFromAnotherPageDoesNotMoveTheSession() throws {
        let app = try SecurityTests.app()
        let started = try SecurityTests.start(app)
        let page = SecurityTests.get(app, started.url, headers: [("cookie", started.cookie)])
        let csrf = try #require(String(decoding: page.body, as: UTF8.self).firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let id = String(started.cookie.dropFirst("segue_session=".count).prefix { $0 != "." })
        let before = String(decoding: SecurityTests.get(app, "/api/v1/sessions/\(id)").body, as: UTF8.self)
        // Posted from an older page (the inbox, as after browser back and forward), naming no element there.
        let body = "csrf=\(csrf)&url=/ui/mailNav(mailboxes,inbox)&element=noSuchElement"
        let tap = app.respond(to: HTTPRequest(method: .POST, path: "/tap", headers: [("cookie", started.cookie), ("host", "127.0.0.1:8080")], body: Array(body.utf8)))
        #expect(tap.status == 404)
        let after = String(decoding: SecurityTests.get(app, "/api/v1/sessions/\(id)").body, as: UTF8.self)
        #expect(after.contains(#""url":"/ui/mailNav(mailboxes)""#) && after.contains(#""version":0"#))
        #expect(after == before)
        #expect(try app.storage.load(session: id)?.steps == [])
    }
}
