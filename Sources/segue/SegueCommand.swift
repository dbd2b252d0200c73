import ArgumentParser
import Foundation
import Logging
import SegueCore
import SegueServer
import SegueStoryboard

/// `segue`: serve, check and graph flows.
@main
struct SegueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Serve iOS-style navigation flows (flow files or Xcode storyboards) as web pages and a JSON API.",
        subcommands: [Serve.self, Check.self, Graph.self]
    )
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve a flow file, a storyboard, or a directory of storyboards.")

    @Argument(help: "A flow file (.json, .yaml, .yml), an Xcode .storyboard, or a directory of storyboards.")
    var path: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "Session storage: 'memory' (the only store so far).")
    var store = "memory"

    @Option(help: "Worker threads (default: the number of cores).")
    var threads: Int?

    @Option(help: "Maximum live sessions.")
    var maxSessions = 100_000

    @Option(help: "Minutes of inactivity before a session expires.")
    var sessionTimeout = 60

    @Option(help: "Largest request body in bytes.")
    var maxBody = 1 << 20

    @Option(help: "Maximum open connections.")
    var maxConnections = 1024

    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error, critical.")
    var logLevel = "info"

    @Option(help: "The folder of static assets (default: Public/ in the working directory or above the executable).")
    var publicDir: String?

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "segue")
        logger.logLevel = level
        guard store == "memory" else {
            throw ValidationError("--store \(store): only 'memory' is available in this version")
        }
        let storyboard: Storyboard
        do {
            storyboard = FlowSource.servingStoryboard(try FlowSource.load(path: path))
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        if let problem = FlowSource.servable(storyboard) {
            FileHandle.standardError.write(Data((problem.description + "\n").utf8))
            throw ExitCode(1)
        }
        for problem in storyboard.diagnostics {
            if problem.severity == .error { logger.error("\(problem.description)") } else { logger.warning("\(problem.description)") }
        }
        var configuration = SegueService.Configuration()
        configuration.http.host = host
        configuration.http.port = port
        if let threads { configuration.http.threads = max(1, threads) }
        configuration.http.maxBodyBytes = maxBody
        configuration.http.connectionLimit = maxConnections
        configuration.maxSessions = maxSessions
        // iPad and Apple TV storyboards open at their device's size until the browser reports its own.
        if let traits = FlowSource.preferredTraits(path: path) { configuration.app.defaultTraits = traits }
        configuration.app.sessionIdleTimeout = .seconds(sessionTimeout * 60)
        configuration.publicDirectory = publicDir
        let signals = ShutdownSignals.install()
        let service = SegueService(storyboard: storyboard, configuration: configuration, logger: logger)
        do {
            try service.start()
        } catch {
            FileHandle.standardError.write(Data("segue: cannot listen on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(1)
        }
        // Written unbuffered: scripts read this line to learn the port (`--port 0`).
        FileHandle.standardOutput.write(Data("Segue serving \(storyboard.name) at http://\(host):\(service.port)/\n".utf8))
        signals.wait()
        logger.notice("shutting down")
        service.stop()
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Report every problem in a flow file or storyboard, with its line. Exit status 1 on errors.")

    @Argument(help: "A flow file, a storyboard, or a directory of storyboards.")
    var path: String

    func run() throws {
        let storyboard: Storyboard
        do {
            storyboard = try FlowSource.load(path: path)
        } catch {
            print(error.description)
            throw ExitCode(1)
        }
        let problems = StoryboardCheck.check(storyboard)
        for p in problems { print(p.description) }
        let errors = problems.filter { $0.severity == .error }.count
        print("\(storyboard.name): \(storyboard.sceneOrder.count) scenes, \(errors) errors, \(problems.count - errors) warnings")
        if errors > 0 { throw ExitCode(1) }
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print scenes and segues as DOT (default) or JSON.")

    @Argument(help: "A flow file, a storyboard, or a directory of storyboards.")
    var path: String

    @Option(help: "dot or json.")
    var format = "dot"

    func run() throws {
        let storyboard: Storyboard
        do {
            storyboard = try FlowSource.load(path: path)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        switch format {
        case "dot": print(StoryboardGraph.dot(storyboard))
        case "json": print(StoryboardGraph.json(storyboard))
        default: throw ValidationError("--format must be dot or json")
        }
    }
}
