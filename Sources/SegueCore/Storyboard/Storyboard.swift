/// The storyboard model: every scene of a flow, as loaded from a flow file or an Xcode storyboard.
///
/// A `Storyboard` is immutable once loaded and shared by every session that runs it. Importers
/// (`SegueFlowFiles`, `SegueStoryboard`) build it; the controller core instantiates scenes from it.
public struct Storyboard: Sendable {
    /// A display name: the file name without extension (`Main`, `mail`).
    public var name: String
    /// The scene that becomes the window's root view controller.
    public var initialViewController: String?
    /// Scenes by identifier (the identifier doubles as the storyboard ID).
    public var scenes: [String: Scene]
    /// Scene identifiers in the order they were declared, for deterministic output.
    public var sceneOrder: [String]
    /// Problems found while importing that did not stop the storyboard from loading (warnings).
    public var diagnostics: [Diagnostic]
    /// Initial scenes of the other storyboards of a directory: code reaches them with
    /// `instantiateInitialViewController()` (so `check` does not call them unreachable).
    public var entryScenes: Set<String> = []
    /// The file of the main storyboard (directory imports), for diagnostics about it.
    public var mainFile: String?
    /// The platform the storyboard is made for: tvOS tab bars show every tab (no More).
    public var platform: Platform = .iOS

    public enum Platform: String, Sendable { case iOS, tvOS }

    public init(name: String, initialViewController: String?, scenes: [Scene], diagnostics: [Diagnostic] = []) {
        self.name = name
        self.initialViewController = initialViewController
        self.scenes = Dictionary(scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.sceneOrder = scenes.map(\.id)
        self.diagnostics = diagnostics
    }

    public subscript(sceneID: String) -> Scene? { scenes[sceneID] }

    /// Scenes in declaration order.
    public var orderedScenes: [Scene] { sceneOrder.compactMap { scenes[$0] } }
}

/// Where something was declared: a file and a 1-based line.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
    public var description: String { "\(file):\(line)" }
}

/// A problem in an input file, reported as `file:line: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return severity == .warning ? "\(prefix)warning: \(message)" : "\(prefix)\(message)"
    }
}
