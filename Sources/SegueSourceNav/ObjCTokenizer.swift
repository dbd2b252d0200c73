/// A tokenizer for Objective-C sources: identifiers, `@"…"` and C strings, numbers, `@keywords`,
/// punctuation; comments skipped, line numbers kept, and `#define NAME @"literal"` collected.
/// Never fails: anything it does not know is one punctuation token.
public struct ObjCToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case identifier, string, number, atKeyword, punctuation }
    public var kind: Kind
    /// The identifier, the string's contents (escapes kept as written), the number, the keyword
    /// after `@`, or the punctuation.
    public var text: String
    public var line: Int
}

public struct ObjCTokenizer {
    public private(set) var tokens: [ObjCToken] = []
    /// `#define NAME @"literal"` (or `"literal"`).
    public private(set) var defines: [String: String] = [:]
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1

    public static func tokenize(_ source: String) -> ObjCTokenizer {
        var t = ObjCTokenizer(bytes: Array(source.utf8))
        t.run()
        return t
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private static let twoCharOperators: Set<String> = [
        "==", "!=", "<=", ">=", "&&", "||", "->", "++", "--", "+=", "-=", "*=", "/=", "|=", "&=", "<<", ">>",
    ]

    private func peek(_ offset: Int = 0) -> UInt8 { i + offset < bytes.count ? bytes[i + offset] : 0 }

    private mutating func run() {
        var lineStart = true
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; lineStart = true; continue }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { i += 1; continue }
            if c == UInt8(ascii: "#"), lineStart { preprocessorLine(); continue }
            lineStart = false
            if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") { skipLine(); continue }
            if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { skipBlockComment(); continue }
            token()
        }
    }

    private mutating func token() {
        let c = bytes[i]
        let startLine = line
        if c == UInt8(ascii: "@") {
            let next = peek(1)
            if next == UInt8(ascii: "\"") {
                i += 1
                tokens.append(ObjCToken(kind: .string, text: quoted(), line: startLine))
            } else if Self.isIdentifierStart(next) {
                i += 1
                tokens.append(ObjCToken(kind: .atKeyword, text: identifier(), line: startLine))
            } else {
                i += 1
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "{") || next == UInt8(ascii: "(") {
                    i += 1
                    tokens.append(ObjCToken(kind: .punctuation, text: "@" + String(UnicodeScalar(next)), line: startLine))
                } else {
                    tokens.append(ObjCToken(kind: .punctuation, text: "@", line: startLine))
                }
            }
        } else if c == UInt8(ascii: "\"") {
            tokens.append(ObjCToken(kind: .string, text: quoted(), line: startLine))
        } else if c == UInt8(ascii: "'") {
            _ = quoted(delimiter: UInt8(ascii: "'"))
            tokens.append(ObjCToken(kind: .number, text: "0", line: startLine))
        } else if Self.isIdentifierStart(c) {
            tokens.append(ObjCToken(kind: .identifier, text: identifier(), line: startLine))
        } else if Self.isDigit(c) {
            let start = i
            while i < bytes.count, Self.isIdentifierPart(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
            tokens.append(ObjCToken(kind: .number, text: String(decoding: bytes[start..<i], as: UTF8.self), line: startLine))
        } else {
            let two = i + 1 < bytes.count ? String(decoding: bytes[i...(i + 1)], as: UTF8.self) : ""
            if Self.twoCharOperators.contains(two) {
                i += 2
                tokens.append(ObjCToken(kind: .punctuation, text: two, line: startLine))
            } else {
                i += 1
                tokens.append(ObjCToken(kind: .punctuation, text: c < 0x80 ? String(UnicodeScalar(c)) : "?", line: startLine))
            }
        }
    }

    /// A quoted literal starting at the opening delimiter; `i` ends after the closing one (or at
    /// the end of the line for an unterminated literal).
    private mutating func quoted(delimiter: UInt8 = UInt8(ascii: "\"")) -> String {
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != delimiter, bytes[i] != UInt8(ascii: "\n") {
            i += bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count && bytes[i + 1] != UInt8(ascii: "\n") ? 2 : 1
        }
        let end = min(i, bytes.count)
        if i < bytes.count, bytes[i] == delimiter { i += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func identifier() -> String {
        let start = i
        while i < bytes.count, Self.isIdentifierPart(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func skipLine() {
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
    }

    private mutating func skipBlockComment() {
        i += 2
        while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        i = min(i + 2, bytes.count)
    }

    /// A preprocessor line (with `\` continuations); `#define NAME @"literal"` is kept, and
    /// `#define NAME NSLocalizedString(@"key", …)` as its key.
    private mutating func preprocessorLine() {
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") || (i > start && bytes[i - 1] == UInt8(ascii: "\\")) {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if parts.count >= 2, parts[0] == "#if", parts[1] == "0" { skipDisabledBlock() }
        guard parts.count >= 3, parts[0] == "#define" else { return }
        var value = parts[2...].joined(separator: " ")
        // `NSLocalizedString(@"Cancel", @"comment")`: the key.
        if value.hasPrefix("NSLocalizedString(@\""), let end = value.dropFirst(20).firstIndex(of: "\"") {
            value = "\"" + value[value.index(value.startIndex, offsetBy: 20)..<end] + "\""
        }
        if value.hasPrefix("@") { value.removeFirst() }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.dropFirst().dropLast().contains("\"") {
            defines[parts[1]] = String(value.dropFirst().dropLast())
        }
    }

    /// The lines of an `#if 0` block, up to its `#else`, `#elif` or `#endif`: code the compiler
    /// never sees (nested conditionals counted).
    private mutating func skipDisabledBlock() {
        var depth = 0
        while i < bytes.count {
            // At a line's start: its first word, when it is a directive.
            if bytes[i] == UInt8(ascii: "\n") { line += 1; i += 1 }
            var k = i
            while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t") { k += 1 }
            var end = k
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let directive = k < bytes.count && bytes[k] == UInt8(ascii: "#")
                ? String(decoding: bytes[k..<end], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
                : ""
            i = end
            switch directive {
            case "#if", "#ifdef", "#ifndef": depth += 1
            case "#endif" where depth == 0, "#else" where depth == 0, "#elif" where depth == 0: return
            case "#endif": depth -= 1
            default: break
            }
        }
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c == 36
    }
    static func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
