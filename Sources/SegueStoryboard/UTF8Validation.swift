/// Finding the first byte that is not well-formed UTF-8.
///
/// Storyboards are UTF-8 XML. libxml2 reports most malformed input, but Foundation's `XMLParser`
/// on Linux turns the names and comments libxml2 hands it into `String`s without checking them,
/// and traps on invalid UTF-8. So the importer checks the bytes first and reports the line.
enum UTF8Validation {
    /// Where the first ill-formed sequence starts: its byte offset and 1-based line; `nil` when
    /// every byte is part of a well-formed sequence (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF).
    static func firstInvalidByte<Bytes: Collection>(in bytes: Bytes) -> (offset: Int, line: Int, byte: UInt8)?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var line = 1
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 {
                if lead == 0x0A { line += 1 }
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // bounds for the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return (i - bytes.startIndex, line, lead)
            }
            guard end - i >= length else { return (i - bytes.startIndex, line, lead) }
            let second = bytes[i + 1]
            guard second >= low, second <= high else { return (i - bytes.startIndex, line, lead) }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 {
                return (i - bytes.startIndex, line, lead)
            }
            i += length
        }
        return nil
    }
}
