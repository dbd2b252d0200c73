import SegueHTTP

/// A file served from memory (`Public/`, the app's resources): its body (with its compressed
/// forms), its type and its tag, and the one way such a file is answered.
struct ServedFile: Sendable {
    var body: EncodedBody
    var contentType: String
    var etag: String

    /// The file of `path` in `files`, in the coding the client takes, with its caching headers
    /// (`cacheControl`), `304` when the client holds it, or `404 not found`. HEAD gets the body
    /// too: libmicrohttpd sends only its length.
    static func response(_ files: [String: ServedFile], for request: HTTPRequest, cacheControl: String) -> HTTPResponse {
        guard let file = files[request.path] else {
            return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("not found\n".utf8))
        }
        let (coding, body) = file.body.select(request.header("accept-encoding"))
        let etag = HTTPResponse.etag(file.etag, coding: coding)
        var headers = [("Content-Type", file.contentType), ("Cache-Control", cacheControl),
                       ("ETag", etag), ("X-Content-Type-Options", "nosniff")]
        if file.body.varies { headers.append(("Vary", "Accept-Encoding")) }
        if request.matchesIfNoneMatch(etag) { return HTTPResponse(status: 304, headers: headers) }
        if coding != .identity { headers.append(("Content-Encoding", coding.rawValue)) }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
