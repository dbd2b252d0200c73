import SegueCore

/// Swipe to delete read from the code: a table view's data source that implements
/// `tableView(_:commit:forRowAt:)` (`tableView:commitEditingStyle:forRowAtIndexPath:`) gets
/// UIKit's Delete button when a row is swiped, in every iOS since 3. A class that returns its own
/// actions (`trailingSwipeActionsConfigurationForRowAt`, `editActionsForRowAt`) shows those
/// instead, which only running code knows: such classes get nothing.
enum RowDeletion {
    static let commitSelectors: Set<String> = [
        "tableView:commit:forRowAt:", "tableView:commitEditingStyle:forRowAtIndexPath:",
    ]
    static let customActionSelectors: Set<String> = [
        "tableView:trailingSwipeActionsConfigurationForRowAt:", "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:",
        "tableView:editActionsForRowAt:", "tableView:editActionsForRowAtIndexPath:",
    ]

    /// The classes of the app whose tables delete rows by swiping: the class or one it inherits
    /// from commits deletions, and none of them returns actions of its own.
    static func classes(index: AppIndex) -> Set<String> {
        Set(index.methods.keys.filter { cls in
            let selectors = Set(index.lineage(cls).flatMap { index.methods[$0] ?? [] }.map(\.facts.selector))
            return !selectors.isDisjoint(with: commitSelectors) && selectors.isDisjoint(with: customActionSelectors)
        })
    }

    /// Adds the Delete buttons to the scenes of `classes`, in every idiom and language.
    static func apply(_ classes: Set<String>, to storyboard: inout Storyboard) {
        guard !classes.isEmpty else { return }
        storyboard.updateEverySceneTable { scenes in
            for id in Array(scenes.keys) where scenes[id]?.className.map(classes.contains) ?? false {
                addDeleteActions(to: &scenes[id]!)
            }
        }
    }

    /// Gives every row of the tables of `scene` that has no trailing swipe action of its own
    /// UIKit's Delete button.
    static func addDeleteActions(to scene: inout Scene) {
        for i in scene.view.indices { addDeleteActions(to: &scene.view[i]) }
    }

    private static func addDeleteActions(to node: inout ViewNode) {
        if node.kind == .table {
            for s in node.sections.indices {
                for r in node.sections[s].rows.indices where node.sections[s].rows[r].trailingSwipeActions.isEmpty {
                    node.sections[s].rows[r].trailingSwipeActions = [SwipeAction.delete]
                }
            }
        }
        for i in node.children.indices { addDeleteActions(to: &node.children[i]) }
    }
}
