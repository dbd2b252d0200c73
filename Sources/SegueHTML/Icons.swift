/// Inline glyphs that take the text colour (`currentColor`). System item glyphs are files in
/// `Public/icons/` (`{systemItem}.svg`), shared by bar buttons and tab bar items.
enum Icons {
    static let chevronLeft: StaticString =
        "<svg class=\"chevron chevron-left\" viewBox=\"0 0 12 20\" width=\"12\" height=\"20\" aria-hidden=\"true\"><path d=\"M10 2 2 10l8 8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
    static let chevronRight: StaticString =
        "<svg class=\"chevron chevron-right\" viewBox=\"0 0 12 20\" width=\"12\" height=\"20\" aria-hidden=\"true\"><path d=\"m2 2 8 8-8 8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
    /// The bundled glyph (`Public/icons/NAME.svg`) that stands for an image of a storyboard or
    /// flow file: SF Symbols (`plus`, `square.and.arrow.up`, `trash.fill`, …) and common asset
    /// names; nil when none fits (the image is then a labelled placeholder).
    static func glyph(forImage image: String) -> String? {
        var name = image.lowercased()
        for suffix in [".png", ".pdf", "@2x", "@3x", ".fill", ".circle", ".square"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return imageGlyphs[name]
    }

    /// The glyph file for a system item name (`favorites`, `downloads`, …) or an image name.
    static func iconFile(for image: String) -> String? {
        bundled.contains(image) ? image : glyph(forImage: image)
    }

    /// Row images drawn as Settings-style coloured tiles by the stylesheet (`.cell-image`).
    static let cellTiles: Set<String> = ["airplane", "wifi", "bluetooth", "gear", "hand", "tray", "paperplane", "bell", "moon"]

    /// The files in `Public/icons/` (without `.svg`).
    static let bundled: Set<String> = [
        "action", "add", "bookmarks", "camera", "close", "compose", "contacts", "downloads", "fastForward",
        "favorites", "featured", "history", "more", "mostRecent", "mostViewed", "organize", "pause", "play",
        "recents", "refresh", "reply", "rewind", "search", "stop", "topRated", "trash",
        "music", "library", "radio", "gear", "home",
    ]

    static let imageGlyphs: [String: String] = [
        "plus": "add", "add": "add", "square.and.pencil": "compose", "pencil": "compose", "compose": "compose",
        "square.and.arrow.up": "action", "share": "action", "action": "action",
        "trash": "trash", "delete": "trash", "magnifyingglass": "search", "search": "search",
        "arrow.clockwise": "refresh", "arrow.counterclockwise": "refresh", "refresh": "refresh", "reload": "refresh",
        "arrowshape.turn.up.left": "reply", "reply": "reply", "camera": "camera", "xmark": "close", "close": "close",
        "play": "play", "pause": "pause", "stop": "stop", "backward": "rewind", "forward": "fastForward",
        "book": "bookmarks", "bookmark": "bookmarks", "bookmarks": "bookmarks", "star": "favorites", "heart": "favorites",
        "clock": "recents", "folder": "organize", "ellipsis": "more", "more": "more",
        "person": "contacts", "person.2": "contacts", "person.crop": "contacts", "arrow.down": "downloads",
        "arrow.down.to.line": "downloads", "square.and.arrow.down": "downloads",
        "music.note": "music", "music.note.list": "music", "music.mic": "music", "music": "music",
        "square.stack": "library", "books.vertical": "library", "rectangle.stack": "library", "library": "library",
        "dot.radiowaves.left.and.right": "radio", "dot.radiowaves": "radio", "antenna.radiowaves.left.and.right": "radio", "radio": "radio",
        "gear": "gear", "gearshape": "gear", "settings": "gear", "house": "home", "home": "home",
    ]

    static let sidebar: StaticString =
        "<svg class=\"bar-icon\" viewBox=\"0 0 28 28\" width=\"28\" height=\"28\" aria-hidden=\"true\"><rect x=\"3.5\" y=\"5.5\" width=\"21\" height=\"17\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\"/><path d=\"M11 5.5v17\" stroke=\"currentColor\" stroke-width=\"1.8\"/></svg>"
}
