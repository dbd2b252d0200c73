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
        // In place where the text is contiguous UTF-8 (a native string or a slice of one).
        if let result = s.utf8.withContiguousStorageIfAvailable(isWellFormed(bytes:)) { return result }
        return isWellFormed(bytes: s.utf8)
    }

    /// Whether `bytes` look like a token.
    static func isWellFormed(bytes: some Collection<UInt8>) -> Bool {
        bytes.count == 32 && bytes.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
