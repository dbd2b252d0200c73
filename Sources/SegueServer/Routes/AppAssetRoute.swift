import SegueAssets
import SegueHTTP

/// `GET /assets/<hash>/<name>`: the app's images, fonts and stylesheet (``AppResources``),
/// held in memory since the app loaded. Paths carry the file's content hash, so answers are
/// cached for a year as immutable, with the hash as `ETag`; SVG and CSS are also kept compressed.
/// A path is looked up among the files loaded, never opened: nothing outside the app's folder
/// (nor anything not loaded from it) can be reached.
public struct AppAssetRoute: Sendable {
    struct Asset: Sendable {
        var body: EncodedBody
        var contentType: String
        var etag: String
    }
    private var assets: [String: Asset] = [:]

    public init(_ resources: AppResources?) {
        guard let resources else { return }
        for (path, file) in resources.files.files {
            let compressible = file.contentType.hasPrefix("image/svg") || file.contentType.hasPrefix("text/")
            assets[path] = Asset(body: EncodedBody(file.bytes, compressible: compressible && file.bytes.count >= 1024, effort: .fast),
                                 contentType: file.contentType, etag: file.etag)
        }
    }

    public var count: Int { assets.count }

    func response(for request: HTTPRequest) -> HTTPResponse {
        guard let asset = assets[request.path] else {
            return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("not found\n".utf8))
        }
        let (coding, body) = asset.body.select(request.header("accept-encoding"))
        let etag = HTTPResponse.etag(asset.etag, coding: coding)
        var headers = [("Content-Type", asset.contentType), ("Cache-Control", "public, max-age=31536000, immutable"),
                       ("ETag", etag), ("X-Content-Type-Options", "nosniff")]
        if asset.body.varies { headers.append(("Vary", "Accept-Encoding")) }
        if request.matchesIfNoneMatch(etag) { return HTTPResponse(status: 304, headers: headers) }
        if coding != .identity { headers.append(("Content-Encoding", coding.rawValue)) }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
