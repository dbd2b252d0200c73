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
        var cursor = Cursor(bytes: bytes)
        var depth = 0, rootClosed = false
        while !cursor.atEnd {
            let byte = cursor.bytes[cursor.i]
            if byte != UInt8(ascii: "<") {
                if byte == 0x0A { cursor.line += 1 }
                if rootClosed, contentAfterRoot == nil, !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                    contentAfterRoot = cursor.line
                    return
                }
                cursor.i += 1
                continue
            }
            if cursor.skipCommentOrInstruction() { continue }
            if rootClosed { contentAfterRoot = cursor.line; return }
            if cursor.starts("<!") { cursor.skip(past: Array(">".utf8)); continue }
            switch cursor.scanTag() {
            case .tooManyAttributes(let line, let count):
                tooManyAttributes = (line, count)
                return
            case .closing:
                depth -= 1
            case .opening:
                depth += 1
            case .empty:
                break
            }
            if depth <= 0 { rootClosed = true }
        }
    }

    /// A tag the scan went past.
    enum TagScan {
        case opening, closing, empty
        case tooManyAttributes(line: Int, count: Int)
    }

    /// A position in the bytes and its line.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var line = 1

        var atEnd: Bool { i >= bytes.count }

        /// Moves past the first occurrence of `terminator` (or to the end), counting lines.
        mutating func skip(past terminator: [UInt8]) {
            let n = bytes.count
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
            guard i + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[i + $0] == text.utf8Start[$0] }
        }

        /// Skips a comment, processing instruction or CDATA section starting here; false when
        /// none does.
        mutating func skipCommentOrInstruction() -> Bool {
            if starts("<!--") { skip(past: Array("-->".utf8)); return true }
            if starts("<?") { skip(past: Array("?>".utf8)); return true }
            if starts("<![CDATA[") { skip(past: Array("]]>".utf8)); return true }
            return false
        }

        /// Moves past the tag starting here (at its `<`), following quotes and counting its
        /// attributes; stops at the attribute past `maxAttributes`.
        mutating func scanTag() -> TagScan {
            let n = bytes.count
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
                    if attributes > XMLPrescan.maxAttributes { return .tooManyAttributes(line: tagLine, count: attributes) }
                } else if c == UInt8(ascii: ">") {
                    break
                }
                previous = c
                i += 1
            }
            i += 1
            if closing { return .closing }
            return previous != UInt8(ascii: "/") ? .opening : .empty
        }
    }
}
