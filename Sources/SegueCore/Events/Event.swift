/// The callbacks UIKit sends, by name (docs/Semantics.md, The event log). Raw values are the names in the event log.
public enum EventName: String, Sendable, CaseIterable, Codable {
    case loadView, viewDidLoad
    case viewWillAppear, viewWillLayoutSubviews, viewDidLayoutSubviews, viewDidAppear
    case viewWillDisappear, viewDidDisappear
    case willMoveToParentViewController, didMoveToParentViewController
    case shouldPerformSegue, prepareForSegue, unwind
    case didReceiveMemoryWarning, setEditing
    case willRotateToInterfaceOrientation, willAnimateRotationToInterfaceOrientation, didRotateFromInterfaceOrientation
    case traitCollectionDidChange
    // Restoration.
    case decodeRestorableState, applicationFinishedRestoringState
    // Delegate events, logged on the container with `child`.
    case navigationControllerWillShow, navigationControllerDidShow
    case tabBarControllerShouldSelect, tabBarControllerDidSelect
    case tabBarControllerWillBeginCustomizing, tabBarControllerWillEndCustomizing, tabBarControllerDidEndCustomizing
    case pageViewControllerWillTransitionTo, pageViewControllerDidFinishAnimating
    /// A page view's delegate asked for the spine as the interface turns (`orientation`: the new one).
    case pageViewControllerSpineLocation
    /// The iOS 7 split view's delegate: the primary column hides (turning to portrait) or shows again.
    case splitViewControllerWillHide, splitViewControllerWillShow
    // A sheet's presentation controller (modern era), logged on the sheet with itself as `child`.
    case presentationControllerShouldDismiss, presentationControllerWillDismiss, presentationControllerDidDismiss
    case presentationControllerDidAttemptToDismiss

    /// Appearance events carry `animated` and the four reason flags.
    public var isAppearance: Bool {
        switch self {
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: true
        default: false
        }
    }
    public var isContainment: Bool { self == .willMoveToParentViewController || self == .didMoveToParentViewController }
}

/// Why a controller is appearing or disappearing (UIKit's `isMovingToParent`, ...).
public struct AppearanceReason: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let movingToParent = AppearanceReason(rawValue: 1)
    public static let movingFromParent = AppearanceReason(rawValue: 2)
    public static let beingPresented = AppearanceReason(rawValue: 4)
    public static let beingDismissed = AppearanceReason(rawValue: 8)
}

/// One recorded callback: what was sent to which controller, with its arguments.
///
/// Every event has a controller and a name; most have nothing else. The arguments only some
/// events carry (containment parent, segue, unwind action, delegate child, orientation...) live
/// in one shared, immutable box, so an event takes 56 bytes in a log instead of about 170: a
/// session keeps hundreds of them, a server hundreds of thousands of sessions.
public struct Event: Sendable, Hashable {
    public var seq: Int
    public var controller: String
    public var scene: String?
    public var event: EventName
    public var animated: Bool?
    public var reasons: AppearanceReason = []
    /// `setEditing`: the new value; `tabBarControllerShouldSelect`/`shouldPerformSegue`: the answer.
    public var value: Bool?
    private var arguments: Arguments?

    /// Whether any of the arguments below is set (most events, appearance events, have none).
    public var hasArguments: Bool { arguments != nil }

    /// `willMove`/`didMove`: the new parent (`nil` = removal). Present only on containment events.
    public var parent: String? {
        get { arguments?.fields.parent }
        set { update { $0.parent = newValue } }
    }
    public var segue: String? {
        get { arguments?.fields.segue }
        set { update { $0.segue = newValue } }
    }
    public var destination: String? {
        get { arguments?.fields.destination }
        set { update { $0.destination = newValue } }
    }
    public var sender: String? {
        get { arguments?.fields.sender }
        set { update { $0.sender = newValue } }
    }
    /// `unwind`: the action's name.
    public var action: String? {
        get { arguments?.fields.action }
        set { update { $0.action = newValue } }
    }
    /// Delegate events: the controller concerned.
    public var child: String? {
        get { arguments?.fields.child }
        set { update { $0.child = newValue } }
    }
    /// Rotation events: the orientation (to, or from for `didRotate`).
    public var orientation: String? {
        get { arguments?.fields.orientation }
        set { update { $0.orientation = newValue } }
    }

    public init(seq: Int = 0, controller: String, scene: String?, event: EventName) {
        self.seq = seq
        self.controller = controller
        self.scene = scene
        self.event = event
    }

    /// Copy on write: a box is never changed once made, so copies of an event share it.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = arguments?.fields ?? Fields()
        change(&fields)
        arguments = fields == Fields() ? nil : Arguments(fields)
    }

    /// Sets the one argument of a containment event (`parent`) or a delegate event (`child`),
    /// taking the box of the previous such event (`previous`, then this event's box) when it
    /// holds exactly that: the two events of a containment or delegate pair name the same
    /// controller, and successive transitions the same container, so most such events allocate
    /// nothing.
    mutating func setArgument(parent: String? = nil, child: String? = nil, sharing previous: inout Arguments?) {
        if let box = previous, box.fields.parent == parent, box.fields.child == child {
            // Boxes shared here only ever hold a parent or a child.
            arguments = box
            return
        }
        let fields = Fields(parent: parent, child: child)
        arguments = fields == Fields() ? nil : Arguments(fields)
        previous = arguments
    }

    struct Fields: Hashable, Sendable {
        var parent: String?
        var segue: String?
        var destination: String?
        var sender: String?
        var action: String?
        var child: String?
        var orientation: String?
    }

    /// The box of an event's arguments; the window keeps the last one to share with the next event.
    final class Arguments: Hashable, Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        static func == (a: Arguments, b: Arguments) -> Bool { a === b || a.fields == b.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}

/// The ordered log of one session. Sequence numbers start at 1 and only count up.
///
/// The log keeps the most recent `2 × capacity` events (at least `capacity`, the promise to
/// callers), so a long-lived session's memory stays bounded. The server serves older events by
/// replaying the session's stored steps (`GET …/events?after=` always answers every event).
///
/// Once full it is a ring: each new event takes the place of the oldest, which is freed then.
/// Dropping a block of old events at once freed hundreds of them in one burst, and since a
/// session moves between server threads those frees go back to another thread's heap, whose
/// lock the two threads then fought over (a tenth of a JSON action's time under load).
public struct EventLog: Sendable {
    /// The retained events, oldest at `head` once the ring is full (`head` is 0 until then).
    private var ring: [Event] = []
    private var head = 0
    public private(set) var lastSeq = 0
    /// At least this many of the newest events are kept (twice as many at most).
    public var capacity: Int {
        didSet { resize() }
    }

    public init(capacity: Int = EventLog.defaultCapacity) { self.capacity = capacity }

    /// What a session keeps in memory: 256 to 512 events, enough for every page and API answer
    /// about recent changes; a server of thousands of busy sessions stays at a flat size.
    public static let defaultCapacity = 256

    /// A capacity that never drops an event (`2 × capacity` must not overflow).
    public static let unbounded = Int.max / 4

    /// How many events the ring holds at most.
    private var limit: Int { 2 * capacity }

    /// The retained events, oldest first.
    public var events: [Event] {
        head == 0 ? ring : Array(ring[head...]) + ring[..<head]
    }

    /// The oldest retained event.
    public var first: Event? { ring.isEmpty ? nil : ring[head] }

    @discardableResult
    public mutating func append(_ event: consuming Event) -> Int {
        lastSeq += 1
        event.seq = lastSeq
        // Moved into the ring, not copied: an action logs about a dozen events.
        if ring.count < limit {
            ring.append(consume event)
        } else {
            ring[head] = consume event
            head = head + 1 == ring.count ? 0 : head + 1
        }
        return lastSeq
    }

    /// Events with `seq > after`, in order.
    public func events(after seq: Int) -> [Event] {
        // Compared before subtracting: any `seq`, however large, is safe.
        guard let first, seq < first.seq + ring.count - 1 else { return [] }
        let skip = seq < first.seq ? 0 : seq - first.seq + 1
        let start = (head + skip) % ring.count
        if start >= head { return Array(ring[start...]) + (head == 0 ? [] : ring[..<head]) }
        return Array(ring[start..<head])
    }

    /// After a change of capacity: the ring laid out oldest first, then cut to the new limit.
    private mutating func resize() {
        if head != 0 {
            ring = events
            head = 0
        }
        if ring.count > limit { ring.removeFirst(ring.count - limit) }
    }

    /// Restores a log (storage reload) keeping the sequence counter.
    public init(events: [Event], lastSeq: Int, capacity: Int = EventLog.defaultCapacity) {
        self.ring = events
        self.lastSeq = lastSeq
        self.capacity = capacity
        resize()
    }
}
