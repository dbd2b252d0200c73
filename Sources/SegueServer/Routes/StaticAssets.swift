import Foundation
import SegueHTTP
import Synchronization

/// The files of `Public/`, read once at start-up and served from memory with caching headers.
/// Only files found at start-up are served, so no request path can reach outside the folder.
///
/// Text files (CSS, JavaScript, SVG, JSON) of 1 KiB or more are also compressed at start-up, at
/// the codings' best settings, and sent brotli- or gzip-encoded to clients that accept it, each
/// coding with its own `ETag` (the file's tag with `-br` or `-gzip`).
///
/// The stylesheet is kept as parts, `Public/styles/NN-topic.css`, one per concern (base,
/// navigation, content, tabs, presentation…), and served as one file, `/public/segue.css`:
/// the parts joined in name order, so a page makes one stylesheet request. The parts are served
/// too, for a look at one of them, but pages never ask for them: they are compressed at the fast
/// settings, which keeps start-up short (every `segue serve` and every restart pays for it).
public struct StaticAssets: Sendable {
    private var files: [String: ServedFile] = [:]
    public let directory: String?

    /// Loads every file under `directory` (nil: serve nothing).
    public init(directory: String?) {
        self.directory = directory
        guard let directory, let walker = FileManager.default.enumerator(atPath: directory) else { return }
        for case let relative as String in walker {
            let full = directory + "/" + relative
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
                  !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  let data = FileManager.default.contents(atPath: full) else { continue }
            let bytes = [UInt8](data)
            files["/public/" + relative] = Self.asset(bytes, path: relative, effort: Self.isStylesheetPart(relative) ? .fast : .best)
        }
        let parts = files.keys.filter { Self.isStylesheetPart(String($0.dropFirst("/public/".count))) }.sorted()
        if !parts.isEmpty && files["/public/segue.css"] == nil {
            var joined: [UInt8] = []
            for part in parts {
                joined += Array("/* \(part.dropFirst("/public/".count)) */\n".utf8)
                joined += files[part]!.body.identity
                joined.append(0x0A)
            }
            files["/public/segue.css"] = Self.asset(joined, path: "segue.css", effort: .best)
        }
    }

    /// Whether a file of the folder (its path inside it) is one of the stylesheet's parts.
    static func isStylesheetPart(_ relative: String) -> Bool {
        relative.hasPrefix("styles/") && relative.hasSuffix(".css")
    }

    static func asset(_ bytes: [UInt8], path: String, effort: ContentCoding.Effort) -> ServedFile {
        var hash: UInt64 = 0xcbf29ce484222325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
        let type = contentType(path)
        let etag = "\"\(String(hash, radix: 16))\""
        let body = encoded(bytes, etag: etag, compressible: ContentCoding.isCompressible(contentType: type), effort: effort)
        return ServedFile(body: body, contentType: type, etag: etag)
    }

    /// Compressed forms already made in this process, by the file's tag, length and effort: the
    /// best brotli settings take a while, and a process may load the same folder more than once.
    private static let compressedBefore = Mutex<[String: EncodedBody]>([:])

    private static func encoded(_ bytes: [UInt8], etag: String, compressible: Bool,
                                effort: ContentCoding.Effort) -> EncodedBody {
        let key = "\(etag)/\(bytes.count)/\(effort)"
        if let known = compressedBefore.withLock({ $0[key] }), known.identity == bytes { return known }
        let body = EncodedBody(bytes, compressible: compressible, effort: effort)
        if body.varies { compressedBefore.withLock { $0[key] = body } }
        return body
    }

    /// Finds `Public/` next to the working directory or above the executable.
    public static func locate(explicit: String? = nil) -> String? {
        if let explicit { return explicit }
        return candidateDirectories().first(where: holdsAssets)
    }

    /// Where ``locate(explicit:)`` looks without `--public-dir`: `Public/` in the working
    /// directory, then beside the executable and up to five directories above it.
    public static func candidateDirectories() -> [String] {
        var candidates = [FileManager.default.currentDirectoryPath + "/Public"]
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let path = dir.appendingPathComponent("Public").path
            if !candidates.contains(path) { candidates.append(path) }
            dir = dir.deletingLastPathComponent()
        }
        return candidates
    }

    static func holdsAssets(_ directory: String) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: directory + "/styles") || fm.fileExists(atPath: directory + "/segue.css")
    }

    /// The start-up warning when the page assets are not found (every `/public/…` answer would
    /// be a 404, and pages would lose their styles, scripts and live reload), or nil when they are.
    public static func missingAssetsWarning(explicit: String?, candidates: [String] = candidateDirectories()) -> String? {
        if let explicit {
            return holdsAssets(explicit) ? nil
                : "page assets not found: --public-dir \(explicit) holds no segue.css; pages will have no styles or scripts"
        }
        guard !candidates.contains(where: holdsAssets) else { return nil }
        return "page assets (Public/) not found; looked in \(candidates.joined(separator: ", ")); "
            + "pages will have no styles or scripts: pass --public-dir DIR (the repository's Public directory)"
    }

    public var paths: [String] { files.keys.sorted() }

    func response(for request: HTTPRequest) -> HTTPResponse {
        ServedFile.response(files, for: request, cacheControl: "public, max-age=3600")
    }

    static func contentType(_ path: String) -> String {
        switch path.split(separator: ".").last.map(String.init) ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
