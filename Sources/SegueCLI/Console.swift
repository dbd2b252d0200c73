import Foundation
import Logging
import SegueTesting

/// Where a command writes: the process's standard output and error (``standard``), or text
/// collected in memory (``capturing()``), as the tests run commands in process.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether output may be coloured (a terminal that wants colour).
    public var colour: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, colour: Bool) {
        self.out = out
        self.err = err
        self.colour = colour
    }

    /// Standard output and error, unbuffered (scripts reading a pipe see each line at once).
    public static var standard: Console {
        Console(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) },
                colour: ConsoleReport.standardOutputIsColourTerminal)
    }

    /// The console commands write to: ``standard`` unless a caller runs them with another.
    @TaskLocal public static var current: Console = .standard

    /// A console that keeps what is written, and the captured text.
    public static func capturing() -> (console: Console, output: CapturedOutput) {
        let output = CapturedOutput()
        return (Console(out: { output.append(out: $0) }, err: { output.append(err: $0) }, colour: false), output)
    }

    func line(_ text: String) { out(text + "\n") }
    func errorLine(_ text: String) { err(text + "\n") }
}

/// What a capturing ``Console`` was given.
public final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    public var standardOutput: String { lock.withLock { outText } }
    public var standardError: String { lock.withLock { errText } }

    func append(out text: String) { lock.withLock { outText += text } }
    func append(err text: String) { lock.withLock { errText += text } }
}

/// Log lines to a ``Console``'s error stream, as `StreamLogHandler` formats them.
struct ConsoleLogHandler: LogHandler {
    let label: String
    let console: Console
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let (level, message, source) = (event.level, event.message, event.source)
        let timestamp = Date().ISO8601Format()
        let all = self.metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        console.err("\(timestamp) \(level) \(label) :\(fields) [\(source)] \(message)\n")
    }
}
