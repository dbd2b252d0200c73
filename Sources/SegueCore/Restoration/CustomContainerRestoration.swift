/// Custom container children in URLs (docs/Semantics.md, Restoration and URLs): the children a
/// content controller adds in code (`addChild`) beside those its embed segues make, restored and
/// reconciled as the URL lists them. A child whose view is not in its container's view (added
/// with `showingView: false`, or the `from` side of a transition) carries `v=0` in its state.
extension Window {
    /// Runs `body` with embedded children's view loads deferred (restoration's parent-first order).
    func deferringEmbeddedViewLoads(_ body: () -> Void) {
        let was = defersEmbeddedViewLoads
        defersEmbeddedViewLoads = true
        body()
        defersEmbeddedViewLoads = was
    }

    /// After a host's view loaded (its embed segues ran): the children the URL lists beyond
    /// those, added as UIKit's restoration adds them (`willMove`/`didMove`, no appearance), and
    /// each child's view in or out of the container as its `v` entry says.
    func restoreAddedChildren(of host: ViewController, _ node: HierarchyPath) throws(ActionError) {
        guard !host.isBuiltInContainer, let wanted = node.children else { return }
        for (i, childNode) in wanted.enumerated() {
            if i < host.children.count {
                if host.children[i].sceneID == childNode.scene { host.children[i].isViewInContainerView = childNode.showsViewInContainer }
                continue
            }
            let child = try instantiate(sceneID: childNode.scene)
            apply(TransitionPlan(before: [.willMove(child, to: host)], mutate: {
                host.linkChild(child)
                child.isViewInContainerView = childNode.showsViewInContainer
            }, didCommit: [.didMove(child, to: host)]))
        }
    }

    /// Browser back and forward over `addChild`, `removeFromParent` and `transition`: children
    /// after the longest common prefix are removed and the URL's added, each with its events;
    /// then views go in or out of the container as the URL says, in one transition.
    func reconcileAddedChildren(of host: ViewController, with wanted: [HierarchyPath], animated: Bool) throws(ActionError) {
        guard !host.isContainer, !host.isBuiltInContainer, host.isViewLoaded else { return }
        var common = 0
        while common < min(wanted.count, host.children.count), host.children[common].sceneID == wanted[common].scene { common += 1 }
        for child in host.children[common...].reversed() where child.embedSegueID == nil { try child.removeFromParent(animated: animated) }
        for childNode in wanted.dropFirst(host.children.count) {
            try host.addChild(try instantiate(sceneID: childNode.scene), showingView: childNode.showsViewInContainer, animated: animated)
        }
        let flips = zip(host.children, wanted).filter { $0.0.sceneID == $0.1.scene && $0.0.isViewInContainerView != $0.1.showsViewInContainer }
        guard !flips.isEmpty else { return }
        run(TransitionPlan(mutate: {
            for (child, childNode) in flips { child.isViewInContainerView = childNode.showsViewInContainer }
        }), animated: animated)
    }
}

extension HierarchyPath {
    /// A custom container's child: whether its view is in the container's view (no `v=0`).
    var showsViewInContainer: Bool { !state.contains { $0.key == "v" && $0.value == "0" } }
}
