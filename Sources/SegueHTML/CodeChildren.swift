import SegueCore

/// Views the controller's code fills: a child controller its code adds (`addChild`) is drawn
/// inside the view its code puts the child's view in, as UIKit shows it, not after the view;
/// a view with nothing in it is drawn as UIKit draws it, its background colour alone.
///
/// The host of code-added children is the first container view no storyboard segue fills (the
/// place Interface Builder leaves for a child), else the largest empty plain view covering at
/// least a quarter of the controller's view (a view left empty for content made in code). With
/// neither, the children follow the view. The frameless container the screen holds for such a
/// child is then drawn empty.
extension PageBuilder {
    /// The id of the view that hosts the children the code adds, and the tree's embed segues;
    /// nil when no child is added in code or no view can host them.
    static func codeChildHost(_ nodes: [ViewNode], children: [EmbeddedPane]) -> (id: String, treeEmbeds: Set<String>)? {
        var all: [ViewNode] = []
        func walk(_ list: [ViewNode]) {
            for n in list {
                all.append(n)
                if n.kind == .view || n.kind == .container || n.kind == .scroll || n.kind == .stack { walk(n.children) }
            }
        }
        walk(nodes)
        // The document's container views' embeds; a child added in code has a frameless one.
        let treeEmbeds = Set(all.filter { $0.frame != nil }.compactMap(\.embed))
        guard children.contains(where: { $0.embedSegue.map { !treeEmbeds.contains($0) } ?? true }) else { return nil }
        let empty = all.filter { $0.children.isEmpty && hostKey($0) != nil && $0.frame != nil }
        if let container = empty.first(where: { $0.kind == .container && $0.embed == nil }), let id = hostKey(container) {
            return (id, treeEmbeds)
        }
        // The controller's view: its document frame, else what its subviews span, at least the
        // smallest phone screen.
        let design = nodes.first?.layout?.host.first?.frame
        let width = max(design?.width ?? nodes.compactMap { $0.frame.map { $0.x + $0.width } }.max() ?? 0, 320)
        let height = max(design?.height ?? nodes.compactMap { $0.frame.map { $0.y + $0.height } }.max() ?? 0, 480)
        let area = { (n: ViewNode) in n.frame.map { max(0, $0.width) * max(0, $0.height) } ?? 0 }
        guard let largest = empty.filter({ $0.kind == .view }).max(by: { area($0) < area($1) }),
              area(largest) >= 0.25 * width * height, width * height > 0, let id = hostKey(largest) else { return nil }
        return (id, treeEmbeds)
    }

    /// A view's identity in the document (its id there), else its element id.
    static func hostKey(_ n: ViewNode) -> String? { n.layout?.xmlID ?? n.id }

    /// The children the code added, inside `n`'s box.
    mutating func codeChildren(_ n: ViewNode, treeEmbeds: Set<String>) {
        w.raw(n.kind == .container ? "<div class=\"container container-code\"" : "<div class=\"view container-code\"")
        appStyle(n.appearance)
        w.raw(">")
        let mine = embeddedPanes.filter { $0.embedSegue.map { !treeEmbeds.contains($0) } ?? true }
        embeddedPanes.removeAll { $0.embedSegue.map { !treeEmbeds.contains($0) } ?? true }
        let saved = embeddedPanes
        for child in mine {
            w.raw("<div class=\"container container-embed\"")
            w.attribute("data-embed", child.embedSegue)
            w.raw(">")
            pane(child.pane)
            w.raw("</div>")
        }
        embeddedPanes = saved
        w.raw("</div>")
    }

    /// A view with no content: its background colour (from its style), nothing else.
    mutating func emptyView(_ n: ViewNode) {
        w.raw("<div class=\"view view-empty\" aria-hidden=\"true\"")
        appStyle(n.appearance)
        w.raw("></div>")
    }
}
