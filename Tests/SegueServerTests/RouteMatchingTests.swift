import Testing
@testable import SegueServer

/// Paths split into segments and matched to the route table.
@Suite("Route matching")
struct RouteMatchingTests {
    @Test("segments are the non-empty parts between slashes, in any script")
    func segments() {
        #expect(SegueApp.pathSegments("/api/v1/sessions/abc/actions") == ["api", "v1", "sessions", "abc", "actions"])
        #expect(SegueApp.pathSegments("//a//b/") == ["a", "b"])
        #expect(SegueApp.pathSegments("") == [])
        #expect(SegueApp.pathSegments("/") == [])
        #expect(SegueApp.pathSegments("/scènes/日本/🙂x") == ["scènes", "日本", "🙂x"])
    }

    @Test("a session path finds its route; a malformed session segment is named")
    func sessionRoutes() throws {
        let id = String(repeating: "ab", count: 16)
        let found = try #require(RouteTable.find("/api/v1/sessions/\(id)/actions"))
        #expect(found.match.route.template == "/api/v1/sessions/{id}/actions")
        #expect(found.match.parameter == id)
        #expect(found.malformedSession == nil)
        let malformed = try #require(RouteTable.find("/api/v1/sessions/NOT-AN-ID/actions"))
        #expect(malformed.malformedSession == "NOT-AN-ID")
        #expect(RouteTable.find("/healthz")?.match.route.template == "/healthz")
        #expect(RouteTable.find("/ui/anything(here)")?.match.route.template == "/ui/*")
        #expect(RouteTable.find("/api/v1/sessions/\(id)/nothing") == nil)
    }

    @Test("literal segments match byte for byte: a difference in case or in one non-ASCII character is another path")
    func literalSegments() {
        let id = String(repeating: "ab", count: 16)
        #expect(RouteTable.find("/api/v1/sessions/\(id)/actions") != nil)
        for path in ["/API/v1/sessions/\(id)/actions", "/api/v1/Sessions/\(id)/actions", "/api/v1/sessions/\(id)/actionS",
                     "/api/v1/sessiöns/\(id)/actions", "/api/v1/sessions/\(id)/actioñs", "/api/v1/sessions/\(id)/actions\u{301}",
                     "/api/v1/sessions/\(id)/action", "/api/v1/sessions/\(id)/actionss", "/ap/v1/sessions/\(id)/actions"] {
            #expect(RouteTable.find(path) == nil, "\(path)")
        }
    }

    @Test("empty segments are skipped; the parts are the path's non-empty segments")
    func emptySegments() throws {
        let id = String(repeating: "0f", count: 16)
        let found = try #require(RouteTable.find("//api/v1//sessions/\(id)/actions/"))
        #expect(found.match.route.template == "/api/v1/sessions/{id}/actions")
        #expect(found.match.parts == ["api", "v1", "sessions", id[...], "actions"])
        #expect(found.match.parameter == id)
        let page = try #require(RouteTable.find("/api/v1/sessions/\(id)/page/a//b"))
        #expect(page.match.route.template == "/api/v1/sessions/{id}/page/*")
        #expect(page.match.parts == ["api", "v1", "sessions", id[...], "page", "a", "b"])
        #expect(RouteTable.find("/api/v1/sessions/\(id)/page/") == nil)
        let dev = try #require(RouteTable.find("/dev/Not-An-Id/new"))
        #expect(dev.match.route.template == "/dev/{id}/new")
        #expect(dev.malformedSession == "Not-An-Id")
        #expect(RouteTable.find("/scenes/日本")?.match.parameter == "日本")
    }

    @Test("prefix routes take every path under their prefix, and only those")
    func prefixRoutes() {
        #expect(RouteTable.find("/ui/")?.match.route.template == "/ui/*")
        #expect(RouteTable.find("/ui/scènes/x")?.match.route.template == "/ui/*")
        #expect(RouteTable.find("/public/app.css")?.match.route.template == "/public/*")
        #expect(RouteTable.find("/assets/abc/icon.png")?.match.route.template == "/assets/*")
        #expect(RouteTable.find("/ui/x")?.match.parts == [])
        for path in ["/ui", "/UI/x", "/uı/x", "/publicx/app.css", "/u", ""] {
            #expect(RouteTable.find(path) == nil, "\(path)")
        }
        // A combining mark after the prefix's `/` joins it into another character: no prefix.
        #expect(RouteTable.find("/ui/\u{301}x") == nil)
    }
}
