import SegueCore

/// A bar appearance's `backgroundImage` drawn behind the bar's items, over its background
/// colour, stretched to the bar's bounds (UIKit's default for bar background images, scale to
/// fill). The standard and scroll-edge appearances each draw their own, and the stylesheet shows
/// the one of the look the bar is in. A name that is none of the app's images draws nothing.
extension PageBuilder {
    mutating func barBackgroundArt(_ look: ViewAppearance?) {
        guard let look else { return }
        let standard = look.standardBar?.backgroundImage
        // Without a scroll-edge appearance the standard one shows at the edge as well.
        let edge = look.scrollEdgeBar.map { $0.backgroundImage }
        if let standard, context.resources?.image(named: standard) != nil {
            art(standard, label: nil, extraClass: "bar-art" + (edge == nil ? "" : " bar-art-standard"))
        }
        if let name = edge ?? nil, context.resources?.image(named: name) != nil {
            art(name, label: nil, extraClass: "bar-art bar-art-edge")
        }
    }
}
