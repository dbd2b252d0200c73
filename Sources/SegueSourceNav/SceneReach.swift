import SegueCore

/// How much of an app a person can reach: scenes found breadth-first from the launch scene over
/// relationships and segues (taps, manual segues and the navigation read from code alike).
public enum SceneReach {
    /// Scenes a person could be shown: all but the launch screen's and placeholders for
    /// references that could not be resolved.
    public static func navigable(_ storyboard: Storyboard) -> [String] {
        storyboard.sceneOrder.filter { id in
            guard let scene = storyboard[id] else { return false }
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

    /// The initial scene of the storyboard named `name` (the main one's or another's).
    public static func initialScene(ofStoryboard name: String, in storyboard: Storyboard) -> String? {
        if name == storyboard.name { return storyboard.initialViewController }
        return storyboard.sceneOrder.first { storyboard.entryScenes.contains($0) && storyboard[$0]?.storyboardName == name }
    }
}
