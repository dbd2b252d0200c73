import SegueAssets
import SegueCore

/// The app's colours and fonts as CSS: a `ColorSpec` as a CSS colour (named colours as variables
/// defined per scheme in the page's head, system colours as the stylesheet's `--sys-*`
/// variables), a `FontSpec` as font declarations, a view's `ViewAppearance` as its inline style.
enum AppColors {
    static func css(_ color: ColorSpec, _ catalog: ResourceCatalog?) -> String? {
        switch color {
        case .components(let r, let g, let b, let a, let space):
            if space.lowercased().contains("p3") { return "color(display-p3 \(n(r)) \(n(g)) \(n(b)) / \(n(a)))" }
            return rgb(RGBA(red: r, green: g, blue: b, alpha: a))
        case .named(let name, let fallback):
            if catalog?.colors[name] != nil { return "var(\(variable(name)))" }
            return fallback.map(rgb)
        case .system(let name, let alpha):
            let base = "var(--sys-\(safe(name)), var(--label))"
            return alpha >= 1 ? base : "color-mix(in srgb, \(base) \(n(alpha * 100))%, transparent)"
        }
    }

    /// The CSS variable of a named colour.
    static func variable(_ name: String) -> String { AppStylesheet.colorVariable(name) }

    static func safe(_ name: String) -> String { AppStylesheet.safe(name) }

    static func n(_ v: Double) -> String { AppStylesheet.number(v) }

    static func rgb(_ c: RGBA) -> String { AppStylesheet.rgb(c) }

    static func cssString(_ s: String) -> String { AppStylesheet.cssString(s) }
}

/// Fonts as CSS.
enum AppFonts {
    /// Text styles at the default (Large) content size: size and weight.
    static let textStyles: [String: (Double, Int)] = [
        "UICTFontTextStyleLargeTitle": (34, 400), "UICTFontTextStyleTitle0": (34, 400), "UICTFontTextStyleTitle1": (28, 400),
        "UICTFontTextStyleTitle2": (22, 400), "UICTFontTextStyleTitle3": (20, 400), "UICTFontTextStyleHeadline": (17, 600),
        "UICTFontTextStyleBody": (17, 400), "UICTFontTextStyleCallout": (16, 400), "UICTFontTextStyleSubhead": (15, 400),
        "UICTFontTextStyleFootnote": (13, 400), "UICTFontTextStyleCaption1": (12, 400), "UICTFontTextStyleCaption2": (11, 400),
    ]

    static let serifWords = ["times", "georgia", "baskerville", "palatino", "garamond", "didot", "bodoni", "serif", "charter", "cochin", "hoefler", "merriweather", "playfair"]
    static let monoWords = ["mono", "courier", "menlo", "consol", "code"]

    static func css(_ f: FontSpec, _ catalog: ResourceCatalog?) -> String {
        var css = ""
        var size = f.pointSize
        var weight = f.weight.map(AppResources.cssWeight)
        if let style = f.textStyle, let (s, w) = textStyles[style] {
            size = size ?? s
            weight = weight ?? w
        }
        if let size { css += "font-size:\(AppColors.n(size))px;" }
        if let name = f.name {
            let font = catalog?.font(named: name) ?? f.family.flatMap { catalog?.font(named: $0) }
            css += "font-family:\(family(name: name, family: f.family, served: font));"
            if weight == nil, let font { weight = font.weight }
        } else if f.monospaced {
            css += "font-family:ui-monospace,Menlo,\"DejaVu Sans Mono\",monospace;"
        }
        if let weight { css += "font-weight:\(weight);" }
        if f.italic { css += "font-style:italic;" }
        return css
    }

    /// The font's served family, else its names and a system fallback of its kind (a sans-serif
    /// unless its name says serif or monospace).
    static func family(name: String, family: String?, served: FontResource?) -> String {
        var names: [String] = []
        if let served { names.append(served.postScriptName) }
        names.append(name)
        if let family { names.append(family) }
        let quoted = names.map { "\"\(AppColors.cssString($0))\"" }
        let lower = (name + " " + (family ?? "")).lowercased()
        let fallback = monoWords.contains { lower.contains($0) } ? "ui-monospace,monospace"
            : serifWords.contains { lower.contains($0) } ? "ui-serif,Georgia,\"DejaVu Serif\",serif" : "var(--font)"
        return (unique(quoted) + [fallback]).joined(separator: ",")
    }
}

extension AppFonts {
    static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}

extension PageBuilder {
    /// A view's own look (nothing when it has none): background, text colour, tint (inherited by
    /// what is inside), font, line count and truncation, as a rule of the app's stylesheet.
    mutating func appStyle(_ a: ViewAppearance?, text: Bool = false) {
        guard let a else { return }
        styled(AppStyleRules.viewCSS(a, text: text, context.resources))
        if text, let scale = Self.fitScale(a) {
            w.raw(" data-fit=\"")
            w.number(scale)
            w.raw("\"")
        }
    }

    /// For text that shrinks to fit its width (`adjustsFontSizeToFitWidth` on one line): the
    /// smallest scale of its font the page script may use, from `minimumScaleFactor` (or the old
    /// `minimumFontSize` over the font's size); nil for text that does not shrink.
    nonisolated static func fitScale(_ a: ViewAppearance) -> Double? {
        guard a.adjustsFontSize, (a.numberOfLines ?? 1) == 1 else { return nil }
        return a.minimumScaleFactor > 0 ? a.minimumScaleFactor : 0.25
    }

    /// ` data-style="KEY"`: the element takes the rule of the app's stylesheet for `css` (the page's
    /// Content-Security-Policy allows no inline styles; ``AppStyleRules`` made the rules).
    mutating func styled(_ css: String) {
        if !css.isEmpty { w.attribute("data-style", AppStyleRules.key(css)) }
    }

    /// `numberOfLines`, `lineBreakMode` and `adjustsFontSizeToFitWidth` as CSS.
    nonisolated static func lineCSS(_ a: ViewAppearance) -> String {
        let lines = a.numberOfLines ?? (a.lineBreakMode == nil && !a.adjustsFontSize ? nil : 1)
        let clip = a.lineBreakMode == "clip"
        let wraps = a.lineBreakMode == "wordWrap" || a.lineBreakMode == "characterWrap"
        var css = a.lineBreakMode == "characterWrap" ? "word-break:break-all;" : ""
        switch lines {
        case nil, 0?: return css
        case 1?:
            if a.adjustsFontSize { return css + "white-space:nowrap;overflow:hidden;text-overflow:clip;" }
            if wraps && a.numberOfLines == nil { return css }
            css += "white-space:nowrap;overflow:hidden;text-overflow:\(clip ? "clip" : "ellipsis");"
            if a.lineBreakMode == "headTruncation" { css += "direction:rtl;text-align:left;" }
            return css
        case let n?:
            return css + "display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:\(n);overflow:hidden;"
        }
    }
}
