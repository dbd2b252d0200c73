import SegueCore

/// The codes only the server refuses with, next to the ones the core raises.
extension ActionError.Code {
    /// The body is empty (where one is needed), not JSON, or not an object.
    public static let malformedJSON = Self(rawValue: "malformed_json")
    /// No such action.
    public static let unknownAction = Self(rawValue: "unknown_action")
    /// No such session (or it expired).
    public static let unknownSession = Self(rawValue: "unknown_session")
    /// No such route.
    public static let unknownRoute = Self(rawValue: "not_found")
    /// `expectedVersion` is not the session's version (or another instance wrote first).
    public static let staleVersion = Self(rawValue: "stale_version")
    /// The body is over the limit.
    public static let payloadTooLarge = Self(rawValue: "payload_too_large")
    /// The server holds its limit of sessions.
    public static let tooManySessions = Self(rawValue: "too_many_sessions")
    /// A form post without the session's token, or from another origin.
    public static let forbidden = Self(rawValue: "forbidden")
    /// The route exists, the method does not.
    public static let methodNotAllowed = Self(rawValue: "method_not_allowed")
    /// The session's stored state cannot be rebuilt (corrupt row, storyboard changed).
    public static let sessionQuarantined = Self(rawValue: "session_quarantined")
    /// The session storage is down, full or too slow.
    public static let storageUnavailable = Self(rawValue: "storage_unavailable")
}

extension ActionError.Code {
    /// Every code an action or a route of the application answers with, in the order of
    /// docs/API.md (the HTTP layer adds `bad_request` and `not_implemented` for requests it cannot
    /// read): what the OpenAPI document lists and flow tests may expect.
    public static let applicationCodes: [Self] = [
        .malformedJSON, .invalidRequest, .unknownAction, .unknownSession, .unknownScene, .unknownSegue,
        .unknownElement, .unknownController, .unknownRoute, .illegalTransition, .unwindNotFound,
        .staleVersion, .payloadTooLarge, .tooManySessions, .forbidden, .methodNotAllowed, .invalidURL,
        .sceneNotStandalone, .sessionQuarantined, .storageUnavailable,
    ]

    /// The HTTP status each code is answered with (docs/API.md, Error codes): the one table.
    public var status: Int {
        switch self {
        case .malformedJSON, .invalidRequest, .unknownAction, .invalidURL: 400
        case .forbidden: 403
        case .unknownSession, .unknownScene, .unknownSegue, .unknownElement, .unknownController, .unknownRoute: 404
        case .methodNotAllowed: 405
        case .illegalTransition, .unwindNotFound, .staleVersion, .sessionQuarantined, .sceneNotStandalone: 409
        case .payloadTooLarge: 413
        case .tooManySessions, .storageUnavailable: 503
        default: 500
        }
    }
}

extension ActionError {
    /// The HTTP status of this error's code.
    public var status: Int { code.status }
}
