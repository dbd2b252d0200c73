/// A window's whole state as plain values: what a session is rebuilt from instead of replaying
/// every step it ever took.
///
/// A stored session is its launch plus its steps (see `SessionStorage` in SegueServer), and
/// rebuilding it replays them all: the cost grows with the session's age. A snapshot taken after
/// step `n` lets a rebuild start there and replay only the steps after it.
///
/// ## What it holds, and what it does not
///
/// - The window's counters (`version`, the last event's sequence number, the next controller
///   number), its traits, warnings and last screen change, so that the rebuilt window answers
///   exactly as the live one did: the same STATE, the same page, the same ids.
/// - Every controller, pre-order as ``Window/allControllers`` walks them: its id, the scene it
///   was made from, its view's load and appearance state, what users typed (`values`), what
///   segues passed, its title, presentation and container state; and what a subclass stores with
///   `encodeRestorableState(with:)`, handed back to `decodeRestorableState(with:)`.
/// - Not the event log: a rebuilt window's log starts empty, numbering on from the snapshot's
///   last sequence number. Older events are answered by replaying the stored steps from the
///   first, as for any event the live log no longer keeps.
///
/// ## Exact, or not taken
///
/// ``Window/verifiedSnapshot()`` takes a snapshot, builds a second window from it, and compares
/// the two through Swift's reflection (``Window/stateFingerprint()``): every stored property of
/// every controller, subclasses' own included. When anything differs (state this type does not
/// carry, a delegate object, a closure, a subclass property not restored by
/// `decodeRestorableState`), there is no snapshot, and that session keeps replaying from its
/// first step. So a rebuild from a snapshot is the same window a full replay makes, except for
/// the log's older events.
public struct WindowSnapshot: Sendable, Hashable, Codable {
    /// Changes when the encoding changes; a snapshot of another format is ignored.
    public static let currentFormat = 1

    public var format: Int
    public var version: Int
    public var lastSeq: Int
    public var nextControllerNumber: Int
    public var traits: Traits
    public var isLaunched: Bool
    public var warnings: [String]
    public var lastChange: Change
    public var root: ControllerState?

    /// ``ScreenChange`` as values.
    public struct Change: Sendable, Hashable, Codable {
        public var kind: String
        public var controller: String?
        public var transition: ModalTransitionStyle?
    }

    /// One controller and, through `children` and `presented`, everything below it.
    public struct ControllerState: Sendable, Hashable, Codable {
        /// Controllers UIKit makes itself, with no scene: the More tab's navigation controller and its list.
        public enum Framework: String, Sendable, Hashable, Codable { case more, moreList }

        public var id: String
        public var scene: String?
        public var framework: Framework?
        public var title: String?
        public var navigationTitle: String?
        public var restorationIdentifier: String?
        public var viewLoaded: Bool
        public var appearance: AppearanceState
        public var editing: Bool
        public var texts: [String: String]
        public var switches: [String: Bool]
        public var passed: [String: String]
        /// Table sections edited (rows deleted or moved): table, section, then the rows' order.
        public var tableEdits: [[Int]]
        /// What `encodeRestorableState(with:)` stored, in order.
        public var coded: [[String]]
        public var modalPresentationStyle: ModalPresentationStyle
        public var modalTransitionStyle: ModalTransitionStyle
        public var popoverAnchor: String?
        public var presentedStyle: ModalPresentationStyle?
        public var presentedTransition: ModalTransitionStyle?
        /// Id of the controller `present` was called on, when it differs from the presenter.
        public var presentationCaller: String?
        public var inContainerView: Bool
        public var embedSegueID: String?
        public var children: [ControllerState]
        /// What it presents: none or one.
        public var presented: [ControllerState]
        public var container: ContainerState?
        /// A presented controller that turned the interface: the traits it turned from.
        public var rotatedFrom: Traits? = nil
    }

    /// The state only containers have.
    public struct ContainerState: Sendable, Hashable, Codable {
        // Navigation controllers.
        public var navigationBarHidden: Bool?
        public var toolbarHidden: Bool?
        public var hasBeenShown: Bool?
        public var hasDeferredShow: Bool?
        // Tab bar controllers.
        public var selectedIndex: Int?
        public var customizable: [String]?
        public var shownInMore: String?
        public var customizing: Bool?
        /// The tabs' order when customizing last began, by id.
        public var customizingStart: [String]?
        /// The More navigation controller while it is made but not among the children.
        public var detachedMore: [ControllerState]?
        // Split view controllers.
        public var primaryInFront: Bool?
        public var supplementary: String?
        public var compact: String?
        // Page view controllers.
        public var pageIndex: Int?
    }
}

/// Why a snapshot could not be turned back into a window.
public struct SnapshotError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
