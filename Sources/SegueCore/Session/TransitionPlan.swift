/// The plan of one change of the hierarchy: what it changes and which containment and delegate
/// calls go with it, as data, decided by the container that owns the rule before anything runs.
///
/// Containers build plans (`NavigationController.pushPlan`, `popPlan(to:)`, `stackPlan`,
/// `TabBarController.selectionPlan`, `Window.dismissalPlan`, `SplitViewController.detailPlan`,
/// `PageViewController.pagePlan`, …); the executor (`TransitionExecutor.swift`) runs them and is
/// the only code that sends `willMove`, `didMove`, appearance and delegate events. A new kind of
/// transition is a new plan-building function: the executor does not change.

/// A containment or delegate call a plan makes, sent by the executor at its phase.
enum HierarchyCall {
    /// `willMove(toParent:)`; nil is removal.
    case willMove(ViewController, to: ViewController?)
    /// `didMove(toParent:)`; nil is removal.
    case didMove(ViewController, to: ViewController?)
    /// `navigationControllerWillShow`/`DidShow`: sent when the navigation controller is on
    /// screen, else deferred until it is shown (see `Window.sendShowDelegate`).
    case show(NavigationController, EventName, ShownController)
    /// Any other delegate call, logged on `container` (`tabBarControllerDidSelect`, …).
    case delegate(ViewController, EventName, child: ViewController, value: Bool?)
    /// A viewport change inside a rotation's animation: `traitCollectionDidChange` to every
    /// controller (when a trait changed), layout to the visible ones, and
    /// `willAnimateRotation` to those that heard `willRotate`.
    case traitsDidChange(from: Traits, to: Traits, traitsChanged: Bool, rotating: [ViewController])
    /// Layout events for these controllers (their views change size: a bar shown or hidden).
    case relayout([ViewController])
    /// A delegate asked something about an orientation (`pageViewControllerSpineLocation`),
    /// logged on `container` with the orientation.
    case asked(ViewController, EventName, orientation: Traits.Orientation)

    var isContainment: Bool {
        switch self {
        case .willMove, .didMove: true
        case .show, .delegate, .traitsDidChange, .relayout, .asked: false
        }
    }
}

/// Which controller a navigation delegate call names.
enum ShownController {
    case controller(ViewController)
    /// The navigation controller's top when the call is sent (after the plan's change).
    case top(orElse: ViewController)
}

/// One change of the hierarchy, in the phases of the transition rule (docs/Semantics.md,
/// Canonical orders): `before` (containment, sent first), the change itself (`mutate`), the
/// will-events, `willCommit`, the did-events, `didCommit`.
///
/// Its parts are kept in one list, each tagged with what it is, in the order they were added: a
/// push or a pop (every other action) makes one list, not one per phase. The executor runs each
/// phase's parts in that order; the phase properties below read and replace them by phase.
struct TransitionPlan {
    /// The phases of a plan's containment and delegate calls.
    enum Phase {
        /// Before the transition: `willMove`, a delegate asked first.
        case before
        /// After the will-events, before the change is committed (`navigationControllerWillShow`).
        case willCommit
        /// After the did-events: `didMove`, then delegates.
        case didCommit
    }

    /// A part of a plan.
    enum Step {
        /// A controller registered in the window before any call names it.
        case attach(ViewController)
        /// A containment or delegate call, sent at its phase.
        case call(Phase, HierarchyCall)
        /// Flags the appearance events of a controller carry (`isMovingToParent`, …).
        case reason(ViewController, AppearanceReason)
        /// A controller that leaves the window without disappear events (the intermediate
        /// controllers of a dismissed presentation chain); it ends up `disappeared`.
        case silent(ViewController)
        /// A change of links and state itself.
        case mutate(() -> Void)
    }

    /// The parts, in the order they were added.
    private(set) var steps: [Step] = []

    init(attaching: [ViewController] = [], before: [HierarchyCall] = [], reasons: [(ViewController, AppearanceReason)] = [],
         silent: [ViewController] = [], mutate: (() -> Void)? = nil,
         willCommit: [HierarchyCall] = [], didCommit: [HierarchyCall] = []) {
        let count = attaching.count + before.count + reasons.count + silent.count + willCommit.count + didCommit.count
        if count > 0 || mutate != nil { steps.reserveCapacity(count + 1) }
        for c in attaching { steps.append(.attach(c)) }
        for call in before { steps.append(.call(.before, call)) }
        for (c, r) in reasons { steps.append(.reason(c, r)) }
        for c in silent { steps.append(.silent(c)) }
        if let mutate { steps.append(.mutate(mutate)) }
        for call in willCommit { steps.append(.call(.willCommit, call)) }
        for call in didCommit { steps.append(.call(.didCommit, call)) }
    }

    /// An empty plan with room for `capacity` parts, built part by part (the plans of a push and a pop).
    init(capacity: Int) { steps.reserveCapacity(capacity) }

    mutating func attach(_ c: ViewController) { steps.append(.attach(c)) }
    mutating func add(_ phase: Phase, _ call: HierarchyCall) { steps.append(.call(phase, call)) }
    mutating func addReason(_ c: ViewController, _ reason: AppearanceReason) { steps.append(.reason(c, reason)) }
    mutating func mutate(_ change: @escaping () -> Void) { steps.append(.mutate(change)) }

    // MARK: - By phase

    /// Controllers registered in the window before any call names them.
    var attaching: [ViewController] {
        get { steps.compactMap { if case .attach(let c) = $0 { c } else { nil } } }
        set { replace(newValue.map(Step.attach)) { if case .attach = $0 { true } else { false } } }
    }
    /// Calls before the transition: `willMove`, a delegate asked first.
    var before: [HierarchyCall] {
        get { calls(.before) }
        set { replaceCalls(.before, newValue) }
    }
    /// Flags the appearance events carry (`isMovingToParent`, `isBeingDismissed`, …).
    var reasons: [(ViewController, AppearanceReason)] {
        get { steps.compactMap { if case .reason(let c, let r) = $0 { (c, r) } else { nil } } }
        set { replace(newValue.map(Step.reason)) { if case .reason = $0 { true } else { false } } }
    }
    /// Controllers that leave the window without disappear events; they end up `disappeared`.
    var silent: [ViewController] {
        get { steps.compactMap { if case .silent(let c) = $0 { c } else { nil } } }
        set { replace(newValue.map(Step.silent)) { if case .silent = $0 { true } else { false } } }
    }
    /// The change of links and state itself.
    var mutations: [() -> Void] {
        get { steps.compactMap { if case .mutate(let m) = $0 { m } else { nil } } }
        set { replace(newValue.map(Step.mutate)) { if case .mutate = $0 { true } else { false } } }
    }
    /// Calls after the will-events, before the change is committed (`navigationControllerWillShow`).
    var willCommit: [HierarchyCall] {
        get { calls(.willCommit) }
        set { replaceCalls(.willCommit, newValue) }
    }
    /// Calls after the did-events: `didMove`, then delegates.
    var didCommit: [HierarchyCall] {
        get { calls(.didCommit) }
        set { replaceCalls(.didCommit, newValue) }
    }

    /// The calls of `phase`, in order.
    func calls(_ phase: Phase) -> [HierarchyCall] {
        steps.compactMap { if case .call(phase, let call) = $0 { call } else { nil } }
    }

    private mutating func replaceCalls(_ phase: Phase, _ calls: [HierarchyCall]) {
        replace(calls.map { .call(phase, $0) }) { if case .call(phase, _) = $0 { true } else { false } }
    }

    /// The parts `isOfKind` picks, replaced by `parts` (after the others: only the order within a
    /// kind matters).
    private mutating func replace(_ parts: [Step], where isOfKind: (Step) -> Bool) {
        steps.removeAll(where: isOfKind)
        steps.append(contentsOf: parts)
    }

    /// Nothing changes and nothing is sent.
    var isEmpty: Bool {
        !steps.contains {
            switch $0 {
            case .call, .reason, .mutate: true
            case .attach, .silent: false
            }
        }
    }

    /// Appends `next`, run after this one within the same transition: each phase's calls after
    /// this plan's.
    mutating func append(_ next: TransitionPlan) {
        steps += next.steps
    }

    /// Plans that happen as one (the pops of an unwind, each in its own stack): their phases
    /// joined, and after the commit every `didMove` before any delegate call.
    static func simultaneous(_ plans: [TransitionPlan]) -> TransitionPlan {
        var joined = TransitionPlan()
        for p in plans { joined.append(p) }
        joined.didCommit = joined.didCommit.filter(\.isContainment) + joined.didCommit.filter { !$0.isContainment }
        return joined
    }
}
