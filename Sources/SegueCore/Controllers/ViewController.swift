/// The appearance state machine of a controller: `appeared` exactly when its view
/// is part of the rendered page.
public enum AppearanceState: String, Sendable, Codable {
    case disappeared, appearing, appeared, disappearing
}

/// A value a user can change in a content view: a text field's text or a switch's state.
public enum FieldValue: Sendable, Hashable {
    case text(String)
    case bool(Bool)
}

/// `UIViewController`, on a server.
///
/// Subclass it (or `TableViewController`, `NavigationController`, ...) and register the subclass
/// with `ControllerRegistry` under a scene's `class` to run your own code in a flow:
///
/// ```swift
/// final class ComposeController: ViewController {
///     override func shouldPerformSegue(withIdentifier identifier: String, sender: Element?) -> Bool {
///         identifier != "sent" || !(text(of: "subject") ?? "").isEmpty
///     }
/// }
/// registry.register(ComposeController.self, as: "ComposeController")
/// ```
///
/// The framework records every callback in the session's event log *before* calling the
/// overridable method, so overrides need not call `super` for the log to be right.
///
/// Stored properties of the core's classes (`ViewController`, its containers, `Window`) are
/// `@exclusivity(unchecked)`: a window and its controllers are only ever used by one thread at a
/// time (the server holds the session's lock), and the runtime's dynamic exclusivity checks on
/// them were 8 % of the instructions of a JSON action (callgrind, `Benchmarks/RESULTS.md`).
open class ViewController {
    /// The session-unique id (`c1`, `c2`, ...). Ids only count up and are never reused.
    @exclusivity(unchecked) public internal(set) var id: String = "" { didSet { memoRevision &+= 1 } }
    /// The scene this controller was instantiated from (`nil` for controllers made in code).
    public let scene: Scene?

    // Single fields of the scene for the paths that run on every action. A read such as
    // `navigationController.topViewController?.scene?.toolbarHidden` copies the whole scene (a
    // large value) before reading the field; read inside a method of the controller, it does not.

    /// The scene asks for the navigation bar to be hidden.
    final var sceneHidesNavigationBar: Bool { scene?.navigationBarHidden ?? false }
    /// The scene asks for the toolbar (`toolbarHidden: false`).
    final var sceneShowsToolbar: Bool { !(scene?.toolbarHidden ?? true) }

    /// The scene's code-triggered segues, remembered per scene in `cache`.
    final func manualSegueSpecs(cache: inout [String: [SegueSpec]]) -> [SegueSpec] {
        guard let id = scene?.id, !(scene?.segues.isEmpty ?? true) else { return [] }
        if let cached = cache[id] { return cached }
        let specs = scene?.manualSegues ?? []
        cache[id] = specs
        return specs
    }
    /// The session this controller lives in.
    @exclusivity(unchecked) public internal(set) weak var window: Window?

    @exclusivity(unchecked) public var title: String? { didSet { memoRevision &+= 1 } }
    @exclusivity(unchecked) public var navigationItem: NavigationItem { didSet { memoRevision &+= 1 } }
    @exclusivity(unchecked) public var tabBarItem: TabBarItemSpec { didSet { memoRevision &+= 1 } }
    /// Counts changes of the id, the title, `navigationItem`, `tabBarItem` and editing: what an
    /// encoder derived from them (``encodingMemo``) is current while it stays the same. Every
    /// change goes through the properties' observers, in place or whole.
    @exclusivity(unchecked) public private(set) final var memoRevision = 0
    @exclusivity(unchecked) public var toolbarItems: [BarButtonItemSpec]
    @exclusivity(unchecked) public var hidesBottomBarWhenPushed: Bool
    @exclusivity(unchecked) public var definesPresentationContext: Bool
    @exclusivity(unchecked) public var providesPresentationContextTransitionStyle: Bool
    @exclusivity(unchecked) public var modalPresentationStyle: ModalPresentationStyle
    @exclusivity(unchecked) public var modalTransitionStyle: ModalTransitionStyle
    @exclusivity(unchecked) public var restorationIdentifier: String?
    /// What an encoder outside the core derived from this controller and keeps with it, with
    /// the ``memoRevision`` it was derived at (the JSON API's fields that rarely change,
    /// `APIEncoding.swift`). The core never reads it; it goes with the controller.
    @exclusivity(unchecked) public final var encodingMemo: AnyObject?

    /// The content view tree; empty until the view loads.
    @exclusivity(unchecked) public var view: [ViewNode] = []
    @exclusivity(unchecked) public internal(set) var isViewLoaded = false
    @exclusivity(unchecked) public internal(set) var appearance: AppearanceState = .disappeared
    @exclusivity(unchecked) public internal(set) var isEditing = false { didSet { memoRevision &+= 1 } }
    /// Values users typed or toggled, by element id (text fields, switches).
    @exclusivity(unchecked) public var values: [String: FieldValue] = [:]
    /// Values handed over by a segue (`passes:`), by key; templates and subclasses read them.
    @exclusivity(unchecked) public var passedValues: [String: String] = [:]
    /// Table sections whose rows were deleted or moved while editing (restorable state).
    @exclusivity(unchecked) var tableSectionEdits: [TableSectionEdit] = []

    @exclusivity(unchecked) public internal(set) weak var parent: ViewController?
    @exclusivity(unchecked) public internal(set) var children: [ViewController] = []
    /// What this controller presents (stored on the presenting controller).
    @exclusivity(unchecked) var presentedStorage: ViewController?
    /// The controller that presents this one (set on presented controllers only).
    @exclusivity(unchecked) public internal(set) weak var presentingStorage: ViewController?
    /// The controller `present` was called on (the caller), when it differs from the presenter.
    @exclusivity(unchecked) public internal(set) weak var presentationCaller: ViewController?
    /// For a popover: the element it is anchored at.
    @exclusivity(unchecked) public internal(set) var popoverAnchor: String?
    /// The style this controller was presented with, fixed at presentation time.
    @exclusivity(unchecked) public internal(set) var presentedStyle: ModalPresentationStyle?
    @exclusivity(unchecked) public internal(set) var presentedTransition: ModalTransitionStyle?

    /// Reason flags, true only during the transition they concern and only for the controller
    /// added, removed, presented or dismissed: a controller merely covered or uncovered, and both
    /// sides of a tab switch, see all four false.
    @exclusivity(unchecked) public internal(set) var reasons: AppearanceReason = []
    public var isMovingToParent: Bool { reasons.contains(.movingToParent) }
    public var isMovingFromParent: Bool { reasons.contains(.movingFromParent) }
    public var isBeingPresented: Bool { reasons.contains(.beingPresented) }
    public var isBeingDismissed: Bool { reasons.contains(.beingDismissed) }

    /// Creates a controller from a scene (or an empty one for code).
    public required init(scene: Scene?) {
        self.scene = scene
        title = scene?.title
        navigationItem = NavigationItem(scene?.navigationItem ?? NavigationItemSpec())
        tabBarItem = scene?.tabBarItem ?? TabBarItemSpec()
        toolbarItems = scene?.toolbarItems ?? []
        hidesBottomBarWhenPushed = scene?.hidesBottomBarWhenPushed ?? false
        definesPresentationContext = scene?.definesPresentationContext ?? false
        providesPresentationContextTransitionStyle = scene?.providesPresentationContextTransitionStyle ?? false
        modalPresentationStyle = scene?.modalPresentationStyle ?? .fullScreen
        modalTransitionStyle = scene?.modalTransitionStyle ?? .coverVertical
        restorationIdentifier = scene?.restorationIdentifier
    }

    public convenience init() { self.init(scene: nil) }

    /// The scene id, for logs and URLs.
    public var sceneID: String? { scene?.id }
    /// The kind of scene this controller stands for.
    open var kind: SceneKind { scene?.kind ?? .viewController }
    /// Containers manage children; content controllers manage views.
    open var isContainer: Bool { false }

    // MARK: - Overridable lifecycle (UIKit names)

    /// Creates the view. The default takes the scene's view tree.
    open func loadView() { view = scene?.view ?? [] }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}
    open func didReceiveMemoryWarning() {}
    open func traitCollectionDidChange(_ previous: Traits?) {}
    open func willRotate(to orientation: Traits.Orientation) {}
    open func didRotate(from orientation: Traits.Orientation) {}

    /// Sets editing; the framework logs `setEditing` and flips `editButtonItem`'s title.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// Asked before a control-triggered segue (never for `performSegue`). Return false to stop it.
    /// The default answers as the scene declares: false for its ``Scene/refusedSegues`` and for
    /// a ``Scene/shouldPerformSegue`` refusal (always, or while a listed text field is empty).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Element?) -> Bool {
        guard let scene else { return true }
        if scene.refusedSegues.contains(identifier) { return false }
        switch scene.shouldPerformSegue[identifier] {
        case nil: return true
        case .always: return false
        case .whileEmpty(let fields): return !fields.contains { currentText(of: $0).isEmpty }
        }
    }
    /// Called after the destination exists and before its view loads.
    open func prepare(for segue: StoryboardSegue, sender: Element?) {}
    /// Whether this controller is the destination of an unwind action. The default: it declares
    /// the action (`unwindActions`) and is not the source.
    /// `isModalInPresentation`: a sheet that must not be dragged away (modern era; the scene's
    /// setting, and subclasses may decide at run time).
    open var isModalInPresentation: Bool { scene?.isModalInPresentation ?? false }

    /// The presentation controller delegate's `presentationControllerShouldDismiss(_:)`, asked
    /// when a person drags this sheet down (modern era); false keeps it.
    open func presentationControllerShouldDismiss() -> Bool { true }

    open func canPerformUnwindSegueAction(_ action: String, from source: ViewController, sender: Element?) -> Bool {
        source !== self && (scene?.unwindActions.contains(action) ?? false)
    }
    /// The unwind action itself (`@IBAction func backToInbox(_ segue:)`), run on the destination.
    open func performUnwindAction(_ action: String, segue: StoryboardSegue) {}
    /// A custom `action:` from a flow file. Return true when handled.
    open func handleAction(_ name: String, sender: Element?) -> Bool { false }

    /// State restoration (docs/Semantics.md, Restoration and URLs): save this controller's own state (the framework saves its
    /// form values and editing state itself). Called only for controllers on an identifier path.
    open func encodeRestorableState(with coder: RestorationCoder) {}
    /// Restore what `encodeRestorableState` saved; called after `viewDidLoad`, before any appearance.
    open func decodeRestorableState(with coder: RestorationCoder) {}
    /// Called on every restored controller once the whole hierarchy is restored.
    open func applicationFinishedRestoringState() {}

    /// Orientation masks: phone default all but upside-down, pad all.
    open var supportedInterfaceOrientations: [InterfaceOrientation]? { scene?.supportedInterfaceOrientations }
    open var shouldAutorotate: Bool { scene?.shouldAutorotate ?? true }
    /// The one orientation this controller asks to appear in when presented full screen.
    open var preferredInterfaceOrientationForPresentation: InterfaceOrientation? { scene?.preferredInterfaceOrientationForPresentation }
    /// The interface before this presented controller turned it (to turn back when dismissed).
    @exclusivity(unchecked) var orientationBeforePresentation: Traits?

    // MARK: - Containers

    /// The children whose views are in this controller's view: they get its appear and disappear events right after it. For a
    /// custom container: the children added with their view (embed segues, `addChild`, the `to`
    /// side of `transition(from:to:)`).
    /// Containers say which by overriding ``forEachVisibleChild(_:)``.
    public final var visibleChildren: [ViewController] {
        var shown: [ViewController] = []
        forEachVisibleChild { shown.append($0) }
        return shown
    }

    /// Calls `body` with each of ``visibleChildren``, back to front, without making the list:
    /// walks of the visible hierarchy (several per action) go through here. The one place a
    /// container says which of its children are shown.
    open func forEachVisibleChild(_ body: (ViewController) -> Void) {
        for child in children where child.isViewInContainerView { body(child) }
    }
    /// Custom containers: whether this child's view is in its parent's view (see Containment.swift).
    @exclusivity(unchecked) public internal(set) var isViewInContainerView = false
    /// Custom containers: the embed segue that made this child (its container view).
    @exclusivity(unchecked) public internal(set) var embedSegueID: String?
    /// Manual appearance forwarding: the appearance a `beginAppearanceTransition` started.
    @exclusivity(unchecked) var pendingAppearanceTransition: (appearing: Bool, animated: Bool)?
    /// Containers take the children their relationships name (at instantiation, with
    /// `willMove`/`didMove`). Content controllers take none.
    func installRelationshipChildren(_ children: [ViewController]) {}

    /// False for custom containers that forward appearance callbacks themselves (the scene's
    /// `shouldAutomaticallyForwardAppearanceMethods: false`, or a subclass's override).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool {
        scene?.shouldAutomaticallyForwardAppearanceMethods ?? true
    }

    /// The children the unwind search asks, top-down; nil (the default) applies the era's rule
    /// (see `UnwindSearch.swift`). A custom container's class overrides it to take part in the
    /// search in the iOS 7 era, as overriding `viewControllerForUnwindSegueAction` does.
    open var allowedChildViewControllersForUnwinding: [ViewController]? { nil }

    // MARK: - Relationships

    /// The nearest navigation controller ancestor.
    public var navigationController: NavigationController? {
        var below: ViewController = self
        var node = parent
        while let n = node {
            if let nav = n as? NavigationController { return nav }
            // A tab shown inside More is on the More navigation controller's stack.
            if let tabs = n as? TabBarController, tabs.tabShownInMore === below { return tabs.moreStorage }
            below = n
            node = n.parent
        }
        return nil
    }

    /// The nearest tab bar controller ancestor.
    public var tabBarController: TabBarController? {
        var node = parent
        while let n = node {
            if let tabs = n as? TabBarController { return tabs }
            node = n.parent
        }
        return nil
    }

    /// The top of this controller's containment tree: the window root or a presented controller.
    public var topLevel: ViewController {
        var node = self
        while let p = node.parent { node = p }
        return node
    }

    /// What this controller, or the presenting controller it lives in, presents (UIKit reports
    /// the presented controller on the caller and on the presenting controller alike).
    public var presentedViewController: ViewController? {
        var node: ViewController? = self
        while let n = node {
            if let p = n.presentedStorage { return p }
            node = n.parent
        }
        return nil
    }

    /// What this controller itself presents: unlike ``presentedViewController``, nil for a
    /// controller that only lives inside one that presents.
    public var ownPresentedViewController: ViewController? { presentedStorage }

    /// The controller that presented this one or an ancestor of it.
    public var presentingViewController: ViewController? { topLevel.presentingStorage }

    /// Text typed into a text field of this controller's view (by element id).
    public func text(of elementID: String) -> String? {
        if case .text(let t) = values[elementID] { return t }
        return nil
    }

    /// The text a field shows now: what was typed, else the text its view declares.
    public func currentText(of elementID: String) -> String {
        if let typed = text(of: elementID) { return typed }
        var declared = ""
        for node in (isViewLoaded ? view : scene?.view ?? []) {
            node.forEach { if $0.id == elementID, let t = $0.text { declared = t } }
        }
        return declared
    }

    /// Whether a switch is on (by element id), falling back to its declared state.
    public func isOn(_ elementID: String) -> Bool {
        if case .bool(let b) = values[elementID] { return b }
        var declared = false
        for node in view { node.forEach { if $0.id == elementID { declared = $0.isOn ?? false } } }
        return declared
    }
}

/// A segue as handed to `prepare(for:sender:)` and unwind actions.
public struct StoryboardSegue {
    public let identifier: String
    public let kind: SegueKind
    public unowned let source: ViewController
    public unowned let destination: ViewController
}

/// `UINavigationItem`: what a navigation bar shows for a controller. Items can change while shown.
public struct NavigationItem: Sendable, Hashable {
    public var title: String?
    public var prompt: String?
    public var leftBarButtonItems: [BarButtonItemSpec]
    public var rightBarButtonItems: [BarButtonItemSpec]
    public var backBarButtonItem: BarButtonItemSpec?
    public var hidesBackButton: Bool
    public var leftItemsSupplementBackButton: Bool
    public var backButtonDisplayMode: BackButtonDisplayMode
    /// Views drawn instead of the title (``NavigationItemSpec/titleView``).
    public var titleView: TitleView?

    public init(_ spec: NavigationItemSpec) {
        title = spec.title
        prompt = spec.prompt
        leftBarButtonItems = spec.leftBarButtonItems
        rightBarButtonItems = spec.rightBarButtonItems
        backBarButtonItem = spec.backBarButtonItem
        hidesBackButton = spec.hidesBackButton
        leftItemsSupplementBackButton = spec.leftItemsSupplementBackButton
        backButtonDisplayMode = spec.backButtonDisplayMode
        titleView = spec.titleView
    }

    /// The title of the back button that leads to this item's controller (titled
    /// `controllerTitle`): its `backBarButtonItem`'s, else its title unless its display mode
    /// says "Back" (`generic`, and `minimal`, whose title only assistive technology reads).
    public func backButtonTitle(controllerTitle: String?) -> String {
        // An empty title draws the chevron alone, read as "Back".
        if let custom = backBarButtonItem?.displayTitle { return custom.isEmpty ? "Back" : custom }
        guard backButtonDisplayMode == .default else { return "Back" }
        return title ?? controllerTitle ?? "Back"
    }

    /// Whether that back button shows its title beside the chevron: not for a back item titled
    /// "", nor in the `minimal` display mode (a back item keeps its own title).
    public var backButtonShowsTitle: Bool {
        if let custom = backBarButtonItem { return custom.displayTitle?.isEmpty != true }
        return backButtonDisplayMode != .minimal
    }
}
