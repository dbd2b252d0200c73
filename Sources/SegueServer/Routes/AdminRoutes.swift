import SegueCore
import SegueHTTP
import SegueJSON

/// The sessions admin API (off by default):
///
/// - `GET /api/v1/admin/sessions?limit=N`: 200 `{"sessions": [{"id", "steps", "updatedAt", "live",
///   "quarantined"}]}`, most recently written first.
/// - `DELETE /api/v1/admin/sessions/ID`: 204 (also clears a quarantined session).
/// - `POST /api/v1/admin/expire`: 200 `{"expired": N}`, runs expiry now.
/// - `POST /api/v1/admin/evict`: 200 `{"evicted": N}`, drops every idle live session from memory.
/// - `GET /api/v1/admin/storage`: 200 `{"roundTrips": N}`, the database round trips the store made
///   since it opened (`null` for a store without a database server), for benchmarks.
///
/// `Configuration.admin`: `off` answers 404; `loopback` serves it only while the listener itself is
/// bound to a loopback address (127.0.0.0/8, ::1, localhost), so it is never reachable from another
/// host, and only to requests a page of another site cannot make (``adminRefusal(_:)``); `on`
/// serves it everywhere (put your own authentication in front).
extension SegueApp {
    var adminEnabled: Bool {
        switch configuration.admin {
        case .off: false
        case .on: true
        case .loopback:
            configuration.listenHost.hasPrefix("127.") || configuration.listenHost == "::1" || configuration.listenHost == "localhost"
        }
    }

    /// What answers a request under `/api/v1/admin/` before its route: 404 when the admin API
    /// is off, 403 when a loopback admin API refuses it; nil to route it.
    func adminGate(_ request: HTTPRequest) -> HTTPResponse? {
        guard adminEnabled else { return jsonError(ActionError(.unknownRoute, "no API route \(request.path)")) }
        if configuration.admin == .loopback, let refusal = Self.adminRefusal(request) { return jsonError(refusal) }
        return nil
    }

    /// `GET /api/v1/admin/sessions?limit=N`.
    func adminSessions(_ request: HTTPRequest) throws(ActionError) -> HTTPResponse {
        let limit = request.queryValue("limit").flatMap { Int($0) }.map { min(max($0, 1), 10_000) } ?? 1000
        let rows: [StoredSessionSummary]
        do { rows = try storage.list(limit: limit) } catch { throw storageError(error, id: "-") }
        var w = JSONWriter(capacity: 256 + rows.count * 96)
        w.beginObject()
        w.key("sessions"); w.beginArray()
        for r in rows {
            w.beginObject()
            w.field("id", r.id)
            w.field("steps", r.steps)
            w.field("updatedAt", Int(r.updatedAt))
            w.key("live"); w.bool(store.session(id: r.id) != nil)
            w.field("quarantined", r.quarantined)
            w.endObject()
        }
        w.endArray()
        w.field("live", store.count)
        w.endObject()
        return json(w.bytes)
    }

    /// `POST /api/v1/admin/expire`.
    func adminExpire() throws(ActionError) -> HTTPResponse {
        let n: Int
        do { n = try expireStoredSessions() } catch { throw storageError(error, id: "-") }
        store.expire(idleLongerThan: configuration.sessionIdleTimeout)
        return json(Array("{\"expired\":\(n)}".utf8))
    }

    /// `GET /api/v1/admin/storage`.
    func adminStorage() -> HTTPResponse {
        var w = JSONWriter(capacity: 64)
        w.beginObject()
        w.key("roundTrips")
        if let n = storage.roundTrips { w.int(n) } else { w.null() }
        w.endObject()
        return json(w.bytes)
    }

    /// `POST /api/v1/admin/evict`.
    func adminEvict() -> HTTPResponse {
        let n = evictIdle(Int.max, idleAtLeast: .zero)
        return json(Array("{\"evicted\":\(n)}".utf8))
    }
}

extension SegueApp {
    /// Why a request to the loopback admin API is refused, or nil. A browser on this machine can
    /// be made to send one by any site it visits: through DNS rebinding (a name of that site
    /// resolving to 127.0.0.1, so the `Host` header names that site) or by a cross-site form or
    /// `fetch` post (which can only send `text/plain`, a form encoding, or no body at all). So
    /// `Host` must be a loopback name (`127.0.0.1`, `localhost` or `[::1]`, any port), and a
    /// `POST` must say `Content-Type: application/json`, which a page of another site cannot
    /// send without the server's leave (a CORS preflight, which this server never grants).
    static func adminRefusal(_ request: HTTPRequest) -> ActionError? {
        let hosts = request.headers.filter { $0.name.lowercased() == "host" }
        guard hosts.count == 1, isLoopbackHost(hosts[0].value) else {
            return ActionError(.forbidden, "the admin API answers only requests for 127.0.0.1, localhost or [::1]")
        }
        if request.method == .POST, !isJSONMediaType(request.header("content-type")) {
            return ActionError(.forbidden, "admin posts need Content-Type: application/json")
        }
        return nil
    }

    /// `127.0.0.1`, `localhost` or `[::1]`, with or without a port (case-insensitive).
    static func isLoopbackHost(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return false }
            return name[...close] == "[::1]"
        }
        if let colon = name.firstIndex(of: ":") {
            guard isPort(name[colon...]) else { return false }
            name = name[..<colon]
        }
        return name == "127.0.0.1" || name == "localhost"
    }

    /// `:` and 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a `Content-Type` is `application/json` (parameters such as a charset allowed).
    static func isJSONMediaType(_ value: String?) -> Bool {
        guard let value else { return false }
        let type = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return type.filter { $0 != " " && $0 != "\t" }.lowercased() == "application/json"
    }
}
