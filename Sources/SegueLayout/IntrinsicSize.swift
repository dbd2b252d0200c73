import SegueCore

/// Estimated natural sizes of UIKit views, the way `intrinsicContentSize` gives them. Text is
/// measured by its length and the font's point size (no font metrics on the server): the
/// average glyph of the system font is about 0.47 em wide and a line about 1.2 em high.
public enum IntrinsicSize {
    static let glyphWidth = 0.47
    static let lineHeight = 1.2

    /// The text's width in points at a point size.
    public static func textWidth(_ text: String, fontSize: Double) -> Double {
        (Double(text.count) * glyphWidth * fontSize).rounded(.up)
    }

    /// Whether a label wraps (`numberOfLines` other than 1): its height depends on its width.
    public static func wraps(_ node: ViewNode) -> Bool {
        node.kind == .label && (node.layout?.numberOfLines ?? 1) != 1 && !(node.text ?? "").isEmpty
    }

    /// Width and height, each `nil` when the view has none on that axis (`noIntrinsicMetric`).
    /// A wrapping label is measured at `width` (its laid-out width), else at its design width.
    public static func of(_ node: ViewNode, width laidOut: Double? = nil) -> (width: Double?, height: Double?) {
        let layout = node.layout
        switch node.kind {
        case .label:
            let font = layout?.fontSize ?? 17
            let text = node.text ?? ""
            if text.isEmpty { return (0, 0) }
            // Each line break starts a line; the longest line sets the width.
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
            let widths = paragraphs.map { textWidth(String($0), fontSize: font) }
            let width = widths.max() ?? 0
            let line = (font * lineHeight).rounded(.up)
            let lines = layout?.numberOfLines ?? 1
            if lines == 1 { return (width, line) }
            guard let available = laidOut ?? node.frame?.width, available > 1 else {
                return (width, Double(lines > 0 ? min(lines, paragraphs.count) : paragraphs.count) * line)
            }
            // A wrapping label: as many lines as its paragraphs need at the available width.
            var needed = widths.reduce(0) { $0 + max(1, min(Int(saturating: ($1 / available).rounded(.up)), 10_000)) }
            if lines > 0 { needed = min(needed, lines) }
            return (min(width, available), Double(needed) * line)
        case .button:
            let font = layout?.fontSize ?? 15
            let title = node.text ?? ""
            let imageOnly = node.image != nil && (title.isEmpty || title == node.image)
            if imageOnly {
                if let size = layout?.imageSize { return (size.width, size.height) }
                return (node.frame?.width, node.frame?.height)
            }
            var width = textWidth(title, fontSize: font)
            if let size = layout?.imageSize { width += size.width }
            return (width, max(30, (font * 2).rounded()))
        case .textField:
            let font = layout?.fontSize ?? 14
            let text = [node.text, node.placeholder].compactMap { $0 }.max { $0.count < $1.count } ?? ""
            return (textWidth(text, fontSize: font) + 14, 34)
        case .switch: return (51, 31)
        case .slider: return (nil, 30)
        case .stepper: return (94, 32)
        case .progress: return (nil, 4)
        case .pageControl: return (Double(min(max(node.pageCount ?? 0, 1), 20)) * 16 + 10, 26)
        case .activityIndicator:
            let large = ["large", "whiteLarge"].contains(layout?.styleName ?? "")
            return large ? (37, 37) : (20, 20)
        case .segmentedControl:
            let widths = node.segments.map { max(textWidth($0, fontSize: 13) + 28, 44) }
            return (widths.isEmpty ? nil : widths.reduce(0, +), 32)
        case .searchBar: return (nil, 56)
        case .datePicker, .picker: return (320, 216)
        case .image:
            if let size = layout?.imageSize { return (size.width, size.height) }
            return (nil, nil)
        case .stack:
            // Arranged subviews are not solved here: the stack keeps its design size.
            return (node.frame?.width, node.frame?.height)
        default:
            return (nil, nil)
        }
    }

    /// Distances from the top to the first baseline and from the bottom up to the last one.
    static func baselines(_ node: ViewNode) -> (first: Double, fromBottom: Double)? {
        switch node.kind {
        case .label:
            let font = node.layout?.fontSize ?? 17
            return (font * 0.95, font * 0.25)
        case .textField, .button, .textView:
            // Text centred in a taller control: the baseline is about a third of the font below the middle.
            return nil
        default:
            return (0, 0)
        }
    }
}
