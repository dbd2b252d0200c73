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
}
