/// Finding a processing instruction without data (`<?target?>`).
///
/// libxml2 hands such an instruction to Foundation's `XMLParser` with a null data pointer, and
/// FoundationXML on Linux reads it as a C string and crashes. Interface Builder never writes
/// processing instructions (only the `<?xml …?>` declaration, which has data), so the importer
/// refuses these before parsing and reports the line.
enum ProcessingInstructions {
    /// Where the first `<?target?>` starts (byte offset and 1-based line), outside comments and
    /// CDATA sections; nil when there is none.
    static func firstWithoutData<Bytes: RandomAccessCollection>(in bytes: Bytes) -> (offset: Int, line: Int)?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var line = 1
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            guard b == UInt8(ascii: "<"), i + 1 < end else { i += 1; continue }
            if let skipped = skipSection(bytes, at: i, opening: "<!--", closing: "-->", line: &line)
                ?? skipSection(bytes, at: i, opening: "<![CDATA[", closing: "]]>", line: &line) {
                i = skipped
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "?"), endsWithoutData(bytes, target: i + 2) {
                return (i - bytes.startIndex, line)
            }
            i += 1
        }
        return nil
    }

    /// Whether a target name starts at `start` and `?>` follows it directly.
    static func endsWithoutData<Bytes: RandomAccessCollection>(_ bytes: Bytes, target start: Int) -> Bool
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var j = start
        while j < bytes.endIndex, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: "?") { j += 1 }
        return j > start && j + 1 < bytes.endIndex && bytes[j] == UInt8(ascii: "?") && bytes[j + 1] == UInt8(ascii: ">")
    }

    /// The index after a section `opening … closing` starting at `i` (its end when unclosed),
    /// counting its lines; nil when no such section starts there.
    static func skipSection<Bytes: RandomAccessCollection>(_ bytes: Bytes, at i: Int, opening: StaticString, closing: StaticString,
                                                           line: inout Int) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard matches(bytes, at: i, opening) else { return nil }
        var j = i + opening.utf8CodeUnitCount
        while j < bytes.endIndex, !matches(bytes, at: j, closing) {
            if bytes[j] == 0x0A { line += 1 }
            j += 1
        }
        return min(bytes.endIndex, j + closing.utf8CodeUnitCount)
    }

    static func matches<Bytes: RandomAccessCollection>(_ bytes: Bytes, at i: Int, _ text: StaticString) -> Bool
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let count = text.utf8CodeUnitCount
        guard bytes.endIndex - i >= count else { return false }
        for k in 0..<count where bytes[i + k] != text.utf8Start[k] { return false }
        return true
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
