/// Form values: the values a person sets on controls (text, switches, sliders, segments,
/// steppers), checked against the control and kept on the controller that owns it.
extension Window {
    /// Sets form values on the visible controllers that own those element ids.
    func setValues(_ values: [String: FieldValue]) throws(ActionError) -> Bool {
        var builder = ScreenBuilder(window: self, recordsTargets: true)
        _ = builder.build()
        var changes: [(ViewController, String, FieldValue)] = []
        for (id, value) in values.sorted(by: { $0.key < $1.key }) {
            switch builder.targets[id] {
            case .node(let owner, let node)?: changes.append((owner, id, try Self.checked(value, for: node, id: id)))
            case .alertField(let alert, _)?: changes.append((alert, id, value))
            default: throw ActionError(.unknownElement, "no control '\(id)' that takes a value on screen")
            }
        }
        var changed = false
        for (owner, id, value) in changes where owner.values[id] != value {
            owner.values[id] = value
            changed = true
        }
        return changed
    }

    /// A value as the control `node` keeps it: a switch takes a boolean, a slider or stepper a
    /// number, a segmented control a segment index (numbers arrive as text, as form fields do).
    static func checked(_ value: FieldValue, for node: ViewNode, id: String) throws(ActionError) -> FieldValue {
        switch node.kind {
        case .switch:
            switch value {
            case .bool: break
            case .text("true"), .text("1"), .text("on"): return .bool(true)
            case .text("false"), .text("0"), .text("off"): return .bool(false)
            default: throw ActionError(.invalidRequest, "switch '\(id)' takes true or false")
            }
        case .slider, .stepper:
            guard case .text(let t) = value, let v = Double(t), v.isFinite else {
                throw ActionError(.invalidRequest, "\(node.kind.rawValue) '\(id)' takes a finite number")
            }
            // Kept within the control's range, as UIKit clamps `value`.
            let clamped = node.clampedValue(v)
            if clamped != v { return .text(Self.decimal(clamped)) }
        case .segmentedControl:
            guard case .text(let t) = value, let i = Int(t), node.segments.indices.contains(i) else {
                throw ActionError(.invalidRequest, "segmented control '\(id)' takes a segment index 0..<\(node.segments.count)")
            }
        case .textField, .textView, .searchBar:
            guard case .text = value else { throw ActionError(.invalidRequest, "'\(id)' takes text") }
        default:
            // A button, a label, an image: nothing a person can type into or set.
            throw ActionError(.invalidRequest, "\(node.kind.rawValue) '\(id)' takes no value")
        }
        return value
    }

    /// A number as a control value's text: an integer plainly, else Swift's shortest form.
    static func decimal(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
