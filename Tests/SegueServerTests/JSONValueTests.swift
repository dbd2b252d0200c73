import Foundation
import Testing
@testable import SegueServer
import SegueCore
import SegueJSON
import SegueTesting

/// The request-body JSON parser: RFC 8259, strict, and in agreement with Foundation on valid input.
@Suite struct JSONValueTests {
    func parse(_ text: String) throws(JSONValue.ParseError) -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func scalarsArraysAndObjects() throws {
        #expect(try parse(#" {"action": "push", "animated": false, "index": 2, "x": null, "list": [1, -2.5e1, "a"]} "#) == .object([
            "action": .string("push"), "animated": .bool(false), "index": .number(2), "x": .null,
            "list": .array([.number(1), .number(-25), .string("a")]),
        ]))
        #expect(try parse("true") == .bool(true))
        #expect(try parse("0") == .number(0))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([:]))
    }

    @Test func booleansAndNumbersStayApart() throws {
        #expect(try parse("[true, 1, false, 0]") == .array([.bool(true), .number(1), .bool(false), .number(0)]))
    }

    @Test func escapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\r\b\f""#) == .string("a\"b\\c/d\n\t\r\u{8}\u{C}"))
        #expect(try parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
        #expect(try parse("\"é中😀\"") == .string("é中😀"))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "[,1]", "{\"a\":}", "{\"a\" 1}", "{a:1}", "{\"a\":1,}", "tru", "nul", "True",
        "01", "-", "1.", ".5", "1e", "+1", "0x10", "\"abc", "\"a\u{1}b\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"",
        "\"\\udc00\"", "\"\\ud800\\u0041\"", "1 2", "{} x", "[1e999]", "NaN",
    ])
    func malformedInputIsRefused(_ text: String) {
        #expect(throws: JSONValue.ParseError.self) { try parse(text) }
    }

    @Test func invalidUTF8IsRefused() throws {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) }
        // ASCII skips validation: a string that only starts as ASCII is still checked.
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0x61, 0x62, 0xFF, 0x22]) }
        #expect(try JSONValue.parse(Array(#""ab""#.utf8)) == .string("ab"))
        #expect(try JSONValue.parse(Array("\"aé\"".utf8)) == .string("aé"))
    }

    @Test func nestingIsBounded() throws {
        let ok = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try parse(ok)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValue.ParseError.self) { try parse(deep) }
    }

    /// Valid documents read the same as Foundation reads them.
    @Test func agreesWithFoundationOnValidDocuments() throws {
        let documents = [
            #"{"action":"tap","element":"msgAnna","values":{"subject":"Re: \"Lunch\"","urgent":true},"animated":false}"#,
            #"{"action":"setTraits","traits":{"width":1024,"height":768.5}}"#,
            #"[0, -0, 1.5e3, 2E-2, 123456789, "\u0041\u00DF", "tab\there", [], {}, [null, [true]]]"#,
            #"{"a":{"b":{"c":[1,{"d":"e"}]}}, "e": 1}"#,
        ]
        for text in documents {
            let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            #expect(try parse(text) == foundation, "\(text)")
        }
        // A repeated key: the last one counts, as JSONSerialization reads it (JSONDecoder keeps
        // the first, so it is checked on its own).
        #expect(try parse(#"{"a":{"b":{"c":[1,{"d":"e"}]}}, "dup": 1, "dup": 2}"#)
                == .object(["a": .object(["b": .object(["c": .array([.number(1), .object(["d": .string("e")])])])]), "dup": .number(2)]))
    }
}
