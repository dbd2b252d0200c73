// Compiled only with the `Postgres` package trait (`swift build --traits Postgres`).
#if Postgres
import Foundation
import PostgresNIO
import SegueServer

/// What a `postgres://user:password@host:port/database?lease=S&lanes=N` URL asks of the
/// PostgreSQL store: where the database is, how long an ownership lease lasts (`lease`, seconds,
/// default 3) and how many batches may be in flight (`lanes`, default 1). A URL that is not one,
/// or an option out of range or unknown, is refused with `unavailable` naming it.
struct PostgresStoreOptions {
    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var lease = Duration.seconds(3)
    var lanes = 1

    init(url: String) throws(SessionStorageError) {
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql",
              let host = parts.host, !host.isEmpty else {
            throw .unavailable("'\(url)' is not a postgres://user:password@host:port/database URL")
        }
        self.host = host
        port = parts.port ?? 5432
        username = parts.user ?? "postgres"
        password = parts.password
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        database = path.isEmpty ? nil : path
        for item in parts.queryItems ?? [] { try read(item, of: url) }
    }

    private mutating func read(_ item: URLQueryItem, of url: String) throws(SessionStorageError) {
        switch item.name {
        case "lease":
            guard let seconds = item.value.flatMap(Double.init), seconds > 0, seconds <= 3600 else {
                throw .unavailable("'lease' must be a number of seconds (0 < lease ≤ 3600) in \(url)")
            }
            lease = .milliseconds(Int64(seconds * 1000))
        case "lanes":
            guard let n = item.value.flatMap(Int.init), (1...16).contains(n) else {
                throw .unavailable("'lanes' must be 1 to 16 in \(url)")
            }
            lanes = n
        default:
            throw .unavailable("unknown option '\(item.name)' in \(url) (known: lease, lanes)")
        }
    }

    /// The connection pool's configuration: enough connections for the lanes and the blocking
    /// calls beside them, and a connect timeout of the store's timeout (at least a second).
    func clientConfiguration(timeout: Duration, maxConnections: Int) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
        configuration.options.maximumConnections = max(maxConnections, lanes + 2)
        configuration.options.connectTimeout = .seconds(Int64(max(1, timeout.components.seconds)))
        return configuration
    }
}
#endif
