/// Total conversions from parsed numbers: storyboards and flow files may hold any double
/// (`1e300`, `nan`, `-inf`), and nothing computed from one may trap.
extension Int {
    /// `value` rounded toward zero, or the nearest `Int` when it is out of range; 0 for NaN.
    /// `Int(_: Double)` traps on both.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807 {  // 2^63, the first double above Int.max
            self = .max
        } else if value <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self.init(value)
        }
    }
}

extension Double {
    /// The value itself when finite, else `fallback` (NaN and the infinities).
    public func finite(or fallback: Double) -> Double { isFinite ? self : fallback }
}
