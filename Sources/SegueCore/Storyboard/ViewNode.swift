/// A node of a content controller's view tree (UIView-like).
///
/// One flat struct serves every kind, so importers can fill what they know and renderers can
/// read what they need. Flow files map into it now; Xcode storyboards map into it too.
public struct ViewNode: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case label, button, textField, textView, image, `switch`, slider, segmentedControl, stepper
        case activityIndicator, progress, table, collection, stack, scroll, spacer, container
        case map, web, datePicker, picker, searchBar, view, placeholder
        /// UIPageControl: a row of dots, `value` the current page of `pageCount`.
        case pageControl
    }
    public enum Axis: String, Sendable, Codable { case vertical, horizontal }

    public var kind: Kind
    /// The element id for taps and form values.
    public var id: String?
    /// Label text, button title, switch caption, text view contents.
    public var text: String?
    public var detail: String?
    public var placeholder: String?
    public var image: String?
    /// Kind-specific style: a label's text style (`title`, `headline`, `body`, `footnote`,
    /// `caption`), a button's (`plain`, `filled`, `destructive`), a table's (`plain`, `grouped`,
    /// `insetGrouped`).
    public var style: String?
    public var axis: Axis?
    public var isOn: Bool?
    public var value: Double?
    /// A slider's or stepper's range and a stepper's step (`minValue`/`maxValue` of a UISlider,
    /// `minimumValue`/`maximumValue`/`stepValue` of a UIStepper); `nil`: UIKit's default.
    /// `valueRange` and `clampedValue(_:)` say what a value becomes.
    public var minimumValue: Double? = nil
    public var maximumValue: Double? = nil
    public var stepValue: Double? = nil
    public var segments: [String] = []
    /// A page control's number of pages.
    public var pageCount: Int? = nil
    public var children: [ViewNode] = []
    public var sections: [TableSection] = []
    /// A table's: how many of `children` it shows above its sections (its table header view);
    /// the others come after them (its table footer view).
    public var tableHeaderCount = 0
    public var tap: TapTarget?
    /// The action methods Interface Builder connects to the element (`showDetail:`), its gesture
    /// recognizers' included: what tools reading the app's code attach navigation to. The core
    /// runs none of them.
    public var actions: [String] = []
    /// A `container` view's embed segue: the id of the scene's `embed` segue whose destination
    /// becomes the child shown in this container.
    public var embed: String? = nil
    public var enabled = true
    /// Interface Builder frame, when imported from a storyboard.
    public var frame: Rect?
    /// Horizontal alignment of the content (`leading`, `center`, `trailing`): a label's
    /// `textAlignment`, a button's `contentHorizontalAlignment`. `nil`: the kind's default.
    public var alignment: String? = nil
    /// Auto Layout inputs of an imported Interface Builder view (constraints, autoresizing,
    /// margins, intrinsic size hints); `nil` for flow files.
    public var layout: ViewLayout? = nil
    /// Colours, font, text wrapping and state images of an imported view; `nil`: the kind's look.
    @Indirect public var appearance: ViewAppearance? = nil
    public var location: SourceLocation?

    public init(_ kind: Kind, id: String? = nil, text: String? = nil) {
        self.kind = kind
        self.id = id
        self.text = text
    }

    /// Every node of this subtree, pre-order.
    public func forEach(_ body: (ViewNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}

public struct Rect: Sendable, Hashable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A section of a table view.
public struct TableSection: Sendable {
    public var header: String?
    public var footer: String?
    public var rows: [TableRow] = []
    public init(header: String? = nil, footer: String? = nil, rows: [TableRow] = []) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// A table view cell.
public struct TableRow: Sendable {
    public enum Style: String, Sendable, Codable { case basic, subtitle, value1, value2, custom }
    public enum Accessory: String, Sendable, Codable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
        /// A `UISwitch` as the accessory view (a Settings row): a tap on the row toggles it.
        case `switch`
    }
    public var id: String?
    public var text: String?
    public var detail: String?
    public var style: Style = .basic
    public var accessory: Accessory = .none
    /// The accessory switch's state (`accessory: switch`): declared, or on a screen the current one.
    public var isOn: Bool?
    public var image: String?
    /// The cell's own colours (its background, its text's colour and font).
    @Indirect public var appearance: ViewAppearance? = nil
    public var tap: TapTarget?
    /// What the cell's accessory button (`detailButton`, `detailDisclosureButton`) does: a
    /// storyboard segue with `trigger="accessoryAction"`. Selecting the row does not run it.
    public var accessoryTap: TapTarget?
    /// The accessory button's element id on a screen (set when the screen is built).
    public var accessoryElementID: String?
    /// Custom cell content (storyboard cells with subviews).
    public var content: [ViewNode] = []
    /// The buttons a swipe from the trailing edge (right to left) uncovers, from the edge inwards
    /// (`trailingSwipeActionsConfigurationForRowAt`), and from the leading edge.
    public var trailingSwipeActions: [SwipeAction] = []
    public var leadingSwipeActions: [SwipeAction] = []
    public var location: SourceLocation?
    public init(id: String? = nil, text: String? = nil, detail: String? = nil) {
        self.id = id
        self.text = text
        self.detail = detail
    }
}

/// A `UIContextualAction` on a table row: a titled button uncovered by swiping the row.
public struct SwipeAction: Sendable, Equatable {
    public enum Style: String, Sendable, Codable, CaseIterable { case normal, destructive }
    public var id: String?
    public var title: String
    public var style: Style = .normal
    /// What choosing it does (a segue, an action), nil for nothing the flow can run.
    public var tap: TapTarget?
    /// Its element id on a screen (set when the screen is built).
    public var elementID: String?
    /// UIKit's swipe to delete (the data source commits the deletion): choosing it deletes the
    /// row, as the delete control of a table being edited does, in either era.
    public var deletesRow = false
    public init(id: String? = nil, title: String, style: Style = .normal, tap: TapTarget? = nil) {
        self.id = id
        self.title = title
        self.style = style
        self.tap = tap
    }
}

extension SwipeAction {
    /// The Delete button a swipe uncovers on a row of a table whose data source commits deletions.
    public static var delete: SwipeAction {
        var action = SwipeAction(title: "Delete", style: .destructive)
        action.deletesRow = true
        return action
    }
}

extension ViewNode: Equatable {}
extension TableSection: Equatable {}
extension TableRow: Equatable {}
