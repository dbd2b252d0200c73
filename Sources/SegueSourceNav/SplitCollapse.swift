import SegueCore

/// A split view delegate that keeps the primary when the columns collapse: its
/// `splitViewController(_:collapseSecondary:onto:)` (`…collapseSecondaryViewController:
/// ontoPrimaryViewController:`) answers `true` (`YES`) on some path, as Xcode's master-detail
/// template does while no item is chosen, so a phone starts on the primary, not an empty
/// secondary. The delegate may be the split view controller's class or another object (the app
/// delegate, a delegate class of its own): then every split view of the app is concerned.
enum SplitCollapse {
    /// `splitViewController(_:collapseSecondary:onto:)`, also as Swift 2 labelled its first
    /// parameter, and in Objective-C.
    static func isCollapseMethod(_ facts: MethodFacts) -> Bool {
        facts.name.hasPrefix("splitViewController") && facts.selector.contains(":collapseSecondary")
    }

    /// The split view scenes whose delegate keeps the primary: a class's own scenes when it is a
    /// split view controller with scenes, every split view scene when another object is the delegate.
    static func scenes(index: AppIndex) -> Set<String> {
        let classes = index.methods.filter { _, methods in methods.contains { isCollapseMethod($0.facts) && $0.facts.mayReturnTrue } }.keys
        guard !classes.isEmpty else { return [] }
        let own = classes.filter { !(index.scenesByClass[$0] ?? []).isEmpty && index.lineage($0).contains("UISplitViewController") }
        let splits = index.storyboard.orderedScenes.filter { $0.kind == .splitViewController }
        if own.count < classes.count { return Set(splits.map(\.id)) }
        return Set(splits.filter { $0.className.map(own.contains) == true }.map(\.id))
    }

    /// Marks those scenes (``Scene/showsPrimaryWhenCollapsed``), in every idiom and language.
    static func apply(_ ids: Set<String>, to storyboard: inout Storyboard) {
        guard !ids.isEmpty else { return }
        storyboard.updateEverySceneTable { scenes in
            for id in ids where scenes[id]?.kind == .splitViewController { scenes[id]?.showsPrimaryWhenCollapsed = true }
        }
    }
}
