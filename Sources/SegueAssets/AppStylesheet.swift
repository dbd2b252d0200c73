import SegueCore

/// The app's stylesheet, served as a file of its own beside its images: its named colours as CSS
/// variables (light values, dark ones under the dark scheme or Segue's dark setting) and its
/// fonts as `@font-face` rules, by PostScript name and by family with weight and style.
public enum AppStylesheet {
    public static func css(_ catalog: ResourceCatalog) -> String {
        var light = "", dark = ""
        var seenColors: Set<String> = []
        for (name, color) in catalog.colors.sorted(by: { $0.key < $1.key }) where seenColors.insert(colorVariable(name)).inserted {
            light += "\(colorVariable(name)):\(rgb(color.light));"
            if let d = color.dark { dark += "\(colorVariable(name)):\(rgb(d));" }
        }
        var css = light.isEmpty ? "" : ":root{\(light)}\n"
        if !dark.isEmpty {
            css += "@media (prefers-color-scheme: dark){:root:not(.scheme-light){\(dark)}}\n:root.scheme-dark{\(dark)}\n"
        }
        var seen: Set<String> = []
        for font in catalog.fonts.values.sorted(by: { $0.url < $1.url }) where seen.insert(font.url).inserted {
            let src = "src:url(\"\(font.url)\") format(\"\(font.format)\");font-display:swap"
            css += "@font-face{font-family:\"\(cssString(font.postScriptName))\";\(src)}\n"
            css += "@font-face{font-family:\"\(cssString(font.family))\";\(src);font-weight:\(font.weight);font-style:\(font.italic ? "italic" : "normal")}\n"
        }
        return css
    }

    /// The CSS variable of a named colour.
    public static func colorVariable(_ name: String) -> String { "--app-color-" + safe(name) }

    /// Letters, digits, `-` and `_`; anything else `_`.
    public static func safe(_ name: String) -> String {
        String(name.unicodeScalars.map { s -> Character in
            let ok = (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "_"
            return ok ? Character(s) : "_"
        })
    }

    /// A string safe inside a CSS double-quoted string.
    public static func cssString(_ s: String) -> String {
        String(s.filter { $0 != "\"" && $0 != "\\" && $0 != "<" && $0 != ">" && $0 != "\n" })
    }

    public static func rgb(_ c: RGBA) -> String {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return c.alpha >= 1 ? "rgb(\(byte(c.red)) \(byte(c.green)) \(byte(c.blue)))"
            : "rgb(\(byte(c.red)) \(byte(c.green)) \(byte(c.blue)) / \(number(c.alpha)))"
    }

    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let rounded = (v * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
