import Foundation
import Testing
@testable import SegueCore
import SegueJSON

@Suite("JSON writer")
struct JSONWriterTests {
    /// Reads what the writer wrote with Foundation's decoder (a reader that is not ours), as `type`.
    func parse<T: Decodable>(_ bytes: [UInt8], as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    struct Item: Decodable {
        var index: Int
        var name: String
    }

    @Test func nestedContainersGetCommasOnlyBetweenValues() throws {
        var w = JSONWriter(capacity: 8)
        w.beginObject()
        w.field("a", 1)
        w.key("b"); w.beginArray(); w.int(1); w.beginObject(); w.endObject(); w.beginArray(); w.endArray(); w.null(); w.endArray()
        w.field("c", true)
        w.key("d"); w.beginObject(); w.field("e", "x"); w.field("f", nil as String?); w.endObject()
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"a":1,"b":[1,{},[],null],"c":true,"d":{"e":"x","f":null}}"#)
    }

    @Test(arguments: [0, 7, 9, 10, 42, 99, 100, 12345, -1, -10, -987654, Int.max, Int.min])
    func integersAreWrittenInDecimal(_ n: Int) {
        var w = JSONWriter()
        w.int(n)
        #expect(String(decoding: w.bytes, as: UTF8.self) == String(n))
    }

    @Test func stringsNeedingEscapesRoundTrip() throws {
        let samples = ["plain", "", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{01}\u{1F}\u{7F}",
                       "émoji 👩‍👩‍👧 and ünïcode", "</script><b>", String(repeating: "long ", count: 500)]
        for s in samples {
            var w = JSONWriter(capacity: 1)
            w.beginObject(); w.key(dynamic: s); w.string(s); w.endObject()
            let back = try parse(w.bytes, as: [String: String].self)
            #expect(back == [s: s], "\(s.debugDescription)")
        }
    }

    /// Strings are scanned eight bytes at a time: a byte needing an escape is found wherever it
    /// falls in a word, and bytes just outside the escaped set (space, `#`, `[`, `]`, DEL and
    /// UTF-8's high bytes) pass unescaped.
    @Test func everyEscapeIsFoundAtEveryOffsetOfAWord() throws {
        let specials: [Character] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "#", "[", "]", "\u{7F}", "é"]
        for special in specials {
            for length in 1...19 {
                for position in 0..<length {
                    var text = String(repeating: "a", count: length)
                    let index = text.index(text.startIndex, offsetBy: position)
                    text.replaceSubrange(index...index, with: String(special))
                    var w = JSONWriter(capacity: 1)
                    w.string(text)
                    let back = try parse(w.bytes, as: String.self)
                    #expect(back == text, "\(text.debugDescription)")
                    let escapes = special == "\"" || special == "\\" || special.asciiValue.map { $0 < 0x20 } == true
                    #expect(w.bytes.contains(UInt8(ascii: "\\")) == escapes, "\(text.debugDescription)")
                }
            }
        }
    }

    /// Keys of every length up to 24 bytes (copied in words, not by `memcpy`) are written whole.
    @Test func keysOfEveryLengthAreWrittenWhole() throws {
        let names: [StaticString] = ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi",
                                     "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx"]
        var w = JSONWriter(capacity: 1)
        w.beginObject()
        for (i, name) in names.enumerated() { w.key(name); w.int(i) }
        w.endObject()
        let back = try parse(w.bytes, as: [String: Int].self)
        #expect(back.count == names.count)
        for (i, name) in names.enumerated() { #expect(back["\(name)"] == i) }
    }

    /// An appearance event's flags come from a table of their 32 combinations: each one reads
    /// back as the event's own `animated` (false when unset) and reasons.
    @Test func appearanceEventFlagsMatchTheEventInEveryCombination() throws {
        struct Flags: Decodable, Equatable {
            var animated: Bool, isMovingToParent: Bool, isMovingFromParent: Bool, isBeingPresented: Bool, isBeingDismissed: Bool
        }
        for animated in [nil, false, true] as [Bool?] {
            for raw in UInt8(0)..<16 {
                var event = Event(seq: 7, controller: "c2", scene: "inbox", event: .viewWillAppear)
                event.animated = animated
                event.reasons = AppearanceReason(rawValue: raw)
                var w = JSONWriter(capacity: 16)
                event.write(into: &w)
                let flags = try parse(w.bytes, as: Flags.self)
                #expect(flags == Flags(animated: animated ?? false, isMovingToParent: raw & 1 != 0, isMovingFromParent: raw & 2 != 0,
                                       isBeingPresented: raw & 4 != 0, isBeingDismissed: raw & 8 != 0))
                let object = try #require(try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String: Any])
                #expect(object.count == 9 && object["event"] as? String == "viewWillAppear" && object["seq"] as? Int == 7)
            }
        }
    }

    @Test func controlCharactersUseShortOrUnicodeEscapes() {
        var w = JSONWriter()
        w.string("\u{0}\n\u{1B}")
        #expect(String(decoding: w.bytes, as: UTF8.self) == #""\u0000\n\u001b""#)
    }

    @Test func theBufferGrowsPastItsInitialCapacity() throws {
        var w = JSONWriter(capacity: 1)
        w.beginArray()
        for i in 0..<5_000 { w.beginObject(); w.field("index", i); w.field("name", "item \(i)"); w.endObject() }
        w.endArray()
        let back = try parse(w.bytes, as: [Item].self)
        #expect(back.count == 5_000)
        #expect(back.last?.index == 4999 && back.last?.name == "item 4999")
    }

    @Test func rawJSONIsInsertedAsAValue() throws {
        var w = JSONWriter()
        w.beginObject(); w.key("inner"); w.raw(Array(#"{"x":[1,2]}"#.utf8)); w.field("after", 3); w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"inner":{"x":[1,2]},"after":3}"#)
    }
}
