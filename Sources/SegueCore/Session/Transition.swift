/// The one transition rule (docs/Semantics.md, Canonical orders): X will-disappear → Y will-appear → (commit) →
/// X did-disappear → Y did-appear, with views loaded before the first will-event and containment
/// events bracketing the whole.
///
/// Every operation runs through `transition(...)`: it snapshots what is visible, applies the
/// mutation, and sends appearance callbacks to exactly the controllers that left or entered the
/// window, parent first, depth first. Propagation to visible descendants falls out
/// of the visible-tree diff.
extension Window {
    /// `silentlyLeaving`: controllers that leave the window without disappear events (the
    /// intermediate controllers of a dismissed presentation chain); they end up `disappeared`.
    func transition(
        animated: Bool,
        reasons: [(ViewController, AppearanceReason)] = [],
        silentlyLeaving silent: [ViewController] = [],
        mutate: () -> Void,
        beforeCommit: () -> Void = {},
        afterCommit: () -> Void = {}
    ) {
        let before = visibleControllers
        mutate()
        // A handful of controllers are visible at once: a linear search beats hashing them.
        func wasVisible(_ c: ViewController) -> Bool { before.contains { $0 === c } }
        for (c, r) in reasons { c.reasons.formUnion(r) }
        // Load incoming views parent first, depth first; loading a view may embed children
        // (embed segues), whose views then load before the next sibling's.
        var after = visibleControllers
        while let next = after.first(where: {
            !$0.isViewLoaded && !wasVisible($0) && $0.shouldBeTrackedForAppearance
        }) {
            loadViewIfNeeded(next)
            after = visibleControllers
        }
        var disappearing = before.filter { c in !after.contains { $0 === c } && c.shouldBeTrackedForAppearance }
        if !silent.isEmpty {
            disappearing.removeAll { c in silent.contains { $0 === c } }
            for c in silent where !after.contains(where: { $0 === c }) { c.appearance = .disappeared }
        }
        let appearing = after.filter { !wasVisible($0) && $0.shouldBeTrackedForAppearance }

        // A navigation controller shown for the first time tells its delegate about the
        // controller it shows on top (the root at first display; a collapsed split view's
        // secondary on its primary's stack), as a push tells it about the pushed controller; so
        // does one whose top changed while it was off screen (UIKit defers that transition).
        // The More navigation controller is first shown either with its list, which it tells
        // of here, or with a tab selected inside More, which the selection tells of.
        let firstShown = appearing.compactMap { c -> (NavigationController, ViewController)? in
            guard let nav = c as? NavigationController else { return nil }
            let first = !nav.hasBeenShown && (!(nav is MoreNavigationController) || nav.topViewController is MoreListController)
            nav.hasBeenShown = true
            guard first || nav.hasDeferredShow else { return nil }
            nav.hasDeferredShow = false
            return nav.visibleChildren.last.map { (nav, $0) }
        }

        for c in disappearing { sendAppearance(c, .viewWillDisappear, animated) }
        for c in appearing { sendAppearance(c, .viewWillAppear, animated) }
        for c in appearing { sendLayout(c) }
        for (nav, top) in firstShown { sendDelegate(nav, .navigationControllerWillShow, child: top) }
        beforeCommit()
        for c in disappearing { sendAppearance(c, .viewDidDisappear, animated) }
        for c in appearing { sendAppearance(c, .viewDidAppear, animated) }
        for (c, _) in reasons { c.reasons = [] }
        for (nav, top) in firstShown { sendDelegate(nav, .navigationControllerDidShow, child: top) }
        afterCommit()
    }

    /// Runs a planned transition: its containment events first, then the transition.
    func run(_ plan: TransitionPlan, animated: Bool) {
        plan.prepare()
        transition(animated: animated, reasons: plan.reasons, mutate: plan.mutate,
                   beforeCommit: plan.beforeCommit, afterCommit: plan.afterCommit)
    }

    /// `loadView` then `viewDidLoad`, once per instance, never earlier than needed for display.
    func loadViewIfNeeded(_ c: ViewController) {
        guard !c.isViewLoaded else { return }
        c.isViewLoaded = true
        record(c, .loadView)
        c.loadView()
        loadEmbeddedChildren(of: c)
        record(c, .viewDidLoad)
        c.viewDidLoad()
    }

    func sendAppearance(_ c: ViewController, _ name: EventName, _ animated: Bool) {
        switch name {
        case .viewWillAppear: c.appearance = .appearing
        case .viewDidAppear: c.appearance = .appeared
        case .viewWillDisappear: c.appearance = .disappearing
        case .viewDidDisappear: c.appearance = .disappeared
        default: break
        }
        record(c, name) {
            $0.animated = animated
            $0.reasons = c.reasons
        }
        switch name {
        case .viewWillAppear: c.viewWillAppear(animated)
        case .viewDidAppear: c.viewDidAppear(animated)
        case .viewWillDisappear: c.viewWillDisappear(animated)
        case .viewDidDisappear: c.viewDidDisappear(animated)
        default: break
        }
    }

    func sendLayout(_ c: ViewController) {
        record(c, .viewWillLayoutSubviews)
        c.viewWillLayoutSubviews()
        record(c, .viewDidLayoutSubviews)
        c.viewDidLayoutSubviews()
    }

    func sendWillMove(_ c: ViewController, to parent: ViewController?) {
        record(c, .willMoveToParentViewController) { $0.parent = parent?.id }
        c.willMove(toParent: parent)
    }

    func sendDidMove(_ c: ViewController, to parent: ViewController?) {
        record(c, .didMoveToParentViewController) { $0.parent = parent?.id }
        c.didMove(toParent: parent)
    }

    /// `navigationControllerWillShow`/`DidShow`, as the new top is shown: a navigation controller
    /// off screen tells its delegate when it is shown next (see `transition`).
    func sendShowDelegate(_ nav: NavigationController, _ name: EventName, child: ViewController) {
        // On screen: in `visibleControllers` once the transition's change is made, which for a
        // controller whose appearance is forwarded automatically is its appearance state (it
        // heard viewWillAppear, or appeared before), without walking the window.
        let onScreen = nav.shouldBeTrackedForAppearance
            ? isLaunched && (nav.appearance == .appeared || nav.appearance == .appearing)
            : visibleControllers.contains(where: { $0 === nav })
        assert(onScreen == visibleControllers.contains(where: { $0 === nav }), "\(nav.id) is \(nav.appearance) but on screen is \(!onScreen)")
        guard onScreen else {
            nav.hasDeferredShow = nav.hasBeenShown || nav is MoreNavigationController
            return
        }
        sendDelegate(nav, name, child: child)
    }

    func sendDelegate(_ container: ViewController, _ name: EventName, child: ViewController, value: Bool? = nil) {
        record(container, name) {
            $0.child = child.id
            $0.value = value
        }
    }
}

/// What one operation changes, as the parts of a transition decided before it runs, so that the
/// operation can run alone (`Window.run`) or join another's transition (an unwind that dismisses,
/// switches tabs and pops at once).
struct TransitionPlan {
    /// Containment events sent before the transition.
    var prepare: () -> Void = {}
    var reasons: [(ViewController, AppearanceReason)] = []
    var mutate: () -> Void
    var beforeCommit: () -> Void = {}
    var afterCommit: () -> Void = {}
}
