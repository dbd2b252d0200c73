import SegueCore

/// Reads the `UIBarAppearance`s Interface Builder writes inside a navigation bar, tab bar or
/// toolbar (`<navigationBarAppearance key="standardAppearance">`, `scrollEdgeAppearance`,
/// `compactAppearance`): background configuration, blur material, colours, hairline, title text.
extension AppearanceMapping {
    static let barAppearanceElements: Set<String> = ["navigationBarAppearance", "tabBarAppearance", "toolbarAppearance"]

    /// The bar's appearance under `key`; nil when the document writes none.
    func barAppearance(_ bar: XMLNode, key: String) -> BarAppearance? {
        bar.children.first { Self.barAppearanceElements.contains($0.name) && $0["key"] == key }.map(barLook)
    }

    func barLook(_ n: XMLNode) -> BarAppearance {
        var b = BarAppearance()
        if n.bool("configureWithOpaqueBackground") == true { b.background = .opaque }
        if n.bool("configureWithTransparentBackground") == true { b.background = .transparent }
        b.material = n["backgroundEffect"] ?? n.child("blurEffect", key: "backgroundEffect")?["style"]
        b.backgroundColor = color(n, "backgroundColor")
        b.backgroundImage = n["backgroundImage"] ?? n.child("imageReference", key: "backgroundImage")?["image"]
        b.shadowColor = color(n, "shadowColor")
        let shadowNil = n.children.contains { $0.name == "nil" && $0["key"] == "shadowColor" }
        b.hidesShadow = shadowNil || b.shadowColor.map(Self.isClear) ?? (b.background == .transparent)
        if let title = n.child("textAttributes", key: "titleTextAttributes") {
            b.titleColor = color(title, "textColor")
            b.titleFont = Self.textFont(title)
        }
        if let large = n.child("textAttributes", key: "largeTitleTextAttributes") {
            b.largeTitleColor = color(large, "textColor")
            b.largeTitleFont = Self.textFont(large)
        }
        return b
    }

    /// A text attributes dictionary's font (`<fontDescription>` or the old `<font>`).
    static func textFont(_ n: XMLNode) -> FontSpec? {
        if let f = n.children("fontDescription").first { return font(f) }
        return n.children("font").first.map(oldFont)
    }

    /// A colour that draws nothing: `clearColor` or zero alpha.
    static func isClear(_ c: ColorSpec) -> Bool {
        switch c {
        case .components(_, _, _, let alpha, _): return alpha == 0
        case .system(let name, let alpha): return alpha == 0 || name == "clearColor" || name == "systemClearColor"
        case .named: return false
        }
    }
}
