/// `UITableViewController`: a content controller whose view is a table. While editing, its rows
/// show delete and reorder controls.
open class TableViewController: ViewController {
    open override var kind: SceneKind { scene?.kind ?? .tableViewController }
}

/// `UICollectionViewController`: shown as a grid of sample cells.
open class CollectionViewController: ViewController {
    open override var kind: SceneKind { scene?.kind ?? .collectionViewController }
}

/// `UIAlertController`: an alert or action sheet. Presenting one leaves the presenter on screen
/// and silent (like `overFullScreen`); choosing an action dismisses it, then runs the action.
open class AlertController: ViewController {
    open override var kind: SceneKind { .alertController }
    public var alert: AlertSpec { scene?.alert ?? AlertSpec() }
}
