/// A refused action: a stable code and a message for people. A refused action changes nothing
/// and records no event.
///
/// The core declares the codes it raises. The codes are open: a layer above adds its own for
/// what only it can refuse (the server's `payload_too_large`, `unknown_session`, …), and decides
/// how each code is answered (SegueServer maps every code to an HTTP status in one table).
public struct ActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, snake_case code: what clients match on.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A key is missing, mistyped or not taken by the action, or a value is out of range.
        public static let invalidRequest = Code(rawValue: "invalid_request")
        /// The action names a scene, segue, element or controller the flow or screen does not have.
        public static let unknownScene = Code(rawValue: "unknown_scene")
        public static let unknownSegue = Code(rawValue: "unknown_segue")
        public static let unknownElement = Code(rawValue: "unknown_element")
        public static let unknownController = Code(rawValue: "unknown_controller")
        /// Illegal in the current hierarchy (UIKit would raise).
        public static let illegalTransition = Code(rawValue: "illegal_transition")
        /// No controller from the source outward implements the unwind action.
        public static let unwindNotFound = Code(rawValue: "unwind_destination_not_found")
        /// A hierarchy URL that does not fit the flow.
        public static let invalidURL = Code(rawValue: "invalid_url")
        /// A scene opened on its own that only exists inside something else (an unresolved
        /// storyboard reference, an alert).
        public static let sceneNotStandalone = Code(rawValue: "scene_not_standalone")
    }

    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { "\(code.rawValue): \(message)" }

    static func illegal(_ message: String) -> ActionError { ActionError(.illegalTransition, message) }
}
