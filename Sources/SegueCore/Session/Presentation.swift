/// Presentation and dismissal (docs/Semantics.md, Presentation).
extension Window {
    /// The controller that will present for `caller` with `style`: the caller's top-level
    /// controller, except for `currentContext`/`overCurrentContext`, which look up the caller's
    /// parents for one that `definesPresentationContext` (phone, iOS 7 era: `currentContext` is full
    /// screen; the modern era honours it on both idioms).
    func presentingController(for caller: ViewController, style: ModalPresentationStyle) -> ViewController {
        if style == .currentContext || style == .overCurrentContext,
           style == .overCurrentContext || traits.idiom == .pad || era == .modern {
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
        let plan = try planPresentation(of: PresentedDestination(controller), from: caller, style: style, transitionStyle: transitionStyle)
        try checkDetached(controller, "\(controller.id) is already in the hierarchy")
        // A page URL nests each presentation one level deeper, and names at most 64 levels
        // (a few kept for the children views embed as they load).
        if plan.presenter.urlDepth + 1 + controller.containmentHeight > HierarchyPath.maximumDepth - 4 {
            throw ActionError.illegal("presentations nested this deep have no page URL (at most \(HierarchyPath.maximumDepth - 4) levels)")
        }
        if let reason = plan.noOpReason {
            warn(reason)
            return
        }
        show(controller, presentedBy: plan.presenter, caller: caller, style: plan.style,
             transitionStyle: plan.transitionStyle, anchor: anchor, animated: animated)
    }

    /// Presents from an explicit presenting controller that presents nothing (URL navigation).
    func present(_ controller: ViewController, presenter: ViewController, style: ModalPresentationStyle,
                 transitionStyle: ModalTransitionStyle, anchor: String? = nil, animated: Bool) {
        show(controller, presentedBy: presenter, caller: presentationCaller(of: controller.sceneID, under: presenter),
             style: style, transitionStyle: transitionStyle, anchor: anchor, animated: animated)
    }

    /// The controller `present` was sent to, which a URL does not name: the deepest visible
    /// controller under `presenter` whose scene leads to the presented one (the screen whose code
    /// made an alert, whose handlers then run from it), else `presenter`.
    func presentationCaller(of sceneID: String?, under presenter: ViewController) -> ViewController {
        guard let sceneID else { return presenter }
        var found = presenter
        func visit(_ c: ViewController) {
            if c !== presenter, c.scene?.segues.contains(where: { $0.destination == sceneID }) == true { found = c }
            c.forEachVisibleChild(visit)
        }
        visit(presenter)
        return found
    }

    /// The presentation itself, once its rules are checked: one transition that links
    /// `controller` over `presenter` (`isBeingPresented` during it).
    private func show(_ controller: ViewController, presentedBy presenter: ViewController, caller: ViewController,
                      style: ModalPresentationStyle, transitionStyle: ModalTransitionStyle, anchor: String? = nil, animated: Bool) {
        run(presentationPlan(controller, over: presenter, caller: caller, style: style, transitionStyle: transitionStyle,
                             anchor: anchor), animated: animated)
        // A full-screen controller that does not allow the current orientation, or prefers
        // another, turns the interface as it appears (and back when dismissed).
        rotateForPresentation(of: controller)
    }

    /// A presentation: `controller` is linked over `presenter` and appears `{beingPresented}`,
    /// with what it covers disappearing.
    func presentationPlan(_ controller: ViewController, over presenter: ViewController, caller: ViewController,
                          style: ModalPresentationStyle, transitionStyle: ModalTransitionStyle, anchor: String?) -> TransitionPlan {
        TransitionPlan(attaching: [controller], reasons: [(controller, .beingPresented)], mutate: {
            self.link(presented: controller, over: presenter, caller: caller, style: style, transition: transitionStyle, anchor: anchor)
        })
    }

    /// What a presentation needs to know about the controller it shows, before it exists (its
    /// scene) or once it does (the controller, whose styles `prepare(for:sender:)` may change).
    struct PresentedDestination {
        var style: ModalPresentationStyle
        var transitionStyle: ModalTransitionStyle
        /// The alert's style when the destination is an alert controller.
        var alertStyle: AlertSpec.Style?

        init(_ controller: ViewController) {
            style = controller.modalPresentationStyle
            transitionStyle = controller.modalTransitionStyle
            alertStyle = (controller as? AlertController)?.alert.preferredStyle
        }

        init(_ scene: Scene) {
            style = scene.modalPresentationStyle ?? .automatic
            transitionStyle = scene.modalTransitionStyle ?? .coverVertical
            alertStyle = scene.kind == .alertController ? (scene.alert ?? AlertSpec()).preferredStyle : nil
        }
    }

    /// A presentation decided before anything happens.
    struct PresentationPlan {
        /// The controller that will present (the caller's top-level controller, or the one that
        /// defines the presentation context).
        var presenter: ViewController
        var style: ModalPresentationStyle
        var transitionStyle: ModalTransitionStyle
        /// Why UIKit would do nothing (a warning, no events), if it would.
        var noOpReason: String?
    }

    /// The rules of presenting, in one place: the effective style (`automatic` is full screen in
    /// the iOS 7 era, a page sheet in the modern era;
    /// an alert is over full screen, an action sheet a popover where the width is regular), the
    /// presenting controller, the transition style (a presentation context may provide its own),
    /// UIKit's no-op (the presenter already presents, or the caller's view is not in the window),
    /// and `partialCurl` (full screen only, never for an alert: an error before anything happens).
    func planPresentation(of destination: PresentedDestination, from caller: ViewController,
                          style requestedStyle: ModalPresentationStyle?,
                          transitionStyle requestedTransition: ModalTransitionStyle?) throws(ActionError) -> PresentationPlan {
        var style = requestedStyle ?? destination.style
        if style == .automatic { style = era.automaticStyle }
        if let alertStyle = destination.alertStyle {
            style = alertStyle == .actionSheet && traits.horizontalSizeClass == .regular ? .popover : .overFullScreen
        }
        let presenter = presentingController(for: caller, style: style)
        var transitionStyle = requestedTransition ?? destination.transitionStyle
        if style == .currentContext || style == .overCurrentContext, presenter.providesPresentationContextTransitionStyle {
            transitionStyle = presenter.modalTransitionStyle
        }
        var plan = PresentationPlan(presenter: presenter, style: style, transitionStyle: transitionStyle)
        if let (holder, existing) = presentationAbove(caller) {
            // The presenter is the caller or one of its parents; the caller reports what any of
            // them presents as its own presentedViewController.
            plan.noOpReason = holder === presenter
                ? "\(presenter.id) is already presenting \(existing.id); present does nothing"
                : "\(caller.id) is already presenting \(existing.id) (through \(holder.id)); present does nothing"
        } else if isLaunched, !visibleControllers.contains(where: { $0 === caller }) {
            plan.noOpReason = "\(caller.id) (\(caller.sceneID ?? "code")) presents while its view is not in the window hierarchy; present does nothing"
        }
        if plan.noOpReason == nil, transitionStyle == .partialCurl {
            if destination.alertStyle != nil { throw ActionError.illegal("an alert controller cannot be presented with partialCurl") }
            if style != .fullScreen {
                throw ActionError.illegal("partialCurl requires the fullScreen presentation style, not \(style.rawValue)")
            }
        }
        return plan
    }

    /// The nearest of `caller` and its parents that presents a controller, with that controller:
    /// UIKit reports it as the caller's `presentedViewController`, so the caller presents already.
    func presentationAbove(_ caller: ViewController) -> (ViewController, ViewController)? {
        var node: ViewController? = caller
        while let n = node {
            if let presented = n.presentedStorage { return (n, presented) }
            node = n.parent
        }
        return nil
    }

    /// How many controllers are presented, anywhere in the window.
    var presentedControllerCount: Int { allControllers.reduce(0) { $0 + ($1.presentingStorage != nil ? 1 : 0) } }

    /// Dismisses, routed as UIKit does: sent to a controller that presents (or
    /// lives in one that presents), it dismisses what is presented and everything above; sent to
    /// a presented controller, it is forwarded to its presenting controller. Nothing presented:
    /// a warning. `nil` dismisses the topmost presented controller on screen; one presented
    /// over the context of a tab that is not selected is out of reach (a warning).
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
            guard var top = visibleControllers.last(where: { $0.presentingStorage != nil }) else {
                warn("dismiss: nothing is presented")
                return
            }
            while let next = top.presentedViewController { top = next }
            target = top
        }
        dismissPresented(target, animated: animated)
    }

    /// Dismisses `presented` and everything presented above it in one transition, then turns
    /// the interface back to an orientation the uncovered controller supports, if needed.
    func dismissPresented(_ presented: ViewController, animated: Bool) {
        guard let plan = dismissalPlan(presented) else { return }
        let turnedFrom = orientationBefore(dismissing: presented)
        run(plan, animated: animated)
        rotateAfterDismissal(turnedFrom: turnedFrom)
    }

    /// What dismissing `presented` and everything above it takes: every presented controller of
    /// the chain is being dismissed, but only the topmost (and what shows inside it) gets
    /// disappear events; the ones between it and `presented` leave silently, even where a sheet
    /// left them on screen (only the topmost of a dismissed chain gets disappear events,
    /// intermediate ones get none).
    func dismissalPlan(_ presented: ViewController) -> TransitionPlan? {
        guard presented.presentingStorage != nil else { return nil }
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
        return TransitionPlan(reasons: chain.map { ($0, .beingDismissed) }, silent: silent,
                              mutate: { self.unlink(presented: presented) })
    }
}

extension Window {
    /// The dismissals of what the controllers leaving a container present (over their own
    /// context, as `currentContext`/`overCurrentContext` do), merged into one plan: such a
    /// controller goes with its presenter, dismissed (`isBeingDismissed`) in the same transition.
    func dismissalPlan(presentedIn leaving: [ViewController]) -> TransitionPlan {
        var plan = TransitionPlan()
        func visit(_ c: ViewController) {
            if let presented = c.presentedStorage, let part = dismissalPlan(presented) { plan.append(part) }
            for child in c.children { visit(child) }
        }
        for c in leaving { visit(c) }
        return plan
    }
}

extension ViewController {
    /// How deep a page URL names this controller: one level per parent and per presenter.
    var urlDepth: Int {
        var depth = 0
        var node = self
        while let up = node.parent ?? node.presentingStorage {
            depth += 1
            node = up
        }
        return depth
    }

    /// How many levels of children this controller holds (0 without children).
    var containmentHeight: Int { children.map { $0.containmentHeight + 1 }.max() ?? 0 }

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
