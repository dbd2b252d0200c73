#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Reads Swift files in worker processes (``SwiftReaderWorker``), each file under a deadline.
///
/// SwiftSyntax's parser is fast on real code, but some garbled or crafted shapes cost it time
/// that grows faster than the file (`[a<` nested, `a<a<a<…`: seconds for a few kilobytes, hours
/// for more) and deep ones can exhaust any stack. No set of refused shapes can be shown complete,
/// so a file the parser has not finished by its deadline, or that stops its worker, is listed as
/// not read (``SourceFacts/unreadReason``) and the import goes on with a new worker: an app
/// folder is read in bounded time and can never take down the process importing it.
///
/// The `segue` executable installs itself as the worker at launch (``install(_:)``); without an
/// installed worker (in tests, or a library user's process) files are read in process.
public enum SwiftReaderProcesses {
    /// How to start a worker: an executable and its arguments.
    public struct Command: Sendable, Equatable {
        public var executable: String
        public var arguments: [String]
        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }

        /// This process's own executable as a worker (`segue swift-reader`), or nil where it
        /// cannot be found.
        public static var currentExecutable: Command? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return Command(executable: String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self),
                           arguments: [SwiftReaderWorker.argument])
        }
    }

    private static let installed = Mutex<Command?>(nil)

    /// Makes every later ``SourceTree`` read parse Swift files in workers started by `command`.
    public static func install(_ command: Command?) {
        installed.withLock { $0 = command }
    }

    /// How a not-read reason begins when SwiftSyntax's parser failed (it overran or stopped while
    /// parsing), and when Segue's own reading did (its nesting scan, its walk of the tree, or an
    /// answer that could not be decoded).
    public static let parserBlamed = "the Swift parser"
    public static let readerBlamed = "the Swift reader"

    /// The installed worker command, if any.
    public static var command: Command? { installed.withLock { $0 } }

    /// How long a file of `byteCount` bytes may take: 2 s, and 1 s more per 50 KB (42 s for the
    /// largest file read, 2 MB). Real files take milliseconds in a release build, and about ten
    /// times that in a debug build.
    public static func deadline(forBytes byteCount: Int) -> Duration {
        .seconds(2) + .milliseconds(byteCount / 50)
    }
}

/// Worker processes lent to parallel readers: at most one file in a worker at a time, a worker
/// replaced when it overran or stopped.
public final class SwiftReaderPool: Sendable {
    let command: SwiftReaderProcesses.Command
    let deadline: @Sendable (Int) -> Duration
    private let idle = Mutex<[SwiftReaderProcess]>([])

    public init(command: SwiftReaderProcesses.Command, deadline: @escaping @Sendable (Int) -> Duration = SwiftReaderProcesses.deadline(forBytes:)) {
        self.command = command
        self.deadline = deadline
    }

    /// `source`'s facts, read by a worker; in process when no worker can be started.
    public func read(source: String, file: String) -> SourceFacts {
        let worker = idle.withLock { $0.popLast() } ?? SwiftReaderProcess(command: command)
        guard let worker else { return SwiftReader.read(source: source, file: file) }
        let outcome = worker.read(source: source, file: file, deadline: deadline(source.utf8.count))
        switch outcome {
        case .read(let facts):
            idle.withLock { $0.append(worker) }
            return facts
        case .failed(let reason):
            worker.stop()
            var facts = SourceFacts(file: file)
            facts.unreadReason = reason
            return facts
        }
    }

    /// Ends every idle worker.
    public func close() {
        for worker in idle.withLock({ workers in defer { workers.removeAll() }; return workers }) {
            worker.stop()
        }
    }
}

/// One worker process and the socket to it. Used by one reader at a time: the pool lends it
/// out and takes it back, which is why its state needs no lock.
final class SwiftReaderProcess: @unchecked Sendable {
    enum Outcome {
        case read(SourceFacts)
        case failed(String)
    }

    private let pid: pid_t
    private let socket: Int32
    private var stopped = false

    /// Starts a worker; nil when it cannot be started.
    init?(command: SwiftReaderProcesses.Command) {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return nil }
        guard let pid = Self.spawn(command, socket: pair[1]) else {
            close(pair[0]); close(pair[1])
            return nil
        }
        close(pair[1])
        self.pid = pid
        self.socket = pair[0]
    }

    deinit { stop() }

    /// Sends the file and waits for its facts, both within `deadline`.
    func read(source: String, file: String, deadline: Duration) -> Outcome {
        let end = ContinuousClock.now + deadline
        stage = nil
        let request = FrameIO.framed(Array(file.utf8)) + FrameIO.framed(Array(source.utf8))
        switch transmit(request, until: end).flatMap({ receiveFrame(until: end) }) {
        case .done(let answer):
            guard let facts = try? JSONDecoder().decode(SourceFacts.self, from: Data(answer)) else {
                return .failed("\(SwiftReaderProcesses.readerBlamed)'s answer for it could not be decoded")
            }
            return .read(facts)
        case .timedOut:
            return .failed("\(subject) did not finish it within \(Self.text(deadline))")
        case .stopped:
            return .failed(stoppedReason())
        }
    }

    /// The stage the worker last said it began, for the current file.
    private var stage: SwiftReader.Stage?

    /// Who to blame for a failure: SwiftSyntax's parser while it parses, else this reader.
    private var subject: String { stage == .parsing ? SwiftReaderProcesses.parserBlamed : SwiftReaderProcesses.readerBlamed }

    /// How an exchange with the worker ended.
    private enum Exchange<Value> {
        case done(Value), timedOut, stopped

        func flatMap<Next>(_ next: () -> Exchange<Next>) -> Exchange<Next> {
            switch self {
            case .done: next()
            case .timedOut: .timedOut
            case .stopped: .stopped
            }
        }
    }

    /// Writes all of `bytes` (the socket does not block: a worker that stops reading cannot
    /// hold the writer past `end`).
    private func transmit(_ bytes: [UInt8], until end: ContinuousClock.Instant) -> Exchange<Void> {
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if wrote > 0 { sent += wrote; continue }
            guard wrote < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .stopped }
            let waited = wait(for: Int32(POLLOUT), until: end)
            guard waited.isReady else { return waited.exchange() }
        }
        return .done(())
    }

    /// The next length-prefixed frame from the worker.
    private func receiveFrame(until end: ContinuousClock.Instant) -> Exchange<[UInt8]> {
        var received: [UInt8] = []
        var expected: Int?
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while expected.map({ received.count < 4 + $0 }) ?? true {
            let waited = wait(for: Int32(POLLIN), until: end)
            guard waited.isReady else { return waited.exchange() }
            let got = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
            if got < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            guard got > 0 else { return .stopped }
            received += chunk[..<got]
            // Stage bytes come before the frame's length.
            while expected == nil, let first = received.first, let begun = SwiftReader.Stage(rawValue: first) {
                stage = begun
                received.removeFirst()
            }
            if expected == nil, received.count >= 4 {
                guard let length = FrameIO.length(ofHeader: received[..<4]) else { return .stopped }
                expected = length
            }
        }
        return .done(Array(received[4...]))
    }

    /// What waiting for the socket found.
    private enum Wait {
        case ready, timedOut, failed
        var isReady: Bool { if case .ready = self { true } else { false } }
        func exchange<Value>() -> Exchange<Value> { if case .timedOut = self { .timedOut } else { .stopped } }
    }

    /// Waits until the socket is ready for `events`, or `end` passes.
    private func wait(for events: Int32, until end: ContinuousClock.Instant) -> Wait {
        while true {
            let remaining = ContinuousClock.now.duration(to: end)
            guard remaining > .zero else { return .timedOut }
            var poller = pollfd(fd: socket, events: Int16(events), revents: 0)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return .ready }
            if ready < 0, errno != EINTR { return .failed }
        }
    }

    /// `duration` in seconds, to a tenth: "3 s", "0.3 s".
    static func text(_ duration: Duration) -> String {
        let tenths = Int((Double(duration.components.seconds) * 10 + Double(duration.components.attoseconds) / 1e17).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// Why the worker went away: it was killed by a signal, or exited.
    private func stoppedReason() -> String {
        let status = reap()
        if let signal = status.signal { return "\(subject) stopped on it (signal \(signal))" }
        return "\(subject) exited on it (status \(status.exit ?? -1))"
    }

    /// Kills the worker if it still runs, and waits for it.
    func stop() {
        guard !stopped else { return }
        kill(pid, SIGKILL)
        _ = reap()
    }

    private func reap() -> (signal: Int32?, exit: Int32?) {
        guard !stopped else { return (nil, nil) }
        stopped = true
        close(socket)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let termination = status & 0x7F
        return termination == 0 ? (nil, (status >> 8) & 0xFF) : (termination, nil)
    }

    /// Starts `command` with `socket` as its standard input and output, its standard error
    /// discarded, and Swift's crash backtraces off (a crashing worker ends at once).
    private static func spawn(_ command: SwiftReaderProcesses.Command, socket: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, socket, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, command.executable, &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }
}
