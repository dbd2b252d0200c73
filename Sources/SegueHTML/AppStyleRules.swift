import SegueAssets
import SegueCore

/// The app's looks as rules of its stylesheet, since pages allow no inline styles: each distinct
/// declaration block (a view's colours, font and text settings; a bar's tints; a mask's image)
/// gets a key, pages mark elements with `data-style="KEY"` (or `data-art` for a mask's image),
/// and ``css(for:catalog:)`` writes every rule a storyboard can need, once, when the app loads.
public enum AppStyleRules {
    /// A short key for a declaration block (FNV-1a, 32 bits, hex).
    public static func key(_ css: String) -> String {
        var h: UInt32 = 0x811c9dc5
        for b in css.utf8 { h = (h ^ UInt32(b)) &* 0x01000193 }
        return String(h, radix: 16)
    }

    static func viewCSS(_ a: ViewAppearance, text: Bool, _ catalog: ResourceCatalog?) -> String {
        var css = ""
        if let c = a.backgroundColor.flatMap({ AppColors.css($0, catalog) }) { css += "background-color:\(c);" }
        if text, let c = a.textColor.flatMap({ AppColors.css($0, catalog) }) { css += "color:\(c);" }
        if let c = a.tintColor.flatMap({ AppColors.css($0, catalog) }) { css += "--tint:\(c);" }
        if text, let font = a.font { css += AppFonts.css(font, catalog) }
        if text { css += PageBuilder.lineCSS(a) }
        return css
    }

    static func barCSS(_ look: ViewAppearance, _ catalog: ResourceCatalog?) -> String {
        var css = ""
        if let c = look.tintColor.flatMap({ AppColors.css($0, catalog) }) { css += "--tint:\(c);" }
        if look.standardBar == nil, let c = look.backgroundColor.flatMap({ AppColors.css($0, catalog) }) { css += "--bar-background:\(c);" }
        if look.standardBar?.titleColor == nil, let c = look.textColor.flatMap({ AppColors.css($0, catalog) }) { css += "--bar-title:\(c);" }
        if let standard = look.standardBar { css += barLookCSS(standard, prefix: "bar-", catalog) }
        if let edge = look.scrollEdgeBar { css += barLookCSS(edge, prefix: "edge-bar-", catalog) }
        return css
    }

    static func tintCSS(_ tint: ColorSpec, _ catalog: ResourceCatalog?) -> String {
        AppColors.css(tint, catalog).map { "--tint:\($0);" } ?? ""
    }

    static func maskTintCSS(_ tint: ColorSpec, _ catalog: ResourceCatalog?) -> String {
        AppColors.css(tint, catalog).map { "--art-tint:\($0);" } ?? ""
    }

    /// Every rule the storyboard's views, cells, bars and the catalog's images can need.
    public static func css(for storyboard: Storyboard, catalog: ResourceCatalog) -> String {
        var blocks: Set<String> = []
        func look(_ a: ViewAppearance?, text: Bool) {
            guard let a else { return }
            blocks.insert(viewCSS(a, text: text, catalog))
            blocks.insert(viewCSS(a, text: !text, catalog))
            if let tint = a.tintColor { blocks.insert(maskTintCSS(tint, catalog)) }
        }
        func node(_ n: ViewNode) {
            look(n.appearance, text: true)
            n.children.forEach(node)
            for section in n.sections { for row in section.rows { look(row.appearance, text: true); row.content.forEach(node) } }
        }
        for scene in storyboard.scenes.values {
            scene.view.forEach(node)
            look(scene.viewAppearance, text: false)
            if let bar = scene.barAppearance {
                blocks.insert(barCSS(bar, catalog))
                blocks.insert(barCSS(bar.compactHeight, catalog))
                blocks.insert(largeTitleCSS(bar, catalog))
            }
            if let toolbar = scene.toolbarAppearance {
                blocks.insert(barCSS(toolbar, catalog))
                blocks.insert(barCSS(toolbar.compactHeight, catalog))
            }
            for item in scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems {
                if let tint = item.tintColor { blocks.insert(tintCSS(tint, catalog)) }
            }
        }
        var css = ""
        for block in blocks.sorted() where !block.isEmpty {
            css += "html [data-style=\"\(key(block))\"][data-style]{\(block)}\n"
        }
        var urls: Set<String> = []
        for image in catalog.images.values { for v in image.variants { urls.insert(v.url) } }
        for glyph in catalog.symbols.glyphs.values { urls.insert(glyph.url); urls.insert(glyph.boldURL) }
        for url in urls.sorted() { css += "[data-art=\"\(key(url))\"]{--art:url(\"\(url)\")}\n" }
        return css
    }
}
