import SegueCore
import SegueJSON
import Testing
@testable import SegueServer

/// JSON action bodies decoded into actions, and the exact coded error of each way a body is off.
@Suite("Action decoding")
struct ActionDecodingTests {
    func decode(_ body: String) throws(ActionError) -> ActionDecoding.Decoded {
        try ActionDecoding.action(ActionDecoding.object(Array(body.utf8)))
    }

    /// The error decoding `body` throws, or nil when it decodes.
    func error(_ body: String) -> ActionError? {
        do { _ = try decode(body); return nil } catch { return error }
    }

    @Test("the common actions decode, with animated defaulting to true")
    func commonActions() throws {
        let push = try decode(#"{"action":"push","scene":"message"}"#)
        #expect(push.action == .push(scene: "message", navigationController: nil))
        #expect(push.animated)
        let pop = try decode(#" { "action" : "pop" , "animated" : false } "#)
        #expect(pop.action == .pop(navigationController: nil))
        #expect(!pop.animated)
        #expect(try decode(#"{"action":"pop","navigationController":"nav","expectedVersion":3}"#).action == .pop(navigationController: "nav"))
        #expect(try decode(#"{"action":"push","scene":"m\u00e9","navigationController":null}"#).action == .push(scene: "mé", navigationController: nil))
        #expect(try decode(#"{"action":"tap","element":"row","values":{"a":"x","b":true,"c":2}}"#).action
            == .tap(element: "row", values: ["a": .text("x"), "b": .bool(true), "c": .text("2")]))
        #expect(try decode(#"{"action":"memoryWarning"}"#).action == .memoryWarning)
        #expect(try decode(#"{"action":"beginInteractivePop"}"#).action == .beginInteractivePop(navigationController: nil))
        #expect(try decode(#"{"action":"setToolbarHidden","hidden":true}"#).action == .setToolbarHidden(true, navigationController: nil))
        #expect(try decode(#"{"action":"selectTab","index":2,"controller":"tabs"}"#).action == .selectTab(index: 2, controller: "tabs"))
    }

    @Test("a member is found by its name in small and large bodies alike")
    func members() {
        let small: [String: JSONValue] = ["action": .string("pop"), "animated": .null]
        #expect(ActionDecoding.member(small, "action") == .string("pop"))
        #expect(ActionDecoding.member(small, "animated") == .null)
        #expect(ActionDecoding.member(small, "Action") == nil)
        #expect(ActionDecoding.member([:], "action") == nil)
        // Canonically equivalent names are one key, as the dictionary hashes them.
        #expect(ActionDecoding.member(["caf\u{E9}": .bool(true)], "cafe\u{301}") == .bool(true))
        var large: [String: JSONValue] = [:]
        for i in 0..<10 { large["k\(i)"] = .number(Double(i)) }
        #expect(ActionDecoding.member(large, "k7") == .number(7))
        #expect(ActionDecoding.member(large, "k10") == nil)
    }

    @Test("a body that is no JSON object is malformed_json")
    func malformedBodies() throws {
        #expect(try ActionDecoding.object(Array(" \n".utf8), allowEmpty: true).isEmpty)
        let cases: [(String, String)] = [
            ("", "the request body is empty; send a JSON object"),
            (" \r\n\t", "the request body is empty; send a JSON object"),
            ("{", "the request body is not valid JSON (expected a member name at byte 1)"),
            (#"{"action":"pop"} x"#, "the request body is not valid JSON (unexpected text after the value at byte 17)"),
            (#"{"action":"po\u"}"#, "the request body is not valid JSON (invalid escape at byte 15)"),
            ("[1]", "the request body must be a JSON object"),
            (#""pop""#, "the request body must be a JSON object"),
        ]
        for (body, message) in cases {
            #expect(error(body) == ActionError(.malformedJSON, message), "\(body)")
        }
    }

    @Test("a missing, misspelt or unknown action is named")
    func actionNames() {
        #expect(error(#"{"acton":"pop"}"#) == ActionError(.invalidRequest, "unknown key 'acton'; did you mean 'action'?"))
        #expect(error(#"{"scene":"x"}"#) == ActionError(.invalidRequest, "missing 'action'"))
        #expect(error(#"{"action":null}"#) == ActionError(.invalidRequest, "missing 'action'"))
        #expect(error(#"{"action":3}"#) == ActionError(.invalidRequest, "'action' must be a string"))
        let unknown = error(#"{"action":"pusj"}"#)
        #expect(unknown?.code == .unknownAction)
        #expect(unknown?.message == "unknown action 'pusj'; expected one of \(ActionKeys.names.joined(separator: ", ")); did you mean 'push'?")
        #expect(error(#"{"action":"Push"}"#)?.message.hasSuffix("did you mean 'push'?") == true)
    }

    @Test("a key the action does not take, and values of the wrong type, are refused")
    func keysAndValues() {
        #expect(error(#"{"action":"push","sceen":"x"}"#) == ActionError(.invalidRequest,
            "action 'push' takes no key 'sceen' (it takes 'action', 'scene', 'navigationController', 'animated', 'expectedVersion'); did you mean 'scene'?"))
        #expect(error(#"{"action":"pop","zz":1,"aa":2}"#)?.message.hasPrefix("action 'pop' takes no key 'aa' ") == true)
        #expect(error(#"{"action":"push"}"#) == ActionError(.invalidRequest, "missing 'scene'"))
        #expect(error(#"{"action":"push","scene":null}"#) == ActionError(.invalidRequest, "missing 'scene'"))
        #expect(error(#"{"action":"push","scene":1}"#) == ActionError(.invalidRequest, "'scene' must be a string"))
        #expect(error(#"{"action":"pop","animated":"no"}"#) == ActionError(.invalidRequest, "'animated' must be true or false"))
        #expect(error(#"{"action":"push","scene":"x","animated":1}"#) == ActionError(.invalidRequest, "'animated' must be true or false"))
        #expect(error(#"{"action":"pop","navigationController":false}"#) == ActionError(.invalidRequest, "'navigationController' must be a string"))
        #expect(error(#"{"action":"selectTab","index":1.5}"#) == ActionError(.invalidRequest, "'index' must be an integer"))
        #expect(error(#"{"action":"setValues"}"#) == ActionError(.invalidRequest, "missing 'values' (an object of element id to string, number or boolean)"))
        #expect(error(#"{"action":"setToolbarHidden"}"#) == ActionError(.invalidRequest, "missing 'hidden' (true or false)"))
    }
}
