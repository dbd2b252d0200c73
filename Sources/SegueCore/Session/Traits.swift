/// The trait environment derived from the browser viewport (SEMANTICS §9).
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

    /// `pad` when the width is at least 768 CSS px.
    public var idiom: Idiom { width >= 768 ? .pad : .phone }
    /// `regular` when the width is at least 700 CSS px.
    public var horizontalSizeClass: SizeClass { width >= 700 ? .regular : .compact }
    public var verticalSizeClass: SizeClass { height >= 500 ? .regular : .compact }
    /// Landscape when wider than tall.
    public var orientation: Orientation { width > height ? .landscape : .portrait }

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
