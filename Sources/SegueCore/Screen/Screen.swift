/// What a person sees right now: the visible hierarchy as value types, ready to render.
///
/// The core builds a `Screen` from a session (`Window.screen()`); renderers (`SegueHTML`) turn it
/// into a page without touching controllers. Element ids in panes are the ids in `elements`, and a
/// tap on any of them is `{"action": "tap", "element": ID}`.
public struct Screen: Sendable {
    public var sessionID: String
    public var version: Int
    /// The canonical path of this state (``Window/canonicalPath``).
    public var path: String
    public var traits: Traits
    /// Back to front. `layers[0]` is the root view controller's; each presentation adds one.
    public var layers: [Layer]
    /// Everything tappable right now, in reading order.
    public var elements: [Element]
    /// Where the bar stays usable under a popover shown from one of its bar button items (UIKit
    /// adds that bar to the popover's passthrough views); nil when no bar is.
    public var passthroughBar: PassthroughBar?
    /// What the action that led here did, for the motion that shows it (``ScreenChange``).
    public var change: ScreenChange = .none
    /// The UIKit the screen follows: modern pages draw sheets as cards and large titles.
    public var era: UIKitEra = .ios7

    /// The bar a popover leaves usable: the navigation bar at the top, or the toolbar.
    public enum PassthroughBar: Sendable, Hashable {
        case top, bottom
    }

    public init(sessionID: String, version: Int, path: String, traits: Traits, layers: [Layer], elements: [Element],
                passthroughBar: PassthroughBar? = nil) {
        self.sessionID = sessionID
        self.version = version
        self.path = path
        self.traits = traits
        self.layers = layers
        self.elements = elements
        self.passthroughBar = passthroughBar
    }

    /// The text of the frontmost title, for `<title>`.
    /// The title of the frontmost layer that has one (an untitled action sheet: its presenter's).
    public var title: String? { layers.reversed().lazy.compactMap { $0.pane.title.flatMap { $0.isEmpty ? nil : $0 } }.first }
}

/// One presentation level: the root, or a presented controller with how it is shown.
public struct Layer: Sendable {
    /// How the layer is drawn.
    public enum Appearance: String, Sendable, Codable {
        /// The root, or a presentation that replaces everything under it.
        case fullScreen
        /// A pad-width `formSheet` (centred card) over a dimmed presenter.
        case formSheet
        /// A pad-width `pageSheet` (tall card) over a dimmed presenter.
        case pageSheet
        /// Drawn over the presenter, which stays visible (`overFullScreen`, `custom`).
        case overFullScreen
        /// A popover bubble anchored at an element.
        case popover
        /// An alert dialog or action sheet.
        case alert
        /// Shown only over the area of a presentation context (`currentContext`,
        /// `overCurrentContext` on pad): see `contextControllerID`.
        case currentContext
        /// A modern-era page or form sheet at compact width: a card from near the top, over its
        /// presenter scaled back and dimmed (see `recess`).
        case card
    }
    public var controllerID: String
    public var appearance: Appearance
    /// `nil` for the root layer.
    public var presentationStyle: ModalPresentationStyle?
    public var transitionStyle: ModalTransitionStyle?
    /// How many presentations lie under this layer in the window (0: the root's), counting those
    /// a full-screen presentation hides from `layers`: the same layer has the same depth from
    /// page to page.
    public var depth = 0
    /// For `.currentContext`: the controller whose area the layer covers.
    public var contextControllerID: String?
    /// For `.popover`: the element the bubble points at.
    public var anchorElementID: String?
    /// True when a layer above covers this one with a dimming view.
    public var isDimmed: Bool
    /// How many cards lie above this layer (modern era): each scales it back a step.
    public var recess = 0
    /// Only the front layer (and chrome outside a presentation context) takes taps.
    public var isInteractive: Bool
    public var pane: Pane
    /// The element that dismisses this layer from outside it: the dimmed area around a popover
    /// (a tap outside), the curl of a `partialCurl` presentation, or a modern sheet's grabber
    /// (dragging the sheet down, `dismissSheet`).
    public var dismissElementID: String?

    public init(controllerID: String, appearance: Appearance, presentationStyle: ModalPresentationStyle? = nil,
                transitionStyle: ModalTransitionStyle? = nil, contextControllerID: String? = nil,
                anchorElementID: String? = nil, isDimmed: Bool = false, isInteractive: Bool = true, pane: Pane,
                dismissElementID: String? = nil) {
        self.dismissElementID = dismissElementID
        self.controllerID = controllerID
        self.appearance = appearance
        self.presentationStyle = presentationStyle
        self.transitionStyle = transitionStyle
        self.contextControllerID = contextControllerID
        self.anchorElementID = anchorElementID
        self.isDimmed = isDimmed
        self.isInteractive = isInteractive
        self.pane = pane
    }
}

/// The visible part of one controller, recursively for containers.
public indirect enum Pane: Sendable {
    case content(ContentPane)
    case navigation(NavigationPane)
    case tabs(TabPane)
    case split(SplitPane)
    case pages(PagePane)
    case alert(AlertPane)
    /// A container's area taken over by a `currentContext` presentation (drawn by that layer).
    case coveredContext(controllerID: String)

    public var controllerID: String {
        switch self {
        case .content(let p): p.controllerID
        case .navigation(let p): p.controllerID
        case .tabs(let p): p.controllerID
        case .split(let p): p.controllerID
        case .pages(let p): p.controllerID
        case .alert(let p): p.controllerID
        case .coveredContext(let id): id
        }
    }

    /// The frontmost title shown in this pane.
    public var title: String? {
        switch self {
        case .content(let p): p.title
        case .navigation(let p): p.bar?.title ?? p.top.title
        case .tabs(let p): p.selected.title
        case .split(let p): p.columns.last?.title
        case .pages(let p): p.pages.first?.title
        case .alert(let p): p.title
        case .coveredContext: nil
        }
    }
}

/// A content controller's view tree with element ids resolved and current values applied:
/// a tappable node's or row's `id` is its element id; text fields carry their text in `text`,
/// switches their state in `isOn`.
public struct ContentPane: Sendable {
    public var controllerID: String
    public var sceneID: String?
    public var kind: SceneKind
    public var title: String?
    public var nodes: [ViewNode]
    /// Table controllers in editing mode show delete and reorder controls.
    public var isEditing: Bool
    /// A custom container's children whose views are in this view (embed segues go in the
    /// container view naming them; others follow the view).
    public var children: [EmbeddedPane] = []
    /// Set on the More list's Configure sheet: the tabs to arrange, drawn as an icon grid.
    public var configure: TabConfiguration? = nil
    /// The scene's root view look (background, tint), when imported.
    @Indirect public var appearance: ViewAppearance? = nil
    public init(controllerID: String, sceneID: String?, kind: SceneKind, title: String?, nodes: [ViewNode], isEditing: Bool) {
        self.controllerID = controllerID
        self.sceneID = sceneID
        self.kind = kind
        self.title = title
        self.nodes = nodes
        self.isEditing = isEditing
    }
}

/// UIKit's Configure sheet (Edit on the More list): every tab as an icon, those in the bar
/// first. A person drags an icon onto the tab bar (`moveTab`); without dragging, each movable
/// tab has Move Up and Move Down, which exchange it with its customizable neighbour.
public struct TabConfiguration: Sendable {
    public struct Tile: Sendable, Hashable {
        /// The tab's index in `viewControllers`.
        public var index: Int
        public var title: String
        public var image: String?
        public var systemItem: TabBarSystemItem?
        /// In `customizableViewControllers`: it can be dragged and dropped on.
        public var isCustomizable: Bool
        /// The Move Up / Move Down elements; nil at either end of the customizable tabs.
        public var moveUpElementID: String?
        public var moveDownElementID: String?
    }
    /// The tab bar controller being customized.
    public var tabBarControllerID: String
    /// How many tabs the bar shows (the rest are listed in More).
    public var barCount: Int
    public var tiles: [Tile]
}

/// A bar button, back button or toolbar item as drawn.
public struct BarItem: Sendable, Hashable {
    /// The element id; `nil` for spaces.
    public var elementID: String?
    public var role: ElementRole
    public var title: String
    public var image: String?
    public var systemItem: BarButtonSystemItem?
    public var isBold: Bool
    public var isEnabled: Bool
    /// False for a back button drawn as the chevron alone (`BackButtonDisplayMode.minimal`); its
    /// title is still what assistive technology reads.
    public var showsTitle = true
    /// The item's own tint colour and accessibility label (imported bar button items).
    public var tintColor: ColorSpec? = nil
    public var accessibilityLabel: String? = nil
    public init(elementID: String?, role: ElementRole, title: String, image: String? = nil,
                systemItem: BarButtonSystemItem? = nil, isBold: Bool = false, isEnabled: Bool = true) {
        self.elementID = elementID
        self.role = role
        self.title = title
        self.image = image
        self.systemItem = systemItem
        self.isBold = isBold
        self.isEnabled = isEnabled
    }
}

/// The navigation bar of a navigation controller, for its top controller.
public struct NavigationBar: Sendable {
    public var title: String?
    public var prompt: String?
    /// The back button, titled by the controller below the top; `nil` at the root or when hidden.
    public var backButton: BarItem?
    /// Left items, leftmost first (after the back button when they supplement it).
    public var leftItems: [BarItem]
    /// Right items in visual order, left to right (UIKit lists them rightmost first).
    public var rightItems: [BarItem]
    /// The navigation controller's bar look (tint, bar tint, title colour, bar style).
    @Indirect public var appearance: ViewAppearance? = nil
    /// The title shows large below the bar's items (modern era, `prefersLargeTitles`).
    public var showsLargeTitle = false
    /// A search bar under the title (modern era, the navigation item's search controller): its placeholder.
    public var searchPlaceholder: String? = nil
    /// That search bar's field, text and Cancel (set with `searchPlaceholder`).
    public var search: NavigationSearch? = nil
    /// The navigation item's title view, resolved as content is (values, element ids): drawn
    /// instead of the title, which still names the screen for assistive technology.
    public var titleView: [ViewNode] = []
    public init(title: String?, prompt: String?, backButton: BarItem?, leftItems: [BarItem], rightItems: [BarItem]) {
        self.title = title
        self.prompt = prompt
        self.backButton = backButton
        self.leftItems = leftItems
        self.rightItems = rightItems
    }
}

public struct NavigationPane: Sendable {
    public var controllerID: String
    /// `nil` when `navigationBarHidden`.
    public var bar: NavigationBar?
    public var top: Pane
    /// The top controller's toolbar items; `nil` when the toolbar is hidden.
    public var toolbar: [BarItem]?
    /// What a back swipe uncovers (``SwipeUnder``), on drawn pages.
    @Indirect public var under: SwipeUnder? = nil
    /// The navigation controller's toolbar look (tint, bar tint, bar style, appearances).
    @Indirect public var toolbarAppearance: ViewAppearance? = nil
    public init(controllerID: String, bar: NavigationBar?, top: Pane, toolbar: [BarItem]?) {
        self.controllerID = controllerID
        self.bar = bar
        self.top = top
        self.toolbar = toolbar
    }
}

public struct TabItem: Sendable, Hashable {
    public var elementID: String
    public var title: String
    public var image: String?
    public var systemItem: TabBarSystemItem?
    public var badgeValue: String?
    public var isSelected: Bool
    public var isEnabled: Bool
    /// The image shown while the tab is selected (`selectedImage`), when it has one.
    public var selectedImage: String? = nil
    /// Whether the item has an image and no title: the bar shows the image alone (`title` is then
    /// the image's name, for STATE and assistive technology).
    public var isImageOnly = false
    public init(elementID: String, title: String, image: String? = nil, systemItem: TabBarSystemItem? = nil,
                badgeValue: String? = nil, isSelected: Bool, isEnabled: Bool = true) {
        self.elementID = elementID
        self.title = title
        self.image = image
        self.systemItem = systemItem
        self.badgeValue = badgeValue
        self.isSelected = isSelected
        self.isEnabled = isEnabled
    }
}

public struct TabPane: Sendable {
    public var controllerID: String
    public var items: [TabItem]
    public var selected: Pane
    /// Hidden while a `hidesBottomBarWhenPushed` controller is above a stack root.
    public var isBarHidden: Bool
    /// The tab bar controller's bar look (tint, bar tint, bar style).
    @Indirect public var barAppearance: ViewAppearance? = nil
    public init(controllerID: String, items: [TabItem], selected: Pane, isBarHidden: Bool) {
        self.controllerID = controllerID
        self.items = items
        self.selected = selected
        self.isBarHidden = isBarHidden
    }
}

public struct SplitPane: Sendable {
    public var controllerID: String
    /// Visible columns, primary first (collapsed: the one column on top of the stack).
    public var columns: [Pane]
    /// In pad portrait: the bar button that shows the primary as an overlay.
    public var showPrimaryElementID: String?
    /// The primary column is drawn as an overlay over the (dimmed) secondary.
    public var isPrimaryOverlay: Bool
    /// `allVisible`, `primaryHidden` or `primaryOverlay`; collapsed splits are `allVisible`.
    public var displayMode: SplitViewController.DisplayMode = .allVisible
    public var isCollapsed = false
    /// The columns include a triple-column split's supplementary (after the primary, if shown).
    public var hasSupplementary = false
    /// Bar items to draw above the column when the column has no navigation bar to hold them
    /// (the back button to the primary when collapsed; the show-primary button in pad portrait).
    public var barItems: [BarItem] = []
    /// Overlay: the dimmed secondary, whose tap hides the primary.
    public var hidePrimaryElementID: String?
    public init(controllerID: String, columns: [Pane], showPrimaryElementID: String? = nil, isPrimaryOverlay: Bool = false) {
        self.controllerID = controllerID
        self.columns = columns
        self.showPrimaryElementID = showPrimaryElementID
        self.isPrimaryOverlay = isPrimaryOverlay
    }
}

/// A child of a custom container drawn inside its parent's view.
public struct EmbeddedPane: Sendable {
    /// The embed segue (container view) it belongs in, when made by one.
    public var embedSegue: String?
    public var pane: Pane
    public init(embedSegue: String?, pane: Pane) {
        self.embedSegue = embedSegue
        self.pane = pane
    }
}

public struct PagePane: Sendable {
    public var controllerID: String
    public var pages: [Pane]
    public var pageCount: Int
    public var currentIndex: Int
    public var transitionStyle: PageViewSpec.TransitionStyle
    public var orientation: PageViewSpec.Orientation
    public var previousElementID: String?
    public var nextElementID: String?
    public init(controllerID: String, pages: [Pane], pageCount: Int, currentIndex: Int,
                transitionStyle: PageViewSpec.TransitionStyle, orientation: PageViewSpec.Orientation,
                previousElementID: String?, nextElementID: String?) {
        self.controllerID = controllerID
        self.pages = pages
        self.pageCount = pageCount
        self.currentIndex = currentIndex
        self.transitionStyle = transitionStyle
        self.orientation = orientation
        self.previousElementID = previousElementID
        self.nextElementID = nextElementID
    }
}

public struct AlertPane: Sendable {
    public struct Field: Sendable, Hashable {
        public var elementID: String
        public var placeholder: String?
        public var text: String
        public init(elementID: String, placeholder: String?, text: String) {
            self.elementID = elementID
            self.placeholder = placeholder
            self.text = text
        }
    }
    public struct Action: Sendable, Hashable {
        public var elementID: String
        public var title: String
        public var style: AlertSpec.Action.Style
        public init(elementID: String, title: String, style: AlertSpec.Action.Style) {
            self.elementID = elementID
            self.title = title
            self.style = style
        }
    }
    public var controllerID: String
    public var title: String?
    public var message: String?
    public var style: AlertSpec.Style
    public var textFields: [Field]
    public var actions: [Action]
    public init(controllerID: String, title: String?, message: String?, style: AlertSpec.Style, textFields: [Field], actions: [Action]) {
        self.controllerID = controllerID
        self.title = title
        self.message = message
        self.style = style
        self.textFields = textFields
        self.actions = actions
    }
}

/// Roles of tappable elements (docs/API.md).
public enum ElementRole: String, Sendable, Codable, CaseIterable {
    case button, barButton, backButton, tab, row, alertAction, pageControl, link, `switch`, textField
    case segmentedControl, slider, stepper
}

/// A tappable element in the state's `elements` list.
public struct Element: Sendable, Hashable, Codable {
    public var id: String
    public var role: ElementRole
    public var title: String?
    public var controller: String
    public var enabled: Bool
    /// What the control holds now (nil for elements that hold nothing): a switch's state, a
    /// slider's or stepper's value, a text field's text, a segmented control's selected index.
    public var isOn: Bool? = nil
    public var value: Double? = nil
    public var text: String? = nil
    public var selectedSegmentIndex: Int? = nil
    public init(id: String, role: ElementRole, title: String?, controller: String, enabled: Bool = true) {
        self.id = id
        self.role = role
        self.title = title
        self.controller = controller
        self.enabled = enabled
    }

    /// The element with the value its control holds (`node` as drawn, current values applied).
    func holding(_ node: ViewNode) -> Element {
        var e = self
        switch node.kind {
        case .switch: e.isOn = node.isOn ?? false
        case .textField, .textView, .searchBar: e.text = node.text ?? ""
        case .slider, .stepper: e.value = node.value ?? 0
        case .segmentedControl:
            // Within the segments; a value that is not a whole index selects nothing (-1).
            let index = node.value.flatMap { $0.isFinite && $0 >= 0 && $0 < 1_000_000 ? Int($0) : nil } ?? 0
            e.selectedSegmentIndex = index < max(node.segments.count, 1) ? index : -1
        default: break
        }
        return e
    }
}
