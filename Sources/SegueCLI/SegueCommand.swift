import ArgumentParser
import Foundation
import Logging
import SegueAppFolder
import SegueCore
import SegueHTML
import SegueMCP
import SegueServer
import SegueStoreSQLite
#if Postgres
import SegueStorePostgres
#endif
import SegueSourceNav
import SegueStoryboard
import SegueTesting

/// `segue`: serve, check, graph and test flows.
public struct SegueCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Serve iOS-style navigation flows (flow files or Xcode storyboards) as web pages and a JSON API.",
        subcommands: [Serve.self, Check.self, Graph.self, Test.self, Infer.self, MCPCommand.self]
    )

    public init() {}

    /// Runs `segue ARGUMENTS` in this process, writing to `console`; answers the exit status the
    /// executable would exit with (usage errors print their message and usage, as it does).
    /// `serve` returns only when it fails to start: once serving it waits for SIGINT or SIGTERM.
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        Console.$current.withValue(console) {
            do {
                var command = try parseAsRoot(arguments)
                try command.run()
                return 0
            } catch {
                let message = fullMessage(for: error)
                if !message.isEmpty { console.errorLine(message) }
                return exitCode(for: error).rawValue
            }
        }
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve a flow file, a storyboard, or a directory of storyboards.")

    @Argument(help: "A flow file (.json, .yaml, .yml), an Xcode .storyboard, or a directory of storyboards.")
    var path: String

    @Option(help: "An overlay file (YAML or JSON) adding what the app's code does; default NAME.segue.yaml next to PATH when it exists.")
    var overlay: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "Session storage: a data directory for the embedded SQLite database (default ./segue-data), 'sqlite:FILE', 'memory' (lost on restart), or postgres://user:password@host:port/database (shared by several instances).")
    var store = "segue-data"

    @Option(help: "SQLite durability: normal (survives process crashes) or full (also power loss; fsync per action).")
    var sqliteSynchronous = "normal"

    @Option(help: "Sessions kept in memory; the least recently used others stay in storage until needed.")
    var maxLiveSessions = 10_000

    @Option(help: "Minutes idle before a live session leaves memory (it stays in storage).")
    var evictAfter = 10

    @Option(help: "Resident memory in MiB above which idle sessions leave memory.")
    var memoryCeiling: Int?

    @Option(help: "A session leaving memory leaves a snapshot of its state once this many steps were stored since its last one (0: never); it is rebuilt from its latest snapshot and the steps after it. Not with PostgreSQL or --watch.")
    var snapshotInterval = 32

    @Option(help: "The sessions admin API under /api/v1/admin: off, loopback (only when listening on loopback, for loopback Host names, JSON posts), or on.")
    var admin = "off"

    @Option(help: "Worker threads (default: the number of cores).")
    var threads: Int?

    @Option(help: "Sessions kept, live or only in storage. At the limit a new session first makes room (it drops sessions only viewed and idle a minute, and those idle past --session-timeout), else it is refused with 503 too_many_sessions. --max-live-sessions bounds those in memory.")
    var maxSessions = 100_000

    @Option(help: "Sessions one client address may create per minute (loopback clients are not limited; 0: no limit).")
    var sessionsPerAddress = 60

    @Option(help: "Minutes of inactivity before a session expires.")
    var sessionTimeout = 60

    @Option(help: "Largest request body in bytes.")
    var maxBody = 1 << 20

    @Option(help: "Maximum open connections.")
    var maxConnections = 1024

    @Option(help: "Maximum open connections from one client address; more get 503 (default: a quarter of --max-connections; 0: no limit). Behind a reverse proxy every connection comes from the proxy: raise it or use 0.")
    var maxConnectionsPerAddress: Int?

    @Flag(help: "Behind TLS: the session cookie is Secure and named __Host-segue_session.")
    var secureCookies = false

    @Flag(help: "Trust the proxy's X-Forwarded-Proto: requests it marks https get a Secure cookie. Only when clients reach the server through that proxy alone.")
    var trustForwardedProto = false

    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error, critical.")
    var logLevel = "info"

    @Option(help: "The folder of static assets (default: Public/ in the working directory or above the executable).")
    var publicDir: String?

    @Flag(help: "Reload the flow file or storyboards when they change: open pages follow, sessions keep what the new flow still has; a bad edit keeps the last good flow and shows its problems.")
    var watch = false

    @Option(help: "An app folder: the storyboard or nib (name without extension) to launch instead of the one its Info.plist names.")
    var main: String?

    @Option(name: .customLong("ios"), help: "The UIKit era to follow: 7 (iOS 7's rules) or 17 (modern UIKit: sheets as cards, drag to dismiss, large titles); default: what the flow's files say.")
    var iosVersion: String?

    @Option(help: "An app localized in several languages: the language of sessions whose browser asks for none the app has (default: the app's development region).")
    var locale: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let limit = maxConnectionsPerAddress, limit < 0 { throw ValidationError("--max-connections-per-address must be 0 or more") }
        // A URL of another kind is not a data directory (`bogus://x` would become a folder).
        if let scheme = store.range(of: "://"), !store.hasPrefix("postgres://"), !store.hasPrefix("postgresql://") {
            throw ValidationError("--store: unknown store '\(store[..<scheme.lowerBound])://'; use memory, a data directory, sqlite:FILE or postgres://…")
        }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        // Log lines go to the console's error stream (standard error when run as `segue`).
        let console = Console.current
        let logger = Logger(label: "segue") { label in ConsoleLogHandler(label: label, console: console, logLevel: level) }
        guard let adminAccess = SegueApp.AdminAccess(rawValue: admin) else {
            throw ValidationError("--admin must be off, loopback or on")
        }
        let (storage, storeDescription) = try openStore(logger: logger)
        let appOptions = try loadOptions()
        let storyboard = try servedStoryboard(options: appOptions, logger: logger)
        var configuration = configuration(storyboard: storyboard, logger: logger)
        configuration.app.admin = adminAccess
        configuration.app.appLoadOptions = appOptions
        let signals = ShutdownSignals.install()
        HeapPolicy.apply(for: storage)
        let service = SegueService(storyboard: storyboard, storage: storage, configuration: configuration, logger: logger)
        // The MCP tools (`segue mcp`'s) for agents, at POST /mcp.
        service.app.mount(MCPRoute(app: service.app), at: MCPRoute.path)
        do {
            try service.start()
        } catch {
            Console.current.errorLine("segue: \(error)")
            throw ExitCode(1)
        }
        // Unbuffered, so scripts reading a pipe see the line at once (`--port 0`).
        // An IPv6 address goes in brackets in a URL (`http://[::1]:8080/`).
        let urlHost = host.contains(":") ? "[\(host)]" : host
        Console.current.line("Segue serving \(storyboard.name) at http://\(urlHost):\(service.port)/ (sessions: \(storeDescription))")
        let watcher = try watchFlow(service, logger: logger)
        signals.wait()
        logger.notice("shutting down")
        watcher?.stop()
        service.stop()
    }

    /// The session store `--store` names, and how the start-up line describes it.
    func openStore(logger: Logger) throws -> (any SessionStorage, String) {
        guard let synchronous = SQLiteSessionStorage.Synchronous(rawValue: sqliteSynchronous.uppercased()) else {
            throw ValidationError("--sqlite-synchronous must be normal or full")
        }
        do {
            if store == "memory" { return (InMemorySessionStorage(), "memory (sessions end with the process)") }
            if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
                #if Postgres
                return (try PostgresSessionStorage(url: store, logger: logger), "PostgreSQL")
                #else
                throw Self.noPostgresSupport
                #endif
            }
            let file = store.hasPrefix("sqlite:") ? String(store.dropFirst(7))
                : (store.hasSuffix(".sqlite") || store.hasSuffix(".db") ? store : store + "/sessions.sqlite")
            return (try SQLiteSessionStorage(path: file, synchronous: synchronous), "SQLite \(file)")
        } catch {
            if let unavailable = error as? StoreUnavailable {
                Console.current.errorLine("segue: \(unavailable)")
                throw ExitCode(1)
            }
            // A PostgreSQL URL may carry a password: it is not written to the console.
            let shown = Self.withoutPassword(store)
            Console.current.errorLine("segue: cannot open the session store \(shown): \("\(error)".replacingOccurrences(of: store, with: shown))")
            throw ExitCode(1)
        }
    }

    /// `--main` and `--ios` as the app loader's options; an `--ios` other than 7 or 17 exits 2.
    func loadOptions() throws -> AppLoadOptions {
        var options = AppLoadOptions(main: main)
        if let iosVersion {
            guard let era = UIKitEra(name: iosVersion) else {
                Console.current.errorLine("segue: --ios \(iosVersion): expected 7 or 17")
                throw ExitCode(2)
            }
            options.era = era
        }
        return options
    }

    /// The flow to serve, refused (exit 1) when it cannot be; its launch lines, import warnings
    /// and run-time failures are logged.
    func servedStoryboard(options: AppLoadOptions, logger: Logger) throws -> Storyboard {
        let storyboard: Storyboard
        do {
            let loaded = try loadFlow(path: path, options: options, overlay: overlay)
            storyboard = FlowSource.withEra(FlowSource.servingStoryboard(loaded.storyboard), options.era)
            // What was launched and why come first.
            for line in loaded.launchLines { logger.notice("\(line)") }
        } catch {
            Console.current.errorLine(error.description)
            throw ExitCode(1)
        }
        if let problem = FlowSource.servable(storyboard) {
            Console.current.errorLine(problem.description)
            throw ExitCode(1)
        }
        // Import warnings, then what UIKit would only report when it happens (the flow serves).
        for problem in storyboard.diagnostics + StoryboardCheck.runTimeFailures(storyboard) {
            if problem.severity == .error { logger.error("\(problem.description)") } else { logger.warning("\(problem.description)") }
        }
        return storyboard
    }

    /// The service's configuration from the options.
    func configuration(storyboard: Storyboard, logger: Logger) -> SegueService.Configuration {
        var configuration = SegueService.Configuration()
        configuration.http.host = host
        configuration.http.port = port
        if let threads { configuration.http.threads = max(1, threads) }
        configuration.http.maxBodyBytes = maxBody
        configuration.http.connectionLimit = maxConnections
        configuration.http.perIPConnectionLimit = maxConnectionsPerAddress ?? max(1, maxConnections / 4)
        configuration.maxSessions = maxSessions
        configuration.app.sessionsPerAddressPerMinute = max(0, sessionsPerAddress)
        // iPad and Apple TV storyboards open at their device's size until the browser reports its own.
        if let traits = FlowSource.preferredTraits(path: path) { configuration.app.defaultTraits = traits }
        configuration.app.resources = FlowSource.resources(path: path, storyboard: storyboard, logger: logger)
        configuration.maxLiveSessions = max(1, maxLiveSessions)
        configuration.app.evictIdleAfter = .seconds(max(1, evictAfter) * 60)
        configuration.app.memoryCeilingBytes = memoryCeiling.map { $0 * 1_048_576 }
        configuration.app.snapshotInterval = max(0, snapshotInterval)
        configuration.app.secureCookies = secureCookies
        configuration.app.trustForwardedProto = trustForwardedProto
        configuration.app.sessionIdleTimeout = .seconds(sessionTimeout * 60)
        configuration.publicDirectory = publicDir
        configuration.app.flowPath = URL(fileURLWithPath: path).standardizedFileURL.path
        configuration.app.watchesFlow = watch
        configuration.app.defaultLocale = locale
        return configuration
    }

    /// With `--watch`: the flow (and its overlay) reloaded on every edit.
    func watchFlow(_ service: SegueService, logger: Logger) throws -> FlowWatcher? {
        guard watch else { return nil }
        let path = self.path
        let overlayFile = FlowSource.overlayPath(for: path, explicit: overlay)
        let watcher = FlowWatcher(path: path, alsoWatching: overlayFile.map { [$0] } ?? []) { service.reloadFlow(from: path, overlay: overlayFile) }
        do {
            try watcher.start()
            logger.notice("watching \(path) for changes")
        } catch {
            Console.current.errorLine("segue: cannot watch \(path): \(error)")
            service.stop()
            throw ExitCode(1)
        }
        return watcher
    }
}

/// Loads what a command is given; for an app folder also the lines saying what it launches and
/// why. `--main` (in `options`) only applies to an app folder.
func loadFlow(path: String, options: AppLoadOptions, overlay: String? = nil) throws(FlowSource.LoadError) -> (storyboard: Storyboard, launchLines: [String]) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
       let loaded = try FlowSource.loadAppWithCode(path: path, options: options) {
        // The app's code navigation (and the root its code builds), then its overlay.
        return (try FlowSource.applyingOverlay(to: loaded.storyboard, of: path, explicit: overlay), loaded.app.launch.logLines)
    }
    if let main = options.main {
        throw FlowSource.LoadError(diagnostics: [Diagnostic(at: nil, "--main \(main): \(path) is not an app folder (no app Info.plist in it)")])
    }
    return (try FlowSource.load(path: path, overlay: overlay), [])
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Report every problem in a flow file or storyboard, with its line. Exit status 1 on errors.")

    @Argument(help: "A flow file, a storyboard, or a directory of storyboards.")
    var path: String

    @Option(help: "An overlay file (YAML or JSON) adding what the app's code does; default NAME.segue.yaml next to PATH when it exists.")
    var overlay: String?

    @Option(help: "text (one line per problem, its code last) or json.")
    var format = "text"

    @Option(help: "An app folder: the storyboard or nib to launch instead of the one its Info.plist names.")
    var main: String?

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json") }
    }

    func run() throws {
        let storyboard: Storyboard
        do {
            storyboard = try loadFlow(path: path, options: AppLoadOptions(main: main), overlay: overlay).storyboard
        } catch {
            if format == "json" {
                Console.current.line(StoryboardCheck.json(error.diagnostics, storyboard: Storyboard(name: path, initialViewController: nil, scenes: [])))
            } else {
                for d in error.diagnostics { Console.current.line(StoryboardCheck.line(d)) }
            }
            throw ExitCode(1)
        }
        let problems = StoryboardCheck.check(storyboard)
        let errors = problems.filter { $0.severity == .error }.count
        if format == "json" {
            Console.current.line(StoryboardCheck.json(problems, storyboard: storyboard))
        } else {
            for p in problems { Console.current.line(StoryboardCheck.line(p)) }
            let scenes = storyboard.sceneOrder.count, warnings = problems.count - errors
            Console.current.line("\(storyboard.name): \(scenes) scene\(scenes == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if errors > 0 { throw ExitCode(1) }
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print scenes and segues as DOT (default), JSON, or the SVG map `/map` draws.")

    @Argument(help: "A flow file, a storyboard, or a directory of storyboards.")
    var path: String

    @Option(help: "An overlay file (YAML or JSON) adding what the app's code does; default NAME.segue.yaml next to PATH when it exists.")
    var overlay: String?

    @Option(help: "dot, json or svg.")
    var format = "dot"

    @Option(help: "An app folder: the storyboard or nib to launch instead of the one its Info.plist names.")
    var main: String?

    func run() throws {
        let storyboard: Storyboard
        do {
            storyboard = try loadFlow(path: path, options: AppLoadOptions(main: main), overlay: overlay).storyboard
        } catch {
            Console.current.errorLine(error.description)
            throw ExitCode(1)
        }
        switch format {
        case "dot": Console.current.line(StoryboardGraph.dot(storyboard))
        case "json": Console.current.line(StoryboardGraph.json(storyboard))
        // The drawing of `GET /map`, of the storyboard as `segue serve` runs it.
        case "svg": Console.current.line(String(decoding: FlowMap.svg(FlowSource.servingStoryboard(storyboard)), as: UTF8.self))
        default: throw ValidationError("--format must be dot, json or svg")
        }
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run flow tests (*.test.yaml): scripted taps with expectations, in process or against a running server.",
        discussion: "Exit status 0 when every test passes, 1 when a test fails, 2 when a test file or flow is invalid (nothing runs).")

    @Argument(help: "Test files, or folders searched for *.test.yaml.")
    var paths: [String]

    @Option(help: "The flow every test runs against, instead of each file's 'flow:'.")
    var flow: String?

    @Option(help: "With --flow: an overlay file applied to that flow (default NAME.segue.yaml next to it when it exists).")
    var overlay: String?

    @Option(help: "Write JUnit XML to this file (a testcase per test).")
    var junit: String?

    @Flag(help: "Report, per flow, the scenes shown, segues performed and elements tapped, and what no test reached.")
    var coverage = false

    @Option(help: "Write the coverage as JSON to this file.")
    var coverageJson: String?

    @Option(help: "Run over HTTP against a running `segue serve` at this URL (e.g. http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "Run only the tests whose name contains this text.")
    var filter: String?

    @Option(help: "Tests run at once (default: the number of cores).")
    var jobs: Int?

    /// Why a file cannot be written, in words (Foundation's errors name only a domain and a code).
    static func writeProblem(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) { return "\(path): the folder \(folder) does not exist" }
        if !folder.isEmpty, !isDirectory.boolValue { return "\(path): \(folder) is not a folder" }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return "\(path) is a folder" }
        return "\(path): permission denied or the disk is full"
    }

    func run() throws {
        // Test outcomes are reported from worker threads: write to this command's console.
        let console = Console.current
        let (loaded, problems) = FlowTestSuite.load(paths: paths, flow: flow, overlay: overlay, filter: filter)
        guard let suite = loaded else {
            for p in problems { console.errorLine(p.description) }
            console.errorLine("segue test: \(problems.count) problem\(problems.count == 1 ? "" : "s") in the test files; nothing was run")
            // CI systems show the report, so it is written even when nothing ran.
            if let junit {
                do { try JUnitReport.xml(problems: problems).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                    console.errorLine("segue test: cannot write the JUnit report: \(Self.writeProblem(junit))")
                }
            }
            throw ExitCode(2)
        }
        if let server { try Self.checkServer(server, for: suite, console: console) }
        let report = ConsoleReport(colour: console.colour)
        let jobs = suite.jobs
        let start = ContinuousClock.now
        let outcomes: [TestOutcome]
        do {
            outcomes = try suite.run(workers: jobs.isEmpty ? 1 : (self.jobs ?? ProcessInfo.processInfo.activeProcessorCount), server: server) { index, outcome in
                let heading = index == 0 || jobs[index - 1].test.file != outcome.test.file ? outcome.test.file : nil
                console.out(report.lines(outcome, heading: heading))
            }
        } catch {
            console.errorLine("segue test: \(error)")
            throw ExitCode(2)
        }
        console.out(report.summary(outcomes, wall: ContinuousClock.now - start))
        try writeReports(suite: suite, outcomes: outcomes, console: console)
        if outcomes.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }

    /// Refuses to run (exit 2) against a server that does not answer its health check or
    /// serves another flow than the tests': a setup problem, not a failing test.
    static func checkServer(_ server: String, for suite: FlowTestSuite, console: Console) throws {
        do {
            let answer = try SegueClient.live(server).send("GET", "/healthz")
            guard answer.status == 200 else { throw SegueClientError(status: answer.status, code: "unhealthy", message: "GET /healthz answered \(answer.status)") }
        } catch {
            console.errorLine("segue test: cannot connect to \(server): \(error)")
            throw ExitCode(2)
        }
        if let refusal = Self.otherFlowRefusal(server: server, suite: suite) {
            console.errorLine(refusal)
            throw ExitCode(2)
        }
    }

    /// The JUnit report and the coverage, as the options ask; exit 2 when one cannot be written.
    func writeReports(suite: FlowTestSuite, outcomes: [TestOutcome], console: Console) throws {
        if let junit {
            do { try JUnitReport.xml(outcomes).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                console.errorLine("segue test: cannot write the JUnit report: \(Self.writeProblem(junit))")
                throw ExitCode(2)
            }
        }
        if coverage || coverageJson != nil {
            let c = CoverageReport(suite: suite, outcomes: outcomes)
            if coverage { console.out(c.text) }
            if let coverageJson {
                do { try c.json.write(toFile: coverageJson, atomically: true, encoding: .utf8) } catch {
                    console.errorLine("segue test: cannot write \(coverageJson): \(error)")
                    throw ExitCode(2)
                }
            }
        }
    }
}

extension Test {
    /// Why tests cannot run against `server`: it serves another flow than theirs (its
    /// `flowDigest` differs from the digest of the flow the tests name). Nil when it serves
    /// theirs, or says nothing about what it serves.
    static func otherFlowRefusal(server: String, suite: FlowTestSuite) -> String? {
        guard let answer = try? SegueClient.live(server).send("GET", "/api/v1/scenes"),
              let served = answer.json?["flowDigest"]?.stringValue else { return nil }
        for flow in suite.flows where FlowDigest.of(flow.storyboard) != served {
            return "segue test: the server at \(server) serves another flow than \(flow.path) (flow digest \(served), the tests' \(FlowDigest.of(flow.storyboard))); start it with that flow, or pass --flow to name the flow it serves"
        }
        return nil
    }
}

extension Serve {
    /// What a `postgres://` store gets from a build without the `Postgres` trait.
    static let noPostgresSupport = StoreUnavailable(message: "this build has no PostgreSQL support: build with --traits Postgres")

    /// A store this build cannot open, whatever its URL holds.
    struct StoreUnavailable: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// `scheme://user:password@host/…` with the password replaced by `***` (other text unchanged).
    static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<authority.index(after: colon)]) + "***" + String(url[at...])
    }
}
