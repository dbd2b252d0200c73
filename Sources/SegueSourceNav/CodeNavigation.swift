import SegueCore

/// The entry point servers and commands use: read an app's sources, resolve them against the
/// storyboards loaded from the same folder, and return the storyboard with the navigation its
/// code does (and, where no storyboard names an initial scene, the root its delegate builds).
public enum CodeNavigation {
    public struct Augmented: Sendable {
        public var storyboard: Storyboard
        public var result: InferenceResult
    }

    public static func augment(_ storyboard: Storyboard, root: String) -> Augmented {
        augment(storyboard, result: NavigationAnalysis.analyze(root: root, storyboard: storyboard))
    }

    public static func augment(_ storyboard: Storyboard, result: InferenceResult) -> Augmented {
        var launched = storyboard
        if launched.initialViewController == nil, let root = result.launchRoot {
            launched = LaunchRootReader.applying(root, to: launched)
        }
        launched = launched.adding(result.madeScenes).adding(result.alertScenes)
        // What the app delegate presents once launched is a step of the launch scene.
        var placed = result
        for i in placed.findings.indices where placed.findings[i].onLaunchScene {
            placed.findings[i].scenes = launched.initialViewController.map { [$0] } ?? []
        }
        var augmented = CodeNavigationApplier.apply(placed, to: launched)
        for unread in result.unreadFiles {
            augmented.diagnostics.append(Diagnostic(.sourceNotRead, at: SourceLocation(file: unread.file, line: 1), "not read: \(unread.reason)"))
        }
        return Augmented(storyboard: augmented, result: placed)
    }
}
