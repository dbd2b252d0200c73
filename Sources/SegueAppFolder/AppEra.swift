import Foundation
import SegueCore

/// What an app folder adds to its storyboards' era signals (docs/Semantics.md, "Two eras"): a
/// scene manifest in its Info.plist (`UIApplicationSceneManifest`, iOS 13's `UIScene`), and the
/// `IPHONEOS_DEPLOYMENT_TARGET` of the Xcode project beside it (in the app's folder or up to two
/// folders above it). Either can only make the app modern; without them the storyboards decide.
enum AppEra {
    static func apply(to storyboard: inout Storyboard, app: AppFolder) {
        var signals = EraSignals()
        signals.hasSceneManifest = app.info["UIApplicationSceneManifest"] != nil
        signals.projectDeploymentTarget = projectDeploymentTarget(near: app.root)
        let decided = signals.decide()
        guard decided.era == .modern, storyboard.era != .modern else { return }
        storyboard.era = .modern
        storyboard.eraReason = decided.reason
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` of the first Xcode project found in `root` or the
    /// two folders above it; nil without a project or a setting.
    static func projectDeploymentTarget(near root: String) -> String? {
        guard let text = XcodeProject.text(near: root) else { return nil }
        return deploymentTargets(in: text).min(by: { versionLess($0, $1) })
    }

    /// Every `IPHONEOS_DEPLOYMENT_TARGET = X;` value of a project file's text.
    static func deploymentTargets(in text: String) -> [String] {
        XcodeProject.settingValues("IPHONEOS_DEPLOYMENT_TARGET", in: text).map { String($0.prefix { $0.isNumber || $0 == "." }) }.filter { !$0.isEmpty }
    }

    private static func versionLess(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }
        let y = b.split(separator: ".").map { Int($0) ?? 0 }
        return x.lexicographicallyPrecedes(y)
    }
}
