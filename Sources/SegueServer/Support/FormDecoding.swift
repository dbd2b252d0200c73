import Foundation
/// `application/x-www-form-urlencoded` bodies and cookies.
enum FormDecoding {
    /// Decodes `a=1&b=two+words`, in order. Malformed escapes are kept literally.
    static func decode(_ body: [UInt8]) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for part in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let kv = part.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecode(kv[0])
            let value = kv.count > 1 ? percentDecode(kv[1]) : ""
            pairs.append((name, value))
        }
        return pairs
    }

    static func percentDecode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%"), let h1 = bytes.index(i, offsetBy: 1, limitedBy: bytes.endIndex), h1 != bytes.endIndex,
                      let h2 = bytes.index(h1, offsetBy: 1, limitedBy: bytes.endIndex), h2 != bytes.endIndex,
                      let hi = hexValue(bytes[h1]), let lo = hexValue(bytes[h2]) {
                out.append(hi << 4 | lo)
                i = h2
            } else {
                out.append(b)
            }
            i = bytes.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }

    /// The value of cookie `name` in a `Cookie:` header.
    static func cookie(_ name: String, in header: String?) -> String? {
        guard var header else { return nil }
        // A byte scan: this runs on every page request.
        return header.withUTF8 { bytes -> String? in
            var name = name
            return name.withUTF8 { key -> String? in
                var i = 0
                let n = bytes.count
                while i < n {
                    while i < n && (bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: ";")) { i += 1 }
                    var end = i
                    while end < n && bytes[end] != UInt8(ascii: ";") { end += 1 }
                    if end - i > key.count, bytes[i + key.count] == UInt8(ascii: "="),
                       memcmp(bytes.baseAddress! + i, key.baseAddress!, key.count) == 0 {
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + key.count + 1)..<end]), as: UTF8.self)
                    }
                    i = end + 1
                }
                return nil
            }
        }
    }
}
