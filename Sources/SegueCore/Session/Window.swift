/// One session: a window with exactly one root view controller, its traits, and
/// its ordered event log.
///
/// A `Window` is not thread-safe: the server guards each one with a lock. Every public
/// operation either succeeds (recording its events) or throws `ActionError` having changed nothing.
public final class Window {
    public let id: String
    public let storyboard: Storyboard
    public let registry: ControllerRegistry
    @exclusivity(unchecked) public internal(set) var root: ViewController!
    /// A change re-lays tab bars for the idiom (More appears or disappears) inside the transition.
    @exclusivity(unchecked) public internal(set) var traits: Traits { didSet { if traits.idiom != oldValue.idiom { relayoutTabBars() } } }
    @exclusivity(unchecked) public internal(set) var log = EventLog()
    /// The language the window shows its scenes in (one of `storyboard.locales`), set before it
    /// launches and kept for its life; nil shows scenes as declared.
    @exclusivity(unchecked) public var locale: String?

    /// How many of the most recent events the log keeps (`EventLog`); `EventLog.unbounded` keeps
    /// them all (a throwaway window that replays a session for events the live log dropped).
    public var eventLogCapacity: Int {
        get { log.capacity }
        set { log.capacity = max(1, min(newValue, EventLog.unbounded)) }
    }
    /// Counts successful state changes; part of STATE and the page.
    @exclusivity(unchecked) public internal(set) var version = 0
    /// `canonicalPath`, remembered for the state it was computed in.
    @exclusivity(unchecked) var pathCache: (version: Int, lastSeq: Int, path: String)?
    /// The UIKit this window follows: its flow's (``UIKitEra``).
    public var era: UIKitEra { storyboard.era }
    /// The coder ``ViewController/restorableState()`` hands to `encodeRestorableState`, reused:
    /// the canonical URL asks every controller on an identifier path for its state on each change.
    let restorationScratch = RestorationCoder()
    /// The argument boxes of the last containment and delegate events recorded, which the next
    /// ones share when they name the same controller (``Event/setArgument(parent:child:sharing:)``).
    @exclusivity(unchecked) var lastContainmentArguments: Event.Arguments?
    @exclusivity(unchecked) var lastDelegateArguments: Event.Arguments?
    /// Set once the root is in the window.
    @exclusivity(unchecked) public internal(set) var isLaunched = false
    /// Warnings (UIKit's silent no-ops) collected during the current action.
    @exclusivity(unchecked) public internal(set) var warnings: [String] = []
    /// What the last action did to the screen, for renderers that animate it (``ScreenChange``).
    @exclusivity(unchecked) public internal(set) var lastChange = ScreenChange.none
    /// The transition a gesture drives, between its beginning and its end (``InteractiveTransition``).
    @exclusivity(unchecked) public internal(set) var interactiveTransition: InteractiveTransition?
    @exclusivity(unchecked) var nextControllerNumber = 1
    /// While restoration loads a host's view: its embedded children's views wait for their turn
    /// (parent first down each chain) instead of loading inside the host's.
    @exclusivity(unchecked) var defersEmbeddedViewLoads = false
    /// Scene id → the segues of that scene no element triggers (``manualSegues``).
    @exclusivity(unchecked) var manualSegueCache: [String: [SegueSpec]] = [:]

    public init(id: String, storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(), traits: Traits = .phonePortrait) {
        self.id = id
        self.storyboard = storyboard
        self.registry = registry
        self.traits = traits
    }

    /// Carries a session's counters into a window that replaces it (the flow was reloaded):
    /// `version` starts at `version` and the log's sequence numbers after `lastSeq`, so both only
    /// grow for the session's clients; `events` (the replaced log's, up to `lastSeq`) stay in the
    /// log before the new window's own. Only before the window is launched or restored.
    public func continueCounting(version: Int, lastSeq: Int, keeping events: [Event] = []) {
        guard !isLaunched else { return }
        self.version = max(0, version)
        log = EventLog(events: events.filter { $0.seq <= lastSeq }, lastSeq: max(0, lastSeq), capacity: log.capacity)
    }

    // MARK: - Launch

    /// Instantiates the initial scene as root and shows it: views load parent first, then appearance events, not animated.
    public func launch() throws(ActionError) {
        guard !isLaunched else { return }
        guard let initial = storyboard.initialScene(pad: traits.idiom == .pad) else {
            throw ActionError(.unknownScene, "the storyboard has no initial view controller")
        }
        let root = try instantiate(sceneID: initial)
        try launch(root: root)
    }

    /// Shows `root` (already instantiated, or made in code) as the window's root.
    public func launch(root: ViewController) throws(ActionError) {
        guard !isLaunched else { return }
        attach(root)
        self.root = root
        settleLaunchOrientation()
        showLaunchTabsInMore { self.isLaunched = true }
        checkInvariants()
    }

    /// The first display: a tab selected inside More at launch (`selectedIndex`) or by
    /// restoration goes onto the More navigation controller as a push would put it (containment
    /// events, unless `contained` says they were sent already, and `isMovingToParent`).
    func showLaunchTabsInMore(contained: Bool = false, _ mutate: @escaping () -> Void) {
        var entering: [(tab: ViewController, more: MoreNavigationController)] = []
        for case let tabs as TabBarController in allControllers {
            guard let shown = tabs.tabShownInMore, contained || tabs.shownInMore !== shown else { continue }
            tabs.shownInMore = shown
            entering.append((shown, tabs.moreNavigationController))
        }
        // The delegate hears of the top of the More stack: a restored stack may hold controllers
        // pushed above the tab.
        var plan = TransitionPlan(reasons: entering.map { ($0.tab, .movingToParent) }, mutate: mutate)
        for (tab, more) in entering {
            if !contained { plan.before.append(.willMove(tab, to: more)) }
            plan.willCommit.append(.show(more, .navigationControllerWillShow, .top(orElse: tab)))
            if !contained { plan.didCommit.append(.didMove(tab, to: more)) }
            plan.didCommit.append(.show(more, .navigationControllerDidShow, .top(orElse: tab)))
        }
        run(plan, animated: false)
    }

    // MARK: - Instantiation

    /// Instantiates a scene and, recursively, its relationship children (segue destinations are made only when their segue fires).
    public func instantiate(sceneID: String) throws(ActionError) -> ViewController {
        // Every state keeps a URL that restores it: the hierarchy stays within what a URL may
        // name, with room for the children views embed as they load.
        let count = controllerCount
        if count + 1 > HierarchyPath.maximumNodes - 50 {
            throw ActionError.illegal("the hierarchy holds \(count) controllers, the most a page URL can name")
        }
        // The scenes being made, outermost first: a few (containers in containers), so a list.
        var visiting: [String] = []
        return try instantiate(sceneID: sceneID, visiting: &visiting)
    }

    private func instantiate(sceneID: String, visiting: inout [String]) throws(ActionError) -> ViewController {
        guard let scene = storyboard.scene(sceneID, pad: traits.idiom == .pad, locale: locale) else { throw ActionError(.unknownScene, "no scene '\(sceneID)'") }
        guard !visiting.contains(sceneID) else {
            throw ActionError(.illegalTransition, "scene '\(sceneID)' contains itself through relationships")
        }
        visiting.append(sceneID)
        defer { visiting.removeLast() }
        let perView = scene.pagesPerView(in: traits)
        if scene.kind == .pageViewController, scene.spineLocationForInterfaceOrientation == nil, perView == 2, scene.pages.count % 2 == 1 {
            throw ActionError(.illegalTransition, "page view '\(sceneID)' has a mid spine and an odd number of pages (\(scene.pages.count))")
        }
        let controller = registry.controllerClass(for: scene).init(scene: scene)
        // Modern UIKit's default style is `automatic` (a page sheet); iOS 7's is full screen.
        if era == .modern, scene.modalPresentationStyle == nil { controller.modalPresentationStyle = .automatic }
        attach(controller)
        var children: [ViewController] = []
        let targets = scene.kind == .pageViewController
            ? Array(scene.pages.prefix(perView))
            : scene.relationshipTargets
        for childID in targets {
            children.append(try instantiate(sceneID: childID, visiting: &visiting))
        }
        controller.installRelationshipChildren(children)
        return controller
    }

    /// Gives a controller (and its subtree) an id in this window.
    func attach(_ controller: ViewController) {
        if controller.window !== self || controller.id.isEmpty {
            controller.window = self
            controller.id = "c\(nextControllerNumber)"
            nextControllerNumber += 1
        }
        for child in controller.children { attach(child) }
        if let presented = controller.presentedStorage { attach(presented) }
    }

    // MARK: - Finding controllers

    /// Every live controller, pre-order: root, children in order, then what each presents.
    /// How many controllers the window holds (`allControllers.count`, without the list).
    var controllerCount: Int {
        func count(_ c: ViewController) -> Int {
            var n = 1
            for child in c.children { n += count(child) }
            if let p = c.presentedStorage { n += count(p) }
            return n
        }
        return root.map(count) ?? 0
    }

    public var allControllers: [ViewController] {
        var out: [ViewController] = []
        func visit(_ c: ViewController) {
            out.append(c)
            for child in c.children { visit(child) }
            if let p = c.presentedStorage { visit(p) }
        }
        if let root { visit(root) }
        return out
    }

    public func controller(id: String) -> ViewController? {
        allControllers.first { $0.id == id }
    }

    /// Controllers whose views are in the window, pre-order, back to front: exactly the controllers in the `appeared` state.
    public var visibleControllers: [ViewController] {
        guard isLaunched, let root else { return [] }
        var out: [ViewController] = []
        out.reserveCapacity(8)
        appendVisible(root, to: &out)
        if let cut = out.lastIndex(where: { $0.presentingStorage != nil && coversWindow($0) }), cut > 0 {
            out.removeFirst(cut)
        }
        return out
    }

    /// `c` and what shows of it, pre-order: a presented controller covering it instead of it.
    private func appendVisible(_ c: ViewController, to out: inout [ViewController]) {
        if let p = c.presentedStorage, coversPresenter(p) { return appendVisible(p, to: &out) }
        out.append(c)
        if c.isContainer || !c.children.isEmpty { c.forEachVisibleChild { appendVisible($0, to: &out) } }
        if let p = c.presentedStorage { appendVisible(p, to: &out) }
    }

    /// Content controllers on screen, back to front (STATE `visible`).
    public var visibleContentControllers: [ViewController] { visibleControllers.filter { !$0.isContainer } }

    /// The frontmost visible content controller: the default target of actions.
    public var frontmostController: ViewController? { visibleContentControllers.last ?? visibleControllers.last }

    /// The topmost presented controller in the chain, if any.
    public var topmostPresented: ViewController? {
        var top: ViewController?
        for c in allControllers where c.presentingStorage != nil { top = c }
        guard var node = top else { return nil }
        while let next = node.presentedViewController { node = next }
        return node
    }

    // MARK: - Presentation geometry

    /// Whether a presented controller replaces the whole window on screen.
    func coversWindow(_ presented: ViewController) -> Bool {
        guard let style = presented.presentedStyle else { return false }
        if presented is AlertController { return false }
        switch style {
        case .fullScreen, .automatic: return true
        // Phone idiom: a sheet is full screen in the iOS 7 era, a card in the modern era.
        case .pageSheet, .formSheet: return traits.idiom == .phone && era == .ios7
        case .popover: return traits.horizontalSizeClass == .compact
        // Phone idiom: currentContext is full screen (iOS 7), also for one made on a pad before
        // the viewport shrank; the modern era honours it on both idioms.
        case .currentContext: return presented.presentingStorage?.parent == nil || (traits.idiom == .phone && era == .ios7)
        case .overFullScreen, .overCurrentContext, .custom: return false
        }
    }

    /// Whether a presented controller hides its presenting controller's view.
    func coversPresenter(_ presented: ViewController) -> Bool {
        if coversWindow(presented) { return true }
        return presented.presentedStyle == .currentContext && !(presented is AlertController)
    }

    // MARK: - Logging

    @discardableResult
    func record(_ c: ViewController, _ name: EventName, _ configure: (inout Event) -> Void = { _ in }) -> Int {
        var e = Event(controller: c.id, scene: c.sceneID, event: name)
        configure(&e)
        return log.append(consume e)
    }

    /// `willMove` or `didMove` of `c` to `parent` (nil: removal).
    func recordContainment(_ c: ViewController, _ name: EventName, parent: ViewController?) {
        var e = Event(controller: c.id, scene: c.sceneID, event: name)
        e.setArgument(parent: parent?.id, sharing: &lastContainmentArguments)
        log.append(consume e)
    }

    /// A delegate event of `container` about `child`, with the delegate's answer if it gives one.
    func recordDelegate(_ container: ViewController, _ name: EventName, child: ViewController, value: Bool?) {
        var e = Event(controller: container.id, scene: container.sceneID, event: name)
        e.setArgument(child: child.id, sharing: &lastDelegateArguments)
        e.value = value
        log.append(consume e)
    }

    func warn(_ message: String) { warnings.append(message) }
}

extension ViewController {
    /// False below a container that forwards appearance callbacks by hand.
    var shouldBeTrackedForAppearance: Bool {
        var node = parent
        while let n = node {
            if !n.shouldAutomaticallyForwardAppearanceMethods { return false }
            node = n.parent
        }
        return true
    }
}
