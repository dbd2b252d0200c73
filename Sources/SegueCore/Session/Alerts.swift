/// Alert actions: choosing one dismisses the alert, then runs its wiring from the controller
/// that presented it.
extension Window {
    /// Choosing an alert action dismisses the alert, then runs the action's wiring from the
    /// controller that presented it.
    func runAlertAction(_ alert: AlertController, index: Int, sender: Element, animated: Bool) throws(ActionError) {
        let action = alert.alert.actions[index]
        let caller = alert.presentationCaller ?? alert.presentingStorage
        var tap = action.tap
        if case .segue(let id)? = tap, let caller, alert.scene?.segue(id) == nil {
            // A handler's `performSegue(withIdentifier:)` names the segue as the app's code sees it.
            guard let spec = caller.scene?.segue(id) ?? caller.scene?.segues.first(where: { $0.codeIdentifier == id }) else {
                throw ActionError(.unknownSegue, "no segue '\(id)' for alert action '\(action.title)'")
            }
            tap = .segue(spec.id)
        }
        dismiss(from: alert, animated: animated)
        guard let tap, let caller else { return }
        if case .segue(let id) = tap, let spec = alert.scene?.segue(id) {
            // A segue declared on the alert scene runs from the presenter, like a handler would.
            try performDeclaredSegue(spec, from: caller, sender: sender, animated: animated)
        } else if case .segue(let id) = tap {
            // The presenter's own segue, as a handler's `performSegue`: no shouldPerformSegue.
            try performSegue(id, from: caller, sender: sender, userInitiated: false, animated: animated)
        } else {
            try run(tap, owner: caller, sender: sender, animated: animated)
        }
    }
}
