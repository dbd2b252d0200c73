/// Unguessable identifiers: 128 random bits from the system's secure generator, as 32 hex digits.
enum RandomToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(32)
        for _ in 0..<2 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                out.append(hex[Int(word & 15)])
                word >>= 4
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `s` looks like a token (cheap check before a lookup).
    static func isWellFormed(_ s: some StringProtocol) -> Bool {
        func isLowerHex(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 97 && b <= 102) }
        // In place where the text is contiguous UTF-8 (a native string or a slice of one).
        if let result = s.utf8.withContiguousStorageIfAvailable({ $0.count == 32 && $0.allSatisfy(isLowerHex) }) { return result }
        return s.utf8.count == 32 && s.utf8.allSatisfy(isLowerHex)
    }
}
