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
    /// doubles the cost of every token inside: at 8, a few kilobytes of `a<a<…` inside take the
    /// parser a fraction of a second; at 12 they took it seconds.
    static let maximumSquareBracketDepth = 8
    /// The deepest nesting of parentheses a Swift file may have to be parsed (0.06 s at worst).
    static let maximumParenthesisDepth = 64

    /// The deepest nesting of square brackets and of parentheses in `source`, counted in the
    /// tokens of SwiftSyntax's own lexer, the stream its parser reads: comments, string literals
    /// and regex literals (`#/…/#`, `/…/`) hide what is in them exactly as they do from the
    /// parser, and the code inside a string's interpolations counts. One linear pass.
    static func deepest(in source: String) -> (squareBrackets: Int, parentheses: Int) {
        var bytes = Array(source.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            depths(of: UnsafeBufferPointer(buffer))
        }
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

    private static func depths(of buffer: UnsafeBufferPointer<UInt8>) -> (squareBrackets: Int, parentheses: Int) {
        if buffer.isEmpty { return (0, 0) }
        let tracker = UnsafeMutablePointer<LookaheadTracker>.allocate(capacity: 1)
        tracker.initialize(to: LookaheadTracker())
        defer { tracker.deinitialize(count: 1); tracker.deallocate() }
        var brackets = 0, deepestBrackets = 0, parentheses = 0, deepestParentheses = 0
        for token in Lexer.tokenize(buffer, lookaheadTracker: tracker, experimentalFeatures: []) {
            switch token.rawTokenKind {
            case .leftSquare:
                brackets += 1
                deepestBrackets = max(deepestBrackets, brackets)
            case .rightSquare:
                brackets = max(0, brackets - 1)
            case .leftParen:
                parentheses += 1
                deepestParentheses = max(deepestParentheses, parentheses)
            case .rightParen:
                parentheses = max(0, parentheses - 1)
            case .endOfFile:
                return (deepestBrackets, deepestParentheses)
            default:
                break
            }
        }
        return (deepestBrackets, deepestParentheses)
    }
}
