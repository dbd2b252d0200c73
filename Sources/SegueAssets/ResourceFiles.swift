/// The files an app's resources are served from, held in memory: each read once when the app
/// loads, kept under a content-hashed path (`/assets/<hash>/<name>`) so a browser may cache it
/// for good. Only files put here are ever served: a request path is looked up, never opened.
public struct ResourceFiles: Sendable {
    /// Every served path starts with it.
    public static let prefix = "/assets/"

    public struct File: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
        /// The content hash, quoted, as an `ETag`.
        public let etag: String
    }

    public private(set) var files: [String: File] = [:]
    public init() {}

    /// Keeps `bytes` and answers the path they are served at. The same bytes under the same name
    /// share one path.
    public mutating func add(_ bytes: [UInt8], fileName: String) -> String {
        let hash = Self.hash(bytes)
        let path = Self.prefix + hash + "/" + Self.safeName(fileName)
        if files[path] == nil {
            files[path] = File(bytes: bytes, contentType: Self.contentType(fileName), etag: "\"" + hash + "\"")
        }
        return path
    }

    public func file(at path: String) -> File? { files[path] }

    /// The total size of the files held.
    public var byteCount: Int { files.values.reduce(0) { $0 + $1.bytes.count } }

    /// FNV-1a, 64 bits, as 16 hex digits: enough to tell versions of a file apart for caching.
    static func hash(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A file name reduced to letters, digits, `.`, `-` and `_` (nothing a URL must escape).
    static func safeName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? "file"
        let kept = last.unicodeScalars.map { s -> Character in
            let ok = (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "." || s == "-" || s == "_"
            return ok ? Character(s) : "_"
        }
        let safe = String(String(kept).drop { $0 == "." })
        guard !safe.isEmpty else { return "file" }
        guard safe.count > 80 else { return safe }
        // Long names keep their extension (what the content type is told by).
        let ext = safe.split(separator: ".").last.map { "." + $0 } ?? ""
        return String(safe.prefix(80 - min(ext.count, 10))) + (ext.count <= 10 ? ext : "")
    }

    public static func contentType(_ name: String) -> String {
        switch name.split(separator: ".").last?.lowercased() ?? "" {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "svg": "image/svg+xml"
        case "webp": "image/webp"
        case "heic": "image/heic"
        case "pdf": "application/pdf"
        case "css": "text/css; charset=utf-8"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "ttc": "font/collection"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
