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

    /// The non-empty `/`-separated segments of a path, split on the bytes (a Character-wise split
    /// cost more than the rest of routing): found in the string's contiguous UTF-8 where it has it,
    /// with no index walk per byte.
    static func pathSegments(_ path: String) -> [Substring] {
        var segments: [Substring] = []
        segments.reserveCapacity(6)
        let utf8 = path.utf8
        let split: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "/") {
                if start != i {
                    // `/` is ASCII: offsets next to it are character boundaries.
                    segments.append(path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: i)])
                }
                start = i + 1
            }
        }
        guard split == nil else { return segments }
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: "/") {
                if start != i { segments.append(path[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { segments.append(path[start...]) }
        return segments
    }
}
