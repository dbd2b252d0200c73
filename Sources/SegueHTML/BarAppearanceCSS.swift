import SegueAssets
import SegueCore

/// A bar's `UIBarAppearance`s as custom properties of its style rule (`70-modern.css` draws
/// them): `--bar-…` for the standard appearance, `--edge-bar-…` for the scroll-edge one, and
/// `--large-title-…` for the large title. Blur materials become a translucent background under
/// a `backdrop-filter` blur, light or dark as the material (or the page's scheme) says.
extension AppStyleRules {
    /// The declarations of one appearance, each property named `--PREFIX…`.
    static func barLookCSS(_ b: BarAppearance, prefix: String, _ catalog: ResourceCatalog?) -> String {
        let color = b.backgroundColor.flatMap { AppColors.css($0, catalog) }
        var css: String
        switch b.background {
        case .opaque: css = "--\(prefix)background:\(color ?? "var(--background)");--\(prefix)filter:none;"
        case .transparent: css = "--\(prefix)background:\(color ?? "transparent");--\(prefix)filter:none;"
        case .default:
            let material = Self.material(b.material)
            css = "--\(prefix)background:\(color ?? material.background);--\(prefix)filter:\(material.filter);"
        }
        let shadow = b.hidesShadow ? "transparent" : b.shadowColor.flatMap { AppColors.css($0, catalog) } ?? "var(--separator)"
        css += "--\(prefix)shadow:\(shadow);"
        if let c = b.titleColor.flatMap({ AppColors.css($0, catalog) }) { css += "--\(prefix)title:\(c);" }
        if let f = b.titleFont { css += prefixed(AppFonts.css(f, catalog), "--\(prefix)title-") }
        return css
    }

    /// The large title's colour and font: the scroll-edge appearance's (where the large title
    /// shows), else the standard one's.
    static func largeTitleCSS(_ look: ViewAppearance, _ catalog: ResourceCatalog?) -> String {
        var css = ""
        let looks = [look.scrollEdgeBar, look.standardBar].compactMap { $0 }
        if let c = looks.lazy.compactMap({ $0.largeTitleColor }).first.flatMap({ AppColors.css($0, catalog) }) { css += "--large-title-color:\(c);" }
        if let f = looks.lazy.compactMap({ $0.largeTitleFont }).first { css += prefixed(AppFonts.css(f, catalog), "--large-title-") }
        return css
    }

    /// `font-size:17px;font-weight:600;` → `--P-font-size:17px;--P-font-weight:600;`.
    static func prefixed(_ declarations: String, _ prefix: String) -> String {
        declarations.split(separator: ";").map { "\(prefix)\($0);" }.joined()
    }

    /// A blur style's background and filter. `…Light`/`…Dark` materials and the old `light`,
    /// `extraLight`, `dark`, `extraDark` styles are fixed; the others follow the page's scheme.
    static func material(_ style: String?) -> (background: String, filter: String) {
        guard let style, !style.isEmpty else { return ("var(--bar-background)", "saturate(180%) blur(20px)") }
        let name = style.lowercased()
        let alpha: Double
        let blur: Int
        if name.contains("ultrathin") { (alpha, blur) = (0.35, 10) }
        else if name.contains("thin") { (alpha, blur) = (0.6, 15) }
        else if name.contains("thick") || name == "prominent" { (alpha, blur) = (0.9, 25) }
        else if name.contains("chrome") { (alpha, blur) = (0.94, 20) }
        else if name.hasPrefix("extra") { (alpha, blur) = (0.8, 20) }
        else { (alpha, blur) = (0.75, 20) }
        let a = AppColors.n(alpha)
        let light = "rgba(249,249,249,\(a))", dark = "rgba(29,29,29,\(a))"
        let background: String
        if name.hasSuffix("light") { background = light }
        else if name.hasSuffix("dark") { background = dark }
        else { background = "light-dark(\(light),\(dark))" }
        return (background, "saturate(180%) blur(\(blur)px)")
    }
}
