/// Opening any scene of a storyboard, as `instantiateViewController(withIdentifier:)` gives it.
///
/// An app reaches many scenes by identifier in code, so a person exploring a storyboard must be
/// able to open every scene, not only those the initial scene leads to. A scene held by a
/// container's relationship (a navigation controller's root, a tab, a split view column, a page)
/// opens inside that container (and the containers around it), with its tab or page selected, as
/// the app would show it; any other scene opens on its own as the window's root.
extension Storyboard {
    /// Scene id → the scene whose relationship holds it (the first such container in
    /// declaration order).
    public var relationshipParents: [String: String] {
        var parents: [String: String] = [:]
        for scene in orderedScenes {
            for child in scene.relationshipTargets where parents[child] == nil && child != scene.id { parents[child] = scene.id }
        }
        return parents
    }

    /// Why a scene cannot be the root of a window, or nil when it can: it must exist, must not be
    /// held by a container's relationship, must not be an unresolved storyboard reference and
    /// must not be an alert (alerts are only ever presented).
    public func standaloneProblem(_ sceneID: String, parents: [String: String]? = nil) -> ActionError? {
        guard let scene = self[sceneID] else { return ActionError(.unknownScene, "no scene '\(sceneID)'") }
        if scene.isUnresolvedReference {
            return ActionError(.sceneNotStandalone, "scene '\(sceneID)' stands for a storyboard reference that is not loaded; it has no content of its own")
        }
        if scene.kind == .alertController {
            return ActionError(.sceneNotStandalone, "scene '\(sceneID)' is an alert controller; alerts are presented over another scene, never shown alone")
        }
        if let parent = (parents ?? relationshipParents)[sceneID], sceneID != initialViewController {
            return ActionError(.sceneNotStandalone, "scene '\(sceneID)' is held by '\(parent)'; open it inside its container")
        }
        return nil
    }

    /// The hierarchy that opens `sceneID`: the outermost container holding it through
    /// relationships, with each tab bar and page view on the way showing the branch that leads to
    /// it (a split view shows its primary column in front where one column shows). Throws
    /// `unknown_scene` (with the nearest scene ids) or `scene_not_standalone`.
    public func openingPath(for sceneID: String) throws(ActionError) -> HierarchyPath {
        try openingPath(for: sceneID, parents: relationshipParents)
    }

    /// ``openingPath(for:)`` with ``relationshipParents`` worked out once (listing every scene).
    public func openingPath(for sceneID: String, parents: [String: String]) throws(ActionError) -> HierarchyPath {
        guard self[sceneID] != nil else {
            let near = nearestSceneIDs(to: sceneID)
            let hint = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "?"
            throw ActionError(.unknownScene, "no scene '\(sceneID)'\(hint)")
        }
        var node = HierarchyPath(scene: sceneID)
        var current = sceneID
        var seen: Set<String> = [sceneID]
        while let parentID = parents[current], current != initialViewController, let parent = self[parentID], seen.insert(parentID).inserted {
            var index: Int?
            switch parent.kind {
            case .tabBarController: index = parent.viewControllers.firstIndex(of: current)
            case .pageViewController:
                // A mid spine shows spreads: the page opens in the spread that holds it.
                let perView = (parent.pageView ?? PageViewSpec()).pagesPerView
                index = parent.pages.firstIndex(of: current).map { $0 - $0 % perView }
            case .splitViewController: index = parent.masterViewController == current ? 0 : nil
            default: index = nil
            }
            // The inner container's selection (a tab, a page) rides along inside the outer one,
            // so a tab bar inside a navigation controller still shows the tab holding the scene.
            var children: [HierarchyPath]?
            if node.index != nil || node.children != nil {
                switch parent.kind {
                case .tabBarController: children = parent.viewControllers.map { $0 == current ? node : HierarchyPath(scene: $0) }
                case .splitViewController:
                    if let master = parent.masterViewController, master != current { children = [HierarchyPath(scene: master), node] } else { children = [node] }
                default: children = [node]
                }
            }
            node = HierarchyPath(scene: parentID, index: index, children: children)
            current = parentID
        }
        if let problem = standaloneProblem(current, parents: parents) { throw problem }
        return node
    }

    /// Up to three scene ids (or storyboard identifiers and titles, answered as scene ids) closest
    /// to `text` by edit distance, nearest first; only reasonably close ones.
    public func nearestSceneIDs(to text: String, limit: Int = 3) -> [String] {
        let wanted = Array(text.lowercased().unicodeScalars)
        var scored: [(Int, String)] = []
        for scene in orderedScenes {
            var names = [scene.id]
            if let s = scene.storyboardIdentifier { names.append(s) }
            if let t = scene.title { names.append(t) }
            if let c = scene.className { names.append(c) }
            let best = names.map { Self.editDistance(wanted, Array($0.lowercased().unicodeScalars)) }.min() ?? .max
            let bound = max(2, wanted.count / 2)
            if best <= bound { scored.append((best, scene.id)) }
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.prefix(limit).map(\.1)
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = Swift.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&row, &previous)
        }
        return previous[b.count]
    }
}

extension Window {
    /// Launches the window showing `sceneID` as ``Storyboard/openingPath(for:)`` describes it,
    /// restored (no segues run) so its URL reopens it.
    @discardableResult
    public func open(sceneID: String) throws(ActionError) -> ActionOutcome {
        try restore(try storyboard.openingPath(for: sceneID))
    }
}
