/// The modern era's sheets (docs/Semantics.md, "Two eras"): which presentations are cards, and
/// dismissing one by dragging it down, with its presentation controller's delegate events.
extension Window {
    /// Whether `presented` is shown as a card that a person can drag down: a page or form sheet
    /// in the modern era (at compact width a card over its scaled-back presenter, at regular
    /// width a sheet over a dimmed one). Alerts and popovers are not sheets.
    public func isSheet(_ presented: ViewController) -> Bool {
        guard era == .modern, presented.presentingStorage != nil, !(presented is AlertController) else { return false }
        return presented.presentedStyle == .pageSheet || presented.presentedStyle == .formSheet
    }

    /// The sheet `controllerID` names (a sheet, or a controller inside one), else the frontmost
    /// presented controller; an error when that is no sheet a person could drag now.
    func draggableSheet(_ controllerID: String?) throws(ActionError) -> ViewController {
        guard era == .modern else {
            throw ActionError.illegal("sheets are dragged down only in the modern era (this flow follows iOS 7)")
        }
        let target: ViewController
        if let controllerID {
            guard let c = controller(id: controllerID) else { throw ActionError(.unknownController, "no controller '\(controllerID)'") }
            target = c.topLevel
        } else {
            guard let top = topmostPresented else { throw ActionError.illegal("nothing is presented; there is no sheet to drag") }
            target = top
        }
        guard isSheet(target) else {
            throw ActionError.illegal("\(target.id) is not presented as a page or form sheet; only sheets are dragged down")
        }
        guard target.presentedStorage == nil else {
            throw ActionError.illegal("\(target.id) presents \(target.presentedStorage?.id ?? "a controller"); only the front sheet is dragged")
        }
        guard visibleControllers.contains(where: { $0 === target }) else {
            throw ActionError.illegal("\(target.id) is not on screen")
        }
        return target
    }

    /// A person drags a sheet down (`dismissSheet`). Refused while the sheet, or a controller
    /// showing inside it, is modal in presentation, or when it answers
    /// `presentationControllerShouldDismiss` with false: only
    /// `presentationControllerDidAttemptToDismiss`. Else `presentationControllerWillDismiss`,
    /// the dismissal (the sheet's disappear events with `isBeingDismissed`; its presenter, which
    /// stayed in the window, gets none), then `presentationControllerDidDismiss`.
    func dismissSheet(_ controllerID: String?, animated: Bool) throws(ActionError) {
        let sheet = try draggableSheet(controllerID)
        if isModal(sheet) {
            sendDelegate(sheet, .presentationControllerDidAttemptToDismiss, child: sheet)
            return
        }
        let allowed = sheet.presentationControllerShouldDismiss()
        sendDelegate(sheet, .presentationControllerShouldDismiss, child: sheet, value: allowed)
        guard allowed else {
            sendDelegate(sheet, .presentationControllerDidAttemptToDismiss, child: sheet)
            return
        }
        guard let plan = dismissalPlan(sheet) else { return }
        sendDelegate(sheet, .presentationControllerWillDismiss, child: sheet)
        transition(animated: animated, reasons: plan.reasons, silentlyLeaving: plan.silent, mutate: plan.mutate,
                   afterCommit: { self.sendDelegate(sheet, .presentationControllerDidDismiss, child: sheet) })
        rotateToSupportedOrientationIfNeeded()
    }

    /// `isModalInPresentation` of the sheet or of a controller showing inside it (a navigation
    /// controller's top, as UIKit asks the sheet's visible children).
    func isModal(_ sheet: ViewController) -> Bool {
        visibleControllers.contains { $0.isModalInPresentation && $0.topLevel === sheet }
    }
}
