import SegueCore
import SegueFlowFiles
import SegueHTTP
import Testing
@testable import SegueServer

/// A new session's first page is laid out for the browser's window, learned from its client
/// hints (or the cookie viewport.js leaves), and nothing hides the page while it is drawn.
@Suite struct FirstPaintTests {
    @Test func pagesAskForTheViewportHintsBeforeTheFirstPaint() throws {
        let app = try SecurityTests.app()
        let (cookie, _, url) = try SecurityTests.start(app)
        let page = SecurityTests.get(app, url, headers: [("cookie", cookie)])
        #expect(page.header("accept-ch") == "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height")
        #expect(page.header("critical-ch") == "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height")
    }

    @Test func aNewSessionTakesTheWindowFromItsClientHints() throws {
        let app = try SecurityTests.app()
        // The hints win over an older cookie; a malformed hint falls back to the cookie.
        let hinted = try SecurityTests.start(app, headers: [("sec-ch-viewport-width", "1024"), ("sec-ch-viewport-height", "768"),
                                                            ("cookie", "segue-viewport=390x844")])
        let pad = String(decoding: SecurityTests.get(app, hinted.url, headers: [("cookie", hinted.cookie)]).body, as: UTF8.self)
        #expect(pad.contains("idiom-pad") && pad.contains("data-viewport=\"1024x768\""))
        let malformed = try SecurityTests.start(app, headers: [("sec-ch-viewport-width", "wide"), ("sec-ch-viewport-height", "768"),
                                                               ("cookie", "segue-viewport=390x844")])
        let phone = String(decoding: SecurityTests.get(app, malformed.url, headers: [("cookie", malformed.cookie)]).body, as: UTF8.self)
        #expect(phone.contains("idiom-phone") && phone.contains("data-viewport=\"390x844\""))
    }

    @Test func aScreenWithNothingToTapPointsToTheScenesAndTheMap() throws {
        let storyboard = try FlowFileLoader.parse("""
        initialViewController: launch
        scenes:
          launch: {view: [{label: {text: Welcome}}]}
          other: {title: Other}
        """, fileName: "launch.yaml", format: .yaml)
        let app = SegueApp(storyboard: storyboard, assets: StaticAssets(directory: nil), logger: silentLogger)
        let (cookie, _, url) = try SecurityTests.start(app)
        let page = String(decoding: SecurityTests.get(app, url, headers: [("cookie", cookie)]).body, as: UTF8.self)
        #expect(page.contains("<a href=\"/scenes\">scenes list</a>") && page.contains("<a href=\"/map\">map</a>"))
        // A screen with something to tap says nothing of the kind.
        let mail = try SecurityTests.app()
        let start = try SecurityTests.start(mail)
        #expect(!String(decoding: SecurityTests.get(mail, start.url, headers: [("cookie", start.cookie)]).body, as: UTF8.self).contains("dead-end"))
    }
}
