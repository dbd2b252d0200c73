// Compressed responses: choosing a content coding from `Accept-Encoding`, and gzip and brotli
// over zlib and libbrotli.

import CBrotli
import CZlib

/// A content coding the server can send (RFC 9110, section 8.4.1).
public enum ContentCoding: String, Sendable, CaseIterable {
    /// Brotli (RFC 7932): the smallest, preferred when the client takes it.
    case br
    /// gzip (RFC 1952).
    case gzip
    /// The bytes as they are.
    case identity

    /// How hard to compress: `.fast` for answers made per request or per page version, `.best`
    /// for files compressed once at start-up. `.best` is gzip level 9 and brotli quality 10, not
    /// 11: on the page assets 11 saves about 1 % more and takes three times as long (half a
    /// second of every start-up).
    public enum Effort: Sendable {
        case fast, best
    }

    /// Bodies smaller than this are sent as they are: compressing saves too little.
    public static let minimumSize = 1024

    /// The coding to send for a request's `Accept-Encoding` value (nil: the header is absent).
    ///
    /// Each listed coding may carry a weight (`;q=0.5`; `q=0` refuses it); `*` stands for every
    /// coding not listed; names are case-insensitive and `x-gzip` is gzip. The acceptable coding
    /// with the highest weight wins, brotli before gzip on a tie. Without the header, with
    /// neither coding acceptable, or with `identity` weighted above both, the answer is
    /// `.identity`. A weight that is not a number in 0...1 makes its entry count as refused.
    public static func negotiate(_ acceptEncoding: String?) -> ContentCoding {
        guard var acceptEncoding, !acceptEncoding.isEmpty else { return .identity }
        return acceptEncoding.withUTF8 { negotiate(bytes: $0) }
    }

    /// ``negotiate(_:)`` over the header's bytes, without allocating (it runs on every request).
    static func negotiate(bytes: UnsafeBufferPointer<UInt8>) -> ContentCoding {
        var br = -1, gzip = -1, identity = -1, any = -1  // weights in thousandths; -1: not listed
        var index = 0
        let count = bytes.count
        while index < count {
            // One entry: a name, then `;`-separated parameters, up to a comma.
            var end = index
            while end < count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            var nameEnd = index
            while nameEnd < end, bytes[nameEnd] != UInt8(ascii: ";") { nameEnd += 1 }
            let name = trimmed(bytes, index, nameEnd)
            var weight = 1000
            var parameter = nameEnd
            while parameter < end {
                var next = parameter + 1
                while next < end, bytes[next] != UInt8(ascii: ";") { next += 1 }
                let (start, stop) = trimmed(bytes, parameter + 1, next)
                if stop - start >= 2, bytes[start] | 0x20 == UInt8(ascii: "q"), bytes[start + 1] == UInt8(ascii: "=") {
                    weight = qValue(bytes, start + 2, stop) ?? 0
                }
                parameter = next
            }
            if matches(bytes, name, "br") { br = max(br, weight) }
            else if matches(bytes, name, "gzip") || matches(bytes, name, "x-gzip") { gzip = max(gzip, weight) }
            else if matches(bytes, name, "identity") { identity = max(identity, weight) }
            else if matches(bytes, name, "*") { any = max(any, weight) }
            index = end + 1
        }
        let brWeight = br >= 0 ? br : max(any, 0)
        let gzipWeight = gzip >= 0 ? gzip : max(any, 0)
        let best = max(brWeight, gzipWeight)
        guard best > 0, identity <= best else { return .identity }
        return brWeight >= gzipWeight ? .br : .gzip
    }

    /// Whether a body of this `Content-Type` is worth compressing (text, JSON, JavaScript, SVG;
    /// not images or archives, which are compressed already).
    public static func isCompressible(contentType: String?) -> Bool {
        guard var type = contentType else { return false }
        return type.withUTF8 { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            let range = trimmed(bytes, 0, end)
            let length = range.1 - range.0
            return (length > 5 && matches(bytes, (range.0, range.0 + 5), "text/"))
                || matches(bytes, range, "application/json") || matches(bytes, range, "application/javascript")
                || matches(bytes, range, "image/svg+xml") || matches(bytes, range, "application/xml")
                || (length > 5 && matches(bytes, (range.1 - 5, range.1), "+json"))
        }
    }

    /// `bytes` in this coding (the bytes themselves for `.identity`), or nil if the library failed.
    public func encode(_ bytes: [UInt8], effort: Effort = .fast) -> [UInt8]? {
        switch self {
        case .identity:
            return bytes
        case .gzip:
            var size = czlib_gzip_bound(bytes.count)
            var out = [UInt8](repeating: 0, count: size)
            let result = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    czlib_gzip(input.baseAddress, input.count, output.baseAddress, &size, effort == .best ? 9 : 6)
                }
            }
            guard result == 0 else { return nil }
            out.removeSubrange(size...)
            return out
        case .br:
            var size = BrotliEncoderMaxCompressedSize(bytes.count)
            if size == 0 { size = bytes.count + 1024 }
            var out = [UInt8](repeating: 0, count: size)
            let quality: Int32 = effort == .best ? 10 : 5
            let ok = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                                          input.count, input.baseAddress, &size, output.baseAddress)
                }
            }
            guard ok == BROTLI_TRUE else { return nil }
            out.removeSubrange(size...)
            return out
        }
    }

    /// `bytes` decoded from this coding, or nil when they are not valid (or would decode to more
    /// than `limit` bytes). For clients and tests; the server never decodes request bodies.
    public func decode(_ bytes: [UInt8], limit: Int = 64 << 20) -> [UInt8]? {
        switch self {
        case .identity:
            return bytes
        case .gzip, .br:
            var capacity = max(4096, bytes.count * 8)
            while true {
                var out = [UInt8](repeating: 0, count: capacity)
                var size = capacity
                let result: Int32 = bytes.withUnsafeBufferPointer { input in
                    out.withUnsafeMutableBufferPointer { output in
                        if self == .gzip {
                            return czlib_gunzip(input.baseAddress, input.count, output.baseAddress, &size)
                        }
                        switch BrotliDecoderDecompress(input.count, input.baseAddress, &size, output.baseAddress) {
                        case BROTLI_DECODER_RESULT_SUCCESS: return 0
                        default: return size >= capacity ? 1 : -1
                        }
                    }
                }
                if result == 0 {
                    out.removeSubrange(size...)
                    return out
                }
                guard result == 1, capacity < limit else { return nil }
                capacity = min(limit, capacity * 4)
            }
        }
    }
}

/// A body kept in each coding worth sending: compressed once, then picked per request.
public struct EncodedBody: Sendable {
    /// The bytes as they are.
    public let identity: [UInt8]
    /// Brotli and gzip forms, when the body is compressible and large enough and compression
    /// made it smaller.
    public let br: [UInt8]?
    public let gzip: [UInt8]?

    /// Compresses `bytes` in both codings when `compressible` and at least
    /// ``ContentCoding/minimumSize`` bytes long.
    public init(_ bytes: [UInt8], compressible: Bool, effort: ContentCoding.Effort) {
        identity = bytes
        guard compressible, bytes.count >= ContentCoding.minimumSize else {
            br = nil
            gzip = nil
            return
        }
        br = ContentCoding.br.encode(bytes, effort: effort).flatMap { $0.count < bytes.count ? $0 : nil }
        gzip = ContentCoding.gzip.encode(bytes, effort: effort).flatMap { $0.count < bytes.count ? $0 : nil }
    }

    /// Whether the body is sent differently by `Accept-Encoding` (so answers say `Vary`).
    public var varies: Bool { br != nil || gzip != nil }

    /// The coding and bytes to send for a request's `Accept-Encoding`.
    public func select(_ acceptEncoding: String?) -> (coding: ContentCoding, bytes: [UInt8]) {
        guard varies else { return (.identity, identity) }
        switch ContentCoding.negotiate(acceptEncoding) {
        case .br:
            if let br { return (.br, br) }
            if let gzip, ContentCoding.negotiate(acceptEncoding, excluding: .br) == .gzip { return (.gzip, gzip) }
        case .gzip:
            if let gzip { return (.gzip, gzip) }
        case .identity:
            break
        }
        return (.identity, identity)
    }
}

extension ContentCoding {
    /// The choice when `coding` is not available.
    static func negotiate(_ acceptEncoding: String?, excluding coding: ContentCoding) -> ContentCoding {
        guard let acceptEncoding else { return .identity }
        return negotiate(acceptEncoding + ", \(coding.rawValue);q=0")
    }
}

extension HTTPResponse {
    /// This response with its body compressed for a request's `Accept-Encoding`, when the body is
    /// compressible and large enough, no coding is set yet, and the client takes one: with
    /// `Content-Encoding`, and `Vary: Accept-Encoding` whenever the coding depended on the header.
    /// Other responses are returned as they are.
    public func compressed(for acceptEncoding: String?, effort: ContentCoding.Effort = .fast) -> HTTPResponse {
        compressed(as: ContentCoding.negotiate(acceptEncoding), effort: effort)
    }

    /// ``compressed(for:effort:)`` with the coding already negotiated.
    public func compressed(as coding: ContentCoding, effort: ContentCoding.Effort = .fast) -> HTTPResponse {
        // Sent as it is, an answer that already says it varies with the coding is complete (the
        // JSON API's and pages' answers say so themselves): one look at its headers.
        if coding == .identity, let vary = header("vary"), asciiCaseInsensitiveEquals(vary, "Accept-Encoding") { return self }
        guard body.count >= ContentCoding.minimumSize, deferred == nil, status != 206,
              header("content-encoding") == nil,
              ContentCoding.isCompressible(contentType: header("content-type")) else { return self }
        var response = self
        response.addVary("Accept-Encoding")
        guard coding != .identity, let encoded = coding.encode(body, effort: effort), encoded.count < body.count else {
            return response
        }
        response.body = encoded
        response.headers.append(("Content-Encoding", coding.rawValue))
        if let index = response.headers.firstIndex(where: { asciiCaseInsensitiveEquals($0.name, "ETag") }) {
            response.headers[index].value = Self.etag(response.headers[index].value, coding: coding)
        }
        return response
    }

    /// Adds `name` to the `Vary` header (once).
    public mutating func addVary(_ name: String) {
        if let index = headers.firstIndex(where: { asciiCaseInsensitiveEquals($0.name, "Vary") }) {
            if asciiCaseInsensitiveEquals(headers[index].value, name) { return }
            let listed = headers[index].value.split(separator: ",").contains {
                asciiCaseInsensitiveEquals($0.trimmingBlanks, name) || $0.trimmingBlanks == "*"
            }
            if !listed { headers[index].value += ", " + name }
        } else {
            headers.append(("Vary", name))
        }
    }

    /// The entity tag of a representation in `coding`: a different tag per coding, so that a
    /// cache never answers a revalidation of one coding with the other.
    public static func etag(_ tag: String, coding: ContentCoding) -> String {
        guard coding != .identity else { return tag }
        guard tag.hasSuffix("\"") else { return tag + "-" + coding.rawValue }
        return String(tag.dropLast()) + "-" + coding.rawValue + "\""
    }
}

extension HTTPRequest {
    /// Whether `If-None-Match` names `etag` (or is `*`): the client's copy is current. Tags are
    /// compared weakly (a `W/` prefix is ignored), as this header requires.
    public func matchesIfNoneMatch(_ etag: String) -> Bool {
        guard let value = header("if-none-match") else { return false }
        let wanted = etag.hasPrefix("W/") ? etag.dropFirst(2) : etag[...]
        for candidate in value.split(separator: ",") {
            var tag = Substring(candidate.trimmingBlanks)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == wanted { return true }
        }
        return false
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// The bounds of `bytes[start..<end]` without surrounding spaces and tabs.
private func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
    var start = start, end = end
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return (start, end)
}

/// Whether `bytes[range]` is `name`, ASCII letters compared case-insensitively.
private func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: (Int, Int), _ name: StaticString) -> Bool {
    guard range.1 - range.0 == name.utf8CodeUnitCount else { return false }
    let expected = name.utf8Start
    for i in 0..<name.utf8CodeUnitCount {
        var byte = bytes[range.0 + i]
        if byte >= 65 && byte <= 90 { byte |= 0x20 }
        if byte != expected[i] { return false }
    }
    return true
}

/// A q-value in thousandths ("0" … "1", with up to three decimals), or nil when malformed.
private func qValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
    guard start < end, end - start <= 5, bytes[start] == UInt8(ascii: "0") || bytes[start] == UInt8(ascii: "1") else { return nil }
    var value = Int(bytes[start] - 0x30) * 1000
    guard end - start > 1 else { return value }
    guard bytes[start + 1] == UInt8(ascii: ".") else { return nil }
    var scale = 100
    for i in (start + 2)..<end {
        guard bytes[i] >= 0x30 && bytes[i] <= 0x39 else { return nil }
        value += Int(bytes[i] - 0x30) * scale
        scale /= 10
    }
    return value <= 1000 ? value : nil
}
