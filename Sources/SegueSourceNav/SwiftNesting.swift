/// How deeply a Swift file nests brackets and parentheses, found before the file is parsed.
///
/// SwiftSyntax's parser looks ahead at every `[` to tell an inline array type (`[3 of Int]`) from
/// an array or dictionary type, and tries both: nested brackets cost it time that doubles with each
/// level (about 0.2 s at 16 levels, over a minute at 28). Deep parentheses with other tokens
/// between them (`(a #(a #…`) send its error recovery looking ahead again and again: about
/// 0.3 s at 128 levels, 2 s at 250, 7 s at 600. Real code nests a few levels; a file nesting more
/// than ``maximumSquareBracketDepth`` or ``maximumParenthesisDepth`` is not parsed, so a crafted
/// or garbled file cannot hold an app's import for minutes.
enum SwiftNesting {
    /// The deepest nesting of square brackets a Swift file may have to be parsed.
    static let maximumSquareBracketDepth = 12
    /// The deepest nesting of parentheses a Swift file may have to be parsed (0.06 s at worst).
    static let maximumParenthesisDepth = 64

    /// The deepest nesting of square brackets and of parentheses in `source`, outside comments
    /// and string literals (the code inside a string's interpolations counts). One pass.
    static func deepest(in source: String) -> (squareBrackets: Int, parentheses: Int) {
        var scanner = NestingScanner(bytes: Array(source.utf8))
        scanner.run()
        return (scanner.deepest, scanner.deepestParentheses)
    }

    /// The deepest nesting of square brackets in `source` (``deepest(in:)``).
    static func deepestSquareBrackets(in source: String) -> Int { deepest(in: source).squareBrackets }

    /// Why `source` is too deeply nested to parse, or nil.
    static func refusal(of source: String) -> String? {
        let depth = deepest(in: source)
        if depth.squareBrackets > maximumSquareBracketDepth {
            return "square brackets nested \(depth.squareBrackets) deep (the parser takes too long past \(maximumSquareBracketDepth))"
        }
        if depth.parentheses > maximumParenthesisDepth {
            return "parentheses nested \(depth.parentheses) deep (the parser takes too long past \(maximumParenthesisDepth))"
        }
        return nil
    }
}

/// The pass of ``SwiftNesting/deepest(in:)``: code, comments and string literals
/// (plain, multi-line, raw with `#`s, and interpolations inside them, to any depth).
private struct NestingScanner {
    /// What the scanner is inside: code (the file, or an interpolation with its open parentheses)
    /// or a string literal.
    enum Context {
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }

    let bytes: [UInt8]
    var index = 0
    var depth = 0
    var deepest = 0
    var parentheses = 0
    var deepestParentheses = 0
    /// Innermost last; the file's code at the bottom.
    var contexts: [Context] = [.code(parentheses: 0)]

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() {
        while index < bytes.count {
            switch contexts[contexts.count - 1] {
            case .code(let parentheses): scanCode(parentheses: parentheses)
            case .string(let hashes, let multiline): scanString(hashes: hashes, multiline: multiline)
            }
        }
    }

    func byte(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func scanCode(parentheses: Int) {
        let b = bytes[index]
        switch b {
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            openString()
        case UInt8(ascii: "["):
            depth += 1
            deepest = max(deepest, depth)
            index += 1
        case UInt8(ascii: "]"):
            depth = max(0, depth - 1)
            index += 1
        case UInt8(ascii: "("):
            self.parentheses += 1
            deepestParentheses = max(deepestParentheses, self.parentheses)
            if contexts.count > 1 { contexts[contexts.count - 1] = .code(parentheses: parentheses + 1) }
            index += 1
        case UInt8(ascii: ")"):
            if contexts.count > 1, parentheses == 0 {
                // The interpolation's end: its `\(` was counted as it opened.
                contexts.removeLast()
            } else if contexts.count > 1 {
                contexts[contexts.count - 1] = .code(parentheses: parentheses - 1)
            }
            self.parentheses = max(0, self.parentheses - 1)
            index += 1
        default:
            index += 1
        }
    }

    /// `/* … */`, nested as Swift nests them; an unterminated one runs to the end.
    mutating func skipBlockComment() {
        var level = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                level += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                level -= 1
                index += 2
                if level == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// At `#` or `"`: a string literal's opening delimiter (`"`, `"""`, `#"`, `##"""`…). A `#`
    /// not followed by a quote (`#if`, `#selector`) is code.
    mutating func openString() {
        var hashes = 0
        while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
        guard byte(hashes) == UInt8(ascii: "\"") else {
            index += max(1, hashes)
            return
        }
        let multiline = byte(hashes + 1) == UInt8(ascii: "\"") && byte(hashes + 2) == UInt8(ascii: "\"")
        index += hashes + (multiline ? 3 : 1)
        contexts.append(.string(hashes: hashes, multiline: multiline))
    }

    mutating func scanString(hashes: Int, multiline: Bool) {
        let b = bytes[index]
        if b == UInt8(ascii: "\\"), hashesFollow(hashes, from: 1) {
            // An escape; `\(` (with the string's hashes between) opens an interpolation.
            let next = index + 1 + hashes
            if next < bytes.count, bytes[next] == UInt8(ascii: "(") {
                contexts.append(.code(parentheses: 0))
                parentheses += 1
                deepestParentheses = max(deepestParentheses, parentheses)
                index = next + 1
            } else {
                index = next + 1
            }
        } else if b == UInt8(ascii: "\""), closes(hashes: hashes, multiline: multiline) {
            index += (multiline ? 3 : 1) + hashes
            contexts.removeLast()
        } else if b == UInt8(ascii: "\n"), !multiline {
            // An unterminated single-line string ends with its line.
            contexts.removeLast()
            index += 1
        } else {
            index += 1
        }
    }

    func hashesFollow(_ count: Int, from offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(offset + $0) == UInt8(ascii: "#") }
    }

    /// Whether the quote at `index` ends the string: `"""` for a multi-line one, then its hashes.
    func closes(hashes: Int, multiline: Bool) -> Bool {
        if multiline, byte(1) != UInt8(ascii: "\"") || byte(2) != UInt8(ascii: "\"") { return false }
        return hashesFollow(hashes, from: multiline ? 3 : 1)
    }
}
