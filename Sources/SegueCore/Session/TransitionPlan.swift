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
struct TransitionPlan {
    /// Controllers registered in the window before any call names them.
    var attaching: [ViewController] = []
    /// Calls before the transition: `willMove`, a delegate asked first.
    var before: [HierarchyCall] = []
    /// Flags the appearance events carry (`isMovingToParent`, `isBeingDismissed`, …).
    var reasons: [(ViewController, AppearanceReason)] = []
    /// Controllers that leave the window without disappear events (the intermediate controllers
    /// of a dismissed presentation chain); they end up `disappeared`.
    var silent: [ViewController] = []
    /// The change of links and state itself.
    var mutations: [() -> Void] = []
    /// Calls after the will-events, before the change is committed (`navigationControllerWillShow`).
    var willCommit: [HierarchyCall] = []
    /// Calls after the did-events: `didMove`, then delegates.
    var didCommit: [HierarchyCall] = []

    init(attaching: [ViewController] = [], before: [HierarchyCall] = [], reasons: [(ViewController, AppearanceReason)] = [],
         silent: [ViewController] = [], mutate: (() -> Void)? = nil,
         willCommit: [HierarchyCall] = [], didCommit: [HierarchyCall] = []) {
        self.attaching = attaching
        self.before = before
        self.reasons = reasons
        self.silent = silent
        if let mutate { mutations = [mutate] }
        self.willCommit = willCommit
        self.didCommit = didCommit
    }

    /// Nothing changes and nothing is sent.
    var isEmpty: Bool { mutations.isEmpty && before.isEmpty && willCommit.isEmpty && didCommit.isEmpty && reasons.isEmpty }

    /// Appends `next`, run after this one within the same transition: each phase's calls after
    /// this plan's.
    mutating func append(_ next: TransitionPlan) {
        attaching += next.attaching
        before += next.before
        reasons += next.reasons
        silent += next.silent
        mutations += next.mutations
        willCommit += next.willCommit
        didCommit += next.didCommit
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
