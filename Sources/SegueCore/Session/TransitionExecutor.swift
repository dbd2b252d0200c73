/// The executor: runs every `TransitionPlan` (`run`, or `apply` where no transition shows) and is
/// the only code that sends `willMove`, `didMove`, appearance and delegate events.
///
/// The one transition rule (docs/Semantics.md, Canonical orders): X will-disappear → Y will-appear
/// → (commit) → X did-disappear → Y did-appear, with views loaded before the first will-event and
/// containment events bracketing the whole. A transition snapshots what is visible, applies the
/// plan's change, and sends appearance callbacks to exactly the controllers that left or entered
/// the window, parent first, depth first. Propagation to visible descendants falls out of the
/// visible-tree diff.
extension Window {
    /// Runs `plan` as one transition: its `before` calls, the change, the appearance events
    /// with its commit calls between them.
    func run(_ plan: TransitionPlan, animated: Bool) {
        attachAll(plan)
        send(plan, .before)
        let before = visibleControllers
        mutate(plan)
        // A handful of controllers are visible at once: a linear search beats hashing them.
        func wasVisible(_ c: ViewController) -> Bool { before.contains { $0 === c } }
        let silent = plan.silent
        setReasons(plan)
        // Load incoming views parent first, depth first; loading a view may embed children
        // (embed segues), whose views then load before the next sibling's. A child whose
        // container forwards appearance itself loads too (its view is on the page), though it
        // hears no appearance event until the container sends one.
        var after = visibleControllers
        while let next = after.first(where: { !$0.isViewLoaded && !wasVisible($0) }) {
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
        send(plan, .willCommit)
        for c in disappearing { sendAppearance(c, .viewDidDisappear, animated) }
        for c in appearing { sendAppearance(c, .viewDidAppear, animated) }
        clearReasons(plan)
        for (nav, top) in firstShown { sendDelegate(nav, .navigationControllerDidShow, child: top) }
        send(plan, .didCommit)
    }

    /// Applies `plan` where no transition shows (restoration before display, embed segues while
    /// a view loads, relayouts): its calls in order around the change, no appearance events.
    func apply(_ plan: TransitionPlan) {
        attachAll(plan)
        send(plan, .before)
        mutate(plan)
        send(plan, .willCommit)
        send(plan, .didCommit)
    }

    // The parts of a plan, each kind in the order it was added.

    private func attachAll(_ plan: TransitionPlan) {
        for case .attach(let c) in plan.steps { attach(c) }
    }

    private func mutate(_ plan: TransitionPlan) {
        for case .mutate(let change) in plan.steps { change() }
    }

    /// Gives the controllers the flags their appearance events carry in this transition.
    private func setReasons(_ plan: TransitionPlan) {
        for case .reason(let c, let r) in plan.steps { c.reasons.formUnion(r) }
    }

    private func clearReasons(_ plan: TransitionPlan) {
        for case .reason(let c, _) in plan.steps { c.reasons = [] }
    }

    /// Sends the plan's calls of `phase`.
    func send(_ plan: TransitionPlan, _ phase: TransitionPlan.Phase) {
        for case .call(phase, let call) in plan.steps { send(call) }
    }

    /// Sends calls outside a transition (a delegate asked before a selection, told after it).
    func send(_ calls: [HierarchyCall]) {
        for call in calls { send(call) }
    }

    /// Sends one containment or delegate call: the one place those events are recorded and the
    /// controllers' methods called.
    func send(_ call: HierarchyCall) {
        switch call {
        case .willMove(let c, let parent):
            recordContainment(c, .willMoveToParentViewController, parent: parent)
            c.willMove(toParent: parent)
        case .didMove(let c, let parent):
            recordContainment(c, .didMoveToParentViewController, parent: parent)
            c.didMove(toParent: parent)
        case .show(let nav, let name, let shown):
            switch shown {
            case .controller(let child): sendShowDelegate(nav, name, child: child)
            case .top(let fallback): sendShowDelegate(nav, name, child: nav.topViewController ?? fallback)
            }
        case .delegate(let container, let name, let child, let value):
            sendDelegate(container, name, child: child, value: value)
        case .traitsDidChange(let previous, let new, let traitsChanged, let rotating):
            sendTraitsDidChange(from: previous, to: new, traitsChanged: traitsChanged, rotating: rotating)
        case .relayout(let controllers):
            for c in controllers { sendLayout(c) }
        case .asked(let container, let name, let orientation):
            record(container, name) { $0.orientation = orientation.rawValue }
        }
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

    private func sendTraitsDidChange(from previous: Traits, to new: Traits, traitsChanged: Bool, rotating: [ViewController]) {
        // Every controller hears of a trait change, covered ones and unselected tabs included,
        // so none is later told of a change from traits it never had.
        let visible = visibleControllers
        for c in allControllers {
            if traitsChanged {
                record(c, .traitCollectionDidChange)
                c.traitCollectionDidChange(previous)
            }
            if visible.contains(where: { $0 === c }) { sendLayout(c) }
        }
        // The trio is whole for every controller that heard willRotate, one that leaves the
        // window as a presentation adapts included (UIKit runs the animation and completion
        // it registered); one that enters the window during the rotation hears none of it.
        for c in rotating {
            record(c, .willAnimateRotationToInterfaceOrientation) { $0.orientation = new.orientation.rawValue; $0.animated = true }
        }
    }

    /// Manual appearance forwarding (`beginAppearanceTransition`/`endAppearanceTransition`): one
    /// appearance event of `c`, with its layout when it begins to appear.
    func sendManualAppearance(_ c: ViewController, _ name: EventName, animated: Bool) {
        if name == .viewWillAppear { loadViewIfNeeded(c) }
        sendAppearance(c, name, animated)
        if name == .viewWillAppear { sendLayout(c) }
    }

    private func sendAppearance(_ c: ViewController, _ name: EventName, _ animated: Bool) {
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

    private func sendLayout(_ c: ViewController) {
        record(c, .viewWillLayoutSubviews)
        c.viewWillLayoutSubviews()
        record(c, .viewDidLayoutSubviews)
        c.viewDidLayoutSubviews()
    }

    /// `navigationControllerWillShow`/`DidShow`, as the new top is shown: a navigation controller
    /// off screen tells its delegate when it is shown next (see `run`).
    private func sendShowDelegate(_ nav: NavigationController, _ name: EventName, child: ViewController) {
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

    private func sendDelegate(_ container: ViewController, _ name: EventName, child: ViewController, value: Bool? = nil) {
        recordDelegate(container, name, child: child, value: value)
    }
}

/// Interactive transitions (`InteractiveTransition.swift`): a plan run in halves while a gesture
/// decides how it ends. Nothing changes until it finishes; the events are those of the one
/// transition rule, split at the gesture.
extension Window {
    /// The gesture begins: the plan's `before` calls, then the will-events of the controllers that
    /// would leave and enter the window (views loaded first, parent first) and `willCommit`.
    func beginInteractive(_ t: inout InteractiveTransition) {
        attachAll(t.plan)
        send(t.plan, .before)
        var arriving: [ViewController] = []
        for root in t.arriving {
            loadViewIfNeeded(root)
            for c in shownTree(of: root) {
                loadViewIfNeeded(c)
                arriving.append(c)
            }
        }
        t.arriving = arriving.filter(\.shouldBeTrackedForAppearance)
        t.leaving = t.leaving.filter(\.shouldBeTrackedForAppearance)
        setReasons(t.plan)
        for c in t.leaving { sendAppearance(c, .viewWillDisappear, t.animated) }
        for c in t.arriving { sendAppearance(c, .viewWillAppear, t.animated) }
        for c in t.arriving { sendLayout(c) }
        clearReasons(t.plan)
        send(t.plan, .willCommit)
    }

    /// Released past the threshold: the change, the did-events, `didCommit`.
    func finishInteractive(_ t: InteractiveTransition) {
        setReasons(t.plan)
        mutate(t.plan)
        for c in t.leaving { sendAppearance(c, .viewDidDisappear, t.animated) }
        for c in t.arriving { sendAppearance(c, .viewDidAppear, t.animated) }
        clearReasons(t.plan)
        send(t.plan, .didCommit)
    }

    /// Released short of it: what was arriving disappears again, what was leaving appears again
    /// (UIKit's cancelled transition), then the calls that undo `before`; nothing changed.
    func cancelInteractive(_ t: InteractiveTransition) {
        for c in t.arriving { sendAppearance(c, .viewWillDisappear, t.animated) }
        for c in t.arriving { sendAppearance(c, .viewDidDisappear, t.animated) }
        for c in t.leaving { sendAppearance(c, .viewWillAppear, t.animated) }
        for c in t.leaving { sendAppearance(c, .viewDidAppear, t.animated) }
        send(t.cancelCalls)
    }
}
