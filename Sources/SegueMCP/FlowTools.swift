import Foundation
import MCP
import SegueJSON
import SegueTesting

/// The tools an agent explores a flow with, over the JSON API of one application (in process):
/// list the scenes, open a session (at launch, a scene or a page URL), read its screen, tap,
/// perform segues and other actions, read its events, write it as a flow test, close it.
/// Every answer is JSON text; a refused call is an error result carrying the API's code.
public struct FlowTools: Sendable {
    let client: SegueClient
    /// Whether `write_test` may write the file it is given (`segue mcp`, on the user's machine);
    /// over HTTP it only answers the text.
    let writesFiles: Bool

    public init(client: SegueClient, writesFiles: Bool) {
        self.client = client
        self.writesFiles = writesFiles
    }

    /// The tools, as `tools/list` answers them.
    public static let catalogue: [Tool] = [
        tool("list_scenes", "Every scene of the flow: id, kind, title, class, storyboard identifier, and whether it can be opened alone.", [:]),
        tool("open_session", "Starts a session: at the flow's launch screen, at one scene (as instantiateViewController(withIdentifier:) gives it), or at a page URL. Answers the session id and its screen.",
             ["scene": string("A scene id to open (see list_scenes)."), "url": string("A page URL (/ui/…) to restore."),
              "width": number("Viewport width in points (default: a phone in portrait)."), "height": number("Viewport height in points.")]),
        tool("read_screen", "The session's screen: title, visible scenes, the elements a user can tap (with their values), the segues only code performs, the text on the screen, and its page URL.",
             ["session": string("The session id.")], required: ["session"]),
        tool("tap", "Taps an element of the screen (an id from read_screen's elements), as a user would: a segue, back, a tab, a row, a switch. 'values' sets text fields and switches first.",
             ["session": string("The session id."), "element": string("The element id."),
              "values": object("Values to set first, by element id: text for text fields, true or false for switches.")],
             required: ["session", "element"]),
        tool("perform_segue", "Performs a segue as code does (performSegue(withIdentifier:)), without asking shouldPerformSegue; read_screen lists the ones only code triggers.",
             ["session": string("The session id."), "identifier": string("The segue identifier."),
              "controller": string("The controller performing it (default: the frontmost).")],
             required: ["session", "identifier"]),
        tool("perform_action", "Any action of the JSON API, e.g. {\"action\": \"pop\"}, {\"action\": \"dismiss\"}, {\"action\": \"selectTab\", \"index\": 1}, {\"action\": \"setTraits\", \"traits\": {\"width\": 1024, \"height\": 768}}.",
             ["session": string("The session id."), "action": object("The action body, with its 'action' key.")],
             required: ["session", "action"]),
        tool("read_events", "The lifecycle events UIKit would send (viewWillAppear, prepareForSegue, …) in order, after a sequence number.",
             ["session": string("The session id."), "after": number("Only events after this seq (default 0: all kept).")],
             required: ["session"]),
        tool("write_test", "The session's steps as a flow test file (YAML) that reproduces it, run with `segue test FILE`. With 'path' (segue mcp only) the file is written there, its flow named relative to it.",
             ["session": string("The session id."), "path": string("Where to write the .test.yaml file.")],
             required: ["session"]),
        tool("close_session", "Ends a session.", ["session": string("The session id.")], required: ["session"]),
    ]

    /// Runs one tool call.
    public func call(_ name: String, _ arguments: [String: Value]) -> CallTool.Result {
        do throws(ToolError) {
            return .init(content: [.text(text: try answer(name, arguments).encoded, annotations: nil, _meta: nil)], isError: false)
        } catch {
            return .init(content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true)
        }
    }

    func answer(_ name: String, _ arguments: [String: Value]) throws(ToolError) -> JSONValue {
        let allowed = Self.catalogue.first { $0.name == name }
        guard let allowed else { throw ToolError("unknown_tool", "no tool '\(name)' (tools: \(Self.catalogue.map(\.name).joined(separator: ", ")))") }
        let keys = allowed.inputSchema.objectValue?["properties"]?.objectValue?.keys.sorted() ?? []
        if let extra = arguments.keys.sorted().first(where: { !keys.contains($0) }) {
            throw ToolError("invalid_request", "\(name) takes no argument '\(extra)' (it takes: \(keys.joined(separator: ", ")))")
        }
        let call = ToolCall(arguments: arguments)
        switch name {
        case "list_scenes": return try listScenes()
        case "open_session": return try openSession(call)
        case "read_screen": return try screen(of: try session(call))
        case "tap": return try tap(call)
        case "perform_segue": return try performSegue(call)
        case "perform_action": return try performAction(call)
        case "read_events": return try readEvents(call)
        case "write_test": return try writeTest(call)
        default: return try closeSession(call)
        }
    }
}

/// A tool's refusal: the JSON API's code and message, or one of the tools' own.
struct ToolError: Error, CustomStringConvertible {
    var code: String
    var message: String
    init(_ code: String, _ message: String) { self.code = code; self.message = message }
    init(_ error: SegueClientError) { self.init(error.code, error.message) }
    var description: String { "\(code): \(message)" }
}

extension FlowTools {
    static func tool(_ name: String, _ description: String, _ properties: [String: Value], required: [String] = []) -> Tool {
        Tool(name: name, description: description,
             inputSchema: .object(["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
                                   "additionalProperties": false]))
    }
    static func string(_ description: String) -> Value { .object(["type": "string", "description": .string(description)]) }
    static func number(_ description: String) -> Value { .object(["type": "integer", "description": .string(description)]) }
    static func object(_ description: String) -> Value { .object(["type": "object", "description": .string(description)]) }
}
