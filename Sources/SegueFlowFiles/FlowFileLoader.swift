/// # Flow files
///
/// A flow file describes a storyboard as JSON or YAML with the same structure; keys
/// are UIKit's property names. The full reference, with the view-element syntax, is
/// `Sources/SegueFlowFiles/SegueFlowFiles.docc/FlowFiles.md`. In short:
///
/// ```yaml
/// initialViewController: nav                   # scene id
/// scenes:                                      # id → scene, in declaration order
///   nav: {kind: navigationController, rootViewController: inbox}
///   inbox:
///     kind: tableViewController
///     title: Inbox
///     navigationItem:
///       rightBarButtonItems: [{systemItem: compose, segue: compose}]
///     view:
///       - table:
///           rows:
///             - {id: m1, text: Anna, detail: Lunch?, accessory: disclosureIndicator, segue: open}
///     segues:
///       open: {kind: show, destination: message}
///       compose: {kind: presentation, destination: composeNav, modalPresentationStyle: formSheet}
///   message:
///     view:
///       - label: {text: Lunch?, style: headline}
///       - button: {title: Close, action: pop}
/// ```
///
/// Loading checks the whole file and reports every problem as `file:line: message`: unknown keys,
/// wrong value types, unknown enum values (with the allowed ones), unknown scenes, segues and
/// actions, relationships on the wrong kind of scene, duplicate keys and element ids, and
/// container rules (a root for navigation controllers, tab indexes in range, an even page count
/// for a `mid` spine). What UIKit reports only at run time (an unwind action no scene implements,
/// a push without a navigation controller) loads: `StoryboardCheck.runTimeFailures` warns of it.
import Foundation
import SegueCore

/// The syntax of a flow file's text. JSON is read as YAML flow style, so both report lines.
public enum FlowFileFormat: Sendable {
    case json, yaml
}

/// Every problem of a flow file that failed to load.
public struct FlowFileError: Error, CustomStringConvertible, Sendable {
    /// By line, each with `file:line` (errors; warnings may be among them).
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One `file:line: message` per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Reads flow files (`.json`, `.yaml`, `.yml`) into the storyboard model.
public enum FlowFileLoader {
    /// The largest flow file read: 4 MiB. Hand-written flows are a few kilobytes (the biggest
    /// bundled example is under 10 KB); a larger file is refused at once with this limit in the
    /// message, instead of keeping `check` or `serve` busy.
    public static let maxFileBytes = 4 << 20

    /// Reads and parses the file at `path`; the format comes from the extension. Diagnostics name
    /// the file as `path` was written.
    public static func load(path: String) throws(FlowFileError) -> Storyboard {
        let fileExtension = (path as NSString).pathExtension.lowercased()
        let format: FlowFileFormat
        switch fileExtension {
        case "json": format = .json
        case "yaml", "yml": format = .yaml
        default:
            throw FlowFileError(diagnostics: [Diagnostic(.error, at: nil,
                "\(path): not a flow file (expected a .json, .yaml or .yml extension)")])
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileBytes {
            throw FlowFileError(diagnostics: [Diagnostic(.error, at: SourceLocation(file: path, line: 1),
                "the flow file is \(size) bytes; flow files may be at most \(maxFileBytes) bytes (4 MiB)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlowFileError(diagnostics: [Diagnostic(.error, at: nil, "\(path): cannot read the file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FlowFileError(diagnostics: [Diagnostic(.error, at: SourceLocation(file: path, line: 1), "the file is not UTF-8 text")])
        }
        return try parse(text, fileName: path, format: format)
    }

    /// Parses flow-file text. `fileName` names the file in diagnostics; the storyboard's name is
    /// its last path component without the extension.
    public static func parse(_ text: String, fileName: String, format: FlowFileFormat) throws(FlowFileError) -> Storyboard {
        let diagnostics = Diagnostics(file: fileName)
        if text.utf8.count > maxFileBytes {
            diagnostics.error(line: 1, "the flow file is \(text.utf8.count) bytes; flow files may be at most \(maxFileBytes) bytes (4 MiB)")
            throw FlowFileError(diagnostics: diagnostics.sorted)
        }
        let name = ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension

        guard let root = Composer.compose(text, file: fileName, format: format, into: diagnostics) else {
            if !diagnostics.hasErrors {
                let what = format == .json ? "JSON" : "YAML"
                diagnostics.error(line: 1, "empty flow file (expected a \(what) map with 'initialViewController' and 'scenes')")
            }
            throw FlowFileError(diagnostics: diagnostics.sorted)
        }
        if format == .json {
            Composer.checkJSON(root, into: diagnostics)
            if !diagnostics.hasErrors { Composer.checkStrictJSON(text, into: diagnostics) }
            if diagnostics.hasErrors { throw FlowFileError(diagnostics: diagnostics.sorted) }
        }
        let decoded = Decoder(diagnostics: diagnostics).decode(root)
        let topLevelPresent = root.mapping?.keys.contains { $0.string.map { Composer.unmark($0).key } == "initialViewController" } ?? false
        let initial = Validator(diagnostics: diagnostics).validate(decoded, topLevelPresent: topLevelPresent)
        if diagnostics.hasErrors { throw FlowFileError(diagnostics: diagnostics.sorted) }
        var storyboard = Storyboard(name: name, initialViewController: initial, scenes: decoded.scenes, diagnostics: diagnostics.sorted)
        if let era = decoded.era {
            storyboard.era = era
            storyboard.eraReason = "the flow file says era: \(era.rawValue)"
        }
        return storyboard
    }
}
