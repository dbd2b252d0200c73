// Typed forms of the JSON reports the command line writes (`segue check --format json`,
// `segue graph --format json`, `segue infer --format json`), for tests to read with
// ``decodeAnswer(_:from:status:)``: a report that is not the expected JSON fails the test with
// the reason and the text.

/// `segue check --format json`: the problems of a storyboard or flow file.
public struct CheckReport: Decodable, Sendable, Equatable {
    public var storyboard: String
    public var scenes: Int
    public var errors: Int
    public var warnings: Int
    public var diagnostics: [Diagnostic]

    /// One problem, coded.
    public struct Diagnostic: Decodable, Sendable, Equatable {
        public var code: String
        /// `error` or `warning`.
        public var severity: String
        public var file: String?
        public var line: Int?
        public var message: String
    }
}

/// `segue graph --format json`: the scenes and the edges between them.
public struct GraphReport: Decodable, Sendable, Equatable {
    public var scenes: [Scene]
    public var edges: [Edge]
    public var initial: String?

    public struct Scene: Decodable, Sendable, Equatable {
        public var id: String
        public var kind: String
        public var title: String?
        public var className: String?
    }

    public struct Edge: Decodable, Sendable, Equatable {
        public var from: String
        public var to: String?
        public var kind: String
        public var identifier: String?
        public var relationship: Bool
        public var action: String?
        public var source: String?
    }
}

/// `segue infer --format json`: the navigation steps read from an app's code and the lines left
/// unresolved.
public struct InferenceReportJSON: Decodable, Sendable, Equatable {
    public var files: Int
    public var classes: Int
    public var systemControllers: Int
    public var steps: [Step]
    public var unresolved: [Unresolved]
    public var launchRoot: String?

    public struct Step: Decodable, Sendable, Equatable {
        public var identifier: String
        public var source: String
        public var `class`: String
        public var method: String
        public var action: String
        public var triggers: [String]
        public var scenes: [String]
        public var destination: String?
        public var segue: String?
        public var presentationStyle: String?
        public var tab: Int?
    }

    public struct Unresolved: Decodable, Sendable, Equatable {
        public var source: String
        public var `class`: String
        public var action: String
        public var reason: String
    }
}
