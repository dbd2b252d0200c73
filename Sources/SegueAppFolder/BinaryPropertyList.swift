/// Reads binary property lists (`bplist00`) into `PlistValue`s without Foundation.
///
/// Foundation's reader bridges every object through `NSSet`/`NSDictionary`, and a damaged file
/// (a set holding itself, a dictionary key that is not a string) crashes that bridging. This
/// reader checks every offset, count and reference against the file, refuses cycles and nesting
/// deeper than `maximumDepth`, and turns what an Info.plist never holds (dates, data, UIDs, sets)
/// into `.other`.
struct BinaryPropertyList {
    struct Failure: Error { let reason: String }

    static let magic = Array("bplist0".utf8)
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int

    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && Array(bytes.prefix(7)) == magic
    }

    /// The top object of `bytes`, a complete binary property list.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> PlistValue {
        let list = try BinaryPropertyList(bytes)
        let top = try list.unsigned(at: bytes.count - 16, size: 8)
        var visiting = Set<Int>()
        return try list.object(top, depth: 0, visiting: &visiting)
    }

    private init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 8 + 32 else { throw Failure(reason: "binary property list too short") }
        self.bytes = bytes
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Failure(reason: "binary property list trailer has bad integer sizes")
        }
        let count = try Self.unsigned(bytes, at: trailer + 8, size: 8)
        let table = try Self.unsigned(bytes, at: trailer + 24, size: 8)
        guard table >= 8, table <= trailer, count <= (trailer - table) / offsetSize else {
            throw Failure(reason: "binary property list offset table lies outside the file")
        }
        objectCount = count
        offsetTable = table
    }

    /// A big-endian unsigned integer of `size` bytes at `position`, refused when it does not fit
    /// an `Int`.
    private func unsigned(at position: Int, size: Int) throws(Failure) -> Int {
        try Self.unsigned(bytes, at: position, size: size)
    }

    private static func unsigned(_ bytes: [UInt8], at position: Int, size: Int) throws(Failure) -> Int {
        guard position >= 0, size >= 1, size <= 8, position <= bytes.count - size else {
            throw Failure(reason: "binary property list is truncated")
        }
        var value: UInt64 = 0
        for index in position..<(position + size) { value = value << 8 | UInt64(bytes[index]) }
        guard value <= UInt64(Int.max) else { throw Failure(reason: "binary property list number too large") }
        return Int(value)
    }

    private func offset(of reference: Int) throws(Failure) -> Int {
        guard reference >= 0, reference < objectCount else {
            throw Failure(reason: "binary property list refers to object \(reference) of \(objectCount)")
        }
        let start = try unsigned(at: offsetTable + reference * offsetSize, size: offsetSize)
        guard start >= 8, start < offsetTable else { throw Failure(reason: "binary property list object outside the file") }
        return start
    }

    private func object(_ reference: Int, depth: Int, visiting: inout Set<Int>) throws(Failure) -> PlistValue {
        guard depth < Self.maximumDepth else { throw Failure(reason: "binary property list nested too deeply") }
        guard visiting.insert(reference).inserted else { throw Failure(reason: "binary property list contains itself") }
        defer { visiting.remove(reference) }
        let start = try offset(of: reference)
        let marker = bytes[start]
        let (kind, nibble) = (marker >> 4, Int(marker & 0x0F))
        switch kind {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: return .other
            }
        case 0x1: return .number(Double(try integer(at: start + 1, size: 1 << nibble)))
        case 0x2: return .number(try real(at: start + 1, size: 1 << nibble))
        case 0x5: return .string(try ascii(start: start, nibble: nibble))
        case 0x6: return .string(try utf16(start: start, nibble: nibble))
        case 0xA: return .array(try array(start: start, nibble: nibble, depth: depth, visiting: &visiting))
        case 0xD: return .dictionary(try dictionary(start: start, nibble: nibble, depth: depth, visiting: &visiting))
        default: return .other
        }
    }

    /// Integers of 1, 2 and 4 bytes are unsigned, of 8 bytes signed; 16-byte ones keep their low half.
    private func integer(at position: Int, size: Int) throws(Failure) -> Int64 {
        guard size <= 16 else { throw Failure(reason: "binary property list integer too wide") }
        let width = min(size, 8)
        let low = position + size - width
        guard low >= 0, low <= bytes.count - width else { throw Failure(reason: "binary property list is truncated") }
        var value: UInt64 = 0
        for index in low..<(low + width) { value = value << 8 | UInt64(bytes[index]) }
        return Int64(bitPattern: value)
    }

    private func real(at position: Int, size: Int) throws(Failure) -> Double {
        guard size == 4 || size == 8, position <= bytes.count - size else {
            throw Failure(reason: "binary property list real is malformed")
        }
        var bits: UInt64 = 0
        for index in position..<(position + size) { bits = bits << 8 | UInt64(bytes[index]) }
        return size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
    }

    /// A collection's length and where its contents begin: the marker's low nibble, or an integer
    /// object after the marker when the nibble is 0xF.
    private func length(start: Int, nibble: Int) throws(Failure) -> (count: Int, contents: Int) {
        guard nibble == 0x0F else { return (nibble, start + 1) }
        guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else {
            throw Failure(reason: "binary property list length is malformed")
        }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        let count = try integer(at: start + 2, size: size)
        guard count >= 0, count <= Int64(bytes.count) else { throw Failure(reason: "binary property list length too large") }
        return (Int(count), start + 2 + size)
    }

    private func ascii(start: Int, nibble: Int) throws(Failure) -> String {
        let (count, contents) = try length(start: start, nibble: nibble)
        guard contents <= bytes.count - count else { throw Failure(reason: "binary property list string is truncated") }
        return String(decoding: bytes[contents..<(contents + count)], as: UTF8.self)
    }

    private func utf16(start: Int, nibble: Int) throws(Failure) -> String {
        let (count, contents) = try length(start: start, nibble: nibble)
        guard count <= (bytes.count - contents) / 2 else { throw Failure(reason: "binary property list string is truncated") }
        let units = (0..<count).map { UInt16(bytes[contents + 2 * $0]) << 8 | UInt16(bytes[contents + 2 * $0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    private func references(at contents: Int, count: Int) throws(Failure) -> [Int] {
        guard count <= (bytes.count - contents) / referenceSize else {
            throw Failure(reason: "binary property list collection is truncated")
        }
        var result: [Int] = []
        result.reserveCapacity(count)
        for index in 0..<count { result.append(try unsigned(at: contents + index * referenceSize, size: referenceSize)) }
        return result
    }

    private func array(start: Int, nibble: Int, depth: Int, visiting: inout Set<Int>) throws(Failure) -> [PlistValue] {
        let (count, contents) = try length(start: start, nibble: nibble)
        var result: [PlistValue] = []
        for reference in try references(at: contents, count: count) {
            result.append(try object(reference, depth: depth + 1, visiting: &visiting))
        }
        return result
    }

    /// Keys that are not strings are skipped, as a dictionary of an Info.plist never has them.
    private func dictionary(start: Int, nibble: Int, depth: Int, visiting: inout Set<Int>) throws(Failure) -> [String: PlistValue] {
        let (count, contents) = try length(start: start, nibble: nibble)
        guard count <= Int.max / 2 else { throw Failure(reason: "binary property list length too large") }
        let all = try references(at: contents, count: count * 2)
        var result: [String: PlistValue] = [:]
        for index in 0..<count {
            guard case .string(let key) = try object(all[index], depth: depth + 1, visiting: &visiting) else { continue }
            result[key] = try object(all[count + index], depth: depth + 1, visiting: &visiting)
        }
        return result
    }
}
