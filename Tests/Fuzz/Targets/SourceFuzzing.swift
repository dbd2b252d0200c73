import Foundation
import SegueCore
import SegueFuzzReaders
import SegueSourceNav

/// An app's code: the Swift reader (SwiftSyntax) and the Objective-C reader, then the navigation
/// analysis of what they read against a small flow whose scenes name classes, and a window
/// launched on the flow the findings augment (the path `serve` takes with an app's sources).
enum SourceFuzzing {
    @Sendable static func swift(_ bytes: [UInt8]) -> Bool {
        analyze(SwiftReader.read(source: String(decoding: bytes, as: UTF8.self), file: "Fuzz.swift"))
    }

    /// The Swift reader as the `segue` executable runs it: in a worker process, under a deadline.
    /// A worker that dies or overruns while SwiftSyntax parses costs only its file (that is
    /// SwiftSyntax's fault, contained); one that dies or overruns in Segue's own scan or walk of
    /// the tree is a bug here, and stops the fuzzer. The worker is the `segue` executable named
    /// by `SEGUE_FUZZ_SWIFT_WORKER`, else the one next to this executable; with neither, files
    /// are read in process, as `swift-source` reads them.
    @Sendable static func swiftInWorkers(_ bytes: [UInt8]) -> Bool {
        let facts = workers.read(source: String(decoding: bytes, as: UTF8.self), file: "Fuzz.swift")
        if let reason = facts.unreadReason, reason.hasPrefix(SwiftReaderProcesses.readerBlamed) {
            fatalError("the Swift reader failed outside SwiftSyntax's parser: \(reason)")
        }
        return analyze(facts)
    }

    static let workers: SwiftReaderPool = {
        let environment = ProcessInfo.processInfo.environment["SEGUE_FUZZ_SWIFT_WORKER"]
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segue").path
        let executable = environment ?? beside
        return SwiftReaderPool(command: .init(executable: executable, arguments: [SwiftReaderWorker.argument]))
    }()

    @Sendable static func objectiveC(_ bytes: [UInt8]) -> Bool {
        analyze(ObjCReader.read(source: String(decoding: bytes, as: UTF8.self), file: "Fuzz.m"))
    }

    /// Accepted when the reader found at least one navigating line.
    static func analyze(_ facts: SourceFacts) -> Bool {
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: CodeFlow.storyboard)
        FuzzWindow.launch(CodeNavigation.augment(CodeFlow.storyboard, result: result).storyboard)
        return facts.classes.contains { $0.methods.contains { !$0.calls.isEmpty } }
    }
}
