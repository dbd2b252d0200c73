/// What Auto Layout needs of an imported Interface Builder view: its constraints, its
/// autoresizing behaviour, its layout guides and margins, and hints for its intrinsic size.
///
/// Importers fill it; `SegueLayout` solves it into frames at a root size. Flow files leave it
/// `nil` (they have no frames and no constraints).
public struct ViewLayout: Sendable {
    /// The view's id in its document (constraints name their items by it).
    public var xmlID: String
    /// Constraints this view owns (its `<constraints>`), in document order.
    public var constraints: [LayoutConstraintSpec] = []
    /// `translatesAutoresizingMaskIntoConstraints`: the frame and the autoresizing mask become
    /// constraints. Interface Builder turns it off for views it gives constraints to.
    public var translatesAutoresizingMask = true
    public var autoresizingMask = AutoresizingMask()
    /// Content hugging and compression resistance priorities (horizontal, vertical).
    public var hugging = (horizontal: 250.0, vertical: 250.0)
    public var compressionResistance = (horizontal: 750.0, vertical: 750.0)
    /// The id of the view's safe-area layout guide, when the document names one.
    public var safeAreaGuideID: String?
    /// Explicit layout margins (top, left, bottom, right); `nil`: the system's.
    public var layoutMargins: EdgeInsets?
    /// The point size of a text view's font (labels, buttons, fields).
    public var fontSize: Double?
    /// Lines a label may use (`numberOfLines`; 0 is unlimited).
    public var numberOfLines: Int = 1
    /// The natural size of the image the view shows, from the document's resources.
    public var imageSize: Size?
    /// A `UIActivityIndicatorView`'s or similar view's declared style, for its intrinsic size.
    public var styleName: String?
    /// The old top and bottom layout guides of the view's controller (`topLayoutGuide`,
    /// `bottomLayoutGuide`): ids, set on a scene's root view.
    public var topLayoutGuideID: String?
    public var bottomLayoutGuideID: String?
    /// A scroll view's content and frame layout guides.
    public var contentGuideID: String?
    public var frameGuideID: String?
    /// What a host is (set with ``host``): its size and margins follow from it.
    public enum HostRole: String, Sendable { case rootView, tableCell, collectionCell }
    public var hostRole: HostRole?
    /// Other ids naming the same view: a cell and its content view fill one another.
    public var aliasIDs: [String] = []
    /// The design-time frame of the superview when it is not itself a node: a scene's root
    /// view or a cell's content view, set on the first node of that view's subviews.
    public var host: [ViewLayout] = []
    /// That superview's frame in the document.
    public var frame: Rect?

    public init(xmlID: String) { self.xmlID = xmlID }
}

/// One `NSLayoutConstraint` as the document states it: `first.attribute relation
/// multiplier × second.attribute + constant`, at a priority (1000 is required).
public struct LayoutConstraintSpec: Sendable, Hashable {
    public enum Relation: String, Sendable, Hashable { case equal, lessThanOrEqual, greaterThanOrEqual }
    /// The first item's id; `nil`: the view that owns the constraint.
    public var firstItem: String?
    public var firstAttribute: String
    public var relation: Relation = .equal
    /// The second item's id; `nil` with a `secondAttribute`: the owning view; `nil` without one:
    /// a constant (a width or height alone).
    public var secondItem: String?
    public var secondAttribute: String?
    public var multiplier = 1.0
    public var constant = 0.0
    public var priority = 1000.0
    public var id: String?
    /// Size-class variations (`widthClass=regular`, `heightClass=compact`,
    /// `heightClass=regular-widthClass=regular`): installed only in the classes of
    /// `includedIn` when `excludedByDefault`; not installed in those of `excludedIn`; another
    /// constant in those of `constants`.
    public var excludedByDefault = false
    public var includedIn: [String] = []
    public var excludedIn: [String] = []
    public var constants: [String: Double] = [:]

    public init(firstItem: String?, firstAttribute: String, relation: Relation = .equal, secondItem: String? = nil,
                secondAttribute: String? = nil, multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
                id: String? = nil) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.id = id
    }
}

/// `UIView.AutoresizingMask`: which margins and sizes follow the superview's size.
public struct AutoresizingMask: Sendable, Hashable {
    public var flexibleLeftMargin = false, flexibleWidth = false, flexibleRightMargin = false
    public var flexibleTopMargin = false, flexibleHeight = false, flexibleBottomMargin = false
    public init() {}
}

public struct EdgeInsets: Sendable, Hashable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

public struct Size: Sendable, Hashable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension ViewLayout: Equatable {
    /// Every stored property (the two tuples by their parts).
    public static func == (a: ViewLayout, b: ViewLayout) -> Bool {
        a.xmlID == b.xmlID && a.constraints == b.constraints && a.translatesAutoresizingMask == b.translatesAutoresizingMask
            && a.autoresizingMask == b.autoresizingMask && a.hugging == b.hugging && a.compressionResistance == b.compressionResistance
            && a.safeAreaGuideID == b.safeAreaGuideID && a.layoutMargins == b.layoutMargins && a.fontSize == b.fontSize
            && a.numberOfLines == b.numberOfLines && a.imageSize == b.imageSize && a.styleName == b.styleName
            && a.topLayoutGuideID == b.topLayoutGuideID && a.bottomLayoutGuideID == b.bottomLayoutGuideID
            && a.contentGuideID == b.contentGuideID && a.frameGuideID == b.frameGuideID && a.hostRole == b.hostRole
            && a.aliasIDs == b.aliasIDs && a.host == b.host && a.frame == b.frame
    }
}
