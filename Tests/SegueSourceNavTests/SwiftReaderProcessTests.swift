import Foundation
import Testing
@testable import SegueSourceNav

/// Swift files read in worker processes: a file past its deadline or stopping its worker is
/// listed as not read, and the next file gets a new worker.
@Suite("Swift files read in worker processes")
struct SwiftReaderProcessTests {
    static let pushing = "import UIKit\nclass A: UIViewController {\n  @IBAction func go() { navigationController?.pushViewController(B(), animated: true) }\n}\n"
    /// A file the tests' deadline (``deadline``) gives no time at all.
    static let slow = pushing + "// " + String(repeating: "x", count: 2000) + "\n"
    /// No time for files over 2,000 bytes (``slow``), half a minute for others.
    static let deadline: @Sendable (Int) -> Duration = { $0 > 2000 ? .zero : .seconds(30) }

    /// The `segue` executable built next to the test bundle, as a worker.
    static var segueWorker: SwiftReaderProcesses.Command? {
        #if os(macOS)
        let folder = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
        #else
        let folder: URL? = Bundle.main.bundleURL
        #endif
        guard let path = folder?.appendingPathComponent("segue").path, FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return SwiftReaderProcesses.Command(executable: path, arguments: [SwiftReaderWorker.argument])
    }

    @Test("a worker reads a file as the reader does in process")
    func workerMatchesInProcess() throws {
        let command = try #require(Self.segueWorker, "the segue executable is built next to the tests")
        let pool = SwiftReaderPool(command: command)
        defer { pool.close() }
        let facts = pool.read(source: Self.pushing, file: "A.swift")
        #expect(facts == SwiftReader.read(source: Self.pushing, file: "A.swift"))
        #expect(facts.classes.first?.methods.first?.calls.first?.action == .push)
        // The same worker serves the next file.
        #expect(pool.read(source: Self.pushing, file: "B.swift").classes.map(\.name) == ["A"])
    }

    @Test("a file past its deadline is not read, and the next file is")
    func deadlineEndsTheWorker() throws {
        let command = try #require(Self.segueWorker, "the segue executable is built next to the tests")
        let pool = SwiftReaderPool(command: command, deadline: Self.deadline)
        defer { pool.close() }
        let slow = pool.read(source: Self.slow, file: "S.swift")
        #expect(slow.unreadReason == "the Swift reader did not finish it within 0 s")
        #expect(slow.classes.isEmpty)
        #expect(pool.read(source: Self.pushing, file: "A.swift").classes.map(\.name) == ["A"])
    }

    @Test("a file that crashes SwiftSyntax's parser costs only its file")
    func parserCrashIsContained() throws {
        let command = try #require(Self.segueWorker, "the segue executable is built next to the tests")
        let pool = SwiftReaderPool(command: command)
        defer { pool.close() }
        // 16 bytes that fail a precondition in SwiftSyntax 603's string literal parsing (found by
        // fuzzing): read in process, they would end the process.
        let crashing = #""\(i""""""t t""""#
        let facts = pool.read(source: crashing, file: "C.swift")
        #expect(facts.unreadReason?.hasPrefix("the Swift parser stopped on it (signal") == true)
        #expect(pool.read(source: Self.pushing, file: "A.swift").classes.map(\.name) == ["A"])
    }

    @Test("a worker that crashes or never answers costs only its file")
    func crashesAndSilenceAreContained() {
        let crashing = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"]))
        #expect(crashing.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift reader stopped on it (signal 11)")
        // A worker that said it began parsing lays the crash at the parser's door, and the reader's
        // again once it said it walks the tree. Like the real worker, these read the request
        // before they speak (else the request could meet a closed socket first).
        let parsing = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "head -c 1 >/dev/null; printf P; kill -SEGV $$"]))
        #expect(parsing.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift parser stopped on it (signal 11)")
        let walking = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "head -c 1 >/dev/null; printf PW; kill -SEGV $$"]))
        #expect(walking.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift reader stopped on it (signal 11)")
        let exiting = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "exit 3"]))
        #expect(exiting.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift reader exited on it (status 3)")
        let silent = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "exec sleep 60"]), deadline: { _ in .milliseconds(200) })
        let clock = ContinuousClock()
        let started = clock.now
        #expect(silent.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift reader did not finish it within 0.2 s")
        // A request larger than the socket holds, to a worker that never reads it.
        let large = Self.pushing + "// " + String(repeating: "x", count: 2_000_000) + "\n"
        #expect(silent.read(source: large, file: "L.swift").unreadReason == "the Swift reader did not finish it within 0.2 s")
        #expect(clock.now - started < .seconds(10))
        let garbled = SwiftReaderPool(command: .init(executable: "/bin/sh", arguments: ["-c", "printf 'PW\\000\\000\\000\\002{]'; sleep 60"]), deadline: { _ in .seconds(5) })
        #expect(garbled.read(source: Self.pushing, file: "A.swift").unreadReason == "the Swift reader's answer for it could not be decoded")
    }

    @Test("a worker that cannot be started leaves the reading in process")
    func missingWorkerReadsInProcess() {
        let pool = SwiftReaderPool(command: .init(executable: "/nonexistent/segue", arguments: []))
        #expect(pool.read(source: Self.pushing, file: "A.swift").classes.map(\.name) == ["A"])
    }

    @Test("a folder read through workers lists its slow file as not read and reads the rest")
    func folderThroughWorkers() throws {
        let command = try #require(Self.segueWorker, "the segue executable is built next to the tests")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segue-workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.pushing.write(to: root.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try Self.slow.write(to: root.appendingPathComponent("S.swift"), atomically: true, encoding: .utf8)
        let facts = SourceTree.read(root: root.path, pool: SwiftReaderPool(command: command, deadline: Self.deadline))
        #expect(facts.map(\.file) == ["A.swift", "S.swift"])
        #expect(facts[0].unreadReason == nil && facts[0].classes.map(\.name) == ["A"])
        #expect(facts[1].unreadReason?.hasPrefix("the Swift reader did not finish it") == true)
    }
}
