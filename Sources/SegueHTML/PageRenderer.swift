import SegueCore

/// Turns a `Screen` into a whole HTML5 document that works with JavaScript off.
///
/// The page is one `<form method="post">`; every tappable thing is a submit button named
/// `element` whose value is its element id, so a tap posts the element and every text field's
/// value (`field.{id}`) in one request:
///
///     <body data-session="s1" data-version="3">
///       <form class="screen" method="post" action="/tap">
///         <input type="hidden" name="csrf" value="…"> … version, url …
///         <section class="layer layer-fullScreen" data-controller="c1">…</section>
///         <section class="layer layer-formSheet" data-controller="c4">…</section>
///       </form>
///     </body>
///
/// Rendering writes straight into one byte buffer (`HTMLWriter`); all text and attribute values
/// go through its single escaping function.
public enum PageRenderer {
    /// A typical page is 5–15 KB; reserving up front avoids regrowing the buffer.
    static let initialCapacity = 16_384

    public static func render(_ screen: Screen, context: PageContext) -> [UInt8] {
        var page = PageBuilder(screen: screen, context: context, capacity: initialCapacity)
        page.document()
        return page.w.bytes
    }

    /// A friendly error page (unknown session, bad request, …) in the same look as the screens.
    public static func renderError(status: Int, code: String, message: String, assetsPath: String) -> [UInt8] {
        var w = HTMLWriter(capacity: 2_048)
        w.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        w.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">")
        w.raw("<meta name=\"color-scheme\" content=\"light dark\"><title>")
        w.int(status)
        w.raw(" \u{2014} Segue</title><link rel=\"stylesheet\" href=\"")
        w.text(assetsPath)
        w.raw("/segue.css\"></head><body class=\"error-body\"")
        w.attribute("data-status", status)
        w.raw("><main class=\"error-page\" role=\"alert\"><p class=\"error-status\">")
        w.int(status)
        w.raw("</p><h1 class=\"error-title\">")
        w.text(statusTitle(status))
        w.raw("</h1><p class=\"error-message\">")
        w.text(message)
        w.raw("</p><p class=\"error-code\"><code>")
        w.text(code)
        w.raw("</code></p><p class=\"error-actions\"><a class=\"button button-filled\" href=\"/\">Start Over</a></p></main></body></html>")
        return w.bytes
    }

    static func statusTitle(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Request Too Large"
        case 422: "Unprocessable Request"
        case 429: "Too Many Requests"
        case 500...599: "Something Went Wrong"
        default: "Error"
        }
    }
}
