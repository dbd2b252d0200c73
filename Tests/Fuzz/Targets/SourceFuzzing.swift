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
