import Foundation
import SegueCore

/// Reads how an Interface Builder view looks: its `<color>` elements (components in any of the
/// document's colour spaces, named colours, system colours), its `<fontDescription>` (or the old
/// `<font>`), its text wrapping, its button state images and accessibility label.
struct AppearanceMapping {
    /// The document's `<resources>` copies of its named colours (used when no catalog has them).
    let namedColors: [String: RGBA]

    init(root: XMLNode) {
        var colors: [String: RGBA] = [:]
        for named in root.child("resources")?.children("namedColor") ?? [] {
            if let name = named["name"], let color = named.child("color"), case .components(let r, let g, let b, let a, _)? = Self.color(color, named: [:]) {
                colors[name] = RGBA(red: r, green: g, blue: b, alpha: a)
            }
        }
        namedColors = colors
    }

    /// The look of one view element; nil when the document sets none of it.
    func appearance(_ n: XMLNode) -> ViewAppearance? {
        var a = ViewAppearance()
        a.backgroundColor = color(n, "backgroundColor")
        a.textColor = color(n, "textColor") ?? n.child("state", key: "normal").flatMap { color($0, "titleColor") }
        a.tintColor = color(n, "tintColor")
        if let font = n.child("fontDescription", key: "fontDescription") { a.font = Self.font(font) }
        else if let font = n.child("font", key: "font") { a.font = Self.oldFont(font) }
        a.numberOfLines = n["numberOfLines"].flatMap { Int($0) }.map { min(max($0, 0), 1_000) }
        a.lineBreakMode = n["lineBreakMode"]
        a.adjustsFontSize = n.bool("adjustsFontSizeToFit") ?? false
        a.minimumScaleFactor = n["minimumScaleFactor"].flatMap(Double.init).map { min(max($0, 0), 1) } ?? 0
        // Old documents give the smallest size in points (`minimumFontSize`) instead of a scale.
        if a.minimumScaleFactor == 0, let smallest = n["minimumFontSize"].flatMap(Double.init), smallest > 0,
           let size = a.font?.pointSize, size > 0 {
            a.minimumScaleFactor = min(smallest / size, 1)
        }
        a.contentMode = n["contentMode"]
        if n.name == "button" {
            stateImages(n, into: &a)
            // A custom button's title is white unless the document says otherwise (UIKit's
            // default for `UIButtonTypeCustom`; system buttons take the tint colour).
            if a.textColor == nil, Self.isCustomButton(n) { a.textColor = .components(red: 1, green: 1, blue: 1, alpha: 1, space: "sRGB") }
        }
        a.accessibilityLabel = n.child("accessibility", key: "accessibilityConfiguration")?["label"]
        if let symbol = n.child("preferredSymbolConfiguration", key: "preferredSymbolConfiguration")
            ?? n.child("buttonConfiguration")?.child("preferredSymbolConfiguration", key: "preferredSymbolConfigurationForImage") {
            a.symbolWeight = symbol["weight"]
            a.symbolScale = symbol["scale"]
        }
        return a.isEmpty ? nil : a
    }

    /// A document-format button of the custom type: Interface Builder writes no `buttonType`
    /// for it (or `custom`), and every button it writes has a `contentHorizontalAlignment`
    /// (which archives of the old format, read by `IB3ArchiveReader`, lack). A button made with
    /// a configuration has that configuration's colours instead.
    static func isCustomButton(_ n: XMLNode) -> Bool {
        (n["buttonType"] == nil || n["buttonType"] == "custom") && n["contentHorizontalAlignment"] != nil
            && n.child("buttonConfiguration") == nil
    }

    /// A navigation bar's, tab bar's or toolbar's look: tint, bar tint, title colour, bar style,
    /// and its `UIBarAppearance`s.
    func barAppearance(_ bar: XMLNode) -> ViewAppearance? {
        var a = ViewAppearance()
        // `UIBarAppearance` (iOS 13): the standard appearance's background and title colour
        // stand in where the bar itself sets none.
        let standard = bar.children.first { Self.barAppearanceElements.contains($0.name) && $0["key"] == "standardAppearance" }
        a.tintColor = color(bar, "tintColor")
        a.backgroundColor = color(bar, "barTintColor")
            ?? standard.flatMap { color($0, "backgroundColor") }
        a.textColor = bar.child("textAttributes", key: "titleTextAttributes").flatMap { color($0, "textColor") }
            ?? standard?.child("textAttributes", key: "titleTextAttributes").flatMap { color($0, "textColor") }
        a.barStyle = bar["barStyle"]
        a.standardBar = barAppearance(bar, key: "standardAppearance")
        a.scrollEdgeBar = barAppearance(bar, key: "scrollEdgeAppearance")
        a.compactBar = barAppearance(bar, key: "compactAppearance")
        a.compactScrollEdgeBar = barAppearance(bar, key: "compactScrollEdgeAppearance")
        return a.isEmpty ? nil : a
    }

    private func stateImages(_ n: XMLNode, into a: inout ViewAppearance) {
        for state in n.children("state") {
            guard let key = state["key"] else { continue }
            if key == "normal" {
                a.backgroundImage = state["backgroundImage"]
                continue
            }
            if let image = state["image"] ?? state.child("imageReference", key: "image")?["image"] { a.stateImages[key] = image }
            if let background = state["backgroundImage"] { a.stateBackgroundImages[key] = background }
        }
        a.isSelected = n.bool("selected") ?? false
    }

    /// The `<color key="KEY">` child of `n`.
    func color(_ n: XMLNode, _ key: String) -> ColorSpec? {
        n.children.first { $0.name == "color" && $0["key"] == key }.flatMap { Self.color($0, named: namedColors) }
    }

    static func color(_ c: XMLNode, named: [String: RGBA]) -> ColorSpec? {
        func v(_ k: String) -> Double? { c[k].flatMap(Double.init).map { min(max($0, 0), 1) } }
        let alpha = v("alpha") ?? 1
        // Old documents name system colours from the system catalog (`catalog="System"`).
        if let name = c["name"] { return c["catalog"] == "System" ? .system(name, alpha: alpha) : .named(name, fallback: named[name]) }
        if let system = c["systemColor"] ?? c["cocoaTouchSystemColor"] { return .system(system, alpha: alpha) }
        let space = c["customColorSpace"] ?? c["colorSpace"] ?? "sRGB"
        if let white = v("white") { return .components(red: white, green: white, blue: white, alpha: alpha, space: space) }
        if let r = v("red"), let g = v("green"), let b = v("blue") {
            return .components(red: r, green: g, blue: b, alpha: alpha, space: space)
        }
        return nil
    }

    static let textStyles: Set<String> = [
        "UICTFontTextStyleLargeTitle", "UICTFontTextStyleTitle0", "UICTFontTextStyleTitle1", "UICTFontTextStyleTitle2",
        "UICTFontTextStyleTitle3", "UICTFontTextStyleHeadline", "UICTFontTextStyleSubhead", "UICTFontTextStyleBody",
        "UICTFontTextStyleCallout", "UICTFontTextStyleFootnote", "UICTFontTextStyleCaption1", "UICTFontTextStyleCaption2",
    ]

    /// `<fontDescription type="system" weight="semibold" pointSize="17"/>`, `style="UICTFontTextStyleBody"`,
    /// `name="Avenir-Book" family="Avenir"`.
    static func font(_ f: XMLNode) -> FontSpec {
        var font = FontSpec()
        font.pointSize = f["pointSize"].flatMap(Double.init).map { min(max($0, 1), 400) }
        if let style = f["style"], style.hasPrefix("UICTFontTextStyle") { font.textStyle = style }
        switch f["type"] {
        case "boldSystem": font.weight = "bold"
        case "italicSystem": font.italic = true
        case "system": font.weight = f["weight"]
        default:
            font.name = f["name"]
            font.family = f["family"]
            if let name = font.name { font.weight = weight(fromName: name) }
            if font.name?.range(of: "italic", options: .caseInsensitive) != nil || font.name?.hasSuffix("Oblique") == true { font.italic = true }
        }
        if let weight = f["weight"], font.weight == nil { font.weight = weight }
        return font
    }

    /// The old `<font key="font" name="Helvetica-Bold" size="17"/>` or `metaFont="system"`.
    static func oldFont(_ f: XMLNode) -> FontSpec {
        var font = FontSpec()
        font.pointSize = f["size"].flatMap(Double.init).map { min(max($0, 1), 400) }
        switch f["metaFont"] {
        case "boldSystem": font.weight = "bold"
        case "system": break
        case "systemSemibold": font.weight = "semibold"
        default:
            if let name = f["name"] {
                font.name = name
                font.weight = weight(fromName: name)
                if name.range(of: "italic", options: .caseInsensitive) != nil { font.italic = true }
            }
        }
        return font
    }

    /// A weight from a PostScript name's style part (`Avenir-Heavy` → heavy).
    static func weight(fromName name: String) -> String? {
        let style = name.split(separator: "-").dropFirst().joined().lowercased()
        for (word, weight) in [("ultralight", "ultraLight"), ("extralight", "ultraLight"), ("thin", "thin"), ("light", "light"),
                               ("medium", "medium"), ("semibold", "semibold"), ("demibold", "semibold"), ("extrabold", "heavy"),
                               ("bold", "bold"), ("heavy", "heavy"), ("black", "black")] where style.contains(word) {
            return weight
        }
        return nil
    }
}
