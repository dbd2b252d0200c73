/// The kind of controller a scene instantiates. Raw values are the flow-file names.
public enum SceneKind: String, Sendable, CaseIterable, Codable {
    case viewController
    case tableViewController
    case collectionViewController
    case navigationController
    case tabBarController
    case splitViewController
    case pageViewController
    case alertController

    /// Containers manage children; content controllers manage a view tree.
    public var isContainer: Bool {
        switch self {
        case .navigationController, .tabBarController, .splitViewController, .pageViewController: true
        default: false
        }
    }
}

/// One scene of a storyboard: what a controller instantiated from it starts with.
public struct Scene: Sendable {
    public var id: String
    public var kind: SceneKind
    /// A registered Swift subclass (`ControllerRegistry`) to instantiate instead of the kind's class.
    public var className: String?
    public var title: String?
    /// The controller's outlets to views of its own, by property name (`loginButton` → the
    /// element's id): what tools reading the app's code attach its `addTarget` calls to.
    public var outlets: [String: String] = [:]
    public var restorationIdentifier: String?
    public var navigationItem = NavigationItemSpec()
    public var tabBarItem: TabBarItemSpec?
    public var toolbarItems: [BarButtonItemSpec] = []
    public var navigationBarHidden = false
    public var toolbarHidden = true
    public var hidesBottomBarWhenPushed = false
    public var definesPresentationContext = false
    public var providesPresentationContextTransitionStyle = false
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    public var selectedIndex: Int?
    public var customizableViewControllers: [String]?
    /// Unwind actions this scene implements (`@IBAction func backToInbox(_ segue:)`).
    public var unwindActions: [String] = []
    /// Outgoing segues, in declaration order.
    public var segues: [SegueSpec] = []
    /// The content view tree (content controllers).
    public var view: [ViewNode] = []
    /// The look of the scene's root view (its background, its tint inherited by every view).
    @Indirect public var viewAppearance: ViewAppearance?
    /// A navigation controller's navigation bar, a tab bar controller's tab bar: tint, bar
    /// tint (`backgroundColor`), title colour (`textColor`) and bar style.
    @Indirect public var barAppearance: ViewAppearance?
    /// A navigation controller's toolbar: its tint, bar tint, bar style and `UIToolbarAppearance`s.
    @Indirect public var toolbarAppearance: ViewAppearance?

    // Relationships (containers).
    public var rootViewController: String?
    public var viewControllers: [String] = []
    public var masterViewController: String?
    public var detailViewController: String?
    /// Column-style split views (iOS 14): the middle column (`style="tripleColumn"`) and the
    /// controller shown alone at compact width instead of collapsing the columns.
    public var supplementaryViewController: String?
    public var compactViewController: String?
    public var pages: [String] = []
    public var pageView: PageViewSpec?
    public var alert: AlertSpec?

    public var supportedInterfaceOrientations: [InterfaceOrientation]?
    public var shouldAutorotate: Bool?
    /// The one orientation a full-screen presented controller of this scene asks to appear in.
    public var preferredInterfaceOrientationForPresentation: InterfaceOrientation?
    /// False: a custom container that forwards appearance to its children itself
    /// (`beginAppearanceTransition`/`endAppearanceTransition`).
    public var shouldAutomaticallyForwardAppearanceMethods = true
    /// Page views: the spine per orientation (`spineLocationForInterfaceOrientation`), asked
    /// as the interface turns; nil keeps `pageView.spineLocation` whatever the orientation.
    public var spineLocationForInterfaceOrientation: SpineLocations?
    /// `shouldPerformSegue` answers declared in a flow file or an overlay, by segue identifier.
    public var shouldPerformSegue: [String: SegueRefusal] = [:]
    /// Tab refusal policy declared in a flow file: indexes the tab bar controller refuses to select.
    public var refusesSelectionOf: [Int] = []
    /// Segue identifiers `shouldPerformSegue` answers false for (declared in an overlay: what
    /// the app's code refuses).
    public var refusedSegues: [String] = []
    /// A navigation controller's bar shows large titles (`prefersLargeTitles`; modern era only).
    public var prefersLargeTitles = false
    /// A presented sheet refuses to be dragged down (`isModalInPresentation`; modern era only).
    public var isModalInPresentation = false
    /// A split view whose delegate keeps the primary when the columns collapse
    /// (`splitViewController(_:collapseSecondary:onto:)` answering true): at compact width it
    /// starts on the primary.
    public var showsPrimaryWhenCollapsed = false

    public var location: SourceLocation?

    /// The storyboard ID code instantiates the scene by (`instantiateViewController(withIdentifier:)`);
    /// imported storyboards only (a flow file's scene id is its identifier).
    public var storyboardIdentifier: String?
    /// The storyboard (file name without extension) the scene was declared in, when a directory
    /// of storyboards was loaded; nil means the storyboard's own ``Storyboard/name``.
    public var storyboardName: String?
    /// Where Interface Builder's canvas draws the scene (its top-left corner, in canvas points).
    public var canvasLocation: CanvasPoint?
    /// The scene stands for a storyboard reference that could not be resolved: a labelled
    /// placeholder that cannot be opened on its own.
    public var isUnresolvedReference = false

    public init(id: String, kind: SceneKind = .viewController) {
        self.id = id
        self.kind = kind
    }

    public func segue(_ identifier: String) -> SegueSpec? { segues.first { $0.id == identifier } }

    /// Scene ids this scene names through relationships, in containment order.
    public var relationshipTargets: [String] {
        var ids: [String] = []
        if let root = rootViewController { ids.append(root) }
        ids += viewControllers
        if let master = masterViewController { ids.append(master) }
        if let detail = detailViewController { ids.append(detail) }
        if let supplementary = supplementaryViewController { ids.append(supplementary) }
        if let compact = compactViewController { ids.append(compact) }
        ids += pages
        return ids
    }
}

/// A point on Interface Builder's canvas.
public struct CanvasPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public enum InterfaceOrientation: String, Sendable, CaseIterable, Codable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

/// Page view controller settings.
public struct PageViewSpec: Sendable, Hashable {
    public enum TransitionStyle: String, Sendable, Codable { case pageCurl, scroll }
    public enum Orientation: String, Sendable, Codable { case horizontal, vertical }
    public enum SpineLocation: String, Sendable, Codable { case none, min, mid, max }
    public var transitionStyle: TransitionStyle = .scroll
    public var navigationOrientation: Orientation = .horizontal
    public var spineLocation: SpineLocation = .min
    public init() {}
}

/// A page view's spine in each orientation (`spineLocationForInterfaceOrientation`).
public struct SpineLocations: Sendable, Hashable {
    public var portrait: PageViewSpec.SpineLocation
    public var landscape: PageViewSpec.SpineLocation
    public init(portrait: PageViewSpec.SpineLocation, landscape: PageViewSpec.SpineLocation) {
        self.portrait = portrait
        self.landscape = landscape
    }
}

/// How `shouldPerformSegue` answers for one segue: always false, or false while any of the
/// listed text fields is empty.
public enum SegueRefusal: Sendable, Hashable {
    case always
    case whileEmpty([String])
}

/// An alert or action sheet scene (`alertController`).
public struct AlertSpec: Sendable {
    public enum Style: String, Sendable, Codable { case alert, actionSheet }
    public struct TextField: Sendable, Hashable {
        public var id: String
        public var placeholder: String?
        public init(id: String, placeholder: String? = nil) {
            self.id = id
            self.placeholder = placeholder
        }
    }
    public struct Action: Sendable {
        public enum Style: String, Sendable, Codable { case `default`, cancel, destructive }
        public var id: String?
        public var title: String
        public var style: Style = .default
        public var tap: TapTarget?
        public init(id: String? = nil, title: String, style: Style = .default, tap: TapTarget? = nil) {
            self.id = id
            self.title = title
            self.style = style
            self.tap = tap
        }
    }
    public var title: String?
    public var message: String?
    public var preferredStyle: Style = .alert
    public var textFields: [TextField] = []
    public var actions: [Action] = []
    public init() {}
}

extension Scene {
    /// Whether controllers of this scene can have children without being a container: container
    /// views (`embed` segues) or a Swift class that adds children itself.
    public var hasEmbeddedChildren: Bool {
        className != nil || segues.contains { $0.kind == .embed }
    }

    /// Whether controllers of this scene can have children: containers, and content controllers
    /// (embed segues, or `addChild` from code or the API); alerts cannot.
    public var canHoldChildren: Bool { kind != .alertController }
}
