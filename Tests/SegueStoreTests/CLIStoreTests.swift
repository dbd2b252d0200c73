import Foundation
import Synchronization
import SegueTesting
import Testing

/// `segue serve --store DIR` (the SQLite default) as its own process, killed with SIGKILL while
/// actions are in flight: every acknowledged action is there after the restart, the one in
/// flight is applied whole or not at all. (Tests/Scripts/crash_test.py does this thousands of times.)
@Suite struct CLIStoreTests {
    final class Served {
        let process = Process()
        let port: Int
        init(store: String) throws {
            let binary = repositoryRoot + "/.build/debug/segue"
            try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first (swift build)")
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["serve", "Examples/mail.yaml", "--port", "0", "--store", store, "--log-level", "warning"]
            process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Never wait forever for the first line: a server that does not print it is killed.
            let pid = process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            defer { watchdog.cancel() }
            var line = Data()
            while true {
                let chunk = out.fileHandleForReading.readData(ofLength: 1)
                if chunk.isEmpty || chunk == Data("\n".utf8) { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            #expect(text.contains("SQLite"))
            // "… at http://127.0.0.1:PORT/ (sessions: …)"
            let afterHost = text.components(separatedBy: "127.0.0.1:").last ?? ""
            port = Int(afterHost.prefix { $0.isNumber }) ?? 0
        }
        var base: String { "http://127.0.0.1:\(port)" }
        deinit { if process.isRunning { crash() } }
        /// Test threads block SIGTERM in their children: SIGKILL, as a crash would.
        func crash() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test func acknowledgedActionsSurviveSIGKILL() throws {
        let dir = temporaryDirectory()
        var server = try Served(store: dir)
        let created = try http("POST", server.base + "/api/v1/sessions", json: "")
        let id = try created.decode(CreatedSession.self).id
        let acked = Atomic<Int>(0)
        let url = server.base + "/api/v1/sessions/\(id)/actions"
        // The crash comes once 20 actions are acknowledged, with the worker still sending.
        let twenty = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        let worker = Thread {
            defer { twenty.signal(); stopped.signal() }
            for i in 0..<100_000 {
                let body = i % 2 == 0 ? #"{"action":"push","scene":"message"}"# : #"{"action":"pop"}"#
                guard let r = try? http("POST", url, json: body), r.status == 200,
                      let v = (try? r.state().version) else { return }
                acked.store(v, ordering: .sequentiallyConsistent)
                if v == 20 { twenty.signal() }
            }
        }
        worker.start()
        twenty.wait()
        server.crash()
        stopped.wait()  // the worker saw the refused connection: nothing more can be acknowledged
        let acknowledged = acked.load(ordering: .sequentiallyConsistent)
        #expect(acknowledged >= 20)
        server = try Served(store: dir)
        defer { server.crash() }
        let state = try http("GET", server.base + "/api/v1/sessions/\(id)").state()
        let version = state.version
        #expect(version == acknowledged || version == acknowledged + 1)
        // Push on even versions, pop on odd: the state matches the version it reports.
        #expect(state.url.contains("message") == (version % 2 == 1))
        let events = try http("GET", server.base + "/api/v1/sessions/\(id)/events").decode(EventPage.self).events
        let seqs = events.map(\.seq)
        #expect(!seqs.isEmpty && seqs == Array(seqs[0]..<(seqs[0] + seqs.count)))
    }
}
