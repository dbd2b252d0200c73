import Foundation
import SegueCore
import SegueHTTP

/// Answering a request from ``RouteTable``: the route of its path, the operation of its method
/// (else the route's refusal, with `Allow`), and its handler's errors written as the route
/// answers (a JSON error or an HTML error page).
extension SegueApp {
    func route(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/api/v1/admin/"), let refusal = adminGate(request) { return refusal }
        guard let (match, malformedSession) = RouteTable.find(path) else {
            if let mounted = mounts.withLock({ $0[path] }) { return respond(request, with: mounted) }
            return unknownRoute(request)
        }
        let route = match.route
        if let malformedSession {
            let error = ActionError(.unknownSession, "no session '\(malformedSession)'")
            return route.template.hasPrefix("/api/") ? jsonError(error) : errorPage(error)
        }
        guard let operation = route.operations.first(where: { $0.takes(request.method) }) else {
            return refuse(request, route)
        }
        do throws(ActionError) {
            return try operation.handle(self, request, match)
        } catch {
            return route.answersJSON ? jsonError(error) : errorPage(error)
        }
    }

    /// A path no route has: a JSON 404 under `/api/`, else an error page.
    func unknownRoute(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/api/v1/admin/") {
            return jsonError(ActionError(.unknownRoute, "no admin route \(request.methodString) \(path)"))
        }
        if path.hasPrefix("/api/") { return jsonError(ActionError(.unknownRoute, "no API route \(path)")) }
        return errorPage(ActionError(.unknownRoute, "there is nothing at \(path)"))
    }

    /// A method the route does not take: 405 with the methods it does (RFC 9110 §15.5.6), as the
    /// route's ``Route/Refusal`` says.
    func refuse(_ request: HTTPRequest, _ route: Route) -> HTTPResponse {
        let here = ActionError(.methodNotAllowed, "this method is not allowed here")
        var response: HTTPResponse
        switch route.refusal {
        case .page: response = errorPage(here)
        case .json: response = jsonError(here)
        case .use: response = jsonError(ActionError(.methodNotAllowed, "use \(route.operations[0].method?.rawValue ?? "") \(route.template)"))
        case .naming: response = jsonError(ActionError(.methodNotAllowed, "\(request.methodString) is not allowed on \(request.path)"))
        case .bare: response = HTTPResponse(status: 405)
        case .hidden: return unknownRoute(request)
        }
        response.headers.append(("Allow", route.allow))
        return response
    }
}

/// A path's non-empty `/`-separated segments, found on its UTF-8 bytes (a Character-wise split
/// cost more than the rest of routing) without making a string of each: how many there are and
/// where the first ``stored`` lie. Routes have at most that many segments, so a path with more
/// can only match a route ending in `*`, which reads no further. Lives only as long as the bytes
/// it points into (``RouteTable/find(_:)``'s closure).
struct PathSegments {
    static let stored = 8

    /// The path, for what is taken out of it as text.
    let string: String
    let utf8: UnsafeBufferPointer<UInt8>
    /// How many non-empty segments the path has (all of them, not only those stored).
    private(set) var count = 0
    private var starts = InlineArray<8, Int>(repeating: 0)
    private var ends = InlineArray<8, Int>(repeating: 0)

    init(_ string: String, _ utf8: UnsafeBufferPointer<UInt8>) {
        self.string = string
        self.utf8 = utf8
        var start = 0
        for i in 0...utf8.count where i == utf8.count || utf8[i] == UInt8(ascii: "/") {
            if start != i {
                if count < Self.stored {
                    starts[count] = start
                    ends[count] = i
                }
                count += 1
            }
            start = i + 1
        }
    }

    /// The bytes of segment `index` (one of the first ``stored``).
    func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: utf8[starts[index]..<ends[index]])
    }

    /// Whether segment `index` is `text`, byte for byte.
    func segment(_ index: Int, equals text: [UInt8]) -> Bool {
        Self.same(bytes(of: index), text)
    }

    /// Whether two runs of bytes are the same.
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ other: [UInt8]) -> Bool {
        bytes.count == other.count && other.withUnsafeBufferPointer { o in
            o.count == 0 || memcmp(o.baseAddress!, bytes.baseAddress!, o.count) == 0
        }
    }

    func string(of index: Int) -> String {
        String(decoding: bytes(of: index), as: UTF8.self)
    }

    /// Segment `index` as part of the path (`/` is ASCII: offsets next to it are character
    /// boundaries).
    func substring(of index: Int) -> Substring {
        let view = string.utf8
        return string[view.index(view.startIndex, offsetBy: starts[index])..<view.index(view.startIndex, offsetBy: ends[index])]
    }
}
