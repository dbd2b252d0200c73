/// Reads a TrueType or OpenType font's `name` table: its PostScript name (name id 6), family
/// (1, or the typographic family 16) and subfamily (2). Bounds-checked everywhere: a truncated or
/// foreign file gives nil, never a trap. A collection (`ttcf`) gives its first font.
public enum FontNameTable {
    public struct Names: Sendable, Hashable {
        public var postScriptName: String?
        public var family: String?
        public var subfamily: String?
        public var fullName: String?
    }

    public static func names(_ bytes: [UInt8]) -> Names? {
        var start = 0
        if tag(bytes, 0) == "ttcf" {
            guard let first = u32(bytes, 12) else { return nil }
            start = first
        }
        guard let count = u16(bytes, start + 4), count < 512 else { return nil }
        for i in 0..<count {
            let record = start + 12 + i * 16
            guard tag(bytes, record) == "name", let offset = u32(bytes, record + 8) else { continue }
            return readName(bytes, at: offset)
        }
        return nil
    }

    private static func readName(_ b: [UInt8], at table: Int) -> Names? {
        guard let count = u16(b, table + 2), let storage = u16(b, table + 4) else { return nil }
        var found: [Int: String] = [:]
        for i in 0..<min(count, 2048) {
            let r = table + 6 + i * 12
            guard let platform = u16(b, r), let nameID = u16(b, r + 6), let length = u16(b, r + 8),
                  let offset = u16(b, r + 10), [1, 2, 4, 6, 16].contains(nameID) else { continue }
            let from = table + storage + offset
            guard from >= 0, length <= b.count, from <= b.count - length else { continue }
            let raw = b[from..<(from + length)]
            let text: String
            if platform == 1 {
                text = String(decoding: raw, as: UTF8.self)
            } else {
                var units: [UInt16] = []
                var k = raw.startIndex
                while k + 1 < raw.endIndex { units.append(UInt16(raw[k]) << 8 | UInt16(raw[k + 1])); k += 2 }
                text = String(decoding: units, as: UTF16.self)
            }
            // Windows (3) names win over Macintosh (1) ones.
            if found[nameID] == nil || platform == 3, !text.isEmpty { found[nameID] = text }
        }
        guard !found.isEmpty else { return nil }
        return Names(postScriptName: found[6], family: found[16] ?? found[1], subfamily: found[2], fullName: found[4])
    }

    private static func tag(_ b: [UInt8], _ at: Int) -> String? {
        guard at >= 0, at <= b.count - 4 else { return nil }
        return String(decoding: b[at..<(at + 4)], as: UTF8.self)
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at <= b.count - 2 else { return nil }
        return Int(b[at]) << 8 | Int(b[at + 1])
    }

    private static func u32(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at <= b.count - 4 else { return nil }
        return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }
}
