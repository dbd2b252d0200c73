import SegueCore

/// What an app's resources are, by the names its storyboards use: images (with their variants
/// and where each is served), colour sets, fonts, the app icon and the SF Symbols Segue can draw.
/// A value, built once by ``AppResources`` and read by the page renderer.
public struct ResourceCatalog: Sendable {
    public var images: [String: ImageResource] = [:]
    public var colors: [String: ColorResource] = [:]
    /// Custom fonts by PostScript name and by full name.
    public var fonts: [String: FontResource] = [:]
    /// The largest image of the app's `AppIcon` set.
    public var appIconURL: String?
    public var symbols = SymbolSet()
    /// Where the app's stylesheet (``AppStylesheet``: named colours, fonts) is served.
    public var stylesheetURL: String?
    public init() {}

    /// The image a storyboard names: the name itself, else without a file extension or scale
    /// and idiom suffixes (`preferences.png`, `logo@2x.png`), else ignoring case.
    public func image(named name: String) -> ImageResource? {
        if let exact = images[name] { return exact }
        let key = Self.imageKey(name)
        return images[key] ?? images[key.lowercased()]
    }

    /// A name reduced to how catalogs key it: no image extension, no `@2x`/`@3x`, no `~ipad`/`~iphone`.
    public static func imageKey(_ name: String) -> String {
        var base = Substring(name)
        for ext in [".png", ".jpg", ".jpeg", ".gif", ".pdf", ".svg", ".heic", ".webp", ".PNG", ".JPG"] where base.hasSuffix(ext) {
            base = base.dropLast(ext.count)
        }
        for suffix in ["~ipad", "~iphone"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        for suffix in ["@2x", "@3x", "@1x"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        for suffix in ["~ipad", "~iphone"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        return String(base)
    }

    /// A font by PostScript or full name.
    public func font(named name: String) -> FontResource? { fonts[name] ?? fonts[name.lowercased()] }
}

/// One image name: its files (scales, idioms, appearances) and how it renders.
public struct ImageResource: Sendable, Hashable {
    public var name: String
    public var variants: [ImageVariant]
    /// `template-rendering-intent: template`: drawn in the view's tint colour.
    public var isTemplate: Bool
    /// A vector image (PDF or SVG): one file for every density.
    public var isVector: Bool

    public init(name: String, variants: [ImageVariant], isTemplate: Bool = false, isVector: Bool = false) {
        self.name = name
        self.variants = variants
        self.isTemplate = isTemplate
        self.isVector = isVector
    }

    /// The variants for an idiom and an appearance: the idiom's own, else universal ones; the
    /// appearance's own, else the light ones. Sorted by scale.
    public func variants(pad: Bool, dark: Bool) -> [ImageVariant] {
        let idiom = pad ? "ipad" : "iphone"
        let forIdiom = variants.contains { $0.idiom == idiom } ? variants.filter { $0.idiom == idiom }
            : variants.filter { $0.idiom == "universal" || $0.idiom == "" }
        let pool = forIdiom.isEmpty ? variants : forIdiom
        // An explicit light variant wins over the "any appearance" one in light mode.
        let chosen = dark && pool.contains { $0.isDark } ? pool.filter(\.isDark)
            : pool.contains { $0.isLight } ? pool.filter(\.isLight) : pool.filter { !$0.isDark }
        var byScale: [Double: ImageVariant] = [:]
        for variant in chosen.isEmpty ? pool : chosen where byScale[variant.scale] == nil { byScale[variant.scale] = variant }
        return byScale.values.sorted { $0.scale < $1.scale }
    }

    /// Whether a dark-appearance variant exists.
    public var hasDark: Bool { variants.contains { $0.isDark } }
}

/// One file of an image: where it is served, its scale, idiom and appearance.
public struct ImageVariant: Sendable, Hashable {
    public var url: String
    public var scale: Double
    /// `universal`, `iphone`, `ipad` (others are kept but never chosen first).
    public var idiom: String
    public var isDark: Bool
    /// Marked for the light appearance (not just "any").
    public var isLight: Bool
    public init(url: String, scale: Double, idiom: String = "universal", isDark: Bool = false, isLight: Bool = false) {
        self.url = url
        self.scale = scale
        self.idiom = idiom
        self.isDark = isDark
        self.isLight = isLight
    }
}

/// A colour set: its light (any) and dark values.
public struct ColorResource: Sendable, Hashable {
    public var light: RGBA
    public var dark: RGBA?
    public init(light: RGBA, dark: RGBA? = nil) {
        self.light = light
        self.dark = dark
    }
}

/// A font file of the app: its names (from the file's `name` table), CSS weight and style, and
/// where it is served.
public struct FontResource: Sendable, Hashable {
    public var postScriptName: String
    public var family: String
    public var url: String
    /// The CSS `font-weight` (100…900).
    public var weight: Int
    public var italic: Bool
    /// `truetype`, `opentype`, `woff`, `woff2` (for `@font-face` `format()`).
    public var format: String
}
