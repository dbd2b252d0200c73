import SegueCore

/// Reads what Auto Layout needs from a storyboard's views (``ViewLayout``): constraints, the
/// autoresizing mask, layout guides and margins, hugging and compression resistance, fonts
/// and the natural sizes of the document's images.
struct LayoutContext {
    /// `<resources><image name=… width=… height=…>`: images by name.
    let imageSizes: [String: Size]
    /// Ids of views some constraint names (old documents leave
    /// `translatesAutoresizingMaskIntoConstraints` out for those).
    let constrainedIDs: Set<String>

    init(root: XMLNode) {
        var sizes: [String: Size] = [:]
        for image in root.child("resources")?.children("image") ?? [] {
            if let name = image["name"], let w = image["width"].flatMap(Double.init), let h = image["height"].flatMap(Double.init) {
                sizes[name] = Size(width: w, height: h)
            }
        }
        imageSizes = sizes
        var ids: Set<String> = []
        root.walk { n in
            guard let list = n.child("constraints") else { return true }
            for c in list.children("constraint") {
                ids.insert(c["firstItem"] ?? n["id"] ?? "")
                if c["secondAttribute"] != nil { ids.insert(c["secondItem"] ?? n["id"] ?? "") }
            }
            return true
        }
        constrainedIDs = ids
    }

    /// Text style point sizes (Large is the default content size).
    static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
        "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// `"1:2"` or `"0.5"` as a number; 1 when absent or unreadable.
    static func multiplier(_ text: String?) -> Double {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return a / b }
        return Double(text) ?? 1
    }

    static func constraints(of n: XMLNode) -> [LayoutConstraintSpec] {
        // Size-class masks of the view: which of its constraints each class installs or not.
        var excludedByDefault: Set<String> = [], includedIn: [String: [String]] = [:], excludedIn: [String: [String]] = [:]
        for variation in n.children("variation") {
            guard let key = variation["key"], let mask = variation.child("mask", key: "constraints") else { continue }
            for e in mask.children("exclude") {
                guard let ref = e["reference"] else { continue }
                if key == "default" { excludedByDefault.insert(ref) } else { excludedIn[ref, default: []].append(key) }
            }
            for i in mask.children("include") {
                if let ref = i["reference"] { includedIn[ref, default: []].append(key) }
            }
        }
        return (n.child("constraints")?.children("constraint") ?? []).compactMap { c in
            // Placeholder constraints are removed when the app is built.
            guard let first = c["firstAttribute"], c.bool("placeholder") != true else { return nil }
            let relation: LayoutConstraintSpec.Relation = switch c["relation"] {
            case "lessThanOrEqual"?: .lessThanOrEqual
            case "greaterThanOrEqual"?: .greaterThanOrEqual
            default: .equal
            }
            var spec = LayoutConstraintSpec(
                firstItem: c["firstItem"], firstAttribute: first, relation: relation,
                secondItem: c["secondItem"], secondAttribute: c["secondAttribute"],
                multiplier: multiplier(c["multiplier"]), constant: c["constant"].flatMap(Double.init) ?? 0,
                priority: c["priority"].flatMap(Double.init) ?? 1000, id: c["id"])
            if let id = c["id"] {
                spec.excludedByDefault = excludedByDefault.contains(id)
                spec.includedIn = includedIn[id] ?? []
                spec.excludedIn = excludedIn[id] ?? []
            }
            for variation in c.children("variation") {
                if let key = variation["key"], let constant = variation["constant"].flatMap(Double.init) { spec.constants[key] = constant }
            }
            return spec
        }
    }

    static func margins(of n: XMLNode) -> EdgeInsets? {
        func v(_ e: XMLNode, _ k: String) -> Double { e[k].flatMap(Double.init) ?? 0 }
        if let e = n.child("edgeInsets", key: "layoutMargins") {
            return EdgeInsets(top: v(e, "top"), left: v(e, "left"), bottom: v(e, "bottom"), right: v(e, "right"))
        }
        if let e = n.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            return EdgeInsets(top: v(e, "top"), left: v(e, "leading"), bottom: v(e, "bottom"), right: v(e, "trailing"))
        }
        return nil
    }

    static func frame(_ n: XMLNode) -> Rect? {
        guard let r = n.child("rect", key: "frame") else { return nil }
        func v(_ k: String) -> Double { r[k].flatMap(Double.init) ?? 0 }
        return Rect(x: v("x"), y: v("y"), width: v("width"), height: v("height"))
    }

    /// The layout of one view element.
    func viewLayout(_ n: XMLNode) -> ViewLayout {
        var layout = ViewLayout(xmlID: n["id"] ?? "line-\(n.line)")
        layout.constraints = Self.constraints(of: n)
        let mask = n.child("autoresizingMask", key: "autoresizingMask")
        if let translates = n.bool("translatesAutoresizingMaskIntoConstraints") {
            layout.translatesAutoresizingMask = translates
        } else {
            layout.translatesAutoresizingMask = mask != nil || !constrainedIDs.contains(layout.xmlID)
        }
        if let mask {
            layout.autoresizingMask.flexibleLeftMargin = mask.bool("flexibleMinX") ?? false
            layout.autoresizingMask.flexibleWidth = mask.bool("widthSizable") ?? false
            layout.autoresizingMask.flexibleRightMargin = mask.bool("flexibleMaxX") ?? false
            layout.autoresizingMask.flexibleTopMargin = mask.bool("flexibleMinY") ?? false
            layout.autoresizingMask.flexibleHeight = mask.bool("heightSizable") ?? false
            layout.autoresizingMask.flexibleBottomMargin = mask.bool("flexibleMaxY") ?? false
        }
        func priority(_ key: String, _ fallback: Double) -> Double { n[key].flatMap(Double.init) ?? fallback }
        layout.hugging = (priority("horizontalHuggingPriority", 250), priority("verticalHuggingPriority", 250))
        layout.compressionResistance = (priority("horizontalCompressionResistancePriority", 750),
                                        priority("verticalCompressionResistancePriority", 750))
        for guide in n.children("viewLayoutGuide") {
            switch guide["key"] {
            case "safeArea"?: layout.safeAreaGuideID = guide["id"]
            case "contentLayoutGuide"?: layout.contentGuideID = guide["id"]
            case "frameLayoutGuide"?: layout.frameGuideID = guide["id"]
            default: break
            }
        }
        layout.layoutMargins = Self.margins(of: n)
        if let font = n.child("fontDescription", key: "fontDescription") {
            layout.fontSize = font["pointSize"].flatMap(Double.init) ?? font["style"].flatMap { Self.textStyleSizes[$0] }
        }
        if let lines = n["numberOfLines"].flatMap(Int.init) { layout.numberOfLines = lines }
        let imageName = n["image"] ?? n.child("imageReference", key: "image")?["image"]
            ?? n.child("state", key: "normal").flatMap { $0["image"] ?? $0.child("imageReference", key: "image")?["image"] }
        if let imageName { layout.imageSize = imageSizes[imageName] }
        layout.styleName = n.name == "activityIndicatorView" ? n["style"] : nil
        return layout
    }

    /// The layout of a view that hosts a sibling list without being a node: a scene's root view
    /// (with its controller's old top and bottom layout guides), a cell's content view (with
    /// the cell, whose constraints and id it shares).
    func hostLayout(_ view: XMLNode, controller: XMLNode? = nil, cell: XMLNode? = nil) -> ViewLayout {
        var layout = viewLayout(view)
        layout.frame = Self.frame(view) ?? cell.flatMap(Self.frame)
        layout.hostRole = cell == nil ? .rootView : cell!.name == "tableViewCell" ? .tableCell : .collectionCell
        if view["id"] == nil, let cellID = cell?["id"] { layout.xmlID = cellID }
        if let cell, cell !== view {
            if let cellID = cell["id"], cellID != layout.xmlID { layout.aliasIDs.append(cellID) }
            layout.constraints += Self.constraints(of: cell)
        }
        for guide in controller?.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            if guide["type"] == "top" { layout.topLayoutGuideID = guide["id"] }
            if guide["type"] == "bottom" { layout.bottomLayoutGuideID = guide["id"] }
        }
        return layout
    }

    /// Gives a sibling list its host: kept on the first node (``ViewLayout/host``).
    static func attach(_ host: ViewLayout, to nodes: inout [ViewNode]) {
        guard !nodes.isEmpty, nodes[0].layout != nil else { return }
        nodes[0].layout!.host = [host]
    }
}
