/// `UISplitViewController`: a primary (master) and a secondary (detail) column.
///
/// What is on screen follows the traits:
/// - regular width, landscape: both columns side by side (`allVisible`);
/// - regular width, portrait (pad portrait): the secondary only, with a bar button titled with
///   the primary's title that shows the primary as an overlay (`primaryHidden`/`primaryOverlay`);
/// - compact width: collapsed into one navigation stack, the primary with the secondary pushed on
///   top; a back button (titled with the primary's title) returns to the primary, `showDetail`
///   pushes the new secondary again. Expanding restores the columns.
///
/// Collapsed with a navigation controller as primary (UIKit's default collapse), the secondary is
/// on top of the primary's stack: the primary appears and the secondary is its visible child, the
/// back button is a pop (`willMove(nil)`, `isMovingFromParent`, `navigationControllerWillShow`/
/// `DidShow` on the primary) and `showDetail` a push onto it.
///
/// Column-style split views (iOS 14) may add a supplementary column (shown between the primary
/// and the secondary wherever the secondary shows) and a compact controller (shown alone at
/// compact width instead of the collapsed stack). `children` are `[primary, secondary,
/// supplementary?, compact?]`, the storyboard's relationship order.
///
/// Decision: collapsing does not re-parent controllers. The children stay as they are (STATE
/// `children`); the collapsed stack is drawn from them, so expanding needs no bookkeeping. The
/// containment events of the collapsed pushes and pops name the primary navigation controller
/// (or nil), as UIKit's would, while `parent` stays the split view controller.
/// With a primary that is not a navigation controller, moving between the two entries sends
/// appearance events only.
open class SplitViewController: ViewController {
    public enum DisplayMode: String, Sendable {
        case allVisible, primaryHidden, primaryOverlay
    }

    /// Whether the primary is in front where only one column shows: collapsed, the primary is on
    /// top of the one stack (after Back); pad portrait, the primary overlay is shown. False after
    /// `showDetail` and whenever the display changes between collapsed, portrait and landscape.
    /// Part of the canonical URL (`split@0(…)`).
    public internal(set) var isPrimaryInFront = false
    /// Pad portrait: whether the primary is shown as an overlay over the secondary.
    public var isShowingPrimaryOverlay: Bool { displayMode == .primaryOverlay }
    /// Collapsed: whether the secondary is on top of the one stack.
    public var collapsedShowsSecondary: Bool { !isPrimaryInFront }

    open override var kind: SceneKind { .splitViewController }
    open override var isContainer: Bool { true }

    public var viewControllers: [ViewController] { children }
    public var primaryViewController: ViewController? { children.first }
    public var secondaryViewController: ViewController? {
        guard children.count > 1, children[1] !== supplementaryStorage, children[1] !== compactStorage else { return nil }
        return children[1]
    }
    /// The middle column of a triple-column split view.
    public var supplementaryViewController: ViewController? { supplementaryStorage }
    /// Shown alone at compact width, instead of collapsing the columns into one stack.
    public var compactViewController: ViewController? { compactStorage }
    @exclusivity(unchecked) weak var supplementaryStorage: ViewController?
    @exclusivity(unchecked) weak var compactStorage: ViewController?

    /// Collapsed on compact width.
    public var isCollapsed: Bool { (window?.traits ?? .phonePortrait).horizontalSizeClass == .compact }

    public var displayMode: DisplayMode {
        let traits = window?.traits ?? .phonePortrait
        if traits.horizontalSizeClass == .compact || traits.orientation == .landscape || secondaryViewController == nil {
            return .allVisible
        }
        return isPrimaryInFront ? .primaryOverlay : .primaryHidden
    }

    /// The title of the primary column: its navigation top's title, else its own.
    public var primaryTitle: String {
        guard let primary = primaryViewController else { return "Master" }
        let shown = (primary as? NavigationController)?.topViewController ?? primary
        return shown.navigationItem.title ?? shown.title ?? primary.title ?? "Master"
    }

    /// Collapsed: the navigation controller the secondary is pushed onto (the primary), if any.
    public var collapsedStack: NavigationController? {
        isCollapsed && compactStorage == nil ? primaryViewController as? NavigationController : nil
    }

    /// Collapsed: the column drawn, the top of the one stack.
    public var collapsedShownColumn: ViewController? {
        if collapsedShowsSecondary, let secondary = secondaryViewController { return secondary }
        return primaryViewController
    }

    /// Back to front: collapsed, the compact controller, else the one stack (the primary, showing
    /// the secondary on top); pad portrait, the supplementary and the secondary (then the primary
    /// when it is shown as an overlay); otherwise every column, primary first.
    open override func forEachVisibleChild(_ body: (ViewController) -> Void) {
        if isCollapsed, let compact = compactStorage { return body(compact) }
        if isCollapsed {
            // The secondary on a primary navigation controller is that controller's visible child
            // (`NavigationController.forEachVisibleChild`).
            if let stack = collapsedStack { return body(stack) }
            if let column = collapsedShownColumn { body(column) }
            return
        }
        let columns = switch displayMode {
        case .allVisible: [primaryViewController, supplementaryStorage, secondaryViewController]
        case .primaryHidden: [supplementaryStorage, secondaryViewController]
        case .primaryOverlay: [supplementaryStorage, secondaryViewController, primaryViewController]
        }
        for case let column? in columns { body(column) }
    }

    override func installRelationshipChildren(_ children: [ViewController]) {
        installChildren(children)
        // `relationshipTargets` order: master, detail, supplementary, compact.
        var rest = children[...]
        if scene?.masterViewController != nil { rest = rest.dropFirst() }
        if scene?.detailViewController != nil { rest = rest.dropFirst() }
        if scene?.supplementaryViewController != nil { supplementaryStorage = rest.popFirst() }
        if scene?.compactViewController != nil { compactStorage = rest.popFirst() }
        // A delegate that keeps the primary when the columns collapse: a compact window starts on it.
        if scene?.showsPrimaryWhenCollapsed == true, window?.traits.horizontalSizeClass == .compact, secondaryViewController != nil {
            isPrimaryInFront = true
        }
    }

    /// Whether `isPrimaryInFront` means anything with these traits (one column shown).
    static func showsOneColumn(_ traits: Traits) -> Bool {
        traits.horizontalSizeClass == .compact || traits.orientation == .portrait
    }

    static func regime(_ traits: Traits) -> Int {
        traits.horizontalSizeClass == .compact ? 0 : traits.orientation == .portrait ? 1 : 2
    }

    /// Called (inside the trait transition) when the viewport changes: collapsing puts the
    /// secondary on top of the stack, and the primary overlay closes, as UIKit does.
    func traitsWillChange(from old: Traits, to new: Traits) {
        if Self.regime(old) != Self.regime(new) { isPrimaryInFront = false }
    }

    /// A URL's split view: the primary in front (`@0`) or not; nil where both columns show or
    /// nothing changes.
    func primaryInFrontPlan(_ front: Bool) -> TransitionPlan? {
        guard let window, Self.showsOneColumn(window.traits), secondaryViewController != nil, front != isPrimaryInFront else { return nil }
        return TransitionPlan(mutate: { self.isPrimaryInFront = front })
    }

    /// Pad portrait: shows or hides the primary overlay (the display-mode bar button, a tap on
    /// the dimmed secondary). Anywhere else a warned no-op.
    public func setPrimaryOverlay(_ shown: Bool, animated: Bool) {
        guard let window else { return }
        guard displayMode != .allVisible else {
            window.warn("the primary column of \(id) is always visible here; nothing to \(shown ? "show" : "hide")")
            return
        }
        guard isShowingPrimaryOverlay != shown else {
            window.warn("the primary overlay of \(id) is already \(shown ? "shown" : "hidden")")
            return
        }
        window.run(TransitionPlan(mutate: { self.isPrimaryInFront = shown }), animated: animated)
    }

    /// Collapsed: the back button on the secondary returns to the primary.
    public func showPrimaryCollapsed(animated: Bool) {
        guard let window else { return }
        guard let plan = primaryCollapsedPlan(window: window) else {
            window.warn("\(id) is not showing its secondary in a collapsed stack; back does nothing")
            return
        }
        window.run(plan, animated: animated)
    }

    /// Collapsed and showing the secondary: what bringing the primary back changes (also part of
    /// an unwind to the primary). On a primary navigation controller it is a pop of the one
    /// stack, with a pop's events; another primary is simply shown again. Nil when there is
    /// nothing to bring back.
    func primaryCollapsedPlan(window: Window) -> TransitionPlan? {
        guard isCollapsed, compactStorage == nil, collapsedShowsSecondary, let secondary = secondaryViewController else { return nil }
        guard let stack = collapsedStack else { return TransitionPlan(mutate: { self.isPrimaryInFront = true }) }
        let top = stack.children.last
        return TransitionPlan(
            before: [.willMove(secondary, to: nil)],
            reasons: [(secondary, .movingFromParent)],
            mutate: { self.isPrimaryInFront = true },
            willCommit: top.map { [.show(stack, .navigationControllerWillShow, .controller($0))] } ?? [],
            didCommit: [.didMove(secondary, to: nil)] + (top.map { [.show(stack, .navigationControllerDidShow, .controller($0))] } ?? []))
    }

    /// `showDetailViewController`: replaces the secondary column (collapsed: it goes on top of
    /// the stack; pad portrait: the overlay closes).
    public func showDetail(_ controller: ViewController, animated: Bool) throws(ActionError) {
        guard let window else { throw ActionError.illegal("split view controller is not in a window") }
        try window.checkDetached(controller, "\(controller.id) is already in a hierarchy")
        window.run(detailPlan(controller), animated: animated)
    }

    /// `showDetailViewController`: the new secondary enters `{movingTo}` (onto the one stack when
    /// collapsed on a primary navigation controller, with its delegate's calls), the old one leaves.
    func detailPlan(_ controller: ViewController) -> TransitionPlan {
        let old = secondaryViewController
        // Collapsed on a primary navigation controller, the new secondary is pushed onto it; an
        // old secondary already popped off it (the primary in front) has had its `willMove(nil)`.
        let stack = collapsedStack
        let oldLeaves = old != nil && !(stack != nil && isPrimaryInFront)
        let leaving = old.flatMap { oldLeaves ? $0 : nil }
        return TransitionPlan(
            attaching: [controller],
            before: [.willMove(controller, to: stack ?? self)] + (leaving.map { [.willMove($0, to: nil)] } ?? []),
            reasons: [(controller, .movingToParent)] + (old.map { [($0, AppearanceReason.movingFromParent)] } ?? []),
            mutate: {
                if let old { self.unlinkChild(old) }
                self.linkChild(controller, at: 1)
                self.isPrimaryInFront = false
            },
            willCommit: stack.map { [.show($0, .navigationControllerWillShow, .controller(controller))] } ?? [],
            didCommit: (leaving.map { [.didMove($0, to: nil)] } ?? []) + [.didMove(controller, to: stack ?? self)]
                + (stack.map { [.show($0, .navigationControllerDidShow, .controller(controller))] } ?? []))
    }
}
