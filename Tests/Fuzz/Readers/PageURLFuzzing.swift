import SegueCore
import SeguePageURL

/// Page URLs (`GET /ui/…`): the canonical URL parser, the URL of what it parsed (which must parse
/// back to the same hierarchy), and restoring it in a window of the fuzz flow.
enum PageURLFuzzing {
    @Sendable static func parseAndRestore(_ bytes: [UInt8]) -> Bool {
        guard let path = HierarchyPath.parse(url: String(decoding: bytes, as: UTF8.self)) else { return false }
        let rendered = path.encoded
        guard HierarchyPath.parse(rendered) == path else {
            fatalError("\(rendered) does not parse back to the hierarchy it was written from")
        }
        let window = FuzzWindow.unlaunched()
        if (try? window.restore(path)) != nil, HierarchyPath.parse(window.canonicalURL) == nil {
            fatalError("the restored window's URL \(window.canonicalURL) does not parse")
        }
        return true
    }
}
