/// One linear pass over a storyboard's bytes before the XML parser sees them, for what the
/// parser handles badly or not at all:
///
/// - **Attributes per element.** libxml2 checks an element's attributes for duplicates pairwise,
///   so its time grows with the square of their number (200,000 attributes on one element take
///   minutes). Interface Builder writes a few dozen at most; more than `maxAttributes` is refused
///   at the element's line before parsing.
/// - **Content after the document element.** Only whitespace, comments and processing
///   instructions may follow the root element's end; the parser in use accepts anything there.
///
/// The scan follows XML's markup: `<` only starts markup (text and attribute values cannot hold
/// it), comments, CDATA sections, processing instructions and declarations are skipped whole,
/// and quotes are followed inside tags, so a `>` or `=` in an attribute value counts for nothing.
struct XMLPrescan {
    static let maxAttributes = 512

    /// An element with more than `maxAttributes` attributes: its line and its count so far.
    var tooManyAttributes: (line: Int, count: Int)?
    /// The line of the first thing after the root element's end that may not be there.
    var contentAfterRoot: Int?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0, line = 1, depth = 0, rootClosed = false
        let n = bytes.count
        /// Moves past the first occurrence of `terminator` (or to the end), counting lines.
        func skip(past terminator: [UInt8]) {
            while i < n {
                if bytes[i] == 0x0A { line += 1 }
                if bytes[i] == terminator[0], i + terminator.count <= n,
                   terminator.indices.allSatisfy({ bytes[i + $0] == terminator[$0] }) {
                    i += terminator.count
                    return
                }
                i += 1
            }
        }
        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard i + count <= n else { return false }
            return (0..<count).allSatisfy { bytes[i + $0] == text.utf8Start[$0] }
        }
        while i < n {
            let byte = bytes[i]
            if byte != UInt8(ascii: "<") {
                if byte == 0x0A { line += 1 }
                if rootClosed, contentAfterRoot == nil, !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                    contentAfterRoot = line
                    return
                }
                i += 1
                continue
            }
            if starts("<!--") { skip(past: Array("-->".utf8)); continue }
            if starts("<?") { skip(past: Array("?>".utf8)); continue }
            if starts("<![CDATA[") { skip(past: Array("]]>".utf8)); continue }
            if rootClosed { contentAfterRoot = line; return }
            if starts("<!") { skip(past: Array(">".utf8)); continue }
            let tagLine = line
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            var attributes = 0, quote: UInt8 = 0, previous: UInt8 = 0
            i += 1
            while i < n {
                let c = bytes[i]
                if c == 0x0A { line += 1 }
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > Self.maxAttributes {
                        tooManyAttributes = (tagLine, attributes)
                        return
                    }
                } else if c == UInt8(ascii: ">") {
                    break
                }
                previous = c
                i += 1
            }
            i += 1
            if closing {
                depth -= 1
            } else if previous != UInt8(ascii: "/") {
                depth += 1
            }
            if depth <= 0 { rootClosed = true }
        }
    }
}
