/// Seeded mutations of seed inputs, libFuzzer's basic moves without its coverage feedback: the
/// mutation smoke tests run thousands of them on every target in the ordinary test suite, the
/// same inputs on every run.
public struct Mutator {
    var state: UInt64
    let seeds: [[UInt8]]
    let tokens: [[UInt8]]

    public init(seed: UInt64, seeds: [[UInt8]], tokens: [[UInt8]]) {
        self.state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
        self.seeds = seeds.isEmpty ? [[]] : seeds
        self.tokens = tokens.isEmpty ? [[0]] : tokens
    }

    /// xorshift64*: fast, deterministic.
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// One input: a seed changed by one to four moves.
    public mutating func input() -> [UInt8] {
        var bytes = seeds[below(seeds.count)]
        for _ in 0...below(4) { mutate(&bytes) }
        return bytes
    }

    mutating func mutate(_ bytes: inout [UInt8]) {
        let at = below(bytes.count + 1)
        switch below(7) {
        case 0 where !bytes.isEmpty:  // flip a bit
            let i = below(bytes.count)
            bytes[i] ^= UInt8(1 << below(8))
        case 1 where !bytes.isEmpty:  // a random byte
            bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: next())
        case 2:  // erase a range
            let end = min(bytes.count, at + 1 + below(16))
            if at < end { bytes.removeSubrange(at..<end) }
        case 3:  // insert a dictionary token
            bytes.insert(contentsOf: tokens[below(tokens.count)], at: at)
        case 4:  // repeat a range
            let end = min(bytes.count, at + 1 + below(32))
            if at < end { bytes.insert(contentsOf: Array(bytes[at..<end]), at: below(bytes.count + 1)) }
        case 5:  // splice in part of another seed
            let other = seeds[below(seeds.count)]
            let start = below(other.count + 1), end = min(other.count, start + below(64))
            if start < end { bytes.insert(contentsOf: other[start..<end], at: at) }
        default:  // cut the end off
            bytes.removeSubrange(at...)
        }
    }

    /// The tokens of a libFuzzer dictionary file (`"token"` lines, `\\`, `\"` and `\xNN` escapes).
    public static func tokens(ofDictionary text: String) -> [[UInt8]] {
        text.split(separator: "\n").compactMap { line -> [UInt8]? in
            let bytes = Array(line.utf8)
            guard let open = bytes.firstIndex(of: UInt8(ascii: "\"")), let close = bytes.lastIndex(of: UInt8(ascii: "\"")),
                  open < close, bytes.first != UInt8(ascii: "#") else { return nil }
            return unescape(bytes[(open + 1)..<close])
        }
    }

    static func unescape(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = body.startIndex
        while i < body.endIndex {
            if body[i] == UInt8(ascii: "\\"), i + 1 < body.endIndex {
                if body[i + 1] == UInt8(ascii: "x"), i + 3 < body.endIndex,
                   let value = UInt8(String(decoding: body[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
                    out.append(value)
                    i += 4
                    continue
                }
                out.append(body[i + 1])
                i += 2
                continue
            }
            out.append(body[i])
            i += 1
        }
        return out
    }
}
