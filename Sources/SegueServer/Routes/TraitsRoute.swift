import SegueCore
import SegueHTTP
import SegueJSON
import SeguePageURL

/// `POST /traits`: the viewport report of `Public/segue.js` (docs/Semantics.md, Traits, rotation and memory).
///
/// The page works without it: a session keeps the default traits (`Configuration.defaultTraits`,
/// an iPhone in portrait) until a browser reports its viewport. With JavaScript, the script posts
/// `csrf`, `width` and `height` (CSS px, form-encoded, the page's hidden `csrf` token) on load and
/// after a resize settles. A change runs the `setTraits` action (trait, layout and rotation
/// events) and the answer says whether to reload:
///
///     200 {"changed": true, "url": "/ui/…", "version": 8}
///
/// Errors: 404 without a session, 403 for a missing or wrong token or a cross-site origin, 400
/// for sizes that are missing, not whole numbers, or outside 1…100000.
extension SegueApp {
    func reportTraits(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = cookieSessionID(request) else {
            return jsonError(ActionError(.unknownSession, "no session; load a page first"))
        }
        if let refusal = crossSiteRefusal(request, what: "viewport reports") { return jsonError(refusal) }
        let form = FormDecoding.decode(request.body)
        var fields: [String: String] = [:]
        for (name, value) in form { fields[name] = value }
        let traits: Traits
        do throws(ActionError) {
            traits = try Self.viewport(width: fields["width"], height: fields["height"])
        } catch {
            return jsonError(error)
        }
        let result: Result<(changed: Bool, url: String, version: Int), ActionError>
        do throws(ActionError) {
            result = .success(try withDurableSession(id) { (session) throws(ActionError) -> (changed: Bool, url: String, version: Int) in
                try session.checkToken(fields["csrf"], named: "the token")
                try session.cancelAbandonedGesture()
                let outcome = try session.perform(.setTraits(traits), animated: true)
                return (outcome.changed, session.window.canonicalURL, session.window.version)
            })
        } catch {
            result = .failure(error)
        }
        switch result {
        case .failure(let error):
            return jsonError(error)
        case .success(let answer):
            var w = JSONWriter(capacity: 128)
            w.beginObject()
            w.field("changed", answer.changed)
            w.field("url", answer.url)
            w.field("version", answer.version)
            w.endObject()
            return json(w.bytes)
        }
    }

    /// Whole CSS pixel sizes in 1…100000.
    static func viewport(width: String?, height: String?) throws(ActionError) -> Traits {
        guard let width, let height, let w = Int(width), let h = Int(height),
              (1...100_000).contains(w), (1...100_000).contains(h) else {
            throw ActionError(.invalidRequest, "the viewport needs 'width' and 'height' as whole CSS pixels in 1...100000")
        }
        return Traits(width: w, height: h)
    }
}
