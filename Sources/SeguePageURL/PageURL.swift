import SegueCore

/// Page URLs: the canonical path of the core (``HierarchyPath``, ``Window/canonicalPath``) behind
/// the route the server serves pages under, `/ui/`. The core encodes and decodes the hierarchy;
/// this module adds the route and takes it off again, for the server, the pages, the JSON API's
/// `url` and the flow tests, so that the route is written once.
extension HierarchyPath {
    /// The route of the pages: a page URL is this prefix and a canonical path.
    public static let prefix = "/ui/"

    /// The longest page URL Segue hands out: the route and the longest canonical path
    /// (``pathBudget``).
    public static let urlBudget = prefix.utf8.count + pathBudget

    /// The page URL of this path.
    public var pageURL: String { Self.prefix + encoded }

    /// Parses a page URL's path, with or without the `/ui/` prefix. Nil for anything malformed.
    public static func parse(_ path: String) -> HierarchyPath? {
        let text = Substring(path)
        return HierarchyPath(encoded: text.hasPrefix(prefix) ? text.dropFirst(prefix.utf8.count) : text)
    }

    /// A URL as people paste it: with or without scheme and host, with a query or fragment
    /// (dropped), with or without the `/ui/` prefix. Nil for anything malformed.
    public static func parse(url: String) -> HierarchyPath? {
        var s = Substring(url)
        if let scheme = s.firstRange(of: "://") {
            s = s[scheme.upperBound...]
            s = s.firstIndex(of: "/").map { s[$0...] } ?? "/"
        }
        if let q = s.firstIndex(where: { $0 == "?" || $0 == "#" }) { s = s[..<q] }
        return parse(String(s))
    }
}

extension Window {
    /// The page URL of the current state (``canonicalPath`` behind the route): what pages,
    /// redirects and the API show, and what the server accepts back.
    public var canonicalURL: String { HierarchyPath.prefix + canonicalPath }

    /// The whole state as a page URL (``restorationPath``): what a session's durable log and a
    /// flow reload restore from, never shown to a browser.
    public var restorationURL: String { HierarchyPath.prefix + restorationPath }
}

extension Screen {
    /// The page URL of the state the screen shows.
    public var url: String { HierarchyPath.prefix + path }
}
