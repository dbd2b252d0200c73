import ArgumentParser
import Foundation
import Logging
import SegueAppFolder
import SegueCore
import SegueMCP
import SegueServer
import Synchronization

/// `segue mcp FILE|DIR`: the flow's MCP server over standard input and output, for a coding agent
/// to explore the flow with (the tools of ``FlowTools``). Sessions live in memory; the log goes
/// to standard error, as standard output carries the protocol.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve a flow's tools to a coding agent over MCP (standard input and output): list scenes, open sessions, read screens, tap, perform segues, read events, write tests.")

    @Argument(help: "A flow file (.json, .yaml, .yml), an Xcode .storyboard, a directory of storyboards, or an app folder.")
    var path: String

    @Option(help: "An overlay file (YAML or JSON) adding what the app's code does; default NAME.segue.yaml next to PATH when it exists.")
    var overlay: String?

    @Option(help: "An app folder: the storyboard or nib (name without extension) to launch instead of the one its Info.plist names.")
    var main: String?

    @Option(help: "An app localized in several languages: the language of its sessions (default: the app's development region).")
    var locale: String?

    func run() throws {
        let console = Console.current
        let logger = Logger(label: "segue") { label in ConsoleLogHandler(label: label, console: console, logLevel: .warning) }
        let options = AppLoadOptions(main: main)
        let storyboard: Storyboard
        do {
            storyboard = FlowSource.servingStoryboard(try loadFlow(path: path, options: options, overlay: overlay).storyboard)
        } catch {
            console.errorLine(error.description)
            throw ExitCode(1)
        }
        if let problem = FlowSource.servable(storyboard) {
            console.errorLine(problem.description)
            throw ExitCode(1)
        }
        var configuration = SegueApp.Configuration()
        if let traits = FlowSource.preferredTraits(path: path) { configuration.defaultTraits = traits }
        configuration.resources = FlowSource.resources(path: path, storyboard: storyboard, logger: logger)
        configuration.flowPath = URL(fileURLWithPath: path).standardizedFileURL.path
        configuration.appLoadOptions = options
        configuration.defaultLocale = locale
        configuration.sessionsPerAddressPerMinute = 0
        let app = SegueApp(storyboard: storyboard, assets: StaticAssets(directory: nil), configuration: configuration, logger: logger)
        let failure = Self.waitFor { try await SegueMCPServer.runOverStandardIO(app: app) }
        if let failure {
            console.errorLine("segue mcp: \(failure)")
            throw ExitCode(1)
        }
    }

    /// Runs `work` on the concurrency pool and waits on this (the main) thread for it to end.
    static func waitFor(_ work: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task {
            do { try await work() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        return failure.withLock { $0 }
    }
}
