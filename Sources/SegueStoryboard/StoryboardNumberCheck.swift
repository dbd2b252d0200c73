import SegueCore

/// `segue check`'s rule for numbers no screen has (`absurd_number`, a warning): NaN and the
/// infinities anywhere; lengths (frames, constraint constants, margins, image sizes, canvas
/// locations) beyond ±1,000,000 points; negative widths and heights; multipliers beyond ±10,000;
/// priorities outside 0...1000; font sizes not above 0 or beyond 10,000; control values and
/// ranges beyond ±10^15 and steps not above 0. Interface Builder writes none of these; serving
/// ignores or clamps each one (a constraint is dropped, a value kept within its control's
/// range), so the flow still runs and the warning says what was written.
extension StoryboardCheck {
    static func absurdNumbers(_ storyboard: Storyboard) -> [Diagnostic] {
        var finder = AbsurdNumberFinder()
        for scene in storyboard.orderedScenes {
            finder.scene = scene.id
            if let p = scene.canvasLocation {
                finder.length(p.x, "canvas x", at: scene.location)
                finder.length(p.y, "canvas y", at: scene.location)
            }
            for node in scene.view { finder.visit(node, fallback: scene.location) }
        }
        return finder.found
    }
}

/// Walks view trees and collects one diagnostic per absurd number.
struct AbsurdNumberFinder {
    static let maxLength = 1e6
    static let maxControlValue = 1e15
    var scene = ""
    var found: [Diagnostic] = []

    mutating func visit(_ node: ViewNode, fallback: SourceLocation?) {
        let at = node.location ?? fallback
        if let frame = node.frame { rect(frame, "frame", at: at) }
        if let layout = node.layout { self.layout(layout, at: at) }
        for (name, value) in [("value", node.value), ("minimum value", node.minimumValue), ("maximum value", node.maximumValue)] {
            if let value, !(value.isFinite && abs(value) <= Self.maxControlValue) { report(name, value, at: at) }
        }
        if let step = node.stepValue, !(step.isFinite && step > 0 && step <= Self.maxControlValue) { report("step value", step, at: at) }
        for child in node.children { visit(child, fallback: at) }
        for section in node.sections {
            for row in section.rows {
                for content in row.content { visit(content, fallback: row.location ?? at) }
            }
        }
    }

    mutating func layout(_ layout: ViewLayout, at: SourceLocation?) {
        for c in layout.constraints {
            length(c.constant, "constraint constant", at: at)
            for (_, constant) in c.constants.sorted(by: { $0.key < $1.key }) { length(constant, "constraint constant", at: at) }
            if !(c.multiplier.isFinite && abs(c.multiplier) <= 10_000) { report("constraint multiplier", c.multiplier, at: at) }
            priority(c.priority, "constraint priority", at: at)
        }
        priority(layout.hugging.horizontal, "content hugging priority", at: at)
        priority(layout.hugging.vertical, "content hugging priority", at: at)
        priority(layout.compressionResistance.horizontal, "compression resistance priority", at: at)
        priority(layout.compressionResistance.vertical, "compression resistance priority", at: at)
        if let m = layout.layoutMargins {
            for v in [m.top, m.left, m.bottom, m.right] { length(v, "layout margin", at: at) }
        }
        if let font = layout.fontSize, !(font.isFinite && font > 0 && font <= 10_000) { report("font size", font, at: at) }
        if let size = layout.imageSize { size2(size.width, size.height, "image size", at: at) }
        for host in layout.host {
            if let frame = host.frame { rect(frame, "frame", at: at) }
            self.layout(host, at: at)
        }
    }

    mutating func rect(_ r: Rect, _ what: String, at: SourceLocation?) {
        length(r.x, "\(what) x", at: at)
        length(r.y, "\(what) y", at: at)
        size2(r.width, r.height, what, at: at)
    }

    mutating func size2(_ width: Double, _ height: Double, _ what: String, at: SourceLocation?) {
        length(width, "\(what) width", at: at, negativeIsAbsurd: true)
        length(height, "\(what) height", at: at, negativeIsAbsurd: true)
    }

    mutating func length(_ v: Double, _ what: String, at: SourceLocation?, negativeIsAbsurd: Bool = false) {
        if !(v.isFinite && abs(v) <= Self.maxLength) || (negativeIsAbsurd && v < 0) { report(what, v, at: at) }
    }

    mutating func priority(_ v: Double, _ what: String, at: SourceLocation?) {
        if !(v >= 0 && v <= 1000) { report(what, v, at: at) }
    }

    mutating func report(_ what: String, _ value: Double, at: SourceLocation?) {
        found.append(Diagnostic(.absurdNumber, at: at,
            "scene \(scene): \(what) \(value) is a number no screen has; it is ignored or clamped when served"))
    }
}
