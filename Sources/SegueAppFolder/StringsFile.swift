import Foundation
import SegueCore

/// Reads `.strings` files (`"key" = "value";`, comments, escapes; UTF-16 with or without a
/// byte-order mark, or UTF-8). A file that does not parse gives the entries before the problem
/// and a located `malformed_strings` warning.
public enum StringsFile {
    public static func read(path: String) -> (entries: [String: String], problem: Diagnostic?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ([:], Diagnostic(.unreadableFile, severity: .warning, at: SourceLocation(file: path, line: 1), "cannot read strings file"))
        }
        return parse(data: data, fileName: path)
    }

    public static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data, encoding: .utf16LittleEndian).map { String($0.drop { $0 == "\u{FEFF}" }) } }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data, encoding: .utf16BigEndian).map { String($0.drop { $0 == "\u{FEFF}" }) } }
        if bytes.count >= 2, bytes[1] == 0, bytes[0] != 0 { return String(data: data, encoding: .utf16LittleEndian) }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return String(data: data, encoding: .utf16BigEndian) }
        return String(data: data, encoding: .utf8).map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 }
    }

    public static func parse(data: Data, fileName: String) -> (entries: [String: String], problem: Diagnostic?) {
        guard let text = decode(data) else {
            return ([:], Diagnostic(.malformedStrings, severity: .warning, at: SourceLocation(file: fileName, line: 1), "strings file is neither UTF-8 nor UTF-16"))
        }
        var scanner = StringsScanner(Array(text.unicodeScalars))
        var entries: [String: String] = [:]
        while true {
            scanner.skipSpaceAndComments()
            if scanner.atEnd { return (entries, nil) }
            guard let key = scanner.token() else { return (entries, scanner.problem(fileName, "expected a quoted key")) }
            scanner.skipSpaceAndComments()
            if scanner.take(";") { entries[key] = key; continue }
            guard scanner.take("=") else { return (entries, scanner.problem(fileName, "expected '=' after \"\(key)\"")) }
            scanner.skipSpaceAndComments()
            guard let value = scanner.token() else { return (entries, scanner.problem(fileName, "expected a quoted value for \"\(key)\"")) }
            scanner.skipSpaceAndComments()
            guard scanner.take(";") else { return (entries, scanner.problem(fileName, "expected ';' after the value of \"\(key)\"")) }
            entries[key] = value
        }
    }
}

/// The tokens of a `.strings` file, with the line for messages.
struct StringsScanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }
    func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
    mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
        guard peek() == c else { return false }
        advance()
        return true
    }

    mutating func skipSpaceAndComments() {
        while let c = peek() {
            if c.properties.isWhitespace { advance() }
            else if c == "/", peek(1) == "/" { while let d = peek(), d != "\n" { _ = d; advance() } }
            else if c == "/", peek(1) == "*" {
                advance(); advance()
                while !atEnd, !(peek() == "*" && peek(1) == "/") { advance() }
                if !atEnd { advance(); advance() }
            } else { return }
        }
    }

    /// A quoted string with its escapes, or an unquoted word.
    mutating func token() -> String? {
        guard let first = peek() else { return nil }
        if first != "\"" {
            var word = ""
            while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-$".unicodeScalars.contains(c) {
                word.unicodeScalars.append(c); advance()
            }
            return word.isEmpty ? nil : word
        }
        advance()
        var out = ""
        while let c = peek() {
            advance()
            if c == "\"" { return out }
            if c == "\\", let e = peek() {
                advance()
                switch e {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "U", "u":
                    var hex = ""
                    while hex.count < 4, let h = peek(), h.properties.isASCIIHexDigit { hex.unicodeScalars.append(h); advance() }
                    if let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) { out.unicodeScalars.append(s) }
                default: out.unicodeScalars.append(e)
                }
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return nil
    }

    func problem(_ file: String, _ message: String) -> Diagnostic {
        Diagnostic(.malformedStrings, severity: .warning, at: SourceLocation(file: file, line: line), "malformed strings file: \(message)")
    }
}
