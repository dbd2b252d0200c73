/// Carrying a session over to an edited flow (live reload).
///
/// When the flow file or storyboard changes under a running session, the session keeps every
/// controller the new flow still has: its URL is restored against the new flow after dropping
/// what is gone. A navigation stack keeps its entries up to the first scene that is gone (so
/// the screen falls back to the nearest ancestor that remains); a presented controller whose scene
/// is gone is dropped with everything above it; a tab bar, split or page view controller whose
/// children no longer match the new flow gets the new flow's children (keeping the selected tab
/// or page when it is still in range). Nothing runs a segue: the window is rebuilt by restoration,
/// as a bookmark of the URL would be.
extension Storyboard {
    /// `path` with what this storyboard no longer has removed; nil when its root is gone or can
    /// no longer be a window's root.
    public func keepingWhatRemains(of path: HierarchyPath) -> HierarchyPath? {
        guard self[path.scene] != nil else { return nil }
        if path.scene != initialViewController, standaloneProblem(path.scene) != nil { return nil }
        return prune(path)
    }

    private func prune(_ node: HierarchyPath) -> HierarchyPath {
        var out = node
        let scene = self[node.scene]!
        if let children = node.children { pruneChildren(children, of: node, scene: scene, into: &out) }
        return pruneAbove(node, scene: scene, into: out)
    }

    /// A container's children the new flow still has (see the rules above).
    private func pruneChildren(_ children: [HierarchyPath], of node: HierarchyPath, scene: Scene, into out: inout HierarchyPath) {
        switch scene.kind {
        case .navigationController:
            // The stack up to the first entry that is gone; a stack left empty starts over
            // from the storyboard's root.
            var kept: [HierarchyPath] = []
            for child in children {
                guard let s = self[child.scene], s.kind != .navigationController else { break }
                kept.append(prune(child))
            }
            if kept.first.map({ $0.scene != scene.rootViewController }) ?? false, scene.rootViewController != nil {
                kept = []
            }
            out.children = kept.isEmpty ? nil : kept
        case .tabBarController:
            let expected = scene.relationshipTargets
            if children.count == expected.count, children.map(\.scene).sorted() == expected.sorted() {
                out.children = children.map(prune)
            } else {
                out.children = nil
            }
            if let index = node.index, index >= expected.count + 1 { out.index = nil }
        case .splitViewController:
            let expected = scene.relationshipTargets
            if children.count <= expected.count, children.first.map({ $0.scene == expected.first }) ?? true,
               children.allSatisfy({ self[$0.scene] != nil }) {
                out.children = children.map(prune)
            } else {
                out.children = nil
            }
        case .pageViewController:
            out.children = nil
            if let index = node.index, index >= scene.pages.count { out.index = nil }
        default:
            // Children embedded in a content controller (container views).
            let kept = children.filter { self[$0.scene] != nil }.map(prune)
            out.children = scene.canHoldChildren && kept.count == children.count ? kept : nil
        }
    }

    /// What was pushed above a tab inside More and what is presented, as the new flow has them.
    private func pruneAbove(_ node: HierarchyPath, scene: Scene, into pruned: HierarchyPath) -> HierarchyPath {
        var out = pruned
        if let pushed = node.pushedInMore {
            var kept: [HierarchyPath] = []
            for p in pushed {
                guard let s = self[p.scene], s.kind != .navigationController else { break }
                kept.append(prune(p))
            }
            out.pushedInMore = kept.isEmpty ? nil : kept
        }
        if let presented = node.presented {
            if self[presented.node.scene] != nil {
                out.presented = HierarchyPath.Presented(style: presented.style, transition: presented.transition, anchor: presented.anchor, node: prune(presented.node))
            } else {
                out.presented = nil
            }
        }
        if out.index != nil, ![.tabBarController, .pageViewController, .splitViewController].contains(scene.kind) {
            out.index = nil
        }
        return out
    }
}

extension Window {
    /// A window on `storyboard` showing as much of `path` (a state path of the flow before it
    /// changed) as the new flow still has; falls back to presenting less, then to the flow's
    /// launch. With `counters` (the replaced window's version and last event seq) the new window
    /// continues them, keeping `events`, the replaced window's log, before its own
    /// (``continueCounting(version:lastSeq:keeping:)``). Throws only when the new flow cannot
    /// launch at all.
    public static func carryingOver(path: String, to storyboard: Storyboard, id: String, registry: ControllerRegistry = ControllerRegistry(),
                                    traits: Traits, eventLogCapacity: Int? = nil,
                                    continuing counters: (version: Int, lastSeq: Int)? = nil, keeping events: [Event] = [],
                                    locale: String? = nil) throws(ActionError) -> Window {
        func fresh() -> Window {
            let w = Window(id: id, storyboard: storyboard, registry: registry, traits: traits)
            w.locale = locale
            if let eventLogCapacity { w.eventLogCapacity = eventLogCapacity }
            if let counters { w.continueCounting(version: counters.version, lastSeq: counters.lastSeq, keeping: events) }
            return w
        }
        if let old = HierarchyPath(encoded: path), var path = storyboard.keepingWhatRemains(of: old) {
            // The whole remaining hierarchy, then without presentations, then the root alone.
            var attempts = [path]
            path.presented = nil
            attempts.append(path)
            attempts.append(HierarchyPath(scene: path.scene))
            for attempt in attempts {
                let w = fresh()
                do {
                    try w.restore(attempt)
                    return w
                } catch {
                    continue
                }
            }
        }
        let w = fresh()
        try w.launch()
        return w
    }
}
