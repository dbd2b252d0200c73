import SegueCore
import SegueFlowFiles

/// Overlay files (what an app's code does, declared in YAML or JSON): the loader, the check
/// against a flow, then a window launched on the flow with the overlay applied. Accepted when it
/// loads (whether what it names exists is the check's to report).
enum OverlayFuzzing {
    @Sendable static func yaml(_ bytes: [UInt8]) -> Bool {
        guard let overlay = try? OverlayLoader.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.segue.yaml") else {
            return false
        }
        _ = overlay.validate(against: CodeFlow.storyboard)
        FuzzWindow.launch(overlay.applied(to: CodeFlow.storyboard))
        return true
    }
}
