/// The trait environment derived from the browser viewport (docs/Semantics.md, Traits, rotation and memory).
public struct Traits: Sendable, Hashable, Codable {
    public enum Idiom: String, Sendable, Codable { case phone, pad }
    public enum SizeClass: String, Sendable, Codable { case compact, regular }
    public enum Orientation: String, Sendable, Codable { case portrait, landscape }

    public var width: Int
    public var height: Int

    public init(width: Int = 390, height: Int = 844) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The default viewport when a browser has not reported one: an iPhone in portrait.
    public static let phonePortrait = Traits(width: 390, height: 844)
    public static let padLandscape = Traits(width: 1180, height: 820)

    /// `pad` when the shorter side is at least 700 CSS px. A device's idiom does not change when
    /// it turns, so the shorter side decides: a phone in landscape is still a phone.
    public var idiom: Idiom { min(width, height) >= 700 ? .pad : .phone }
    /// On a pad `regular` from a width of 678 CSS px (full screen and the larger split-screen
    /// shares); on a phone `regular` only from 896 (the large phones in landscape).
    public var horizontalSizeClass: SizeClass {
        width >= (idiom == .pad ? 678 : 896) ? .regular : .compact
    }
    /// `compact` on a phone in landscape, else `regular`.
    public var verticalSizeClass: SizeClass { idiom == .phone && orientation == .landscape ? .compact : .regular }
    /// Landscape when wider than tall. Not a trait: turning a pad changes no size class.
    public var orientation: Orientation { width > height ? .landscape : .portrait }
    /// Whether `other` differs in a trait (idiom or a size class), not just in size.
    public func differsInTraits(from other: Traits) -> Bool {
        idiom != other.idiom || horizontalSizeClass != other.horizontalSizeClass || verticalSizeClass != other.verticalSizeClass
    }
    /// The same viewport turned a quarter (width and height swapped).
    public var turned: Traits { Traits(width: height, height: width) }

    enum CodingKeys: String, CodingKey { case idiom, horizontalSizeClass, verticalSizeClass, orientation, width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(idiom, forKey: .idiom)
        try c.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
        try c.encode(verticalSizeClass, forKey: .verticalSizeClass)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}
