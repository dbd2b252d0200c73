/// A parsed JSON value (RFC 8259): what request bodies and stored steps decode into, and what
/// checks that a JSON flow file is JSON.
///
/// A small strict parser of its own, because JSON actions are the server's hot path: Foundation's
/// `JSONSerialization` cost more than the action's transition, and its numbers blur `true` with
/// `1` on Linux. Booleans and numbers are distinct cases here.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public struct ParseError: Error, Equatable {
        public var offset: Int
        public var reason: String
    }

    /// Deeper nesting than this is refused (a request never needs it; it bounds the recursion).
    public static let maximumDepth = 64

    /// Parses one JSON value filling `bytes` (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ParseError) -> JSONValue in
            var parser = Parser(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.position == buffer.count else { throw parser.error("unexpected text after the value") }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        func error(_ reason: String) -> ParseError { ParseError(offset: position, reason: reason) }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 }
        }

        mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(ParseError) -> JSONValue {
            let count = literal.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw error("unexpected end of input") }
            for i in 0..<count where bytes[position + i] != literal.utf8Start[i] { throw error("invalid literal") }
            position += count
            return value
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth <= JSONValue.maximumDepth else { throw error("nested too deeply") }
            guard let b = peek else { throw error("unexpected end of input") }
            switch b {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            position += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") { position += 1; return .object([:]) }
            // Room for a few members at once (an action's body): no growing as they are added.
            var members = [String: JSONValue](minimumCapacity: 4)
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
                position += 1
                skipWhitespace()
                members[key] = try value(depth: depth + 1)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"): position += 1; return .object(members)
                default: throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if peek == UInt8(ascii: "]") { position += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"): position += 1; return .array(elements)
                default: throw error("expected ',' or ']'")
                }
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = position
            func digits(_ p: inout Parser) -> Int {
                let from = p.position
                while let b = p.peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { p.position += 1 }
                return p.position - from
            }
            if peek == UInt8(ascii: "-") { position += 1 }
            if peek == UInt8(ascii: "0") {
                position += 1
            } else if digits(&self) == 0 {
                throw error("invalid number")
            }
            if peek == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else { throw error("invalid number") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                position += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
                guard digits(&self) > 0 else { throw error("invalid number") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw error("number out of range") }
            return value
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            let start = position
            // Fast path: no escapes.
            var ascii = true
            while let b = peek, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
                guard b >= 0x20 else { throw error("control character in a string") }
                if b >= 0x80 { ascii = false }
                position += 1
            }
            guard let end = peek else { throw error("unterminated string") }
            if end == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                // ASCII is valid UTF-8 as it is: only other bytes need the (costly) validation.
                if ascii { return String(decoding: raw, as: UTF8.self) }
                guard let s = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8") }
                return s
            }
            return try escapedString(from: start)
        }

        /// The rest of a string that has an escape, from `start` (its first byte) with the escape at
        /// `position`: decoded into bytes, then validated as UTF-8.
        mutating func escapedString(from start: Int) throws(ParseError) -> String {
            var out = Array(bytes[start..<position])
            while true {
                guard let b = peek else { throw error("unterminated string") }
                position += 1
                switch b {
                case UInt8(ascii: "\""):
                    guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8") }
                    return s
                case UInt8(ascii: "\\"):
                    guard let e = peek else { throw error("unterminated string") }
                    position += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        out.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                    default:
                        throw error("invalid escape")
                    }
                default:
                    guard b >= 0x20 else { throw error("control character in a string") }
                    out.append(b)
                }
            }
        }

        /// The scalar of a `\u` escape (its four digits at `position`), a surrogate pair joined.
        mutating func unicodeEscape() throws(ParseError) -> Unicode.Scalar {
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard peek == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate")
                }
                position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired surrogate")
            }
            guard let u = Unicode.Scalar(scalar) else { throw error("invalid escape") }
            return u
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("invalid escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[position]
                let digit: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
                default: throw error("invalid escape")
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }
    }
}
