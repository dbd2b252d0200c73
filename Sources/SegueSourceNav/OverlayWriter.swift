import SegueCore

/// Writes what `segue infer` found as an overlay file (see docs/Overlays.md) for a person to
/// edit: per scene, each step with its destination, the element or rows that trigger it, and
/// its source line. Steps nothing on screen triggers are written without an element (manual).
public enum OverlayWriter {
    public static func yaml(_ result: InferenceResult, storyboard: Storyboard) -> String {
        var lines = ["# Navigation read from the app's code by `segue infer`. Edit, then pass with --overlay.", "scenes:"]
        var byScene: [String: [NavigationFinding]] = [:]
        // An overlay names the flow's scenes; the alerts made for the code are not among them.
        let alerts = Set(result.alertScenes.map(\.id))
        for f in result.findings where f.destination != nil && !alerts.contains(f.destination ?? "") {
            for scene in f.scenes { byScene[scene, default: []].append(f) }
        }
        for sceneID in storyboard.sceneOrder where byScene[sceneID] != nil {
            lines.append("  \(quote(sceneID)):")
            lines.append("    steps:")
            for f in byScene[sceneID] ?? [] {
                lines.append("      - id: \(quote(f.identifier))")
                lines.append("        \(verb(f.action)): \(quote(f.destination ?? ""))")
                if let style = f.presentationStyle { lines.append("        style: \(style.rawValue)") }
                for trigger in f.triggers {
                    switch trigger {
                    case .action(let m): lines.append("        method: \(quote(m))")
                    case .rowSelection, .itemSelection: lines.append("        rows: true")
                    case .automatic, .code, .alertAction: break
                    }
                }
                lines.append("        source: \(quote(f.source))")
            }
        }
        if let unresolved = result.unresolved.first {
            lines.append("# \(result.unresolved.count) unresolved, e.g. \(unresolved.source): \(unresolved.reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func verb(_ action: NavigationAction) -> String {
        switch action {
        case .push: "push"
        case .present, .setRoot: "present"
        case .showDetail: "showDetail"
        default: "show"
        }
    }

    static func quote(_ s: String) -> String { InferenceReport.quote(s) }
}
