import Foundation
import SegueCore
import SegueFlowFiles
import SegueTesting
import Testing
import SegueJSON
import SegueServer

/// The OpenAPI document served at /api/v1/openapi.json, checked against real answers.
@Suite struct OpenAPITests {
    let client: SegueClient
    let document: JSONValue

    init() throws {
        client = SegueClient.inProcess(storyboard: try FlowFileLoader.load(path: mailFlow))
        let answer = try client.send("GET", "/api/v1/openapi.json")
        #expect(answer.status == 200 && answer.header("content-type") == "application/json")
        document = try #require(answer.json)
    }

    /// Validates `value` against a schema of the document (the JSON Schema subset it uses).
    func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        if let ref = schema["$ref"]?.stringValue {
            let name = String(ref.split(separator: "/").last!)
            guard let target = document["components"]?["schemas"]?[name] else { return ["\(path): no schema \(name)"] }
            return problems(value, target, at: path)
        }
        var out: [String] = []
        if let options = schema["oneOf"]?.arrayValue {
            let matching = options.filter { problems(value, $0, at: path).isEmpty }.count
            if matching != 1 { out.append("\(path): matches \(matching) of oneOf") }
        }
        if let constant = schema["const"], constant != value { out.append("\(path): not \(constant.encoded)") }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) { out.append("\(path): \(value.encoded) not in enum") }
        if let type = schema["type"] {
            let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue!]
            let actual: String = switch value {
            case .null: "null"
            case .bool: "boolean"
            case .number(let n): n == n.rounded() ? "integer" : "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
            if !types.contains(actual) && !(actual == "integer" && types.contains("number")) { out.append("\(path): \(actual), expected \(types)") }
        }
        if case .object(let o) = value {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where o[key] == nil { out.append("\(path): missing \(key)") }
            for (key, v) in o {
                if let p = properties[key] { out += problems(v, p, at: "\(path).\(key)") }
                else if schema["additionalProperties"] == .bool(false) { out.append("\(path): unexpected key \(key)") }
                else if let extra = schema["additionalProperties"], case .object = extra { out += problems(v, extra, at: "\(path).\(key)") }
            }
        }
        if case .array(let a) = value, let items = schema["items"] {
            for (i, v) in a.enumerated() { out += problems(v, items, at: "\(path)[\(i)]") }
        }
        return out
    }

    func schema(_ name: String) -> JSONValue { .object(["$ref": .string("#/components/schemas/\(name)")]) }

    @Test func theDocumentIsOpenAPI31AndListsEveryActionAndPath() throws {
        #expect(document["openapi"]?.stringValue == "3.1.0")
        for action in ActionKeys.names {
            #expect(document["components"]?["schemas"]?["Action_\(action)"] != nil, "\(action)")
        }
        for path in ["/api/v1/sessions", "/api/v1/sessions/{id}", "/api/v1/sessions/{id}/actions", "/api/v1/sessions/{id}/events",
                     "/api/v1/sessions/{id}/test", "/api/v1/scenes", "/tap", "/api/v1/flow", "/api/v1/sessions/{id}/events/stream"] {
            #expect(document["paths"]?[path] != nil, "\(path)")
        }
        #expect(document["paths"]?["/api/v1/sessions/{id}/events/stream"]?["get"]?["responses"]?["200"]?["content"]?["text/event-stream"] != nil)
        #expect(document["paths"]?["/api/v1/sessions"]?["post"]?["responses"]?["409"] != nil)
        // Every code the server answers is in the Error enum and in docs/API.md's table.
        let codes = (document["components"]?["schemas"]?["Error"]?["properties"]?["error"]?["properties"]?["code"]?["enum"]?.arrayValue ?? []).compactMap(\.stringValue)
        let apiDoc = try String(contentsOfFile: repositoryRoot + "/docs/API.md", encoding: .utf8)
        for code in ["scene_not_standalone", "bad_request", "not_implemented"] {
            #expect(codes.contains(code), "\(code)")
            #expect(apiDoc.contains("| `\(code)` |"), "\(code)")
        }
        for route in ["`GET /api/v1/flow`", "`GET /api/v1/sessions/ID/events/stream`"] { #expect(apiDoc.contains(route), "\(route)") }
    }

    @Test func realAnswersMatchTheirSchemas() throws {
        let created = try client.send("POST", "/api/v1/sessions", json: .object(["traits": .object(["width": .number(390), "height": .number(844)])]))
        #expect(created.status == 201)
        #expect(problems(try #require(created.json), schema("Created")) == [])
        let id = try #require(created.json?["id"]?.stringValue)
        let state = try client.send("GET", "/api/v1/sessions/\(id)")
        #expect(problems(try #require(state.json), schema("State")) == [])
        for body in [#"{"action":"tap","element":"inboxRow"}"#, #"{"action":"tap","element":"compose"}"#, #"{"action":"dismiss"}"#, #"{"action":"pop","animated":false}"#] {
            let bodyJSON = try JSONValue.parse(Array(body.utf8))
            #expect(problems(bodyJSON, schema("Action")) == [], "\(body)")
            let answer = try client.send("POST", "/api/v1/sessions/\(id)/actions", json: bodyJSON)
            #expect(answer.status == 200, "\(body): \(answer.text.prefix(200))")
            #expect(problems(try #require(answer.json), schema("ActionResult")) == [], "\(body)")
        }
        let events = try client.send("GET", "/api/v1/sessions/\(id)/events", query: "after=0")
        #expect(problems(try #require(events.json), schema("Events")) == [])
        #expect((events.json?["events"]?.arrayValue?.count ?? 0) > 10)
    }

    @Test func errorAnswersMatchTheErrorSchemaAndTheirCodesAreListed() throws {
        let id = try client.createSession().id
        let cases: [(String, Int)] = [
            (#"{"action":"tap","element":"inboxRow","fields":{}}"#, 400), (#"{"action":"fly"}"#, 400), ("{", 400),
            (#"{"action":"tap","element":"ghost"}"#, 404), (#"{"action":"popTo","controller":"c1"}"#, 409),
            (#"{"action":"pop","expectedVersion":9}"#, 409),
        ]
        for (body, status) in cases {
            let answer = try client.transport.send(TestRequest(method: "POST", path: "/api/v1/sessions/\(id)/actions", body: Array(body.utf8)))
            #expect(answer.status == status, "\(body)")
            #expect(problems(try #require(answer.json), schema("Error")) == [], "\(body): \(answer.text)")
        }
        let missing = try client.send("GET", "/api/v1/sessions/0123456789abcdef0123456789abcdef")
        let missingJSON = try #require(missing.json)
        #expect(missing.status == 404 && problems(missingJSON, schema("Error")) == [])
    }

    /// Each action's documented body is one the server decodes (it may still refuse it in this
    /// state, but never as a malformed or unknown request), and a key outside the document is
    /// refused by both.
    @Test func everyDocumentedActionBodyIsAcceptedAndNoOtherKey() throws {
        let samples: [String: JSONValue] = [
            "tap": .object(["element": .string("inboxRow"), "values": .object([:])]),
            "performSegue": .object(["identifier": .string("showInbox"), "controller": .string("c2")]),
            "setViewControllers": .object(["scenes": .array([.string("mailboxes"), .string("inbox")]), "navigationController": .string("c1")]),
            "push": .object(["scene": .string("message"), "navigationController": .string("c1")]),
            "pop": .object(["navigationController": .string("c1")]), "popToRoot": .object([:]),
            "popTo": .object(["controller": .string("c2")]),
            "present": .object(["scene": .string("composeNav"), "modalPresentationStyle": .string("formSheet"), "modalTransitionStyle": .string("coverVertical")]),
            "dismiss": .object(["controller": .string("c1")]), "selectTab": .object(["index": .number(0)]),
            "moveTab": .object(["from": .number(0), "to": .number(1)]),
            "setTraits": .object(["traits": .object(["width": .number(1024), "height": .number(768)])]),
            "turnPage": .object(["direction": .string("reverse")]), "showPage": .object(["index": .number(0)]),
            "memoryWarning": .object([:]), "setEditing": .object(["editing": .bool(true)]),
            "setValues": .object(["values": .object(["nothing": .string("x")])]),
            "setToolbarHidden": .object(["hidden": .bool(false)]), "setNavigationBarHidden": .object(["hidden": .bool(true), "navigationController": .string("c1")]),
            "addChild": .object(["scene": .string("message"), "controller": .string("c2"), "showingView": .bool(false)]),
            "removeFromParent": .object(["controller": .string("c2")]),
            "transition": .object(["controller": .string("c2"), "fromIndex": .number(0), "toIndex": .number(1)]),
            "beginAppearanceTransition": .object(["controller": .string("c2"), "isAppearing": .bool(true)]),
            "endAppearanceTransition": .object(["controller": .string("c2")]),
        ]
        #expect(Set(samples.keys) == Set(ActionKeys.names))
        for (action, extra) in samples {
            var body = extra.objectValue!
            body["action"] = .string(action)
            body["animated"] = .bool(false)
            #expect(problems(.object(body), schema("Action")) == [], "\(action)")
            let session = try client.createSession()
            let answer = try client.send("POST", "/api/v1/sessions/\(session.id)/actions", json: .object(body))
            let code = answer.json?["error"]?["code"]?.stringValue
            // An action another build adds may be unknown here; never a bad request.
            #expect(code != "invalid_request" && code != "malformed_json", "\(action): \(answer.text)")
            var wrong = body
            wrong["colour"] = .string("red")
            #expect(!problems(.object(wrong), schema("Action")).isEmpty, "\(action)")
            let refused = try client.send("POST", "/api/v1/sessions/\(session.id)/actions", json: .object(wrong))
            #expect(refused.status == 400, "\(action)")
        }
    }
}
