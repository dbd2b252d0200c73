/// Presentation and dismissal (docs/Semantics.md, Presentation).
extension Window {
    /// The controller that will present for `caller` with `style`: the caller's top-level
    /// controller, except for `currentContext`/`overCurrentContext`, which look up the caller's
    /// parents for one that `definesPresentationContext` (phone: `currentContext` is full screen).
    func presentingController(for caller: ViewController, style: ModalPresentationStyle) -> ViewController {
        if style == .currentContext || style == .overCurrentContext,
           style == .overCurrentContext || traits.idiom == .pad {
            var node: ViewController? = caller
            while let n = node {
                if n.definesPresentationContext { return n }
                node = n.parent
            }
        }
        return caller.topLevel
    }

    /// Presents `controller` from `caller`, with a presentation's events. Presenting while the
    /// presenting controller already presents is UIKit's no-op: a warning, no events.
    public func present(
        _ controller: ViewController, from caller: ViewController,
        style: ModalPresentationStyle? = nil, transitionStyle: ModalTransitionStyle? = nil,
        anchor: String? = nil, animated: Bool = true
    ) throws(ActionError) {
        var style = style ?? controller.modalPresentationStyle
        if style == .automatic { style = .fullScreen }
        if controller is AlertController {
            style = (controller as! AlertController).alert.preferredStyle == .actionSheet
                && traits.horizontalSizeClass == .regular ? .popover : .overFullScreen
        }
        let presenter = presentingController(for: caller, style: style)
        var transitionStyle = transitionStyle ?? controller.modalTransitionStyle
        if style == .currentContext || style == .overCurrentContext,
           presenter.providesPresentationContextTransitionStyle {
            transitionStyle = presenter.modalTransitionStyle
        }
        try checkTransitionStyle(style: style, transitionStyle: transitionStyle, isAlert: false)
        guard controller.parent == nil, controller.presentingStorage == nil, controller !== root else {
            throw ActionError.illegal("\(controller.id) is already in the hierarchy")
        }
        if let reason = presentNoOpReason(from: caller, style: style) {
            warn(reason)
            return
        }
        attach(controller)
        transition(
            animated: animated,
            reasons: [(controller, .beingPresented)],
            mutate: {
                presenter.presentedStorage = controller
                controller.presentingStorage = presenter
                controller.presentationCaller = caller
                controller.presentedStyle = style
                controller.presentedTransition = transitionStyle
                controller.popoverAnchor = style == .popover || controller is AlertController ? anchor : nil
            }
        )
    }

    /// `partialCurl` only with full screen: otherwise 409, before anything happens.
    func checkTransitionStyle(style: ModalPresentationStyle, transitionStyle: ModalTransitionStyle, isAlert: Bool) throws(ActionError) {
        guard transitionStyle == .partialCurl else { return }
        if isAlert { throw ActionError.illegal("an alert controller cannot be presented with partialCurl") }
        if style != .fullScreen && style != .automatic {
            throw ActionError.illegal("partialCurl requires the fullScreen presentation style, not \(style.rawValue)")
        }
    }

    /// Why presenting from `caller` would be UIKit's no-op, if it would: the presenting
    /// controller already presents something, or the caller's view is not in the window (an
    /// unselected tab, a controller below the top of a stack, one covered by a full-screen
    /// presentation), which UIKit refuses with a warning.
    func presentNoOpReason(from caller: ViewController, style: ModalPresentationStyle) -> String? {
        let presenter = presentingController(for: caller, style: style)
        if let existing = presenter.presentedStorage {
            return "\(presenter.id) is already presenting \(existing.id); present does nothing"
        }
        if isLaunched, !visibleControllers.contains(where: { $0 === caller }) {
            return "\(caller.id) (\(caller.sceneID ?? "code")) presents while its view is not in the window hierarchy; present does nothing"
        }
        return nil
    }

    /// Dismisses, routed as UIKit does: sent to a controller that presents (or
    /// lives in one that presents), it dismisses what is presented and everything above; sent to
    /// a presented controller, it is forwarded to its presenting controller. Nothing presented:
    /// a warning. `nil` dismisses the topmost presented controller.
    public func dismiss(from receiver: ViewController?, animated: Bool = true) {
        let target: ViewController
        if let receiver {
            if let presented = receiver.presentedViewController {
                target = presented
            } else if receiver.topLevel.presentingStorage != nil {
                target = receiver.topLevel
            } else {
                warn("dismiss: \(receiver.id) presents nothing and is not presented; nothing to dismiss")
                return
            }
        } else {
            guard let top = topmostPresented else {
                warn("dismiss: nothing is presented")
                return
            }
            target = top
        }
        dismissPresented(target, animated: animated)
    }

    /// Dismisses `presented` and everything presented above it in one transition, then turns
    /// the interface back to an orientation the uncovered controller supports, if needed.
    func dismissPresented(_ presented: ViewController, animated: Bool) {
        guard let plan = dismissalPlan(presented) else { return }
        transition(animated: animated, reasons: plan.reasons, silentlyLeaving: plan.silent, mutate: plan.mutate)
        rotateToSupportedOrientationIfNeeded()
    }

    /// What dismissing `presented` and everything above it takes: every presented controller of
    /// the chain is being dismissed, but only the topmost (and what shows inside it) gets
    /// disappear events; the ones between it and `presented` leave silently, even where a sheet
    /// left them on screen (only the topmost of a dismissed chain gets disappear events,
    /// intermediate ones get none).
    func dismissalPlan(_ presented: ViewController) -> DismissalPlan? {
        guard let presenter = presented.presentingStorage else { return nil }
        var chain: [ViewController] = []
        func collect(_ c: ViewController) {
            if c.presentingStorage != nil { chain.append(c) }
            for child in c.children { collect(child) }
            if let p = c.presentedStorage { collect(p) }
        }
        collect(presented)
        var topmost = presented
        while let next = topmost.presentedStorage { topmost = next }
        var silent: [ViewController] = []
        func silence(_ c: ViewController) {
            silent.append(c)
            for child in c.children { silence(child) }
        }
        var node: ViewController? = presented
        while let n = node, n !== topmost {
            silence(n)
            node = n.presentedStorage
        }
        return DismissalPlan(reasons: chain.map { ($0, .beingDismissed) }, silent: silent) {
            presenter.presentedStorage = nil
            presented.presentingStorage = nil
        }
    }
}

extension Window {
    /// The dismissals of what the controllers leaving a container present (over their own
    /// context, as `currentContext`/`overCurrentContext` do), merged into one plan: such a
    /// controller goes with its presenter, dismissed (`isBeingDismissed`) in the same transition.
    func dismissalPlan(presentedIn leaving: [ViewController]) -> DismissalPlan {
        var plan = DismissalPlan(reasons: [], silent: [], mutate: {})
        var mutations: [() -> Void] = []
        func visit(_ c: ViewController) {
            if let presented = c.presentedStorage, let part = dismissalPlan(presented) {
                plan.reasons += part.reasons
                plan.silent += part.silent
                mutations.append(part.mutate)
            }
            for child in c.children { visit(child) }
        }
        for c in leaving { visit(c) }
        plan.mutate = { for m in mutations { m() } }
        return plan
    }
}

/// The parts of a dismissal, so an unwind can run it in the same transition as its pops.
struct DismissalPlan {
    var reasons: [(ViewController, AppearanceReason)]
    var silent: [ViewController]
    var mutate: () -> Void
}

extension ViewController {
    /// `present(_:animated:)`.
    public func present(_ controller: ViewController, animated: Bool = true) throws(ActionError) {
        guard let window else { throw ActionError.illegal("\(id) is not in a window") }
        try window.present(controller, from: self, animated: animated)
    }

    /// `dismiss(animated:)`, routed as UIKit does.
    public func dismiss(animated: Bool = true) {
        window?.dismiss(from: self, animated: animated)
    }
}
