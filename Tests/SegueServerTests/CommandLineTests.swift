import Foundation
import SegueCLI
import Testing
import SegueTestSupport

/// Runs `segue ARGUMENTS` in this process (the executable's own code, through `SegueCommand`),
/// with its output captured.
func segue(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let (console, output) = Console.capturing()
    let status = SegueCommand.run(arguments, console: console)
    return (status, output.standardOutput, output.standardError)
}

/// A file of this repository, by its path from the root.
func repositoryFile(_ path: String) -> String { repositoryRoot + "/" + path }

/// The `segue` command: `serve` refuses a bad flow file without starting and logs what UIKit only
/// reports when it happens; the built binary prints the URL it serves, answers requests and stops
/// cleanly on SIGTERM and SIGINT.
@Suite struct CommandLineTests {
    /// The binary itself, as `swift build` left it next to the tests: start-up, a request, a signal.
    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsGracefullyOnSignal(_ sig: Int32) throws {
        let server = try ServerProcess("segue", ["serve", "Examples/mail.yaml", "--port", "0", "--log-level", "warning", "--store", "memory"])
        #expect(server.banner.hasPrefix("Segue serving"))
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(server.stop(with: sig) == 0)
    }

    /// With the `Postgres` trait: the store is named without its password. Without it: one line
    /// says how to build a binary that has the store.
    @Test func aStoreThatCannotOpenIsNamedWithoutItsPassword() {
        let r = segue(["serve", repositoryFile("Examples/mail.yaml"), "--port", "0", "--store", "postgres://user:s3cret@127.0.0.1:1/db"])
        #expect(r.status == 1)
        #if Postgres
        #expect(r.err.contains("cannot open the session store postgres://user:***@127.0.0.1:1/db"), "\(r.err)")
        #else
        #expect(r.err == "segue: this build has no PostgreSQL support: build with --traits Postgres\n", "\(r.err)")
        #endif
        #expect(!r.err.contains("s3cret") && !r.out.contains("s3cret"))
    }

    @Test func badFlowFileIsRefusedWithEveryProblemAndNoServer() throws {
        let dir = Scratch.url.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.yaml")
        try """
        initialViewController: missing
        scenes:
          a: {kind: viewController, colour: red}
          b: {kind: navigationController}
        """.write(to: file, atomically: true, encoding: .utf8)
        let r = segue(["serve", file.path, "--port", "0", "--store", "memory"])
        #expect(r.status == 1)
        #expect(!r.out.contains("Segue serving"))
        #expect(r.err.contains("bad.yaml:1:"), "\(r.err)")
        #expect(r.err.contains("bad.yaml:3:"), "\(r.err)")
        #expect(r.err.contains("bad.yaml:4:"), "\(r.err)")
    }

    @Test func badOptionsAreUsageErrorsBeforeAnythingStarts() {
        let level = segue(["serve", repositoryFile("Examples/mail.yaml"), "--log-level", "loud"])
        #expect(level.status == 64)  // EX_USAGE
        #expect(level.err.contains("--log-level must be one of"), "\(level.err)")
        let store = segue(["serve", repositoryFile("Examples/mail.yaml"), "--store", "bogus://x"])
        #expect(store.status == 64)
        #expect(store.err.contains("unknown store 'bogus://'"), "\(store.err)")
    }

    /// What UIKit reports only when it happens is a warning: `check` exits 0, `serve` logs it at
    /// start-up and serves, and performing the segue answers its code with nothing changed.
    @Test func runTimeFailuresAreWarningsAndTheFlowServes() throws {
        let dir = Scratch.url.appendingPathComponent("segue-cli-\(UUID().uuidString)")
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

        let check = segue(["check", file.path])
        #expect(check.status == 0)
        #expect(check.out.contains("warn.yaml:8: warning: scene a: push segue 'go'"), "\(check.out)")
        #expect(check.out.contains("warn.yaml:9: warning: unwind action 'backToNowhere'"), "\(check.out)")
        #expect(check.out.contains("0 errors, 3 warnings"), "\(check.out)")  // and b, which the failing push cannot reach

        let server = try ServerProcess("segue", ["serve", file.path, "--port", "0", "--store", "memory", "--log-level", "warning"])
        #expect(server.banner.hasPrefix("Segue serving"))
        let created = try server.createSession()
        let push = try server.request("POST", "/api/v1/sessions/\(created.id)/actions", json: #"{"action":"tap","element":"go"}"#)
        #expect(push.status == 409 && push.errorCode == "illegal_transition")
        let unwind = try server.request("POST", "/api/v1/sessions/\(created.id)/actions", json: #"{"action":"tap","element":"back"}"#)
        #expect(unwind.status == 409 && unwind.errorCode == "unwind_destination_not_found")
        #expect(try server.state(created.id).version == created.state.version)
        #expect(server.stop(with: SIGTERM) == 0)
        let log = server.errorOutput
        #expect(log.contains("warn.yaml:8: warning: scene a: push segue 'go'"), "\(log)")
        #expect(log.contains("warn.yaml:9: warning: unwind action 'backToNowhere'"), "\(log)")
    }

    @Test func checkReportsProblemsWithAnExitStatus() {
        let good = segue(["check", repositoryFile("Examples/settings.yaml")])
        #expect(good.status == 0)
        #expect(good.out.contains("0 errors"), "\(good.out)")
    }
}

/// `segue test`: exit status 0, 1 or 2, output without colour when not on a terminal.
@Suite struct TestCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { segue(["test"] + arguments) }

    func file(_ text: String) throws -> String {
        let path = Scratch.folder + "/segue-cli-\(UUID().uuidString).test.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func passingTestsExitZeroWithALinePerTestAndNoColourInAPipe() {
        let r = run([repositoryFile("Examples/tests/mail.test.yaml"), "--coverage"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("  ✓ open the inbox ("), "\(r.out)")
        #expect(r.out.contains("tests, ") && r.out.contains(" 0 failed"), "\(r.out)")
        #expect(r.out.contains("segues performed:  9/9 (100%)"), "\(r.out)")
        #expect(!r.out.contains("\u{1B}["))
    }

    @Test func aFailingTestExitsOneWithItsStep() throws {
        let path = try file("flow: \(repositoryRoot)/Examples/mail.yaml\ntests:\n  - name: typo\n    steps:\n      - tap: inboxRw\n")
        let junit = path + ".xml"
        let r = run([path, "--junit", junit])
        #expect(r.status == 1)
        #expect(r.out.contains("✗ typo") && r.out.contains("\(path):5: tap: inboxRw") && r.out.contains("did you mean 'inboxRow'?"), "\(r.out)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure"))
    }

    @Test func anInvalidFileExitsTwoAndRunsNothing() throws {
        let path = try file("flow: \(repositoryRoot)/Examples/mail.yaml\ntests:\n  - name: a\n    steps:\n      - tpa: inboxRow\n      - expect: {visible: [inbx]}\n")
        let r = run([path])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("\(path):5: unknown step 'tpa'; did you mean 'tap'?"), "\(r.err)")
        #expect(r.err.contains("\(path):6: unknown scene 'inbx' in this flow; did you mean 'inbox'?"), "\(r.err)")
    }

    @Test func aJUnitReportThatCannotBeWrittenIsNamedInWords() throws {
        let path = try file("flow: \(repositoryRoot)/Examples/mail.yaml\ntests:\n  - name: one step\n    steps: [{tap: inboxRow}]\n")
        let missing = Scratch.folder + "/segue-no-such-folder-\(UUID().uuidString)"
        let r = run([path, "--junit", missing + "/report.xml"])
        #expect(r.status == 2)
        #expect(r.err.contains("cannot write the JUnit report: \(missing)/report.xml: the folder \(missing) does not exist"), "\(r.err)")
        #expect(!r.err.contains("NSCocoaErrorDomain"))
        #expect(r.out.contains("1 test, 1 passed, 0 failed; 1 step in"), "\(r.out)")
    }

    @Test func anUnreachableServerExitsTwo() {
        let r = run([repositoryFile("Examples/tests/mail.test.yaml"), "--server", "http://127.0.0.1:1"])
        #expect(r.status == 2)
        #expect(r.err.contains("cannot connect"), "\(r.err)")
    }
}
