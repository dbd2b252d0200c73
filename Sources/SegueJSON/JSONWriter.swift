/// A small, fast JSON writer into bytes: the one place JSON strings are escaped.
///
/// It writes into a buffer it owns (noncopyable, freed when the writer ends): state and event
/// encoding is most of the work of a JSON action, and appends here cost a bounds check and a copy.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// One bit per open container: whether the next value needs a comma before it. Bit 0 is the
    /// top level; nesting deeper than 63 levels shares the top bit (JSON here is never that deep).
    private var commaBits: UInt64 = 0
    private var depth = 0
    /// The bit of the innermost open container in `commaBits`.
    private var bit: UInt64 = 1

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// What has been written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// `text` as a JSON string literal (quoted and escaped), for JSON written as text.
    public static func quoted(_ text: String) -> String {
        var w = JSONWriter(capacity: text.utf8.count + 16)
        w.string(text)
        return String(decoding: w.bytes, as: UTF8.self)
    }
    /// What has been written so far, as text (decoded in place: no intermediate array).
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    // The structural calls and the small values are inlined where they are written (most of
    // an answer's JSON is written in this module): each is a few instructions, less than a call.
    @inline(__always) public mutating func beginObject() { separator(); byte(UInt8(ascii: "{")); push() }
    @inline(__always) public mutating func endObject() { pop(); byte(UInt8(ascii: "}")) }
    @inline(__always) public mutating func beginArray() { separator(); byte(UInt8(ascii: "[")); push() }
    @inline(__always) public mutating func endArray() { pop(); byte(UInt8(ascii: "]")) }

    @inline(__always) private mutating func push() { depth += 1; bit = 1 &<< UInt64(min(depth, 63)); commaBits &= ~bit }
    @inline(__always) private mutating func pop() { commaBits &= ~bit; depth -= 1; bit = 1 &<< UInt64(min(depth, 63)) }

    /// Writes `"name":`; the next value follows without a comma. Inlined: the name's length is
    /// then a constant, and its copy a few stores (a call cost more than the copy).
    @inline(__always) public mutating func key(_ name: StaticString) {
        let n = name.utf8CodeUnitCount
        let source = name.utf8Start
        reserve(n + 4)
        var p = base + count
        if commaBits & bit != 0 { p.pointee = UInt8(ascii: ","); p += 1 }
        p[0] = UInt8(ascii: "\"")
        Self.copyShort(from: source, to: p + 1, count: n)
        p[n + 1] = UInt8(ascii: "\"")
        p[n + 2] = UInt8(ascii: ":")
        count = p - base + n + 3
        // The value follows without a comma; the next key or value after it needs one.
        commaBits &= ~bit
    }

    public mutating func key(dynamic name: String) {
        separator()
        writeString(name)
        byte(UInt8(ascii: ":"))
        commaBits &= ~bit
    }

    public mutating func string(_ value: String?) {
        separator()
        if let value { writeString(value) } else { append("null") }
    }

    public mutating func int(_ value: Int) {
        separator()
        reserve(20)
        if value < 0 { base[count] = UInt8(ascii: "-"); count += 1 }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        var i = count + digits - 1
        repeat {
            base[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            i -= 1
        } while magnitude > 0
        count += digits
    }

    /// A number: whole values as integers, others in Swift's shortest form; not finite: null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 { return int(Int(value)) }
        separator()
        var text = "\(value)"
        text.withUTF8 { append($0) }
    }

    @inline(__always) public mutating func bool(_ value: Bool) { separator(); append(value ? "true" : "false") }
    @inline(__always) public mutating func null() { separator(); append("null") }
    /// Inserts already-encoded JSON: a value, or members of the open object as a writer at the
    /// top level writes them (`"a":1,"b":2`), after a comma when something precedes.
    public mutating func raw(_ json: [UInt8]) { separator(); json.withUnsafeBufferPointer { append($0) } }

    @inline(__always) public mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    @inline(__always) public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    @inline(__always) public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }

    @inline(__always) private mutating func separator() {
        if commaBits & bit != 0 { byte(UInt8(ascii: ",")) }
        commaBits |= bit
    }

    private mutating func writeString(_ s: String) {
        // Native and small strings lend their bytes without a copy of the string (and the
        // retain and release a `var` copy for `withUTF8` costs).
        if s.utf8.withContiguousStorageIfAvailable({ writeString($0) }) != nil { return }
        var s = s
        s.withUTF8 { writeString($0) }
    }

    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        // Room for the quotes and a word past the end: the scan below reads whole words of this
        // buffer (not of the string's, which may end anywhere).
        reserve(n + 2 + 8)
        let out = base + count
        out[0] = UInt8(ascii: "\"")
        guard let source = utf8.baseAddress, n > 0 else {
            out[1] = UInt8(ascii: "\"")
            count += 2
            return
        }
        // Most strings need no escaping: copy them, then check the copy eight bytes at a time.
        Self.copyShort(from: source, to: out + 1, count: n)
        var i = 0
        while i < n {
            // The last word runs past the string's end into whatever the buffer holds there: a
            // byte flagged there is past `n`, and the string is found clean all the same.
            let flagged = Self.escapeFlags(UnsafeRawPointer(out + 1 + i).loadUnaligned(as: UInt64.self))
            if flagged != 0 {
                i += flagged.trailingZeroBitCount / 8
                break
            }
            i += 8
        }
        if i >= n {
            out[n + 1] = UInt8(ascii: "\"")
            count += n + 2
            return
        }
        count += 1 + i
        for b in utf8[i...] {
            switch b {
            case UInt8(ascii: "\""): byte(92); byte(34)
            case UInt8(ascii: "\\"): byte(92); byte(92)
            case 0x0A: byte(92); byte(UInt8(ascii: "n"))
            case 0x0D: byte(92); byte(UInt8(ascii: "r"))
            case 0x09: byte(92); byte(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                append("\\u00")
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 15)])
            default: byte(b)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// The high bit of each of a word's bytes that is a control character, a quote or a
    /// backslash (bytes of 0x80 and up, UTF-8's multi-byte sequences, are copied as they are).
    /// The lowest flagged byte is always a true one; a byte above it may be flagged falsely (a
    /// borrow carries upward), so only the first is to be trusted.
    @inline(__always) static func escapeFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20: subtracting 0x20 borrows into its high bit (where it was clear).
        let control = (word &- ones &* 0x20) & ~word
        // A byte equal to `c`: zero after xor, found by the same borrow test against 1.
        let quoted = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashed = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let equal = ((quoted &- ones) & ~quoted) | ((backslashed &- ones) & ~backslashed)
        return (control | equal) & highs
    }

    /// Copies a key's few bytes without a call to `memcpy` (most keys are 2 to 24 bytes).
    /// Two overlapping loads and stores of a width cover from that width to twice it, reading
    /// and writing only the `n` bytes (a string's bytes may end anywhere).
    @inline(__always) static func copyShort(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        if n >= 8 {
            guard n <= 16 else { return target.update(from: source, count: n) }
            copyOverlapping(UInt64.self, from: source, to: target, count: n)
        } else if n >= 4 {
            copyOverlapping(UInt32.self, from: source, to: target, count: n)
        } else if n >= 2 {
            copyOverlapping(UInt16.self, from: source, to: target, count: n)
        } else if n == 1 {
            target[0] = source[0]
        }
    }

    /// Copies `n` bytes, `n` between the width of `Word` and twice it, as two words.
    @inline(__always) static func copyOverlapping<Word: FixedWidthInteger>(
        _: Word.Type, from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int
    ) {
        let width = MemoryLayout<Word>.size
        let first = UnsafeRawPointer(source).loadUnaligned(as: Word.self)
        let last = UnsafeRawPointer(source + n - width).loadUnaligned(as: Word.self)
        UnsafeMutableRawPointer(target).storeBytes(of: first, as: Word.self)
        UnsafeMutableRawPointer(target + n - width).storeBytes(of: last, as: Word.self)
    }

    // MARK: - Buffer

    @inline(__always) private mutating func reserve(_ n: Int) {
        if _slowPath(count + n > capacity) { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) private mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// A literal's bytes (`true`, `null`): a few stores once inlined with the literal's length.
    @inline(__always) private mutating func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        reserve(n)
        Self.copyShort(from: text.utf8Start, to: base + count, count: n)
        count += n
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }
}
