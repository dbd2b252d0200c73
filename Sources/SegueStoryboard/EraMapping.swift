import SegueCore

/// The era signals of a storyboard or xib document (docs/Semantics.md, "Two eras"): its
/// `toolsVersion` and `targetRuntime`, and the `<deployment>` element under `<dependencies>`
/// (`version`, or `defaultVersion` in older documents).
extension DocumentMapper {
    static func eraSignals(of root: XMLNode) -> EraSignals {
        var signals = EraSignals(toolsVersion: root["toolsVersion"], targetRuntime: root["targetRuntime"])
        if let deployment = root.child("dependencies")?.child("deployment") {
            signals.deploymentVersion = (deployment["version"] ?? deployment["defaultVersion"]).flatMap { Int($0) }
        }
        return signals
    }
}
