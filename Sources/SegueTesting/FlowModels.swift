import Foundation

// Typed answers of the JSON API about the flow itself (docs/API.md): the scenes it has and the
// status of the served flow. Decode them like the session answers (``TestResponse/decode(_:)``).

/// `GET /api/v1/scenes`: every scene in declaration order.
public struct SceneList: Codable, Sendable, Equatable {
    public var initialViewController: String?
    /// A fingerprint of the flow's scenes and segues.
    public var flowDigest: String
    public var scenes: [Scene]

    /// One scene of the list.
    public struct Scene: Codable, Sendable, Equatable {
        public var id: String
        public var kind: String
        public var title: String?
        public var `class`: String?
        /// The identifier code would instantiate the scene by.
        public var storyboardIdentifier: String?
        public var storyboard: String?
        public var initial: Bool?
        /// The container the scene opens inside, if any.
        public var container: String?
        /// The page that opens the scene in a new session.
        public var open: String
        /// Why the scene cannot be opened alone, if it cannot.
        public var cannotOpen: String?
    }

    /// The scene with this id, if the flow has it.
    public func scene(_ id: String) -> Scene? { scenes.first { $0.id == id } }
}

/// `GET /api/v1/flow`: the served flow's generation and the problems of a bad edit.
public struct FlowStatus: Codable, Sendable, Equatable {
    /// Up by one with every good reload under `--watch`.
    public var generation: Int
    public var watching: Bool
    /// `file:line: message` of the last bad edit; empty when the served flow is the file as it is.
    public var problems: [String]
}
