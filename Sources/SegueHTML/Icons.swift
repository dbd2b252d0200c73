/// Inline glyphs that take the text colour (`currentColor`). System item glyphs are files in
/// `Public/icons/` (`{systemItem}.svg`), shared by bar buttons and tab bar items.
enum Icons {
    static let chevronLeft: StaticString =
        "<svg class=\"chevron chevron-left\" viewBox=\"0 0 12 20\" width=\"12\" height=\"20\" aria-hidden=\"true\"><path d=\"M10 2 2 10l8 8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
    static let chevronRight: StaticString =
        "<svg class=\"chevron chevron-right\" viewBox=\"0 0 12 20\" width=\"12\" height=\"20\" aria-hidden=\"true\"><path d=\"m2 2 8 8-8 8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
    static let disclosure: StaticString =
        "<svg class=\"accessory-chevron\" viewBox=\"0 0 8 14\" width=\"8\" height=\"14\" aria-hidden=\"true\"><path d=\"m1.5 1.5 5.5 5.5-5.5 5.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
    static let sidebar: StaticString =
        "<svg class=\"bar-icon\" viewBox=\"0 0 28 28\" width=\"28\" height=\"28\" aria-hidden=\"true\"><rect x=\"3.5\" y=\"5.5\" width=\"21\" height=\"17\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\"/><path d=\"M11 5.5v17\" stroke=\"currentColor\" stroke-width=\"1.8\"/></svg>"
}
