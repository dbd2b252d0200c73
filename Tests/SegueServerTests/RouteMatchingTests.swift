import Testing
@testable import SegueServer

/// Paths split into segments and matched to the route table.
@Suite("Route matching")
struct RouteMatchingTests {
    /// The texts of a path's stored segments, and how many it has.
    func segments(_ path: String) -> (texts: [String], count: Int) {
        var bytes = path
        return bytes.withUTF8 { utf8 in
            let found = PathSegments(path, utf8)
            return ((0..<min(found.count, PathSegments.stored)).map(found.string(of:)), found.count)
        }
    }

    @Test("segments are the non-empty parts between slashes, in any script; the first eight are kept")
    func segmentsOfPaths() {
        #expect(segments("/api/v1/sessions/abc/actions").texts == ["api", "v1", "sessions", "abc", "actions"])
        #expect(segments("//a//b/").texts == ["a", "b"])
        #expect(segments("").count == 0)
        #expect(segments("/").count == 0)
        #expect(segments("/scènes/日本/🙂x").texts == ["scènes", "日本", "🙂x"])
        let long = segments("/1/2/3/4/5/6/7/8/9/10")
        #expect(long.count == 10)
        #expect(long.texts == ["1", "2", "3", "4", "5", "6", "7", "8"])
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
        #expect(RouteTable.find("/api/v1/sessions/日本/actions")?.malformedSession == "日本")
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
        #expect(found.match.parameter == id)
        let page = try #require(RouteTable.find("/api/v1/sessions/\(id)/page/a//b"))
        #expect(page.match.route.template == "/api/v1/sessions/{id}/page/*")
        #expect(page.match.parameter == id)
        let deep = try #require(RouteTable.find("/api/v1/sessions/\(id)/page/a/b/c/d/e/f/g"))
        #expect(deep.match.route.template == "/api/v1/sessions/{id}/page/*")
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
        #expect(RouteTable.find("/ui/x")?.match.parameter == "")
        for path in ["/ui", "/UI/x", "/uı/x", "/publicx/app.css", "/u", ""] {
            #expect(RouteTable.find(path) == nil, "\(path)")
        }
        // A combining mark after the prefix's `/` joins it into another character: no prefix.
        #expect(RouteTable.find("/ui/\u{301}x") == nil)
        // Any other character after it, ASCII or not, leaves the prefix whole.
        #expect(RouteTable.find("/ui/日本")?.match.route.template == "/ui/*")
    }

    @Test("routing on bytes agrees with matching split strings on thousands of generated paths")
    func agreesWithStringMatching() {
        let id = String(repeating: "9a", count: 16)
        let pieces = ["/", "/", "/", "api", "v1", "sessions", id, "actions", "events", "stream", "page", "test", "ui",
                      "public", "assets", "dev", "new", "scenes", "admin", "x", "é", "e\u{301}", "\u{301}", "日本", "%2F"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let starts = ["/", "/ui/", "/public/", "/api/v1/sessions/", "/api/v1/sessions/\(id)/", "/dev/"]
        for _ in 0..<4000 {
            var path = starts[next(starts.count)]
            for _ in 0..<next(14) { path += pieces[next(pieces.count)] }
            let found = RouteTable.find(path)
            let expected = Self.matchedAsStrings(path)
            #expect(found?.match.route.template == expected?.template, "\(path)")
            #expect(found?.match.parameter == expected?.parameter, "\(path)")
            #expect(found?.malformedSession == expected?.malformed, "\(path)")
        }
    }

    /// The route of `path` found the plain way: the literal table, `hasPrefix`, then the path
    /// split into substrings and each segment compared as a string.
    static func matchedAsStrings(_ path: String) -> (template: String, parameter: String, malformed: Substring?)? {
        let tables = RouteTable.tables
        if let route = tables.exact[path] { return (route.template, "", nil) }
        if let route = tables.prefixed.first(where: { path.hasPrefix($0.prefix!) }) { return (route.template, "", nil) }
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
        for route in tables.parametric {
            let segments = route.segments
            guard route.endsInRest ? parts.count >= segments.count : parts.count == segments.count else { continue }
            var parameter: String?, malformed: Substring?, fits = true
            for (segment, part) in zip(segments, parts) {
                switch segment {
                case .literal(let text): fits = fits && part == text
                case .session:
                    parameter = parameter ?? String(part)
                    if !RandomToken.isWellFormed(part) { malformed = part }
                case .name: parameter = parameter ?? String(part)
                case .rest: break
                }
            }
            if fits { return (route.template, parameter ?? "", malformed) }
        }
        return nil
    }
}
