/// The elements of a scene that navigation read from code (or declared in an overlay) attaches
/// to: those with an action method connected, those with a given id, and the rows and items of
/// its tables and collections. Pure changes of the model, made before a session runs it.
public enum SceneElements {
    /// A connected selector's method name: `showFeed:` → `showFeed`, `showFeedWithSender:` →
    /// `showFeed` (Swift's `showFeed(sender:)`).
    public static func methodName(_ selector: String) -> String {
        var name = String(selector.split(separator: ":").first ?? "")
        if name.hasSuffix("WithSender") { name.removeLast("WithSender".count) }
        return name
    }

    public static func actionNames(in scene: Scene) -> Set<String> {
        var names: Set<String> = []
        for item in barItems(scene) { names.formUnion(item.actions.map(methodName)) }
        func visit(_ node: ViewNode) {
            names.formUnion(node.actions.map(methodName))
            node.children.forEach(visit)
            for section in node.sections { for row in section.rows { row.content.forEach(visit) } }
        }
        scene.view.forEach(visit)
        return names
    }

    private static func barItems(_ scene: Scene) -> [BarButtonItemSpec] {
        scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems
    }

    /// Gives every element connected to `method` that does nothing yet the tap `target`; the
    /// number of elements wired.
    @discardableResult
    public static func wire(action method: String, to target: TapTarget, in scene: inout Scene) -> Int {
        var count = 0
        func wireItems(_ items: inout [BarButtonItemSpec]) {
            for k in items.indices where items[k].tap == nil && items[k].actions.contains(where: { methodName($0) == method }) {
                items[k].tap = target
                items[k].enabled = true
                count += 1
            }
        }
        wireItems(&scene.navigationItem.leftBarButtonItems)
        wireItems(&scene.navigationItem.rightBarButtonItems)
        wireItems(&scene.toolbarItems)
        func visit(_ node: inout ViewNode) {
            if node.tap == nil, node.actions.contains(where: { methodName($0) == method }) {
                node.tap = target
                count += 1
            }
            for k in node.children.indices { visit(&node.children[k]) }
            for s in node.sections.indices {
                for r in node.sections[s].rows.indices {
                    for c in node.sections[s].rows[r].content.indices { visit(&node.sections[s].rows[r].content[c]) }
                }
            }
        }
        for k in scene.view.indices { visit(&scene.view[k]) }
        return count
    }

    /// Gives every row of the scene's tables (or every item of its collections) that does
    /// nothing yet the tap `target`, or those `only` names; the number wired.
    @discardableResult
    public static func wireSelection(collection: Bool, to target: TapTarget, in scene: inout Scene, only filter: RowFilter? = nil) -> Int {
        var count = 0
        func visit(_ node: inout ViewNode) {
            if !collection, node.kind == .table {
                for s in node.sections.indices {
                    for r in node.sections[s].rows.indices where node.sections[s].rows[r].tap == nil {
                        guard filter?.matches(section: s, row: r) ?? true else { continue }
                        node.sections[s].rows[r].tap = target
                        count += 1
                    }
                }
            }
            if collection, node.kind == .collection {
                var item = 0
                for k in node.children.indices where node.children[k].text != nil {
                    defer { item += 1 }
                    guard node.children[k].tap == nil, filter?.matches(section: 0, row: item) ?? true else { continue }
                    node.children[k].tap = target
                    count += 1
                }
            }
            for k in node.children.indices { visit(&node.children[k]) }
        }
        for k in scene.view.indices { visit(&scene.view[k]) }
        return count
    }

    /// Gives the element (view, bar button item) with id `element` the tap `target`, whatever
    /// it did; whether one was found.
    @discardableResult
    public static func wire(element: String, to target: TapTarget, in scene: inout Scene) -> Bool {
        var found = false
        func wireItems(_ items: inout [BarButtonItemSpec]) {
            for k in items.indices where items[k].id == element {
                items[k].tap = target
                items[k].enabled = true
                found = true
            }
        }
        wireItems(&scene.navigationItem.leftBarButtonItems)
        wireItems(&scene.navigationItem.rightBarButtonItems)
        wireItems(&scene.toolbarItems)
        update(in: &scene) { node in
            if node.id == element {
                node.tap = target
                found = true
            }
        }
        return found
    }

    /// Runs `body` on every view node of the scene (table rows' content included).
    public static func update(in scene: inout Scene, _ body: (inout ViewNode) -> Void) {
        func visit(_ node: inout ViewNode) {
            body(&node)
            for k in node.children.indices { visit(&node.children[k]) }
            for s in node.sections.indices {
                for r in node.sections[s].rows.indices {
                    for c in node.sections[s].rows[r].content.indices { visit(&node.sections[s].rows[r].content[c]) }
                }
            }
        }
        for k in scene.view.indices { visit(&scene.view[k]) }
    }

    /// Every element id of the scene: views, bar button items, rows.
    public static func elementIDs(in scene: Scene) -> [String] {
        var ids = (scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems).compactMap(\.id)
        func visit(_ node: ViewNode) {
            if let id = node.id { ids.append(id) }
            node.children.forEach(visit)
            for section in node.sections {
                for row in section.rows {
                    if let id = row.id { ids.append(id) }
                    row.content.forEach(visit)
                }
            }
        }
        scene.view.forEach(visit)
        return ids
    }
}

/// The rows a selection handler's branch is taken for (`switch indexPath.row { case 2: … }`,
/// `if indexPath.section == 1 { … }`): sections and rows by number, nil for any.
public struct RowFilter: Hashable, Sendable, Codable {
    public var sections: Set<Int>?
    public var rows: Set<Int>?
    public init(sections: Set<Int>? = nil, rows: Set<Int>? = nil) {
        self.sections = sections
        self.rows = rows
    }

    public func matches(section: Int, row: Int) -> Bool {
        (sections?.contains(section) ?? true) && (rows?.contains(row) ?? true)
    }

    /// Both filters at once (a row switch inside a section's case).
    public func narrowed(by other: RowFilter) -> RowFilter {
        func both(_ a: Set<Int>?, _ b: Set<Int>?) -> Set<Int>? { a.map { x in b.map { x.intersection($0) } ?? x } ?? b }
        return RowFilter(sections: both(sections, other.sections), rows: both(rows, other.rows))
    }
}
