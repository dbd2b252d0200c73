/// A bar button item in a navigation bar or toolbar.
public struct BarButtonItemSpec: Sendable, Hashable {
    public enum Style: String, Sendable, Codable { case plain, done, bordered }
    public var id: String?
    public var title: String?
    public var image: String?
    public var style: Style = .plain
    public var systemItem: BarButtonSystemItem?
    /// The item's own tint colour and accessibility label, when the document gives them.
    public var tintColor: ColorSpec?
    public var accessibilityLabel: String?
    public var enabled = true
    /// Disabled by the importer for want of anything the storyboard can run (no segue), not by
    /// the document: code that runs its action enables it again.
    public var inertUnwired = false
    public var tap: TapTarget?
    /// The action methods Interface Builder connects to the item (see ``ViewNode/actions``).
    public var actions: [String] = []
    public var location: SourceLocation?

    public init(id: String? = nil, title: String? = nil, systemItem: BarButtonSystemItem? = nil, style: Style = .plain, tap: TapTarget? = nil) {
        self.id = id
        self.title = title
        self.systemItem = systemItem
        self.style = style
        self.tap = tap
    }

    /// The text a person reads: the title, else the system item's fixed title.
    public var displayTitle: String? { title ?? systemItem?.title }
}

/// UIBarButtonSystemItem, with UIKit's fixed titles (glyph items carry an accessible name).
public enum BarButtonSystemItem: String, Sendable, CaseIterable, Codable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
    case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
    case pageCurl, close

    public var title: String {
        switch self {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .add: "Add"
        case .flexibleSpace, .fixedSpace: ""
        case .compose: "Compose"
        case .reply: "Reply"
        case .action: "Share"
        case .organize: "Organize"
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .refresh: "Refresh"
        case .stop: "Stop"
        case .camera: "Camera"
        case .trash: "Delete"
        case .play: "Play"
        case .pause: "Pause"
        case .rewind: "Rewind"
        case .fastForward: "Fast Forward"
        case .undo: "Undo"
        case .redo: "Redo"
        case .pageCurl: "Page Curl"
        case .close: "Close"
        }
    }

    /// Text items render as words; the others as glyphs (icons in `Public/icons`).
    public var isTextual: Bool {
        switch self {
        case .done, .cancel, .edit, .save, .undo, .redo: true
        default: false
        }
    }

    /// Spaces lay out the bar and are never tappable.
    public var isSpace: Bool { self == .flexibleSpace || self == .fixedSpace }

    /// `done` and `save` are bold in UIKit, like `style: done`.
    public var isBold: Bool { self == .done || self == .save }
}

/// A controller's navigation item (`UINavigationItem`) as declared.
public struct NavigationItemSpec: Sendable, Hashable {
    /// The item's id in its storyboard or xib (what localized strings name), when imported.
    public var id: String?
    public var title: String?
    public var prompt: String?
    public var leftBarButtonItems: [BarButtonItemSpec] = []
    public var rightBarButtonItems: [BarButtonItemSpec] = []
    public var backBarButtonItem: BarButtonItemSpec?
    public var hidesBackButton = false
    public var leftItemsSupplementBackButton = false
    /// How the back button pointing to this item shows (iOS 14): with this item's title, as
    /// "Back", or as the chevron alone. A `backBarButtonItem` keeps its own title.
    public var backButtonDisplayMode: BackButtonDisplayMode = .default
    /// Whether this item's title shows large when the bar prefers large titles (modern era).
    public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// A search bar in the navigation bar (`navigationItem.searchController`; modern era), with
    /// its placeholder text.
    public var searchBarPlaceholder: String?
    /// Views shown in the bar's middle instead of the title (`titleView`: a segmented control,
    /// an image, labels), when the document gives some.
    public var titleView: TitleView?
    public init() {}
}

/// A navigation item's custom title view: the views the bar draws where its title would be.
/// Their controls are the top controller's, as its content's are.
public struct TitleView: Sendable, Hashable {
    public var nodes: [ViewNode]
    public init(_ nodes: [ViewNode]) { self.nodes = nodes }
    public static func == (a: TitleView, b: TitleView) -> Bool { a.nodes == b.nodes }
    public func hash(into hasher: inout Hasher) { hasher.combine(nodes.count) }
}

/// `UINavigationItem.LargeTitleDisplayMode`: `automatic` follows the item below it in the stack
/// (the bar's preference for the root), `always` and `never` decide for this item.
public enum LargeTitleDisplayMode: String, Sendable, CaseIterable, Codable {
    case automatic, always, never
}

/// `UINavigationItem.BackButtonDisplayMode`.
public enum BackButtonDisplayMode: String, Sendable, CaseIterable, Codable {
    case `default`, generic, minimal
}

/// A controller's tab bar item (`UITabBarItem`).
public struct TabBarItemSpec: Sendable, Hashable {
    public var id: String?
    public var title: String?
    public var image: String?
    public var badgeValue: String?
    /// The image shown while the tab is selected.
    public var selectedImage: String?
    public var systemItem: TabBarSystemItem?
    public var enabled = true
    public init(title: String? = nil) { self.title = title }
}

/// UITabBarSystemItem with its fixed titles.
public enum TabBarSystemItem: String, Sendable, CaseIterable, Codable {
    case favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
    case mostRecent, mostViewed, more

    public var title: String {
        switch self {
        case .favorites: "Favorites"
        case .featured: "Featured"
        case .topRated: "Top Rated"
        case .recents: "Recents"
        case .contacts: "Contacts"
        case .history: "History"
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .downloads: "Downloads"
        case .mostRecent: "Most Recent"
        case .mostViewed: "Most Viewed"
        case .more: "More"
        }
    }
}
