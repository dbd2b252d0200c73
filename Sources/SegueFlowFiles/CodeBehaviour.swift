import SegueCore
import Yams

/// Flow-file keys for what code does (docs/Semantics.md and docs/API.md, "What code does"):
/// `shouldAutomaticallyForwardAppearanceMethods`, `preferredInterfaceOrientationForPresentation`,
/// `spineLocationForInterfaceOrientation` (page views), `shouldPerformSegue` refusals, and a
/// table row's `accessorySegue`.
extension Decoder {
    func decodeCodeBehaviour(_ fields: Fields, into scene: inout Scene, context: String, sink: inout SceneSink) {
        if let value = fields.bool("shouldAutomaticallyForwardAppearanceMethods") {
            scene.shouldAutomaticallyForwardAppearanceMethods = value
        }
        scene.preferredInterfaceOrientationForPresentation = fields.enumeration("preferredInterfaceOrientationForPresentation", InterfaceOrientation.self)
        if let node = fields["spineLocationForInterfaceOrientation"] {
            scene.spineLocationForInterfaceOrientation = decodeSpineLocations(node, context: context)
        }
        if let node = fields["shouldPerformSegue"] {
            scene.shouldPerformSegue = decodeSegueRefusals(node, context: context)
        }
    }

    /// `{portrait: min, landscape: mid}`: both orientations, each a spine location.
    private func decodeSpineLocations(_ node: Node, context: String) -> SpineLocations? {
        let where_ = "spineLocationForInterfaceOrientation of \(context)"
        guard let fields = Fields(node, context: where_, allowed: ["portrait", "landscape"], what: "'spineLocationForInterfaceOrientation' in \(context)", diagnostics: diagnostics) else { return nil }
        let allowed = ["min", "mid", "max", "none"]
        guard let portrait = fields.enumeration("portrait", allowed: allowed), let landscape = fields.enumeration("landscape", allowed: allowed) else {
            if !fields.has("portrait") || !fields.has("landscape") {
                diagnostics.error(node, "'spineLocationForInterfaceOrientation' in \(context) needs both 'portrait' and 'landscape'")
            }
            return nil
        }
        return SpineLocations(portrait: .init(rawValue: portrait)!, landscape: .init(rawValue: landscape)!)
    }

    /// `{SEGUE_ID: false}` (always refused) or `{SEGUE_ID: {requires: [FIELD_ID…]}}` (refused
    /// while any of those text fields is empty); `true` allows, as no entry does.
    private func decodeSegueRefusals(_ node: Node, context: String) -> [String: SegueRefusal] {
        guard let segues = Fields(identifiers: node, context: "shouldPerformSegue of \(context)", what: "'shouldPerformSegue' in \(context)", diagnostics: diagnostics) else { return [:] }
        var out: [String: SegueRefusal] = [:]
        for entry in segues.entries {
            if entry.value.tagName == .bool, let allowed = entry.value.bool {
                if !allowed { out[entry.key] = .always }
                continue
            }
            let what = "shouldPerformSegue '\(entry.key)' of \(context)"
            guard case .mapping = entry.value else {
                diagnostics.error(entry.value, .wrongType, "\(what) must be false, true or {requires: [text field ids]}")
                continue
            }
            guard let fields = Fields(entry.value, context: what, allowed: ["requires"], diagnostics: diagnostics),
                  let ids = fields.strings("requires", of: "text field ids") else {
                diagnostics.error(entry.value, "\(what) needs 'requires', a list of text field ids")
                continue
            }
            out[entry.key] = .whileEmpty(ids.map(\.0))
        }
        return out
    }

    /// A row's `accessorySegue`: the segue its accessory button runs. Without an accessory the row
    /// gets a detail disclosure button; any accessory other than a button is an error.
    func accessorySegue(_ fields: Fields, accessory: inout TableRow.Accessory, scene: String, sink: inout SceneSink) -> TapTarget? {
        guard let segue = fields.string("accessorySegue") else { return nil }
        switch accessory {
        case .none: accessory = .detailDisclosureButton
        case .detailButton, .detailDisclosureButton: break
        default:
            diagnostics.error(line: fields.line("accessorySegue"), "'accessorySegue' on a table row in \(scene) needs a detailButton or detailDisclosureButton accessory, not \(accessory.rawValue)")
        }
        sink.taps.append((.segue(segue), fields.line("accessorySegue")))
        return .segue(segue)
    }
}

extension Validator {
    /// `shouldPerformSegue` names segues of the scene, and its `requires` names elements of it.
    func checkSegueRefusals(_ scene: Scene, elementIDs: [(String, Int)], line: Int) {
        for (segueID, refusal) in scene.shouldPerformSegue.sorted(by: { $0.key < $1.key }) {
            if scene.segue(segueID) == nil {
                diagnostics.error(line: line, .unknownSegue, "shouldPerformSegue names unknown segue '\(segueID)' in scene '\(scene.id)'"
                    + NearestName.suggestion(for: segueID, in: scene.segues.map(\.id)))
            }
            guard case .whileEmpty(let fields) = refusal else { continue }
            for field in fields where !elementIDs.contains(where: { $0.0 == field }) {
                diagnostics.error(line: line, .unknownValue, "shouldPerformSegue '\(segueID)' requires unknown element '\(field)' in scene '\(scene.id)'"
                    + NearestName.suggestion(for: field, in: elementIDs.map(\.0)))
            }
        }
    }
}
