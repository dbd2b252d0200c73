/// A refused request: a stable code, the HTTP status it maps to, and a message for people.
/// A refused action changes nothing and records no event.
public struct ActionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case malformedJSON = "malformed_json"
        case invalidRequest = "invalid_request"
        case unknownAction = "unknown_action"
        case unknownSession = "unknown_session"
        case unknownScene = "unknown_scene"
        case unknownSegue = "unknown_segue"
        case unknownElement = "unknown_element"
        case unknownController = "unknown_controller"
        case unknownRoute = "not_found"
        case illegalTransition = "illegal_transition"
        case unwindNotFound = "unwind_destination_not_found"
        case staleVersion = "stale_version"
        case payloadTooLarge = "payload_too_large"
        case tooManySessions = "too_many_sessions"
        case forbidden = "forbidden"
        case methodNotAllowed = "method_not_allowed"
        case invalidURL = "invalid_url"
        /// A scene opened on its own that only exists inside something else (an unresolved
        /// storyboard reference, an alert).
        case sceneNotStandalone = "scene_not_standalone"
        /// The session's stored state cannot be rebuilt (corrupt row, storyboard changed).
        case sessionQuarantined = "session_quarantined"
        /// The session storage is down, full or too slow.
        case storageUnavailable = "storage_unavailable"

        /// The HTTP status of this code (docs/API.md, Error codes).
        public var status: Int {
            switch self {
            case .malformedJSON, .invalidRequest, .unknownAction, .invalidURL: 400
            case .forbidden: 403
            case .unknownSession, .unknownScene, .unknownSegue, .unknownElement, .unknownController, .unknownRoute: 404
            case .methodNotAllowed: 405
            case .illegalTransition, .unwindNotFound, .staleVersion, .sessionQuarantined, .sceneNotStandalone: 409
            case .payloadTooLarge: 413
            case .tooManySessions, .storageUnavailable: 503
            }
        }
    }

    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var status: Int { code.status }
    public var description: String { "\(code.rawValue): \(message)" }

    static func illegal(_ message: String) -> ActionError { ActionError(.illegalTransition, message) }
}
