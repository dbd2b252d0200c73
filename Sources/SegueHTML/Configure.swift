import SegueCore

/// The More list's Configure sheet: every tab as an icon in a grid, as UIKit draws it.
///
/// With the page script a person drags an icon onto the tab bar (`Public/controls.js`); the
/// tiles carry what it needs (`data-tab-index`, `data-customizable`, the grid's `data-tabs` and
/// `data-bar-count`). Without it, each movable tile has Move Up and Move Down form buttons.
extension PageBuilder {
    mutating func configureSheet(_ c: TabConfiguration) {
        w.raw("<div class=\"configure\"")
        w.attribute("data-tabs", c.tabBarControllerID)
        w.attribute("data-bar-count", c.barCount)
        w.raw("><ul class=\"configure-grid\" aria-label=\"Tabs\">")
        for tile in c.tiles { configureTile(tile, inBar: tile.index < c.barCount) }
        w.raw("</ul></div>")
    }

    mutating func configureTile(_ tile: TabConfiguration.Tile, inBar: Bool) {
        w.raw("<li class=\"configure-tile")
        if inBar { w.raw(" is-in-bar") }
        if !tile.isCustomizable { w.raw(" is-fixed") }
        w.raw("\"")
        w.attribute("data-tab-index", tile.index)
        if tile.isCustomizable { w.raw(" data-customizable") }
        w.raw("><span class=\"configure-icon\">")
        if let system = tile.systemItem {
            icon(system.rawValue, alt: "", class: "configure-glyph")
        } else if let image = tile.image, let named = Icons.glyph(forImage: image) {
            icon(named, alt: "", class: "configure-glyph")
        } else {
            w.raw("<span class=\"configure-glyph tab-glyph-generic\" aria-hidden=\"true\"></span>")
        }
        w.raw("</span><span class=\"configure-title\">")
        w.text(tile.title)
        w.raw("</span>")
        if tile.isCustomizable {
            w.raw("<span class=\"configure-moves\">")
            configureMove(tile.moveUpElementID, word: "Move Up")
            configureMove(tile.moveDownElementID, word: "Move Down")
            w.raw("</span>")
        }
        w.raw("</li>")
    }

    /// A Move Up / Move Down button; at either end of the customizable tabs a disabled one.
    mutating func configureMove(_ elementID: String?, word: StaticString) {
        guard case .live(let id, let enabled) = claim(elementID) else {
            w.raw("<button type=\"button\" class=\"configure-move\" disabled>")
            w.raw(word)
            w.raw("</button>")
            return
        }
        openSubmit(id, enabled: enabled)
        w.raw(" class=\"configure-move\"")
        w.attribute("aria-label", elementTitle(id))
        w.raw(">")
        w.raw(word)
        w.raw("</button>")
    }
}
