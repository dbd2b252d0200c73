import SegueCore

/// Auto Layout for a tree of imported Interface Builder views: their constraints, autoresizing
/// masks, layout guides, margins and intrinsic sizes as one linear system, solved by the
/// Cassowary ``Solver`` into frames at a given size of their superview (the host).
public enum AutoLayout {
    /// Frames of a solved view tree.
    public struct Result: Sendable {
        /// Each laid-out view's frame in its superview's coordinates, by document id.
        public var frames: [String: Rect] = [:]
        /// A scroll view's content size, by document id.
        public var contentSizes: [String: Size] = [:]
        /// The host's size: as asked, except a table cell's height, which its constraints decide.
        public var size: Size
        /// Constraints of the document that took part.
        public var constraintCount = 0
        /// Required constraints that contradicted others; each was broken (kept at priority
        /// 999), as UIKit does and logs.
        public var conflicts = 0
        /// The document ids of the broken constraints (those with one).
        public var brokenConstraints: [String] = []
        /// Constraints naming a view the tree does not hold (hidden views, unknown items).
        public var skipped = 0
        /// Views laid out by constraints (their `translatesAutoresizingMaskIntoConstraints` off).
        public var constrainedViews = 0
        public var solverError: String?

        /// Whether the tree holds Auto Layout at all, and solved without breaking anything.
        public var isUsable: Bool {
            constrainedViews > 0 && conflicts == 0 && solverError == nil
                && frames.values.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite }
        }
    }

    /// What kind of view hosts the tree: its layout margins differ.
    public enum Host: Sendable {
        /// A view controller's root view (margins 16 pt at the sides, 20 from a width of 400).
        case rootView
        /// A table view cell's content view (11 pt above and below, the root's at the sides).
        case tableCell
        /// Any other view, a collection view cell's content view among them (8 pt all round).
        case view
    }

    /// The status bar and a navigation bar, which a page draws above a scene's root view.
    public static let barsHeight = 91.0

    /// The size a host is laid out at in a viewport, and its kind: a scene's root view at the
    /// viewport's width and its height less the bars; a table cell's content view at the
    /// viewport's width and the cell's height; a collection cell at its item size.
    public static func hostSize(_ host: ViewLayout, viewport: Size) -> (Size, Host) {
        switch host.hostRole {
        case .tableCell?:
            return (Size(width: viewport.width, height: host.frame?.height ?? 44), .tableCell)
        case .collectionCell?:
            let f = host.frame ?? Rect(x: 0, y: 0, width: 50, height: 50)
            return (Size(width: min(f.width, viewport.width), height: f.height), .view)
        default:
            return (Size(width: viewport.width, height: max(100, viewport.height - barsHeight)), .rootView)
        }
    }

    /// The host of a sibling list, when it is not a node itself: the first node's ``ViewLayout/host``.
    public static func host(of nodes: [ViewNode]) -> ViewLayout? { nodes.first?.layout?.host.first }

    /// Lays out `nodes` (the subviews of `host`) at `size`.
    ///
    /// `traits` decide which size-class variations of the constraints apply (a phone in
    /// portrait by default: compact width, regular height).
    public static func solve(_ nodes: [ViewNode], host: ViewLayout, size: Size, kind: Host = .view,
                             traits: Traits = .phonePortrait) -> Result {
        var engine = Engine(size: size, kind: kind, traits: traits)
        engine.run(nodes, host: host)
        // Wrapping labels need as many lines as their laid-out width gives them: measure them
        // at the widths found and solve once more, as UIKit's second layout pass does.
        var widths: [String: Double] = [:]
        for node in nodes {
            node.forEach { n in
                guard IntrinsicSize.wraps(n), let id = n.layout?.xmlID, let f = engine.result.frames[id] else { return }
                if IntrinsicSize.of(n, width: f.width).height != IntrinsicSize.of(n).height { widths[id] = f.width }
            }
        }
        guard !widths.isEmpty else { return engine.result }
        var second = Engine(size: size, kind: kind, traits: traits)
        second.labelWidths = widths
        second.run(nodes, host: host)
        return second.result
    }
}

/// An attribute source: a view's frame (or a guide's) as expressions, plus its margins.
private struct Item {
    var left: Expression, top: Expression, width: Expression, height: Expression
    var margins: EdgeInsets
    /// First baseline from the top and last baseline from the bottom; `nil`: around the centre.
    var baselines: (first: Double, fromBottom: Double)? = (0, 0)
    var fontSize = 17.0

    func attribute(_ name: String) -> Expression? {
        let right = left + width, bottom = top + height
        switch name {
        case "left", "leading": return left
        case "right", "trailing": return right
        case "top": return top
        case "bottom": return bottom
        case "width": return width
        case "height": return height
        case "centerX": return left + 0.5 * width
        case "centerY": return top + 0.5 * height
        case "leftMargin", "leadingMargin": return left + margins.left
        case "rightMargin", "trailingMargin": return right - margins.right
        case "topMargin": return top + margins.top
        case "bottomMargin": return bottom - margins.bottom
        case "centerXWithinMargins": return left + 0.5 * width + 0.5 * (margins.left - margins.right)
        case "centerYWithinMargins": return top + 0.5 * height + 0.5 * (margins.top - margins.bottom)
        case "firstBaseline":
            if let b = baselines { return top + b.first }
            return top + 0.5 * height + 0.35 * fontSize
        case "baseline", "lastBaseline":
            if let b = baselines { return bottom - b.fromBottom }
            return top + 0.5 * height + 0.35 * fontSize
        default: return nil
        }
    }
}

private struct Engine {
    let size: Size
    let kind: AutoLayout.Host
    let solver = Solver()
    var result: AutoLayout.Result
    var items: [String: Item] = [:]
    /// Views whose frames are variables, with their parent's id (nil: the host).
    var views: [(id: String, parent: String?, left: Variable, top: Variable, width: Variable, height: Variable)] = []
    /// Ids of views inside stack views, tables and collections: laid out otherwise, not here.
    var ignored: Set<String> = []
    /// Scroll view id → its content item's variables.
    var scrollContent: [String: (width: Variable, height: Variable)] = [:]
    /// Each constrained item's enclosing scroll views (innermost first), for content edges.
    var scrollAncestors: [String: [String]] = [:]
    var hostID = ""
    /// Wrapping labels' widths from a first pass, to measure their lines at.
    var labelWidths: [String: Double] = [:]

    let traits: Traits

    init(size: Size, kind: AutoLayout.Host, traits: Traits) {
        self.size = size
        self.kind = kind
        self.traits = traits
        self.result = AutoLayout.Result(size: size)
    }

    /// The system's layout margins for the host kind at this size.
    func systemMargins(_ kind: AutoLayout.Host) -> EdgeInsets {
        let side = size.width >= 400 ? 20.0 : 16.0
        switch kind {
        case .rootView: return EdgeInsets(top: 8, left: side, bottom: 8, right: side)
        case .tableCell: return EdgeInsets(top: 11, left: side, bottom: 11, right: side)
        case .view: return EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        }
    }

    mutating func run(_ nodes: [ViewNode], host: ViewLayout) {
        hostID = host.xmlID
        // A table cell sizes itself: its height is what its constraints need (UIKit's automatic
        // row height), the design height where they leave it open.
        let cellHeight = kind == .tableCell ? Variable(host.xmlID + ".height") : nil
        let hostItem = Item(left: Expression(constant: 0), top: Expression(constant: 0),
                            width: Expression(constant: size.width),
                            height: cellHeight.map { Expression($0) } ?? Expression(constant: size.height),
                            margins: host.layoutMargins ?? systemMargins(kind))
        if let cellHeight {
            add(Constraint(cellHeight, .greaterThanOrEqual, 0))
            add(Constraint(cellHeight, .equal, size.height, strength: Strength.priority(50)))
        }
        register(host, item: hostItem)
        if let top = host.topLayoutGuideID {
            items[top] = Item(left: hostItem.left, top: hostItem.top, width: hostItem.width, height: Expression(constant: 0),
                              margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        }
        if let bottom = host.bottomLayoutGuideID {
            items[bottom] = Item(left: hostItem.left, top: hostItem.height, width: hostItem.width, height: Expression(constant: 0),
                                 margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        }
        // Items first (constraints may name any view of the tree), then constraints.
        for node in nodes { collect(node, parent: nil, scrolls: []) }
        var owned: [(owner: String, spec: LayoutConstraintSpec)] = host.constraints.map { (host.xmlID, $0) }
        for node in nodes { node.forEach { n in
            guard let l = n.layout, items[l.xmlID] != nil else { return }
            owned += l.constraints.map { (l.xmlID, $0) }
        } }
        for (owner, spec) in owned { addDocumentConstraint(spec, owner: owner) }
        let hostDesign = host.frame.map { Self.sane($0) }.map { Size(width: $0.width, height: $0.height) }
        for node in nodes { addImplicitConstraints(node, parent: nil, parentDesign: hostDesign) }
        solver.updateVariables()
        if let cellHeight { result.size.height = cellHeight.value }
        for v in views {
            let parent = v.parent.flatMap { p in views.first { $0.id == p } }
            var x = v.left.value, y = v.top.value
            if let parent {
                x -= parent.left.value
                y -= parent.top.value
            }
            result.frames[v.id] = Rect(x: x, y: y, width: v.width.value, height: v.height.value)
        }
        for (id, content) in scrollContent {
            result.contentSizes[id] = Size(width: content.width.value, height: content.height.value)
        }
    }

    /// A view's item and those of its guides.
    mutating func register(_ layout: ViewLayout, item: Item) {
        items[layout.xmlID] = item
        for alias in layout.aliasIDs { items[alias] = item }
        if let safe = layout.safeAreaGuideID {
            items[safe] = Item(left: item.left, top: item.top, width: item.width, height: item.height,
                               margins: item.margins)
        }
        if let frame = layout.frameGuideID { items[frame] = item }
    }

    mutating func collect(_ node: ViewNode, parent: String?, scrolls: [String]) {
        guard let layout = node.layout else { return }
        let id = layout.xmlID
        let l = Variable(id + ".left"), t = Variable(id + ".top"), w = Variable(id + ".width"), h = Variable(id + ".height")
        views.append((id, parent, l, t, w, h))
        var item = Item(left: Expression(l), top: Expression(t), width: Expression(w), height: Expression(h),
                        margins: layout.layoutMargins ?? EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        item.baselines = IntrinsicSize.baselines(node)
        item.fontSize = layout.fontSize ?? (node.kind == .button ? 15 : 17)
        register(layout, item: item)
        scrollAncestors[id] = scrolls
        if !layout.translatesAutoresizingMask { result.constrainedViews += 1 }
        switch node.kind {
        case .view, .container:
            for child in node.children {
                collect(child, parent: id, scrolls: scrolls)
            }
        case .scroll:
            let cw = Variable(id + ".contentWidth"), ch = Variable(id + ".contentHeight")
            scrollContent[id] = (cw, ch)
            if let guide = layout.contentGuideID {
                items[guide] = Item(left: Expression(l), top: Expression(t), width: Expression(cw), height: Expression(ch),
                                    margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
            }
            for child in node.children {
                collect(child, parent: id, scrolls: [id] + scrolls)
            }
        default:
            for child in node.children { child.forEach { if let x = $0.layout?.xmlID { ignored.insert(x) } } }
        }
    }

    /// An attribute of an item. A scroll view's edges seen from inside it are its content's.
    func expression(_ itemID: String, _ attribute: String, from other: String?) -> Expression? {
        guard let item = items[itemID] else { return nil }
        if let content = scrollContent[itemID], let other, scrollAncestors[other]?.contains(itemID) == true,
           !["width", "height"].contains(attribute) {
            let inner = Item(left: item.left, top: item.top, width: Expression(content.width), height: Expression(content.height),
                             margins: item.margins)
            return inner.attribute(attribute)
        }
        return item.attribute(attribute)
    }

    mutating func add(_ c: Constraint, id: String? = nil) {
        do {
            try solver.add(c)
        } catch .unsatisfiableConstraint {
            result.conflicts += 1
            result.brokenConstraints.append(id ?? "implicit")
            try? solver.add(c | Strength.priority(999))
        } catch {
            result.solverError = error.description
        }
    }

    /// Whether a variation key (`widthClass=regular`, `heightClass=compact-widthClass=regular`)
    /// names the current size classes; and how many classes it names (the most specific wins).
    func matches(_ key: String) -> Int? {
        var count = 0
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=")
            guard kv.count == 2 else { return nil }
            let value = String(kv[1])
            switch kv[0] {
            case "widthClass": if value != traits.horizontalSizeClass.rawValue { return nil }
            case "heightClass": if value != traits.verticalSizeClass.rawValue { return nil }
            default: return nil
            }
            count += 1
        }
        return count
    }

    /// A constraint's state in the current size classes: nil when not installed, else its constant.
    func installed(_ spec: LayoutConstraintSpec) -> Double? {
        if spec.excludedByDefault && !spec.includedIn.contains(where: { matches($0) != nil }) { return nil }
        if spec.excludedIn.contains(where: { matches($0) != nil }) { return nil }
        let specific = spec.constants.compactMap { key, value in matches(key).map { ($0, key, value) } }
            .max { ($0.0, $1.1) < ($1.0, $0.1) }
        return specific?.2 ?? spec.constant
    }

    mutating func addDocumentConstraint(_ spec: LayoutConstraintSpec, owner: String) {
        guard let constant = installed(spec) else { return }
        // Values no layout has (a damaged or hostile document) are left out, not solved.
        guard constant.isFinite, abs(constant) < 1e7, spec.multiplier.isFinite, abs(spec.multiplier) < 1e4,
              spec.priority.isFinite else {
            result.skipped += 1
            return
        }
        let firstID = spec.firstItem ?? owner
        let secondAttribute = spec.secondAttribute.flatMap { $0 == "notAnAttribute" ? nil : $0 }
        let secondID = secondAttribute == nil ? nil : (spec.secondItem ?? owner)
        if ignored.contains(firstID) || secondID.map(ignored.contains) == true { return }
        guard let first = expression(firstID, spec.firstAttribute, from: secondID) else {
            result.skipped += 1
            return
        }
        var right = Expression(constant: constant)
        if let secondID, let secondAttribute {
            guard let second = expression(secondID, secondAttribute, from: firstID) else {
                result.skipped += 1
                return
            }
            right = spec.multiplier * second + constant
        }
        result.constraintCount += 1
        let relation: Constraint.Relation = switch spec.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        add(Constraint(first, relation, right, strength: Strength.priority(spec.priority)), id: spec.id)
    }

    /// Autoresizing masks, intrinsic sizes, and the design frame as the weakest hint.
    mutating func addImplicitConstraints(_ node: ViewNode, parent: String?, parentDesign: Size?) {
        guard let layout = node.layout, let v = views.first(where: { $0.id == layout.xmlID }) else { return }
        let parentItem = items[parent ?? hostID]!
        let parentLeft = parentItem.left
        let frame = Self.sane(node.frame)
        if layout.translatesAutoresizingMask {
            let design = parentDesign ?? Size(width: frame.x + frame.width, height: frame.y + frame.height)
            let m = layout.autoresizingMask
            let (fx, fw) = Self.shares(design.width, frame.x, frame.width, m.flexibleLeftMargin, m.flexibleWidth, m.flexibleRightMargin)
            let (fy, fh) = Self.shares(design.height, frame.y, frame.height, m.flexibleTopMargin, m.flexibleHeight, m.flexibleBottomMargin)
            // x = x₀ + Δw·share, width = w₀ + Δw·share, Δw = the parent's width − its design width.
            add(Constraint(v.left, .equal, parentLeft + frame.x + fx * (parentItem.width - design.width)))
            add(Constraint(v.width, .equal, frame.width + fw * (parentItem.width - design.width)))
            add(Constraint(v.top, .equal, parentItem.top + frame.y + fy * (parentItem.height - design.height)))
            add(Constraint(v.height, .equal, frame.height + fh * (parentItem.height - design.height)))
        } else {
            let intrinsic = IntrinsicSize.of(node, width: labelWidths[layout.xmlID])
            if let w = intrinsic.width {
                add(Constraint(v.width, .lessThanOrEqual, w, strength: Strength.priority(layout.hugging.horizontal)))
                add(Constraint(v.width, .greaterThanOrEqual, w, strength: Strength.priority(layout.compressionResistance.horizontal)))
            }
            if let h = intrinsic.height {
                add(Constraint(v.height, .lessThanOrEqual, h, strength: Strength.priority(layout.hugging.vertical)))
                add(Constraint(v.height, .greaterThanOrEqual, h, strength: Strength.priority(layout.compressionResistance.vertical)))
            }
            // What Interface Builder shows for what the constraints leave open.
            let hint = 0.01
            add(Constraint(v.left, .equal, parentLeft + frame.x, strength: hint))
            add(Constraint(v.top, .equal, parentItem.top + frame.y, strength: hint))
            add(Constraint(v.width, .equal, frame.width, strength: hint))
            add(Constraint(v.height, .equal, frame.height, strength: hint))
            add(Constraint(v.width, .greaterThanOrEqual, 0, strength: Strength.strong))
            add(Constraint(v.height, .greaterThanOrEqual, 0, strength: Strength.strong))
        }
        if let content = scrollContent[layout.xmlID] {
            // Content at least as large as the scroll view, and as small as its subviews allow.
            add(Constraint(content.width, .greaterThanOrEqual, 0))
            add(Constraint(content.height, .greaterThanOrEqual, 0))
            add(Constraint(content.width, .equal, 0, strength: 0.001))
            add(Constraint(content.height, .equal, 0, strength: 0.001))
        }
        let design = node.frame.map { Self.sane($0) }.map { Size(width: $0.width, height: $0.height) }
        switch node.kind {
        case .view, .container, .scroll:
            for child in node.children { addImplicitConstraints(child, parent: layout.xmlID, parentDesign: design) }
        default: break
        }
    }

    /// A design frame with values a layout can use (not finite or huge: zero).
    static func sane(_ rect: Rect?) -> Rect {
        func v(_ x: Double) -> Double { x.isFinite && abs(x) < 1e6 ? x : 0 }
        guard let r = rect else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: v(r.x), y: v(r.y), width: v(r.width), height: v(r.height))
    }

    /// UIKit's autoresizing: the change of the parent's size goes to the flexible parts (left
    /// margin, size, right margin) in proportion to their design sizes. Returns the shares of
    /// the leading margin and of the size.
    static func shares(_ parent: Double, _ origin: Double, _ size: Double, _ flexLead: Bool, _ flexSize: Bool, _ flexTrail: Bool) -> (Double, Double) {
        let trail = parent - origin - size
        let parts = [(flexLead, max(0, origin)), (flexSize, max(0, size)), (flexTrail, max(0, trail))]
        let flexible = parts.filter { $0.0 }
        guard !flexible.isEmpty else { return (0, 0) }
        let total = flexible.reduce(0) { $0 + $1.1 }
        func share(_ i: Int) -> Double {
            guard parts[i].0 else { return 0 }
            return total > 0 ? parts[i].1 / total : 1 / Double(flexible.count)
        }
        return (share(0), share(1))
    }
}
