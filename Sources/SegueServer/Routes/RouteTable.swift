import SegueAssets
import SegueCore
import SegueHTML
import SegueHTTP

/// The server's routes, written once: what each path takes and what answers it. Routing
/// (``SegueApp/route(_:)``), the methods a path allows (a 405 and its `Allow` header) and the
/// paths of the OpenAPI document (``OpenAPIDocument``) are all read from ``RouteTable/routes``.
/// A class: matching a path hands a route around, and a reference is retained once where a copy
/// of the struct retained each of its fields.
final class Route: Sendable {
    /// One `/`-separated part of a route's path.
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// `{id}`: a session id (32 lowercase hex digits); any other text answers 404 `unknown_session`.
        case session
        /// `{name}`: any one segment.
        case name
        /// `*` (last): one segment or more, the rest of the path.
        case rest
    }

    /// How a request is answered when its method is not one the route takes.
    enum Refusal: Sendable {
        /// 405, an HTML error page: "this method is not allowed here".
        case page
        /// 405, a JSON error: "this method is not allowed here".
        case json
        /// 405, a JSON error naming the route: "use GET /api/v1/flow".
        case use
        /// 405, a JSON error naming the request: "PUT is not allowed on /api/v1/sessions/…".
        case naming
        /// 405 with no body (static files).
        case bare
        /// 404 `unknown_route` (the admin API does not say what it has).
        case hidden
    }

    /// What a method does on the route. `GET` also answers `HEAD`.
    struct Operation: Sendable {
        /// Nil: every method.
        let method: HTTPMethod?
        let handle: @Sendable (SegueApp, HTTPRequest, RouteMatch) throws(ActionError) -> HTTPResponse
        /// The OpenAPI operation object (nil: the route is not in the document).
        let openAPI: String?

        init(_ method: HTTPMethod?, openAPI: String? = nil,
             _ handle: @escaping @Sendable (SegueApp, HTTPRequest, RouteMatch) throws(ActionError) -> HTTPResponse) {
            self.method = method
            self.handle = handle
            self.openAPI = openAPI
        }

        func takes(_ method: HTTPMethod) -> Bool { self.method == nil || self.method == method || (self.method == .GET && method == .HEAD) }
    }

    /// The path as written in the table and the OpenAPI document (`/api/v1/sessions/{id}`).
    let template: String
    let segments: [Segment]
    let operations: [Operation]
    let refusal: Refusal
    /// OpenAPI parameters beyond the session id (query and header parameters).
    let parameters: [String]
    /// A route of literals and `*`: it matches every path with this prefix (`/ui/`).
    let prefix: String?
    /// The prefix's UTF-8 (ASCII: every route is).
    let prefixBytes: [UInt8]?
    /// Each literal segment's UTF-8, by segment (empty for the others), compared with a path's.
    let literalBytes: [[UInt8]]
    /// The last segment is `*`: the route takes more parts than it has segments.
    let endsInRest: Bool

    init(_ template: String, _ refusal: Refusal, parameters: [String] = [], _ operations: Operation...) {
        self.template = template
        self.segments = template.split(separator: "/").map { part in
            switch part {
            case "{id}": .session
            case "{name}": .name
            case "*": .rest
            default: .literal(String(part))
            }
        }
        self.operations = operations
        self.refusal = refusal
        self.parameters = parameters
        let literals = segments.dropLast().allSatisfy { if case .literal = $0 { true } else { false } }
        endsInRest = segments.last == .rest
        prefix = endsInRest && literals ? String(template.dropLast()) : nil
        prefixBytes = prefix.map { Array($0.utf8) }
        literalBytes = segments.map { if case .literal(let text) = $0 { Array(text.utf8) } else { [] } }
        precondition(template.allSatisfy(\.isASCII) && segments.count <= PathSegments.stored,
                     "route \(template): ASCII, at most \(PathSegments.stored) segments")
    }

    /// Errors of this route's handlers are written as JSON (else as an HTML page).
    var answersJSON: Bool { refusal != .page && refusal != .bare }

    /// The `Allow` header of a 405.
    var allow: String {
        operations.flatMap { $0.method == .GET ? ["GET", "HEAD"] : [$0.method?.rawValue ?? "*"] }.joined(separator: ", ")
    }

    /// The match of a path whose segments are `path`, or nil when the route's shape does not fit
    /// them; `malformedSession` when it fits but with a session segment that is no session id.
    /// Literal segments are compared byte for byte (a difference in case or in one non-ASCII
    /// character is another path).
    func match(_ path: PathSegments) -> (match: RouteMatch, malformedSession: Substring?)? {
        guard endsInRest ? path.count >= segments.count : path.count == segments.count else { return nil }
        var parameter: Int?
        var malformed: Int?
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal:
                if !path.segment(index, equals: literalBytes[index]) { return nil }
            case .session:
                parameter = parameter ?? index
                if !RandomToken.isWellFormed(bytes: path.bytes(of: index)) { malformed = index }
            case .name:
                parameter = parameter ?? index
            case .rest:
                break
            }
        }
        let found = RouteMatch(route: self, parameter: parameter.map(path.string(of:)) ?? "")
        return (found, malformed.map(path.substring(of:)))
    }

    /// Whether `path` starts with this route's prefix. Compared on the bytes; past an ASCII
    /// prefix, only a non-ASCII character can join the prefix's last one into another character
    /// (`/ui/` and a combining mark), so the string comparison decides only then.
    func isPrefix(of path: PathSegments) -> Bool {
        guard let prefix, let prefixBytes else { return false }
        let bytes = path.utf8
        guard bytes.count >= prefixBytes.count,
              PathSegments.same(UnsafeBufferPointer(rebasing: bytes[..<prefixBytes.count]), prefixBytes) else { return false }
        return bytes.count == prefixBytes.count || bytes[prefixBytes.count] < 0x80 || path.string.hasPrefix(prefix)
    }
}

/// A request's path matched to a route.
struct RouteMatch: Sendable {
    let route: Route
    /// The `{id}` or `{name}` segment ("" when the route has neither).
    let parameter: String
}

enum RouteTable {
    /// The route of a path, or nil; `malformedSession` names a session segment that is no id.
    static func find(_ path: String) -> (match: RouteMatch, malformedSession: Substring?)? {
        let tables = self.tables
        // A path longer than every literal route is not hashed at all.
        if path.utf8.count <= tables.longestExactPath, let route = tables.exact[path] {
            return (RouteMatch(route: route, parameter: ""), nil)
        }
        if let found = path.utf8.withContiguousStorageIfAvailable({ tables.match(PathSegments(path, $0)) }) { return found }
        var contiguous = path
        return contiguous.withUTF8 { tables.match(PathSegments(path, $0)) }
    }

    /// Every route. The documented ones come first, in the OpenAPI document's order.
    static let routes: [Route] = api + pages + admin

    /// The routes sorted the ways routing reads them, made once: a request checks that they
    /// are made once, not once for each kind.
    static let tables = Tables(routes)

    final class Tables: Sendable {
        /// The routes of literals only, by path (matched as written: `/tap/` is not `/tap`).
        let exact: [String: Route]
        let longestExactPath: Int
        /// The routes of literals and a last `*` (`/ui/*`): every path under their prefix.
        let prefixed: [Route]
        /// The routes with a `{id}` or `{name}` segment, matched segment by segment.
        let parametric: [Route]

        init(_ routes: [Route]) {
            let literalOnly = routes.filter { $0.segments.allSatisfy { if case .literal = $0 { true } else { false } } }
            exact = Dictionary(literalOnly.map { route in
                ("/" + route.segments.map { if case .literal(let s) = $0 { s } else { "" } }.joined(separator: "/"), route)
            }, uniquingKeysWith: { first, _ in first })
            longestExactPath = exact.keys.map(\.utf8.count).max() ?? 0
            prefixed = routes.filter { $0.prefix != nil }
            parametric = routes.filter { route in
                route.prefix == nil && route.segments.contains { if case .literal = $0 { false } else { true } }
            }
        }

        func match(_ path: PathSegments) -> (match: RouteMatch, malformedSession: Substring?)? {
            for route in prefixed where route.isPrefix(of: path) { return (RouteMatch(route: route, parameter: ""), nil) }
            for route in parametric {
                if let found = route.match(path) { return found }
            }
            return nil
        }
    }

    static let api: [Route] = [
        Route("/api/v1/sessions", .use, .init(.POST, openAPI: OpenAPIDocument.createSession) { app, request, _ throws(ActionError) in try app.createSession(request) }),
        Route("/api/v1/sessions/{id}", .naming,
              .init(.GET, openAPI: OpenAPIDocument.getState) { app, _, match throws(ActionError) in try app.state(match.parameter) },
              .init(.DELETE, openAPI: OpenAPIDocument.deleteSession) { app, _, match throws(ActionError) in try app.deleteSession(match.parameter) }),
        Route("/api/v1/sessions/{id}/actions", .naming,
              .init(.POST, openAPI: OpenAPIDocument.performAction) { app, request, match throws(ActionError) in try app.action(request, id: match.parameter) }),
        Route("/api/v1/sessions/{id}/events", .naming, parameters: [OpenAPIDocument.afterParameter],
              .init(.GET, openAPI: OpenAPIDocument.getEvents) { app, request, match throws(ActionError) in try app.events(request, id: match.parameter) }),
        Route("/api/v1/sessions/{id}/events/stream", .naming, parameters: [OpenAPIDocument.afterParameter, OpenAPIDocument.lastEventIDParameter],
              .init(.GET, openAPI: OpenAPIDocument.streamEvents) { app, request, match throws(ActionError) in try app.eventStream(request, id: match.parameter) }),
        Route("/api/v1/sessions/{id}/test", .naming, parameters: [OpenAPIDocument.recordedTestFolderParameter],
              .init(.GET, openAPI: OpenAPIDocument.getRecordedTest) { app, request, match throws(ActionError) in
                  try app.recordedTest(match.parameter, savedIn: request.queryValue("dir"))
              }),
        Route("/api/v1/scenes", .use, .init(.GET, openAPI: OpenAPIDocument.listScenes) { app, _, _ in app.json(app.scenesJSON()) }),
        Route("/api/v1/flow", .use, .init(.GET, openAPI: OpenAPIDocument.getFlow) { app, _, _ in app.flowStatusAnswer() }),
        Route("/api/v1/openapi.json", .use, .init(.GET, openAPI: OpenAPIDocument.getOpenAPI) { app, _, _ in app.json(OpenAPIDocument.json) }),
        Route("/tap", .page, .init(.POST, openAPI: OpenAPIDocument.tapForm) { app, request, _ in app.tap(request) }),
        Route("/traits", .json, .init(.POST, openAPI: OpenAPIDocument.reportViewport) { app, request, _ in app.reportTraits(request) }),
        Route("/interactive", .json, .init(.POST) { app, request, _ in app.interactive(request) }),
        Route("/api/v1/sessions/{id}/page/*", .page, .init(.GET) { app, request, match in app.sessionPage(request, id: match.parameter) }),
    ]

    static let pages: [Route] = [
        Route("/healthz", .bare, .init(nil) { _, _, _ in .text("ok\n") }),
        Route("/", .page, .init(.GET) { app, request, _ in app.start(request) }),
        Route("/ui/*", .page, .init(.GET) { app, request, _ in app.page(request) }),
        Route("/public/*", .bare, .init(.GET) { app, request, _ in app.assets.response(for: request) }),
        Route(ResourceFiles.prefix + "*", .bare, .init(.GET) { app, request, _ in app.appAssets.response(for: request) }),
        Route("/scenes", .page, .init(.GET) { app, request, _ in app.scenesPage(request) }),
        Route("/scenes/{name}", .page, .init(.GET) { app, request, match in app.openScene(match.parameter, request) }),
        Route("/map", .page, .init(.GET) { app, request, _ in app.html(FlowMap.page(app.storyboard, assetsPath: "/public", appIcon: app.configuration.resources?.catalog.appIconURL), request) }),
        Route("/dev/{id}", .page, .init(.GET) { app, request, match throws(ActionError) in try app.developerPage(id: match.parameter, request) }),
        Route("/dev/{id}/new", .page, .init(.GET) { app, request, match throws(ActionError) in try app.developerCopy(id: match.parameter, request) }),
        Route("/dev/{id}/perform", .page, .init(.POST) { app, request, match throws(ActionError) in try app.developerForm(request, id: match.parameter) }),
        Route("/dev/{id}/traits", .page, .init(.POST) { app, request, match throws(ActionError) in try app.developerForm(request, id: match.parameter) }),
    ]

    /// The sessions admin API (``SegueApp/admin(_:)``).
    static let admin: [Route] = [
        Route("/api/v1/admin/sessions", .hidden, .init(.GET) { app, request, _ throws(ActionError) in try app.adminSessions(request) }),
        Route("/api/v1/admin/sessions/{id}", .hidden, .init(.DELETE) { app, _, match throws(ActionError) in try app.deleteSession(match.parameter) }),
        Route("/api/v1/admin/expire", .hidden, .init(.POST) { app, _, _ throws(ActionError) in try app.adminExpire() }),
        Route("/api/v1/admin/storage", .hidden, .init(.GET) { app, _, _ in app.adminStorage() }),
        Route("/api/v1/admin/evict", .hidden, .init(.POST) { app, _, _ in app.adminEvict() }),
    ]
}
