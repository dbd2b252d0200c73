import SegueCore

/// How much of an app a person can reach: scenes found breadth-first from the launch scene over
/// relationships and segues (taps, manual segues and the navigation read from code alike).
public enum SceneReach {
    /// Scenes a person could be shown: all but the launch screen's and placeholders for
    /// references that could not be resolved.
    /// `viewClasses`: classes that are views (``InferenceResult/viewClasses``): a nib scene of
    /// one is a view's nib, no screen.
    public static func navigable(_ storyboard: Storyboard, viewClasses: Set<String> = []) -> [String] {
        storyboard.sceneOrder.filter { id in
            guard let scene = storyboard[id] else { return false }
            if storyboard.nibScenes.contains(id), let cls = scene.className, viewClasses.contains(cls) { return false }
            return !storyboard.launchScreenScenes.contains(id) && !scene.isUnresolvedReference
        }
    }

    public static func reached(_ storyboard: Storyboard, from start: String) -> Set<String> {
        var seen: Set<String> = [start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let id = queue[head]
            head += 1
            guard let scene = storyboard[id] else { continue }
            let next = scene.relationshipTargets + scene.segues.compactMap { $0.kind == .unwind ? nil : $0.destination }
            for n in next where seen.insert(n).inserted { queue.append(n) }
        }
        return seen
    }

    /// `reached` and the nib scenes of the classes of the scenes in it: a nib's File's Owner
    /// scene is the view a controller of its class loads, so a container's child of that class
    /// (a `MainWindow.xib` tab) shows it.
    public static func withNibsOfReachedClasses(_ reached: Set<String>, in storyboard: Storyboard) -> Set<String> {
        let classes = Set(reached.compactMap { storyboard[$0]?.className })
        return reached.union(storyboard.nibScenes.filter { id in storyboard[id]?.className.map(classes.contains) ?? false })
    }

    /// How much of an app its launch reaches, without and with the navigation read from code.
    public struct Measure: Sendable {
        /// The launch scenes: the phone's, and the pad's when it differs (a person may use either).
        public var starts: [String]
        public var navigable: Set<String>
        public var before: Set<String>
        public var after: Set<String>
        /// Navigable scenes not reached, in declaration order.
        public var unreached: [String]
    }

    /// Breadth-first from the launch scenes over relationships and segues, in `storyboard` and
    /// in it with `result` applied. Navigable: every scene but the launch screen's, unresolved
    /// references, views' nibs, and the scenes Segue made for a root built in code; a nib
    /// scene counts as reached when a scene of its class is. Nil without a launch scene.
    public static func measure(_ storyboard: Storyboard, result: InferenceResult) -> Measure? {
        let after = CodeNavigation.augment(storyboard, result: result).storyboard
        func starts(_ sb: Storyboard) -> [String] { [sb.initialViewController, sb.padInitialViewController].compactMap { $0 } }
        let from = starts(storyboard).isEmpty ? starts(after) : starts(storyboard)
        guard !from.isEmpty else { return nil }
        let fromAfter = starts(after).isEmpty ? from : starts(after)
        let made = result.launchRoot.map { root in
            (LaunchRootReader.container(root).map { [$0.id] } ?? []) + (LaunchRootReader.madeScene(root).map { [$0.id] } ?? [])
        } ?? []
        let madeForLaunch = made + result.launchScenes
        let navigable = Set(navigable(storyboard, viewClasses: result.viewClasses)).subtracting(madeForLaunch)
        func reach(_ sb: Storyboard, _ starts: [String]) -> Set<String> {
            withNibsOfReachedClasses(starts.reduce(into: Set<String>()) { $0.formUnion(reached(sb, from: $1)) }, in: sb).intersection(navigable)
        }
        let reachedAfter = reach(after, fromAfter)
        return Measure(starts: fromAfter, navigable: navigable, before: reach(storyboard, from), after: reachedAfter,
                       unreached: storyboard.sceneOrder.filter { navigable.contains($0) && !reachedAfter.contains($0) })
    }

    /// The initial scene of the storyboard named `name` (the main one's or another's).
    public static func initialScene(ofStoryboard name: String, in storyboard: Storyboard) -> String? {
        if name == storyboard.name { return storyboard.initialViewController }
        return storyboard.sceneOrder.first { storyboard.entryScenes.contains($0) && storyboard[$0]?.storyboardName == name }
    }
}
