import Foundation
import SegueCore
import SegueFlowFiles
import Testing

/// The package root, for the example files.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func examplePath(_ name: String) -> String { packageRoot.appendingPathComponent("Examples/\(name)").path }

/// The `file:line: message` lines of a text that must fail to load.
func problems(_ text: String, file: String = "bad.yaml", format: FlowFileFormat = .yaml,
              sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
    do {
        let storyboard = try FlowFileLoader.parse(text, fileName: file, format: format)
        Issue.record("expected problems, loaded \(storyboard.sceneOrder)", sourceLocation: sourceLocation)
        return []
    } catch {
        #expect(error.description == error.diagnostics.map(\.description).joined(separator: "\n"), sourceLocation: sourceLocation)
        return error.diagnostics.map(\.description)
    }
}

/// A text that must load.
func load(_ text: String, file: String = "good.yaml", format: FlowFileFormat = .yaml,
          sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Storyboard? {
    do {
        return try FlowFileLoader.parse(text, fileName: file, format: format)
    } catch {
        Issue.record("expected to load, got:\n\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects `body` to be refused with `code`: no refusal, or a refusal with another code, fails.
func expectRefusal(_ code: ActionError.Code, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected a refusal with \(code.rawValue); nothing was refused", sourceLocation: sourceLocation)
    } catch let error as ActionError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a refusal with \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}
