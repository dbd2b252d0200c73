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
        var folder = URL(fileURLWithPath: root).standardizedFileURL
        for _ in 0..<3 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".xcodeproj") {
                let file = folder.appendingPathComponent(name).appendingPathComponent("project.pbxproj")
                guard let data = FileManager.default.contents(atPath: file.path), data.count <= 16 << 20 else { continue }
                let targets = deploymentTargets(in: String(decoding: data, as: UTF8.self))
                if let lowest = targets.min(by: { versionLess($0, $1) }) { return lowest }
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Every `IPHONEOS_DEPLOYMENT_TARGET = X;` value of a project file's text.
    static func deploymentTargets(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            guard let key = line.range(of: "IPHONEOS_DEPLOYMENT_TARGET") else { continue }
            let rest = line[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == "\"" }
            let value = rest.prefix { $0.isNumber || $0 == "." }
            if !value.isEmpty { found.append(String(value)) }
        }
        return found
    }

    private static func versionLess(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }
        let y = b.split(separator: ".").map { Int($0) ?? 0 }
        return x.lexicographicallyPrecedes(y)
    }
}
