import SegueAssets
import SegueCore

/// The app's own images on a page: an image of its asset catalogs or loose files (`<img>` with a
/// `srcset` of its densities, a second `<img>` for its dark variant, a tinted mask when it is a
/// template), an SF Symbol (a mask of its glyph), else a neutral glyph. Never the name as text.
extension PageBuilder {
    /// Whether `name` draws as real art (a catalog image, a bundled glyph or a symbol).
    func resolvesArt(_ name: String) -> Bool {
        context.resources?.image(named: name) != nil || Icons.glyph(forImage: name) != nil
            || context.resources?.symbols.glyph(name) != nil
    }

    /// Draws the image `name`: `label` nil makes it decoration (the text beside it names it).
    /// `extraClass` sizes it where it sits (`bar-icon`, `tab-icon`, `cell-icon`).
    /// `asTemplate`: drawn in the tint colour whatever the catalog says (bar button and tab bar
    /// item images, which UIKit renders as templates).
    mutating func art(_ name: String, label: String?, extraClass: String, appearance: ViewAppearance? = nil, asTemplate: Bool = false) {
        if var image = context.resources?.image(named: name) {
            if asTemplate { image.isTemplate = true }
            catalogImage(image, label: label, extraClass: extraClass, appearance: appearance)
        } else if let glyph = context.resources?.symbols.glyph(name) {
            let weight = AppResources.cssWeight(appearance?.symbolWeight ?? "regular")
            mask(url: weight >= 600 ? glyph.boldURL : glyph.url, label: label,
                 extraClass: extraClass + (appearance?.symbolScale.map { " art-symbol-" + $0 } ?? ""), tint: appearance?.tintColor)
        } else if let file = Icons.glyph(forImage: name) {
            w.raw("<img class=\"art ")
            w.text(extraClass)
            w.raw("\" src=\"")
            w.text(context.assetsPath)
            w.raw("/icons/")
            w.text(file)
            w.raw(".svg\"")
            w.attribute("alt", label ?? "")
            w.raw(">")
        } else {
            missingArt(label: label, extraClass: extraClass)
        }
    }

    /// The neutral glyph for an image that resolves to nothing.
    mutating func missingArt(label: String?, extraClass: String) {
        w.raw("<span class=\"art art-missing ")
        w.text(extraClass)
        w.raw("\"")
        if let label { w.raw(" role=\"img\""); w.attribute("aria-label", label) } else { w.raw(" aria-hidden=\"true\"") }
        w.raw("></span>")
    }

    private mutating func catalogImage(_ image: ImageResource, label: String?, extraClass: String, appearance: ViewAppearance?) {
        let pad = screen.traits.idiom == .pad
        let light = image.variants(pad: pad, dark: false)
        if image.isTemplate {
            // A mask is scaled to its box: the densest file is the sharpest at every density.
            if let densest = light.last { mask(url: densest.url, label: label, extraClass: extraClass, tint: appearance?.tintColor) }
            return
        }
        let dark = image.hasDark ? image.variants(pad: pad, dark: true) : []
        img(light, label: label, extraClass: extraClass + (dark.isEmpty ? "" : " art-light"), mode: appearance?.contentMode)
        if !dark.isEmpty { img(dark, label: nil, extraClass: extraClass + " art-dark", mode: appearance?.contentMode) }
    }

    private mutating func img(_ variants: [ImageVariant], label: String?, extraClass: String, mode: String?) {
        guard let first = variants.first else { return }
        w.raw("<img class=\"art ")
        w.text(extraClass)
        w.raw("\"")
        w.attribute("src", first.url)
        if variants.count > 1 {
            w.attribute("srcset", variants.map { "\($0.url) \(Self.scaleText($0.scale))x" }.joined(separator: ", "))
        }
        w.attribute("alt", label ?? "")
        if let mode { w.attribute("data-mode", mode) }
        w.raw(" decoding=\"async\">")
    }

    private mutating func mask(url: String, label: String?, extraClass: String, tint: ColorSpec?) {
        w.raw("<span class=\"art art-mask ")
        w.text(extraClass)
        w.raw("\"")
        w.attribute("data-art", AppStyleRules.key(url))
        if let tint { styled(AppStyleRules.maskTintCSS(tint, context.resources)) }
        if let label { w.raw(" role=\"img\""); w.attribute("aria-label", label) } else { w.raw(" aria-hidden=\"true\"") }
        w.raw("></span>")
    }

    static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    /// A person's words for an image name: `arrow-left` → "Arrow left", `icnSettings@2x.png` →
    /// "Icn settings", `square.and.arrow.up` → "Square and arrow up".
    static func humanised(_ name: String) -> String {
        let base = ResourceCatalog.imageKey(name).split(separator: "/").last.map(String.init) ?? name
        var words: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in base {
            if ch == "-" || ch == "_" || ch == "." || ch == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if ch.isUppercase, previous.isLowercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(ch)
            }
            previous = ch
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.map { $0.lowercased() }.joined(separator: " ")
        guard let first = sentence.first else { return "Image" }
        return first.uppercased() + sentence.dropFirst()
    }
}
