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
/// host; `on` serves it everywhere (put your own authentication in front).
extension SegueApp {
    var adminEnabled: Bool {
        switch configuration.admin {
        case .off: false
        case .on: true
        case .loopback:
            configuration.listenHost.hasPrefix("127.") || configuration.listenHost == "::1" || configuration.listenHost == "localhost"
        }
    }

    func admin(_ request: HTTPRequest) -> HTTPResponse {
        guard adminEnabled else { return jsonError(ActionError(.unknownRoute, "no API route \(request.path)")) }
        let parts = Self.pathSegments(request.path).map(String.init)  // api v1 admin …
        do throws(ActionError) {
            switch (request.method, Array(parts.dropFirst(3))) {
            case (.GET, ["sessions"]):
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
            case (.DELETE, let rest) where rest.count == 2 && rest[0] == "sessions":
                guard RandomToken.isWellFormed(rest[1]) else { throw ActionError(.unknownSession, "no session '\(rest[1])'") }
                return try deleteSession(rest[1])
            case (.POST, ["expire"]):
                let n: Int
                do { n = try expireStoredSessions() } catch { throw storageError(error, id: "-") }
                store.expire(idleLongerThan: configuration.sessionIdleTimeout)
                return json(Array("{\"expired\":\(n)}".utf8))
            case (.GET, ["storage"]):
                var w = JSONWriter(capacity: 64)
                w.beginObject()
                w.key("roundTrips")
                if let n = storage.roundTrips { w.int(n) } else { w.null() }
                w.endObject()
                return json(w.bytes)
            case (.POST, ["evict"]):
                let n = evictIdle(Int.max, idleAtLeast: .zero)
                return json(Array("{\"evicted\":\(n)}".utf8))
            default:
                throw ActionError(.unknownRoute, "no admin route \(request.methodString) \(request.path)")
            }
        } catch {
            return jsonError(error)
        }
    }
}
