import SegueAssets
import SegueHTTP

/// `GET /assets/<hash>/<name>`: the app's images, fonts and stylesheet (``AppResources``),
/// held in memory since the app loaded. Paths carry the file's content hash, so answers are
/// cached for a year as immutable, with the hash as `ETag`; SVG and CSS are also kept compressed.
/// A path is looked up among the files loaded, never opened: nothing outside the app's folder
/// (nor anything not loaded from it) can be reached.
public struct AppAssetRoute: Sendable {
    private var assets: [String: ServedFile] = [:]

    public init(_ resources: AppResources?) {
        guard let resources else { return }
        for (path, file) in resources.files.files {
            let compressible = file.contentType.hasPrefix("image/svg") || file.contentType.hasPrefix("text/")
            assets[path] = ServedFile(body: EncodedBody(file.bytes, compressible: compressible && file.bytes.count >= 1024, effort: .fast),
                                 contentType: file.contentType, etag: file.etag)
        }
    }

    public var count: Int { assets.count }

    func response(for request: HTTPRequest) -> HTTPResponse {
        ServedFile.response(assets, for: request, cacheControl: "public, max-age=31536000, immutable")
    }
}
