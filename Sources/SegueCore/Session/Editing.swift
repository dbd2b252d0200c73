/// Editing mode: `setEditing(_:animated:)` on a controller, from an Edit button or an action.
extension Window {
    func setEditing(_ editing: Bool, on c: ViewController, animated: Bool) {
        guard c.isEditing != editing else {
            warn("\(c.id) is already \(editing ? "editing" : "not editing")")
            return
        }
        record(c, .setEditing) {
            $0.value = editing
            $0.animated = animated
        }
        c.setEditing(editing, animated: animated)
        c.isEditing = editing
    }
}
