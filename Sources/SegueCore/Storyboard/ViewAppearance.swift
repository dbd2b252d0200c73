/// How an imported view looks beyond its kind: its colours, its font, how its text wraps, and the
/// images it shows in other states. Importers fill what the document says; renderers draw it.
/// Flow files leave it `nil`.
public struct ViewAppearance: Sendable, Hashable {
    public var backgroundColor: ColorSpec?
    /// A label's, field's or button title's colour.
    public var textColor: ColorSpec?
    /// `tintColor`: inherited by every view below (and, on a bar, by its items).
    public var tintColor: ColorSpec?
    public var font: FontSpec?
    /// `numberOfLines` (0: unlimited); nil: the kind's default.
    public var numberOfLines: Int?
    /// `lineBreakMode`: `wordWrap`, `characterWrap`, `clip`, `headTruncation`,
    /// `tailTruncation`, `middleTruncation`.
    public var lineBreakMode: String?
    /// `adjustsFontSizeToFitWidth`, with its `minimumScaleFactor` (0 when unset).
    public var adjustsFontSize = false
    public var minimumScaleFactor = 0.0
    /// A button's background image (state normal).
    public var backgroundImage: String?
    /// A button's images for other states (`highlighted`, `selected`, `disabled`), a tab bar
    /// item's `selected` image.
    public var stateImages: [String: String] = [:]
    /// A button's background images for other states (`highlighted`, `selected`, `disabled`).
    public var stateBackgroundImages: [String: String] = [:]
    /// A button the document marks `selected` (it shows its selected state's images).
    public var isSelected = false
    /// The accessibility label the document gives the view (names image-only controls).
    public var accessibilityLabel: String?
    /// The view's `contentMode` (`scaleAspectFit`, `scaleAspectFill`, `scaleToFill`, `center`, …).
    public var contentMode: String?
    /// A bar's `barStyle` (`default`, `black`): a black bar is dark whatever the page's scheme.
    public var barStyle: String?
    /// An SF Symbol's configured weight (`semibold`, …) and scale (`small`, `medium`, `large`).
    public var symbolWeight: String?
    public var symbolScale: String?
    /// A bar's `UIBarAppearance`s: the standard one (content scrolled under the bar), the one
    /// at the scroll edge (content at rest against the bar), and the compact-height ones (a
    /// phone in landscape) for both.
    @Indirect public var standardBar: BarAppearance?
    @Indirect public var scrollEdgeBar: BarAppearance?
    @Indirect public var compactBar: BarAppearance?
    @Indirect public var compactScrollEdgeBar: BarAppearance?

    public init() {}

    /// The appearances a bar of compact height draws, as UIKit falls back: the compact one, else
    /// the standard one; at the scroll edge the compact scroll-edge one, else the scroll-edge one.
    public var compactHeight: ViewAppearance {
        var a = self
        a.standardBar = compactBar ?? standardBar
        a.scrollEdgeBar = compactScrollEdgeBar ?? scrollEdgeBar
        return a
    }

    /// Whether nothing is set (importers then leave the node's appearance `nil`).
    public var isEmpty: Bool { self == ViewAppearance() }
}

/// A colour as Interface Builder writes it: components, a named colour of the app's asset
/// catalogs, or one of UIKit's system colours.
public enum ColorSpec: Sendable, Hashable {
    /// Components in 0…1. `space` is the document's colour space (`sRGB`, `calibratedRGB`,
    /// `displayP3`, `calibratedWhite`, `genericGamma22GrayColorSpace`, …).
    case components(red: Double, green: Double, blue: Double, alpha: Double, space: String)
    /// A colour set of the app's asset catalogs (`<color name="…"/>`), with the document's
    /// copy of its value for when the catalog is absent.
    case named(String, fallback: RGBA?)
    /// A UIKit system colour (`systemBackgroundColor`, `labelColor`, `systemBlueColor`, …, or the
    /// old `cocoaTouchSystemColor` names), with an alpha.
    case system(String, alpha: Double)
}

/// A colour's red, green, blue and alpha in 0…1.
public struct RGBA: Sendable, Hashable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A font as Interface Builder writes it (`fontDescription`): a text style, a system font of a
/// weight, or a named font of the app's bundle.
public struct FontSpec: Sendable, Hashable {
    /// `UICTFontTextStyleBody`, `UICTFontTextStyleHeadline`, …
    public var textStyle: String?
    /// A custom font's PostScript name (`Avenir-Book`); nil for system fonts.
    public var name: String?
    public var family: String?
    public var pointSize: Double?
    /// `ultraLight`, `thin`, `light`, `regular`, `medium`, `semibold`, `bold`, `heavy`, `black`.
    public var weight: String?
    public var italic = false
    public var monospaced = false
    public init() {}
}
