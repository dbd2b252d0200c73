/// One `UIBarAppearance` as Interface Builder writes it for a navigation bar, tab bar or toolbar
/// (`standardAppearance`, `scrollEdgeAppearance`, `compactAppearance`): how its background is
/// configured, its blur material, colours, hairline and title text attributes.
public struct BarAppearance: Sendable, Hashable {
    /// `configureWithDefaultBackground` (a blur material), `configureWithOpaqueBackground`
    /// (the system background, no blur) or `configureWithTransparentBackground` (clear, no hairline).
    public enum Background: String, Sendable, Hashable {
        case `default`, opaque, transparent
    }

    public var background: Background = .default
    /// The `backgroundEffect`'s blur style (`systemMaterial`, `systemThinMaterialDark`, the old
    /// `regular`, `light`, `dark`, …); nil: the configuration's own (the system chrome material).
    public var material: String?
    public var backgroundColor: ColorSpec?
    public var backgroundImage: String?
    /// The hairline under (over, for a tab bar) the bar; `hidesShadow`: the document sets it nil
    /// or clear.
    public var shadowColor: ColorSpec?
    public var hidesShadow = false
    /// `titleTextAttributes` and `largeTitleTextAttributes`.
    public var titleColor: ColorSpec?
    public var titleFont: FontSpec?
    public var largeTitleColor: ColorSpec?
    public var largeTitleFont: FontSpec?

    public init() {}
}
