/// A small, fast JSON writer into bytes: the one place JSON strings are escaped.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// One bit per open container: whether the next value needs a comma before it. Bit 0 is the
    /// top level; nesting deeper than 63 levels shares the top bit (JSON here is never that deep).
    private var commaBits: UInt64 = 0
    private var depth = 0

    public init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    public mutating func beginObject() { separator(); bytes.append(UInt8(ascii: "{")); push() }
    public mutating func endObject() { pop(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { separator(); bytes.append(UInt8(ascii: "[")); push() }
    public mutating func endArray() { pop(); bytes.append(UInt8(ascii: "]")) }

    private var bit: UInt64 { 1 << UInt64(min(depth, 63)) }
    private mutating func push() { depth += 1; commaBits &= ~bit }
    private mutating func pop() { commaBits &= ~bit; depth -= 1 }

    /// Writes `"name":`; the next value follows without a comma.
    public mutating func key(_ name: StaticString) {
        separator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        commaBits &= ~bit
    }

    public mutating func key(dynamic name: String) {
        separator()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        commaBits &= ~bit
    }

    public mutating func string(_ value: String?) {
        separator()
        if let value { writeString(value) } else { bytes.append(contentsOf: "null".utf8) }
    }
    public mutating func int(_ value: Int) { separator(); bytes.append(contentsOf: String(value).utf8) }
    public mutating func bool(_ value: Bool) { separator(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    public mutating func null() { separator(); bytes.append(contentsOf: "null".utf8) }
    /// Inserts already-encoded JSON.
    public mutating func raw(_ json: [UInt8]) { separator(); bytes.append(contentsOf: json) }

    public mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }

    private mutating func separator() {
        if commaBits & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        commaBits |= bit
    }

    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: s.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
