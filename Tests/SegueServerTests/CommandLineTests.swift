import Foundation
import Testing

/// The `segue` binary itself: it prints the URL it serves, answers requests, stops cleanly on
/// SIGTERM and SIGINT, and refuses a bad flow file without starting.
@Suite struct CommandLineTests {
    static let binary = repositoryRoot + "/.build/debug/segue"

    /// Starts `segue ARGS` and returns the process and its stdout.
    func launch(_ arguments: [String]) throws -> (Process, Pipe) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the package first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        return (process, out)
    }

    /// Waits for exit at most `seconds`; SIGKILLs and returns nil if it does not come.
    func exitStatus(_ process: Process, within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsGracefullyOnSignal(_ sig: Int32) throws {
        let server = try ServerProcess("segue", ["serve", "Examples/mail.yaml", "--port", "0", "--log-level", "warning", "--store", "memory"])
        #expect(server.banner.hasPrefix("Segue serving"))
        let health = try curl("GET", server.base + "/healthz")
        #expect(health.status == 200)
        kill(server.process.processIdentifier, sig)
        #expect(server.exitStatus(within: 10) == 0)
    }

    @Test func badFlowFileIsRefusedWithEveryProblemAndNoServer() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.yaml")
        try """
        initialViewController: missing
        scenes:
          a: {kind: viewController, colour: red}
          b: {kind: navigationController}
        """.write(to: file, atomically: true, encoding: .utf8)
        let (process, out) = try launch(["serve", file.path, "--port", "0"])
        let status = exitStatus(process, within: 20)
        let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status != nil && status != 0)
        #expect(!stdout.contains("Segue serving"))
        let report = stderr + stdout
        #expect(report.contains("bad.yaml:1:"))
        #expect(report.contains("bad.yaml:3:"))
        #expect(report.contains("bad.yaml:4:"))
    }

    /// What UIKit reports only when it happens is a warning: `check` exits 0, `serve` logs it at
    /// start-up and serves, and performing the segue answers its code with nothing changed.
    @Test func runTimeFailuresAreWarningsAndTheFlowServes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("warn.yaml")
        try """
        initialViewController: a
        scenes:
          a:
            view:
              - button: {id: go, title: Go, segue: go}
              - button: {id: back, title: Back, segue: back}
            segues:
              go: {kind: push, destination: b}
              back: {kind: unwind, action: backToNowhere}
          b: {title: B}
        """.write(to: file, atomically: true, encoding: .utf8)

        let (check, checkOut) = try launch(["check", file.path])
        #expect(exitStatus(check, within: 20) == 0)
        let report = String(decoding: checkOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(report.contains("warn.yaml:8: warning: scene a: push segue 'go'"))
        #expect(report.contains("warn.yaml:9: warning: unwind action 'backToNowhere'"))
        #expect(report.contains("0 errors, 3 warnings"))  // and b, which the failing push cannot reach

        let (server, out) = try launch(["serve", file.path, "--port", "0", "--store", "memory", "--log-level", "warning"])
        let banner = String(decoding: out.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
        #expect(banner.hasPrefix("Segue serving"))
        if let url = banner.split(separator: " ").first(where: { $0.hasPrefix("http://") }) {
            let base = String(url.dropLast())
            let created = try curl("POST", base + "/api/v1/sessions", json: "{}")
            let id = try #require(created.json["id"] as? String)
            let push = try curl("POST", base + "/api/v1/sessions/\(id)/actions", json: #"{"action":"tap","element":"go"}"#)
            #expect(push.status == 409 && push.errorCode == "illegal_transition")
            let unwind = try curl("POST", base + "/api/v1/sessions/\(id)/actions", json: #"{"action":"tap","element":"back"}"#)
            #expect(unwind.status == 409 && unwind.errorCode == "unwind_destination_not_found")
            let state = try curl("GET", base + "/api/v1/sessions/\(id)")
            #expect(state.json["version"] as? Int == created.json["state"].flatMap { ($0 as? [String: Any])?["version"] as? Int })
        }
        kill(server.processIdentifier, SIGTERM)
        #expect(exitStatus(server, within: 10) == 0)
        let log = String(decoding: (server.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("warn.yaml:8: warning: scene a: push segue 'go'"))
        #expect(log.contains("warn.yaml:9: warning: unwind action 'backToNowhere'"))
    }

    @Test func checkReportsProblemsWithAnExitStatus() throws {
        let (good, goodOut) = try launch(["check", "Examples/settings.yaml"])
        #expect(exitStatus(good, within: 20) == 0)
        #expect(String(decoding: goodOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("0 errors"))
    }
}
