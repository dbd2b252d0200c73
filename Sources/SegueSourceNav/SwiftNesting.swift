@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// How deeply a Swift file nests brackets and parentheses, found before the file is parsed.
///
/// SwiftSyntax's parser looks ahead at every `[` to tell an inline array type (`[3 of Int]`) from
/// an array or dictionary type, and tries both: nested brackets cost it time that doubles with each
/// level (about 0.2 s at 16 levels, over a minute at 28). Deep parentheses with other tokens
/// between them (`(a #(a #…`) send its error recovery looking ahead again and again: about
/// 0.3 s at 128 levels, 2 s at 250, 7 s at 600. Real code nests a few levels; a file nesting more
/// than ``maximumSquareBracketDepth`` or ``maximumParenthesisDepth`` is not parsed, so a crafted
/// or garbled file cannot hold an app's import for minutes. These limits keep the parser fast on
/// the shapes known to slow it; ``SwiftReaderProcesses`` bounds the time of every other.
enum SwiftNesting {
    /// The deepest nesting of square brackets a Swift file may have to be parsed. Each level
    /// doubles the cost of every token inside: 4 KB inside 8 levels took an instrumented build
    /// 4 s, inside 12 levels a release build seconds more. Real apps nest 3 or 4.
    static let maximumSquareBracketDepth = 6
    /// The deepest nesting of parentheses a Swift file may have to be parsed (0.06 s at worst).
    static let maximumParenthesisDepth = 64

    /// The most `<` a Swift file may have in one run of tokens a type could be read from
    /// (`a<b<c<…`, `@a<…`): the parser's lookahead for generic arguments starts again at each `<`
    /// and reads to the run's end, so its time grows with the square of the run (15 s for 4 KB
    /// of `a<` in an instrumented build), and its recursion with the run's length.
    static let maximumAngleRun = 64

    /// The most nameless attributes with arguments (`@(`, never valid Swift) a file may have:
    /// SwiftSyntax's recovery from each nested one nearly triples the time of what is inside
    /// (12 nested took an instrumented build 2.4 s, 14 took 20 s).
    static let maximumNamelessAttributes = 4

    /// How deep the parser itself nests before it reads the rest as unexpected text. SwiftSyntax
    /// stops at 20 in a debug build and 256 in release; past a few dozen levels its recovery from
    /// garbled text grows trees of tens of thousands of nodes from a couple of kilobytes, which
    /// take seconds to walk. Real code nests well under this.
    static let parserNestingLevel = 40

    /// What ``measure(_:)`` counts.
    struct Measure: Equatable {
        /// The deepest nesting of square brackets.
        var squareBrackets = 0
        /// The deepest nesting of parentheses.
        var parentheses = 0
        /// The most `<` in one run of tokens that could all belong to a type.
        var angleRun = 0
        /// How many `@` are followed at once by `(`.
        var namelessAttributes = 0
    }

    /// The nesting of `source`, counted in the tokens of SwiftSyntax's own lexer, the stream its
    /// parser reads: comments, string literals and regex literals (`#/…/#`, `/…/`) hide what is
    /// in them exactly as they do from the parser, and the code inside a string's interpolations
    /// counts. One linear pass.
    static func deepest(in source: String) -> Measure {
        var text = source
        return text.withUTF8 { measure($0) }
    }

    /// The nesting of `source`'s bytes, read without telling code from comments. The lexer's
    /// tokens are not always what the parser reads: where an interpolation is left open
    /// (`"\(3 /s\""""`), the parser's recovery lexes the rest of the line again, as code, and
    /// brackets the lexer saw inside a string literal reach the parser. So the bytes of a line
    /// after its first `\(` all count, and before it only those outside a string literal of the
    /// line (`"\u{1B}[0m"`, a terminal's escape, opens a bracket only in a string). The bytes'
    /// count over-counts what comments hold, so together the two bound what the parser can meet.
    /// A run of `<` here ends at `;`, `{`, `}`, `=`, a quote, or an operator other than those a
    /// type holds.
    static func bytesDepth(in source: String) -> Measure {
        var measure = Measure()
        var brackets = 0, parentheses = 0, angles = 0, previous: UInt8 = 0
        var line = LineState()
        for byte in source.utf8 {
            if line.hides(byte) { continue }
            switch byte {
            case UInt8(ascii: "["): brackets += 1; measure.squareBrackets = max(measure.squareBrackets, brackets)
            case UInt8(ascii: "]"): brackets = max(0, brackets - 1)
            case UInt8(ascii: "("):
                parentheses += 1
                measure.parentheses = max(measure.parentheses, parentheses)
                if previous == UInt8(ascii: "@") { measure.namelessAttributes += 1 }
            case UInt8(ascii: ")"): parentheses = max(0, parentheses - 1)
            case UInt8(ascii: "<"): angles += 1; measure.angleRun = max(measure.angleRun, angles)
            case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="), UInt8(ascii: "\""),
                 UInt8(ascii: "'"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"),
                 UInt8(ascii: "%"), UInt8(ascii: "^"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                angles = 0
            default: break
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { previous = byte }
        }
        return measure
    }

    /// Where a byte of a line stands for ``bytesDepth(in:)``: in a string literal of the line, or
    /// after the line's first interpolation (where everything counts).
    private struct LineState {
        var inString = false, escaped = false, interpolated = false

        /// Whether `byte` is hidden in a string literal (the quote ending one included).
        mutating func hides(_ byte: UInt8) -> Bool {
            if byte == UInt8(ascii: "\n") {
                self = LineState()
                return false
            }
            if interpolated { return false }
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                return false
            }
            if escaped {
                escaped = false
                if byte == UInt8(ascii: "(") {
                    interpolated = true
                    return false
                }
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return true
        }
    }

    /// The deepest nesting of square brackets in `source` (``deepest(in:)``).
    static func deepestSquareBrackets(in source: String) -> Int { deepest(in: source).squareBrackets }

    /// Why `source` is too deeply nested to parse, or nil: the larger of the tokens' and the
    /// bytes' count against each limit (the bytes' `<` runs and nameless attributes against twice
    /// the limit, since literals and comments hold those more often).
    static func refusal(of source: String) -> String? {
        let tokens = deepest(in: source), bytes = bytesDepth(in: source)
        let depth = Measure(squareBrackets: max(tokens.squareBrackets, bytes.squareBrackets),
                            parentheses: max(tokens.parentheses, bytes.parentheses),
                            angleRun: max(tokens.angleRun, bytes.angleRun > maximumAngleRun * 2 ? bytes.angleRun : 0),
                            namelessAttributes: max(tokens.namelessAttributes,
                                                    bytes.namelessAttributes > maximumNamelessAttributes * 2 ? bytes.namelessAttributes : 0))
        if depth.squareBrackets > maximumSquareBracketDepth {
            return "square brackets nested \(depth.squareBrackets) deep (the parser takes too long past \(maximumSquareBracketDepth))"
        }
        if depth.parentheses > maximumParenthesisDepth {
            return "parentheses nested \(depth.parentheses) deep (the parser takes too long past \(maximumParenthesisDepth))"
        }
        if depth.namelessAttributes > maximumNamelessAttributes {
            return "\(depth.namelessAttributes) attributes without a name (`@(`; the parser takes too long past \(maximumNamelessAttributes))"
        }
        if depth.angleRun > maximumAngleRun {
            return "\(depth.angleRun) `<` in one run of type tokens (the parser takes too long past \(maximumAngleRun))"
        }
        return nil
    }

    private static func measure(_ buffer: UnsafeBufferPointer<UInt8>) -> Measure {
        var measure = Measure()
        if buffer.isEmpty { return measure }
        let tracker = UnsafeMutablePointer<LookaheadTracker>.allocate(capacity: 1)
        tracker.initialize(to: LookaheadTracker())
        defer { tracker.deinitialize(count: 1); tracker.deallocate() }
        var brackets = 0, parentheses = 0, angles = 0
        var previous = RawTokenKind.endOfFile
        for token in Lexer.tokenize(buffer, lookaheadTracker: tracker, experimentalFeatures: []) {
            defer { previous = token.rawTokenKind }
            if previous == .atSign, token.rawTokenKind == .leftParen { measure.namelessAttributes += 1 }
            switch token.rawTokenKind {
            case .leftSquare:
                brackets += 1
                measure.squareBrackets = max(measure.squareBrackets, brackets)
            case .rightSquare:
                brackets = max(0, brackets - 1)
            case .leftParen:
                parentheses += 1
                measure.parentheses = max(measure.parentheses, parentheses)
            case .rightParen:
                parentheses = max(0, parentheses - 1)
            case .endOfFile:
                return measure
            default:
                break
            }
            switch TypeRun.role(of: token) {
            case .angles(let count):
                angles += count
                measure.angleRun = max(measure.angleRun, angles)
            case .within:
                break
            case .ending:
                angles = 0
            }
        }
        return measure
    }
}

/// Which tokens a run of type tokens (``SwiftNesting/maximumAngleRun``) goes on through: every
/// token a type can hold (names, most keywords, punctuation, `<` and `>` as operators); a
/// statement's or declaration's keyword, `=`, `;`, a brace, a literal other than an integer, or
/// any other operator ends it.
private enum TypeRun {
    enum Role { case angles(Int), within, ending }

    static func role(of token: Lexer.Lexeme) -> Role {
        switch token.rawTokenKind {
        case .identifier, .dollarIdentifier, .backtick, .wildcard, .leftParen, .rightParen, .leftSquare, .rightSquare,
             .comma, .colon, .colonColon, .period, .arrow, .atSign, .ellipsis, .exclamationMark, .postfixQuestionMark,
             .infixQuestionMark, .prefixAmpersand, .integerLiteral, .pound, .rightAngle:
            return .within
        case .leftAngle:
            return .angles(1)
        case .keyword:
            return endingKeywords.contains(Array(token.tokenText)) ? .ending : .within
        case .binaryOperator, .prefixOperator, .postfixOperator:
            let text = token.tokenText
            guard text.allSatisfy({ typeOperatorBytes.contains($0) }) else { return .ending }
            let angles = text.count { $0 == UInt8(ascii: "<") }
            return angles > 0 ? .angles(angles) : .within
        default:
            return .ending
        }
    }

    /// The characters of operators a type's tokens can be lexed as (`<`, `>>`, `?`, `!`, `&`, `...`).
    static let typeOperatorBytes: Set<UInt8> = Set("<>?!&.".utf8)

    /// Keywords that begin a statement or declaration, or modify one: no type holds them.
    static let endingKeywords: Set<[UInt8]> = Set([
        "func", "var", "let", "class", "struct", "enum", "protocol", "extension", "import", "typealias",
        "associatedtype", "init", "deinit", "subscript", "operator", "precedencegroup", "case", "return",
        "if", "guard", "for", "while", "repeat", "switch", "else", "do", "catch", "throw", "defer", "break",
        "continue", "fallthrough", "static", "private", "public", "internal", "fileprivate", "open",
        "override", "final", "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required",
        "dynamic", "optional", "indirect", "in",
    ].map { Array($0.utf8) })
}
