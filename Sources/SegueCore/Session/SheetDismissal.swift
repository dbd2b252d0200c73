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
        func delegate(_ name: EventName, _ value: Bool? = nil) -> HierarchyCall {
            .delegate(sheet, name, child: sheet, value: value)
        }
        if isModal(sheet) {
            apply(TransitionPlan(before: [delegate(.presentationControllerDidAttemptToDismiss)]))
            return
        }
        let allowed = sheet.presentationControllerShouldDismiss()
        guard allowed, var plan = dismissalPlan(sheet) else {
            apply(TransitionPlan(before: [delegate(.presentationControllerShouldDismiss, false),
                                          delegate(.presentationControllerDidAttemptToDismiss)]))
            return
        }
        plan.before = [delegate(.presentationControllerShouldDismiss, true), delegate(.presentationControllerWillDismiss)] + plan.before
        plan.didCommit.append(delegate(.presentationControllerDidDismiss))
        run(plan, animated: animated)
        rotateToSupportedOrientationIfNeeded()
    }

    /// `isModalInPresentation` of the sheet or of a controller showing inside it (a navigation
    /// controller's top, as UIKit asks the sheet's visible children).
    func isModal(_ sheet: ViewController) -> Bool {
        visibleControllers.contains { $0.isModalInPresentation && $0.topLevel === sheet }
    }
}
