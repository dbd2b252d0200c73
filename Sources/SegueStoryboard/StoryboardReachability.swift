import SegueCore

/// Which scenes a person can reach from the initial scene by tapping, counted in taps.
///
/// Edges: a navigation controller's root, a split view controller's columns, a page view
/// controller's first page and a container view's embed segue cost no tap; a tab bar
/// controller's first tab (or `selectedIndex`) costs none and every other tab one tap (its tab
/// item); a segue fired by an element (control, bar button item, table row, alert action) costs
/// one tap. Segues without a trigger (performed by code, `performSegue(withIdentifier:)`) and
/// unwind segues are not edges. Storyboard-level, so it knows nothing of code.
public enum StoryboardReachability {
    /// Scene id → the fewest taps that reach it, for scenes within `maxTaps` taps.
    public static func taps(_ storyboard: Storyboard, maxTaps: Int = .max) -> [String: Int] {
        guard let initial = storyboard.initialViewController, storyboard[initial] != nil else { return [:] }
        var best: [String: Int] = [initial: 0]
        // 0-1 BFS: a deque where zero-cost edges go to the front.
        var queue: [(String, Int)] = [(initial, 0)]
        var head = 0
        while head < queue.count {
            let (id, cost) = queue[head]; head += 1
            guard best[id] == cost, let scene = storyboard[id] else { continue }
            for (target, step) in edges(scene) {
                let c = cost + step
                guard c <= maxTaps, storyboard[target] != nil, c < (best[target] ?? .max) else { continue }
                best[target] = c
                queue.append((target, c))
            }
        }
        return best
    }

    /// The outgoing edges of one scene with their cost in taps.
    public static func edges(_ scene: Scene) -> [(String, Int)] {
        var out: [(String, Int)] = []
        switch scene.kind {
        case .tabBarController:
            let selected = scene.selectedIndex ?? 0
            for (i, child) in scene.viewControllers.enumerated() { out.append((child, i == selected ? 0 : 1)) }
        case .pageViewController:
            if let first = scene.pages.first { out.append((first, 0)) }
            for page in scene.pages.dropFirst() { out.append((page, 1)) }
        default:
            for target in scene.relationshipTargets { out.append((target, 0)) }
        }
        for node in scene.view {
            node.forEach { n in
                if let embed = n.embed, let segue = scene.segue(embed), let dest = segue.destination { out.append((dest, 0)) }
            }
        }
        StoryboardCheck.forEachTap(scene) { tap, _ in
            if case .segue(let id) = tap, let segue = scene.segue(id), segue.kind != .unwind,
               segue.kind != .embed, let dest = segue.destination {
                out.append((dest, 1))
            }
        }
        return out
    }

    /// Every scene the initial scene leads to through relationships, container views and segues
    /// of any kind but unwind, whether a control fires them or code performs them
    /// (`performSegue(withIdentifier:)`), at any depth. The initial scene included.
    public static func graphReachable(_ storyboard: Storyboard) -> Set<String> {
        guard let initial = storyboard.initialViewController, storyboard[initial] != nil else { return [] }
        var seen: Set<String> = [initial]
        var queue = [initial]
        var head = 0
        while head < queue.count {
            let id = queue[head]; head += 1
            guard let scene = storyboard[id] else { continue }
            let next = scene.relationshipTargets + scene.segues.compactMap { $0.kind == .unwind ? nil : $0.destination }
            for target in next where storyboard[target] != nil && seen.insert(target).inserted { queue.append(target) }
        }
        return seen
    }

    /// A scene to start from when a storyboard names no initial view controller (its app
    /// instantiates scenes by identifier in code): the first scene, in document order, that no
    /// relationship, embed or segue leads to, preferring tab bar, split view and navigation
    /// controllers (containers without children are skipped); else the first scene. `nil` for a storyboard without scenes.
    public static func entryScene(_ storyboard: Storyboard) -> String? {
        // A launch screen is only ever the launch image, never what is served.
        let scenes = storyboard.orderedScenes.filter { !storyboard.launchScreenScenes.contains($0.id) }
        var targeted: Set<String> = []
        for scene in scenes {
            for (target, _) in edges(scene) { targeted.insert(target) }
            for segue in scene.segues { if let d = segue.destination { targeted.insert(d) } }
        }
        // Containers without children (apps that fill them in code) show nothing: not an entry.
        let roots = scenes.filter { !targeted.contains($0.id) && !($0.kind.isContainer && $0.relationshipTargets.isEmpty) }
        for kind in [SceneKind.tabBarController, .splitViewController, .navigationController] {
            if let s = roots.first(where: { $0.kind == kind }) { return s.id }
        }
        return roots.first?.id ?? scenes.first?.id
    }
}
