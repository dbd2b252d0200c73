import Foundation
import SegueCore
import SegueJSON

// Typed answers of the JSON API (docs/API.md), for tests: decode a response with
// ``TestResponse/decode(_:)``; a body that is not the expected JSON throws ``DecodingFailure``
// naming the type, the reason and the body.

/// STATE: a session's hierarchy, what is on screen and what can be tapped.
public struct SessionState: Codable, Sendable, Equatable {
    public var id: String
    /// Up by one with every action that changed anything.
    public var version: Int
    /// The canonical page URL of this state.
    public var url: String
    public var traits: TraitsState
    public var root: ControllerState
    /// Ids of the content controllers on screen, back to front.
    public var visible: [String]
    public var elements: [Element]
    public var manualSegues: [ManualSegue]

    public struct TraitsState: Codable, Sendable, Equatable {
        public var idiom: String
        public var horizontalSizeClass: String
        public var verticalSizeClass: String
        public var orientation: String
        public var width: Int
        public var height: Int
    }

    /// Something a user could tap now.
    public struct Element: Codable, Sendable, Equatable {
        public var id: String
        public var role: String
        public var title: String?
        public var controller: String
        /// `false` for a disabled element (absent when enabled).
        public var enabled: Bool?
        public var isEnabled: Bool { enabled ?? true }
        /// What its control holds (absent for elements that hold nothing).
        public var isOn: Bool?
        public var value: Double?
        public var text: String?
        public var selectedSegmentIndex: Int?
    }

    /// A segue of a visible controller that no element triggers.
    public struct ManualSegue: Codable, Sendable, Equatable {
        public var controller: String
        public var identifier: String
        public var destination: String?
        /// The source line of navigation read from the app's code.
        public var source: String?
    }

    /// The element with this id, if it is on the state.
    public func element(_ id: String) -> Element? { elements.first { $0.id == id } }

    /// Every controller of the hierarchy, depth first (children, then what each presents).
    public var controllers: [ControllerState] { root.allControllers }

    /// The controller with this id, if it is in the hierarchy.
    public func controller(_ id: String) -> ControllerState? { controllers.first { $0.id == id } }
}

/// CONTROLLER: one view controller of the hierarchy and what it contains or presents.
public struct ControllerState: Codable, Sendable, Equatable {
    public var id: String
    public var scene: String?
    public var kind: String
    public var `class`: String?
    public var title: String?
    public var viewLoaded: Bool
    /// `disappeared`, `appearing`, `appeared` or `disappearing`.
    public var appearance: String
    public var children: [ControllerState]
    private var presentedBox: [ControllerState]
    public var editing: Bool?
    public var selectedIndex: Int?
    /// A tab bar with More: the tabs with a bar item of their own.
    public var barItemCount: Int?
    public var topViewController: String?
    public var visibleViewController: String?
    public var currentIndex: Int?
    public var displayMode: String?
    public var collapsed: Bool?
    public var modalPresentationStyle: String?
    public var modalTransitionStyle: String?
    public var presentingViewController: String?
    /// The navigation item and tab bar item as sent.
    public var navigationItem: JSONValue?
    public var tabBarItem: JSONValue?

    /// What this controller presents, if anything.
    public var presented: ControllerState? {
        get { presentedBox.first }
        set { presentedBox = newValue.map { [$0] } ?? [] }
    }

    /// This controller, then its children's and its presented controller's, depth first.
    public var allControllers: [ControllerState] {
        [self] + children.flatMap(\.allControllers) + (presented?.allControllers ?? [])
    }

    enum CodingKeys: String, CodingKey {
        case id, scene, kind, `class`, title, viewLoaded, appearance, children, presented, editing, selectedIndex, barItemCount
        case topViewController, visibleViewController, currentIndex, displayMode, collapsed
        case modalPresentationStyle, modalTransitionStyle, presentingViewController, navigationItem, tabBarItem
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        scene = try c.decodeIfPresent(String.self, forKey: .scene)
        kind = try c.decode(String.self, forKey: .kind)
        `class` = try c.decodeIfPresent(String.self, forKey: .class)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        viewLoaded = try c.decode(Bool.self, forKey: .viewLoaded)
        appearance = try c.decode(String.self, forKey: .appearance)
        children = try c.decodeIfPresent([ControllerState].self, forKey: .children) ?? []
        presentedBox = try c.decodeIfPresent(ControllerState.self, forKey: .presented).map { [$0] } ?? []
        editing = try c.decodeIfPresent(Bool.self, forKey: .editing)
        selectedIndex = try c.decodeIfPresent(Int.self, forKey: .selectedIndex)
        barItemCount = try c.decodeIfPresent(Int.self, forKey: .barItemCount)
        topViewController = try c.decodeIfPresent(String.self, forKey: .topViewController)
        visibleViewController = try c.decodeIfPresent(String.self, forKey: .visibleViewController)
        currentIndex = try c.decodeIfPresent(Int.self, forKey: .currentIndex)
        displayMode = try c.decodeIfPresent(String.self, forKey: .displayMode)
        collapsed = try c.decodeIfPresent(Bool.self, forKey: .collapsed)
        modalPresentationStyle = try c.decodeIfPresent(String.self, forKey: .modalPresentationStyle)
        modalTransitionStyle = try c.decodeIfPresent(String.self, forKey: .modalTransitionStyle)
        presentingViewController = try c.decodeIfPresent(String.self, forKey: .presentingViewController)
        navigationItem = try c.decodeIfPresent(JSONValue.self, forKey: .navigationItem)
        tabBarItem = try c.decodeIfPresent(JSONValue.self, forKey: .tabBarItem)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(scene, forKey: .scene)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(`class`, forKey: .class)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(viewLoaded, forKey: .viewLoaded)
        try c.encode(appearance, forKey: .appearance)
        try c.encode(children, forKey: .children)
        try c.encode(presented, forKey: .presented)
        try c.encodeIfPresent(editing, forKey: .editing)
        try c.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try c.encodeIfPresent(barItemCount, forKey: .barItemCount)
        try c.encodeIfPresent(topViewController, forKey: .topViewController)
        try c.encodeIfPresent(visibleViewController, forKey: .visibleViewController)
        try c.encodeIfPresent(currentIndex, forKey: .currentIndex)
        try c.encodeIfPresent(displayMode, forKey: .displayMode)
        try c.encodeIfPresent(collapsed, forKey: .collapsed)
        try c.encodeIfPresent(modalPresentationStyle, forKey: .modalPresentationStyle)
        try c.encodeIfPresent(modalTransitionStyle, forKey: .modalTransitionStyle)
        try c.encodeIfPresent(presentingViewController, forKey: .presentingViewController)
        try c.encodeIfPresent(navigationItem, forKey: .navigationItem)
        try c.encodeIfPresent(tabBarItem, forKey: .tabBarItem)
    }
}

/// EVENT: one UIKit callback, in the order UIKit makes them.
public struct Event: Codable, Sendable, Equatable {
    public var seq: Int
    /// The controller the callback ran on (`c4`).
    public var controller: String
    public var scene: String?
    /// The callback's name (`viewWillAppear`, `prepareForSegue`, `unwind`, …).
    public var event: String
    /// Every field as sent, `null`s included (`parent`, `sender`, `result`, …).
    public var fields: [String: JSONValue]

    public var animated: Bool? { fields["animated"]?.boolValue }
    public var isMovingToParent: Bool? { fields["isMovingToParent"]?.boolValue }
    public var isMovingFromParent: Bool? { fields["isMovingFromParent"]?.boolValue }
    public var isBeingPresented: Bool? { fields["isBeingPresented"]?.boolValue }
    public var isBeingDismissed: Bool? { fields["isBeingDismissed"]?.boolValue }
    public var segue: String? { fields["segue"]?.stringValue }
    public var destination: String? { fields["destination"]?.stringValue }
    public var action: String? { fields["action"]?.stringValue }
    public var child: String? { fields["child"]?.stringValue }

    /// `parent` of `willMoveToParentViewController` / `didMoveToParentViewController`: nil when
    /// the event has none, `.some(nil)` when it is `null` (leaving a parent).
    public var parent: String?? { fields["parent"].map(\.stringValue) }
    /// `sender` of `shouldPerformSegue` / `prepareForSegue`, the same way.
    public var sender: String?? { fields["sender"].map(\.stringValue) }

    /// `scene.event`, as tests compare orders.
    public var sceneAndName: String { "\(scene ?? "").\(event)" }

    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .object(let o) = value else {
            throw DecodingError.typeMismatch(Event.self, .init(codingPath: decoder.codingPath, debugDescription: "an event is an object"))
        }
        func required<T>(_ key: String, _ read: (JSONValue) -> T?) throws -> T {
            guard let v = o[key], let t = read(v) else {
                throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: decoder.codingPath, debugDescription: "an event needs '\(key)'"))
            }
            return t
        }
        seq = try required("seq", \.intValue)
        controller = try required("controller", \.stringValue)
        event = try required("event", \.stringValue)
        scene = o["scene"]?.stringValue
        fields = o
    }

    public func encode(to encoder: any Encoder) throws { try JSONValue.object(fields).encode(to: encoder) }
}

/// `POST …/actions`: the new state, the events the action caused, UIKit's no-op warnings.
public struct ActionResult: Codable, Sendable, Equatable {
    public var state: SessionState
    public var events: [Event]
    public var warnings: [String]
}

/// `POST /api/v1/sessions`: the new session's id and launch state.
public struct CreatedSession: Codable, Sendable, Equatable {
    public var id: String
    public var state: SessionState
}

/// `GET …/events?after=SEQ`.
public struct EventPage: Codable, Sendable, Equatable {
    public var events: [Event]
    public var lastSeq: Int
}

/// `{"error": {"code", "message"}}`.
public struct APIErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
    }
    public var error: Detail
}

/// A body that is not the JSON a test expected: says which type, why, and shows the body.
public struct DecodingFailure: Error, CustomStringConvertible, Sendable {
    public var type: String
    public var reason: String
    public var status: Int
    public var body: String

    public var description: String {
        "cannot decode \(type) from a \(status) answer: \(reason)\nbody: \(body.count > 2000 ? String(body.prefix(2000)) + "…" : body)"
    }
}

extension TestResponse {
    /// The body decoded as `type`; throws ``DecodingFailure`` with the body when it is not.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(DecodingFailure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch {
            throw DecodingFailure(type: "\(T.self)", reason: Self.reason(error), status: status, body: text)
        }
    }

    /// The body as a JSON value; throws ``DecodingFailure`` with the body when it is not JSON.
    public func jsonValue() throws(DecodingFailure) -> JSONValue {
        do throws(JSONValue.ParseError) {
            return try JSONValue.parse(body)
        } catch {
            throw DecodingFailure(type: "JSON", reason: "\(error.reason) at byte \(error.offset)", status: status, body: text)
        }
    }

    /// The error code of an error answer (`{"error": {"code": …}}`), nil for any other body.
    public var errorCode: String? { try? decode(APIErrorBody.self).error.code }

    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "no '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(let type, let context)?:
            return "\(path(context.codingPath)) is not \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context)?:
            return "\(path(context.codingPath)) is null, not \(type)"
        case .dataCorrupted(let context)?:
            return "not JSON at \(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
