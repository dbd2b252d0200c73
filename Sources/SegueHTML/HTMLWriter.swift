/// A byte writer for HTML: markup goes in verbatim, everything else through one escaping function.
///
/// Markup comes only from `StaticString`s, so it is known at compile time; every `String` (text
/// and attribute values alike) goes through `escaped(_:)`, which replaces `& < > " '`. There is no
/// other way to put a runtime string into the buffer.
///
///     var w = HTMLWriter()
///     w.raw("<p")
///     w.attribute("class", "label")
///     w.raw(">")
///     w.text("Fish & Chips")
///     w.raw("</p>")
///     // <p class="label">Fish &amp; Chips</p>
public struct HTMLWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 16_384) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Markup, verbatim.
    public mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text content, escaped.
    public mutating func text(_ string: String) {
        escaped(string)
    }

    /// Text content, escaped; nothing for `nil`.
    public mutating func text(_ string: String?) {
        if let string { escaped(string) }
    }

    /// A decimal integer (never needs escaping).
    public mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A number for an attribute such as `value` of `<progress>`: integers plainly, else up to
    /// four decimals; beyond what an `Int` holds, Swift's form (`1e+300`, a valid HTML number);
    /// 0 for NaN and the infinities. Total: no double traps.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        if value == value.rounded(), abs(value) < 9e18 { int(Int(value)); return }
        guard abs(value) < 1e14 else { bytes.append(contentsOf: value.description.utf8); return }
        // Below 10^14, times 10^4 stays below 10^18 < Int.max.
        let scaled = Int((abs(value) * 10_000).rounded())
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        int(scaled / 10_000)
        var fraction = scaled % 10_000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = 1_000
        while fraction != 0 {
            bytes.append(UInt8(truncatingIfNeeded: fraction / divisor) &+ 48)
            fraction %= divisor
            divisor /= 10
        }
    }

    /// ` name="value"` with the value escaped.
    public mutating func attribute(_ name: StaticString, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        escaped(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// ` name="value"`, or nothing for `nil`.
    public mutating func attribute(_ name: StaticString, _ value: String?) {
        if let value { attribute(name, value) }
    }

    /// ` name="123"`.
    public mutating func attribute(_ name: StaticString, _ value: Int) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        int(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A hidden form field, `<input type="hidden" name="name" value="value">`, the value escaped.
    public mutating func hiddenInput(_ name: StaticString, _ value: String) {
        openHiddenInput(name)
        attribute("value", value)
        bytes.append(UInt8(ascii: ">"))
    }

    /// A hidden form field with a decimal integer value.
    public mutating func hiddenInput(_ name: StaticString, _ value: Int) {
        openHiddenInput(name)
        attribute("value", value)
        bytes.append(UInt8(ascii: ">"))
    }

    private mutating func openHiddenInput(_ name: StaticString) {
        raw("<input type=\"hidden\" name=\"")
        raw(name)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A boolean attribute (` disabled`) when `present`.
    public mutating func flag(_ name: StaticString, _ present: Bool = true) {
        guard present else { return }
        bytes.append(UInt8(ascii: " "))
        raw(name)
    }

    /// The one escaping function: `&` `<` `>` `"` `'` become entities; everything else is copied
    /// in runs.
    mutating func escaped(_ string: String) {
        var string = string
        string.withUTF8 { source in
            var runStart = 0
            var index = 0
            let count = source.count
            while index < count {
                let byte = source[index]
                // All five specials are below 0x3F; most text bytes are letters above it.
                if byte < 0x3F, let entity = Self.entity(for: byte) {
                    if runStart < index {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                    }
                    raw(entity)
                    runStart = index + 1
                }
                index += 1
            }
            if runStart < count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<count]))
            }
        }
    }

    static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}

extension HTMLWriter {
    /// The buffer as a string (tests and debugging).
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
