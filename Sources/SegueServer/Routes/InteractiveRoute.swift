import SegueCore
import SegueHTTP
import SegueJSON
import SeguePageURL

/// `POST /interactive`: the page's edge swipe as UIKit's interactive pop (docs/Pages.md, Swipe
/// back). `Public/segue.js` posts `csrf` and `phase` (form-encoded): `begin` with
/// `navigationController` when the drag starts, then `finish` (released past the threshold) or
/// `cancel` (short of it). Each phase is the session action of the same name
/// (`beginInteractivePop`, `finishInteractiveTransition`, `cancelInteractiveTransition`), stored
/// and logged as the JSON API's are, so a browser's abandoned swipe and the API log the same
/// events. The answer says where the page goes next:
///
///     200 {"url": "/ui/…", "version": 9, "events": 4}
///
/// Errors: 404 without a session, 403 for a missing or wrong token or a cross-site origin, 400
/// for an unknown phase, 409 for a swipe that cannot begin (see the actions).
extension SegueApp {
    func interactive(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = cookieSessionID(request) else {
            return jsonError(ActionError(.unknownSession, "no session; load a page first"))
        }
        if let refusal = crossSiteRefusal(request, what: "swipes") { return jsonError(refusal) }
        var fields: [String: String] = [:]
        for (name, value) in FormDecoding.decode(request.body) { fields[name] = value }
        let action: Action
        switch fields["phase"] {
        case "begin": action = .beginInteractivePop(navigationController: fields["navigationController"].flatMap { $0.isEmpty ? nil : $0 })
        case "finish": action = .finishInteractiveTransition
        case "cancel": action = .cancelInteractiveTransition
        default: return jsonError(ActionError(.invalidRequest, "'phase' must be begin, finish or cancel"))
        }
        let apply = { (session: Session) throws(ActionError) -> (url: String, version: Int, events: Int) in
            try session.checkToken(fields["csrf"], named: "the token")
            let outcome = try session.perform(action, animated: true)
            session.pageCache = nil
            return (session.window.canonicalURL, session.window.version, outcome.events.count)
        }
        let answer = { @Sendable [self] (result: Result<(url: String, version: Int, events: Int), ActionError>) -> HTTPResponse in
            switch result {
            case .failure(let error):
                return jsonError(error)
            case .success(let answer):
                var w = JSONWriter(capacity: 128)
                w.beginObject()
                w.field("url", answer.url)
                w.field("version", answer.version)
                w.field("events", answer.events)
                w.endObject()
                return json(w.bytes)
            }
        }
        return durableResponse(id, for: request, apply, answer: answer)
    }
}

extension Session {
    /// A swipe whose end never arrived (the page was left or reloaded mid-drag) is cancelled
    /// before anything else the browser asks for, as UIKit cancels a gesture that is interrupted.
    func cancelAbandonedGesture() throws(ActionError) {
        guard window.interactiveTransition != nil else { return }
        try perform(.cancelInteractiveTransition)
    }
}
