/// The values UIKit's value controls keep: a slider and a stepper stay within their minimum and
/// maximum, a progress view within 0...1, a page control on one of its pages. Whatever number a
/// storyboard, a flow file, a request or a stored session gives one, it is clamped as UIKit
/// clamps it, so what is kept and drawn is always a value the control could show.
extension ViewNode {
    /// The values the control takes, `nil` for a node that keeps no number.
    ///
    /// - slider: `minimumValue...maximumValue`, UIKit's default 0...1; a flow file's slider with
    ///   no maximum and a `value` above 1 gets 0...100 (a percentage), or 0...value above that.
    /// - stepper: `minimumValue...maximumValue`, default 0...100.
    /// - progress: 0...1. page control: 0...pages − 1. picker: its row indices. segmented
    ///   control: its segment indices, or -1 for none selected.
    /// An inverted range (maximum below minimum) collapses to its minimum, as UIKit raises the
    /// maximum to a new minimum.
    public var valueRange: ClosedRange<Double>? {
        switch kind {
        case .slider:
            let low = Self.sane(minimumValue) ?? 0
            let initial = Self.sane(value) ?? 0
            let guess = initial <= 1 ? 1 : initial <= 100 ? 100 : initial
            return Self.range(low, Self.sane(maximumValue) ?? max(guess, low))
        case .stepper:
            return Self.range(Self.sane(minimumValue) ?? 0, Self.sane(maximumValue) ?? 100)
        case .progress:
            return 0...1
        case .pageControl:
            return 0...Double(max((pageCount ?? 0) - 1, 0))
        case .segmentedControl:
            return -1...Double(max(segments.count - 1, -1))  // -1: no segment selected
        case .picker:
            return 0...Double(max(segments.count - 1, 0))
        default:
            return nil
        }
    }

    /// `proposed` as the control keeps it: within `valueRange` (NaN becomes its minimum); page
    /// and segment indices rounded down. Unchanged for a node that keeps no number.
    public func clampedValue(_ proposed: Double) -> Double {
        guard let range = valueRange else { return proposed }
        let whole = kind == .pageControl || kind == .segmentedControl || kind == .picker
        let v = proposed.isNaN ? range.lowerBound : whole ? proposed.rounded(.down) : proposed
        return min(max(v, range.lowerBound), range.upperBound)
    }

    /// The value drawn: `value` clamped, or the range's minimum when there is none.
    public var shownValue: Double {
        clampedValue(value ?? valueRange?.lowerBound ?? 0)
    }

    /// A stepper's step: `stepValue` when positive and finite, else UIKit's 1.
    public var stepperStep: Double {
        guard let step = Self.sane(stepValue), step > 0 else { return 1 }
        return step
    }

    /// Numbers a control can hold: finite and within ±10^15 (beyond that a double no longer
    /// counts steps of 1); anything else is treated as absent.
    static func sane(_ number: Double?) -> Double? {
        guard let number, number.isFinite, abs(number) <= 1e15 else { return nil }
        return number
    }

    static func range(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        low...max(low, high)
    }
}
