import Foundation
import SegueCore

/// The cookies a browser keeps for one server: what `Set-Cookie` answers set, sent back with the
/// next requests of the same ``SegueClient/request(_:_:json:form:headers:cookies:follow:)`` calls.
public final class CookieJar: @unchecked Sendable {
    private let lock = NSLock()
    private var cookies: [String: String] = [:]

    public init() {}

    /// The value of the cookie `name`, if set.
    public subscript(name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return cookies[name]
    }

    /// The `Cookie` header value, nil when empty.
    var header: String? {
        lock.lock()
        defer { lock.unlock() }
        return cookies.isEmpty ? nil : cookies.keys.sorted().map { "\($0)=\(cookies[$0]!)" }.joined(separator: "; ")
    }

    /// Keeps the cookies of every `Set-Cookie` header of `response`.
    func take(from response: TestResponse) {
        for (name, value) in response.headers where name.lowercased() == "set-cookie" {
            let pair = value.split(separator: ";", maxSplits: 1).first ?? ""
            guard let eq = pair.firstIndex(of: "=") else { continue }
            let key = pair[..<eq].trimmingCharacters(in: .whitespaces)
            let cookie = pair[pair.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            lock.lock()
            if value.lowercased().contains("max-age=0") { cookies[key] = nil } else { cookies[key] = cookie }
            lock.unlock()
        }
    }
}

extension SegueClient {
    /// One request as a browser or a script sends it.
    ///
    /// - `target` is a path with an optional query (`/ui/…`, `/api/v1/sessions/ID/events?after=3`)
    ///   or a full URL of this server (what ``TestResponse/url`` answers).
    /// - `json` is sent as `application/json`; `form` as a urlencoded form post with an `Origin`
    ///   header naming this server, as browsers send (give your own `Origin` in `headers` to
    ///   play another site).
    /// - `cookies` sends the jar's cookies and keeps those the answers set.
    /// - `follow` follows redirects as a browser does (a 303 becomes a GET), at most ten.
    public func request(_ method: String = "GET", _ target: String, json: String? = nil, form: [(String, String)]? = nil,
                        headers: [(String, String)] = [], cookies: CookieJar? = nil, follow: Bool = false) throws -> TestResponse {
        var method = method
        var target = target
        var body: [UInt8] = json.map { Array($0.utf8) } ?? []
        var extra = headers
        if json != nil, !extra.contains(where: { $0.0.lowercased() == "content-type" }) { extra.append(("Content-Type", "application/json")) }
        if let form {
            body = Array(form.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&").utf8)
            extra.append(("Content-Type", "application/x-www-form-urlencoded"))
            if !extra.contains(where: { $0.0.lowercased() == "origin" }) { extra.append(("Origin", transport.origin)) }
        }
        for _ in 0...10 {
            let origin = transport.origin
            if target.hasPrefix(origin) { target = String(target.dropFirst(origin.count)) }
            if target.isEmpty { target = "/" }
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var sent = extra
            if let cookie = cookies?.header { sent.append(("Cookie", cookie)) }
            var response = try transport.send(TestRequest(method: method, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
                                                          headers: sent.map { (name: $0.0, value: $0.1) }, body: body))
            cookies?.take(from: response)
            response.url = origin + target
            guard follow, [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") else { return response }
            if response.status != 307 && response.status != 308 {
                // Browsers turn a redirected form post into a GET without a body.
                method = method == "HEAD" ? "HEAD" : "GET"
                body = []
                extra.removeAll { ["content-type", "origin"].contains($0.0.lowercased()) }
            }
            target = location
        }
        throw TransportError("\(target): more than ten redirects")
    }

    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
