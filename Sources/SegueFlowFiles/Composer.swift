import SegueCore
import Yams
import SegueJSON

/// Text → YAML node tree (JSON is read as YAML flow style), with a line for every problem.
///
/// Yams refuses a mapping with a duplicated key outright, which would stop the load at the first
/// duplicate and report the line of the *first* occurrence. To list every problem, the composer
/// renames the first occurrence (at the exact mark Yams reports) with a private-use prefix and
/// parses again; `Fields` later recognises the prefix and reports the later occurrences as
/// duplicates, keeping the first value.
enum Composer {
    /// Private-use delimiter of the duplicate marker: `\u{E000}dup3\u{E000}title`.
    static let markerDelimiter: Character = "\u{E000}"

    /// Splits a possibly renamed key into the key as written and whether it was renamed.
    static func unmark(_ key: String) -> (key: String, renamed: Bool) {
        guard key.first == markerDelimiter,
              let end = key.dropFirst().firstIndex(of: markerDelimiter) else { return (key, false) }
        return (String(key[key.index(after: end)...]), true)
    }

    static func compose(_ original: String, file: String, format: FlowFileFormat, into diagnostics: Diagnostics) -> Node? {
        var text = original
        if format == .json {
            // Tabs are JSON whitespace but not YAML indentation; inside JSON strings they must be
            // escaped, so replacing raw tabs changes no value.
            text = jsonSurrogatePairsAsYAMLEscapes(text.replacingOccurrences(of: "\t", with: " "))
        }
        let language = format == .json ? "JSON" : "YAML"
        var renamed = 0
        while true {
            do {
                guard let root = try Yams.compose(yaml: text) else { return nil }
                // Aliases share their anchor's nodes, so a small file can stand for billions of
                // them: refuse a tree larger than any real flow before anything walks it.
                if expandedSize(root, limit: maximumNodes) >= maximumNodes {
                    diagnostics.error(line: 1, "the file expands to more than \(maximumNodes) nodes (through aliases?); refused")
                    return nil
                }
                return root
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let key = duplicates.first ?? "?"
                if renamed < 500, let next = rename(key: key, at: context.mark, in: text, serial: renamed) {
                    text = next
                    renamed += 1
                    continue
                }
                diagnostics.error(line: context.mark.line, .duplicateKey, "duplicate key '\(key)'")
                return nil
            } catch let error as YamlError {
                let (line, message) = describe(error, text: text)
                diagnostics.error(line: line, .invalidSyntax, "invalid \(language): \(message)")
                return nil
            } catch {
                diagnostics.error(line: 1, .invalidSyntax, "invalid \(language): \(error)")
                return nil
            }
        }
    }

    /// The most nodes a flow file may expand to (aliases counted at every use): a 20,000-scene
    /// flow has about 400,000.
    static let maximumNodes = 2_000_000

    /// How many nodes a walk of the tree visits (aliases expanded), counting up to `limit`.
    static func expandedSize(_ root: Node, limit: Int) -> Int {
        var count = 0
        func visit(_ node: Node) {
            guard count < limit else { return }
            count += 1
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    visit(key)
                    visit(value)
                    if count >= limit { return }
                }
            case .sequence(let sequence):
                for value in sequence {
                    visit(value)
                    if count >= limit { return }
                }
            case .scalar, .alias:
                break
            }
        }
        visit(root)
        return count
    }

    /// JSON must be JSON: after `checkJSON` (which lists every unquoted key and value), the strict
    /// parser of request bodies finds what YAML reads but JSON forbids (trailing commas, comments,
    /// anchors, raw control characters in strings).
    static func checkStrictJSON(_ text: String, into diagnostics: Diagnostics) {
        do throws(JSONValue.ParseError) {
            _ = try JSONValue.parse(Array(text.utf8))
        } catch {
            diagnostics.error(line: line(ofUTF8Offset: error.offset, in: text), .invalidSyntax, "invalid JSON: \(error.reason)")
        }
    }

    /// JSON writes a character beyond U+FFFF as a surrogate pair (`\ud83d\ude00`), which YAML
    /// refuses; YAML's own escape for it is `\U0001F600`. Other escapes are kept as they are
    /// (an escaped backslash is skipped whole, so `\\ud83d` stays text).
    static func jsonSurrogatePairsAsYAMLEscapes(_ text: String) -> String {
        guard text.contains("\\u") else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        func hex4(at i: Int) -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for b in bytes[i..<i + 4] {
                guard let d = UInt8(ascii: "0") <= b && b <= UInt8(ascii: "9") ? b - UInt8(ascii: "0")
                    : UInt8(ascii: "a") <= (b | 0x20) && (b | 0x20) <= UInt8(ascii: "f") ? (b | 0x20) - UInt8(ascii: "a") + 10 : nil
                else { return nil }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else { out.append(bytes[i]); i += 1; continue }
            if bytes[i + 1] == UInt8(ascii: "u"), let high = hex4(at: i + 2), (0xD800...0xDBFF).contains(high),
               i + 12 <= bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
               let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                let hex = String(scalar, radix: 16, uppercase: true)
                out.append(contentsOf: Array(("\\U" + String(repeating: "0", count: 8 - hex.count) + hex).utf8))
                i += 12
            } else {
                out.append(bytes[i])
                out.append(bytes[i + 1])
                i += 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The line and a one-line message of a parser error.
    static func describe(_ error: YamlError, text: String) -> (Int, String) {
        func message(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> String {
            guard let context, !context.text.isEmpty else { return problem }
            if context.mark.line != mark.line {
                return "\(problem) \(context.text) (started at line \(context.mark.line))"
            }
            return "\(problem) \(context.text)"
        }
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            return (max(mark.line, 1), message(problem, context, mark))
        case let .reader(problem, offset, _, _):
            return (offset.map { line(ofUTF8Offset: $0, in: text) } ?? 1, problem)
        default:
            return (1, "\(error)")
        }
    }

    static func line(ofUTF8Offset offset: Int, in text: String) -> Int {
        var line = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == 0x0A { line += 1 }
        }
        return line
    }

    /// Inserts the duplicate marker in front of the key scalar at `mark` (after its opening quote).
    static func rename(key: String, at mark: Mark, in text: String, serial: Int) -> String? {
        let scalars = Array(text.unicodeScalars)
        var line = 1, column = 1, index = 0
        while index < scalars.count, line < mark.line || (line == mark.line && column < mark.column) {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\r":
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                line += 1
                column = 1
            case "\n", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
        }
        guard line == mark.line, column == mark.column, index < scalars.count else { return nil }
        var insertAt = index
        if scalars[index] == "\"" || scalars[index] == "'" {
            insertAt += 1
        } else {
            // A plain key must read as written at the mark.
            let rest = String(String.UnicodeScalarView(scalars[index...].prefix(key.unicodeScalars.count)))
            guard rest == key else { return nil }
        }
        let marker = "\(markerDelimiter)dup\(serial)\(markerDelimiter)"
        var result = String.UnicodeScalarView(scalars[..<insertAt])
        result.append(contentsOf: marker.unicodeScalars)
        result.append(contentsOf: scalars[insertAt...])
        return String(result)
    }

    /// JSON read as YAML accepts more than JSON; refuse unquoted words and block syntax.
    static func checkJSON(_ node: Node, into diagnostics: Diagnostics) {
        switch node {
        case let .scalar(scalar):
            guard scalar.style == .plain || scalar.style == .any else {
                if scalar.style == .doubleQuoted { return }
                diagnostics.error(line: node.line, .invalidSyntax, "invalid JSON: strings must be double-quoted")
                return
            }
            let text = scalar.string
            if text == "true" || text == "false" || text == "null" || isJSONNumber(text) { return }
            diagnostics.error(line: node.line, .invalidSyntax, "invalid JSON: unquoted value '\(text)'")
        case let .mapping(mapping):
            for (key, value) in mapping {
                if case let .scalar(scalar) = key, scalar.style == .doubleQuoted {
                    checkJSON(value, into: diagnostics)
                } else {
                    diagnostics.error(line: key.line, .invalidSyntax, "invalid JSON: object keys must be double-quoted strings")
                }
            }
        case let .sequence(sequence):
            for element in sequence { checkJSON(element, into: diagnostics) }
        case .alias:
            diagnostics.error(line: node.line, .invalidSyntax, "invalid JSON: YAML alias")
        }
    }

    static func isJSONNumber(_ text: String) -> Bool {
        var chars = Substring(text)
        if chars.first == "-" { chars = chars.dropFirst() }
        guard let first = chars.first, first.isASCII, first.isNumber else { return false }
        let intPart = chars.prefix { $0.isASCII && $0.isNumber }
        if intPart.count > 1, intPart.first == "0" { return false }
        chars = chars.dropFirst(intPart.count)
        if chars.first == "." {
            chars = chars.dropFirst()
            let fraction = chars.prefix { $0.isASCII && $0.isNumber }
            if fraction.isEmpty { return false }
            chars = chars.dropFirst(fraction.count)
        }
        if chars.first == "e" || chars.first == "E" {
            chars = chars.dropFirst()
            if chars.first == "+" || chars.first == "-" { chars = chars.dropFirst() }
            let exponent = chars.prefix { $0.isASCII && $0.isNumber }
            if exponent.isEmpty { return false }
            chars = chars.dropFirst(exponent.count)
        }
        return chars.isEmpty
    }
}

extension Node {
    /// The 1-based line where this node starts.
    var line: Int { mark?.line ?? 1 }
}

extension Node {
    /// The resolved tag (`str`, `int`, `bool`, `null`, ...): quoted scalars are strings. A plain
    /// scalar whose first byte starts none of the default resolver's patterns (booleans, numbers,
    /// null, timestamps, the merge and value keys, each anchored at the start) is a string
    /// without running them: most keys and values of a flow file, each of which would otherwise
    /// run every pattern (regular expressions) once per question.
    var tagName: Tag.Name {
        if case .scalar(let scalar) = self, scalar.tag.description.isEmpty,
           let first = scalar.string.utf8.first, !Self.resolverPatternStarts.contains(first) {
            return .str
        }
        return Resolver.default.resolveTag(of: self)
    }

    /// Every byte a default resolver pattern can start with.
    private static let resolverPatternStarts: Set<UInt8> = Set("yYnNtTfFoO+-0123456789.<~=".utf8)
}
