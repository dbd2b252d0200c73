/// Segues that only code performs.
///
/// A storyboard segue is either wired to something a person taps (a button, a row, a bar button
/// item, an alert action) or drawn from the controller itself, in which case the app performs it
/// with `performSegue(withIdentifier:sender:)`. The second kind is invisible on the page, so a
/// person exploring a storyboard would never reach what it leads to. ``Window/manualSegues`` lists
/// them for the controllers on screen so tools (the developer panel, crawlers, the JSON API) can
/// offer them; `performSegue` runs them as the app would.
public struct ManualSegue: Sendable, Hashable {
    /// The controller whose scene declares the segue (the `controller` of `performSegue`).
    public var controller: String
    public var identifier: String
    public var kind: SegueKind
    /// The destination scene; nil for an unwind segue (its destination is searched at run time).
    public var destination: String?
    /// An unwind segue's action.
    public var action: String?
    /// The source line of navigation read from the app's code (``SegueSpec/codeSource``); nil
    /// for a storyboard segue.
    public var source: String?

    public init(controller: String, identifier: String, kind: SegueKind, destination: String?, action: String? = nil,
                source: String? = nil) {
        self.controller = controller
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.action = action
        self.source = source
    }
}

extension Scene {
    /// Identifiers of the segues something in the scene fires when tapped: bar button items
    /// (navigation item, back item, toolbar), controls and rows of the view tree (custom cell
    /// content included), alert actions.
    public var tapTriggeredSegueIDs: Set<String> {
        var ids: Set<String> = []
        func note(_ tap: TapTarget?) { if case .segue(let id)? = tap { ids.insert(id) } }
        for item in navigationItem.leftBarButtonItems + navigationItem.rightBarButtonItems + toolbarItems { note(item.tap) }
        note(navigationItem.backBarButtonItem?.tap)
        func visit(_ node: ViewNode) {
            note(node.tap)
            for section in node.sections {
                for row in section.rows {
                    note(row.tap)
                    note(row.accessoryTap)
                    row.content.forEach(visit)
                }
            }
            node.children.forEach(visit)
        }
        view.forEach(visit)
        for action in alert?.actions ?? [] { note(action.tap) }
        return ids
    }

    /// The segues of this scene that nothing in it triggers, in declaration order: those an app
    /// performs in code. Embed segues (run by a container view as its view loads) and
    /// relationships are not among them.
    public var manualSegues: [SegueSpec] {
        let triggered = tapTriggeredSegueIDs
        return segues.filter { $0.kind != .embed && $0.kind != .relationship && !triggered.contains($0.id) }
    }
}

extension Window {
    /// The code-triggered segues of the controllers on screen, back to front (containers before
    /// their children, as ``visibleControllers`` lists them).
    public var manualSegues: [ManualSegue] { manualSegues(visible: visibleControllers) }

    /// ``manualSegues`` of `visible`, the window's ``visibleControllers`` at hand.
    public func manualSegues(visible: [ViewController]) -> [ManualSegue] {
        var out: [ManualSegue] = []
        for c in visible {
            // Per scene, once per window: STATE is written after every action.
            for spec in c.manualSegueSpecs(cache: &manualSegueCache) {
                out.append(ManualSegue(controller: c.id, identifier: spec.id, kind: spec.kind,
                                       destination: spec.destination, action: spec.action, source: spec.codeSource))
            }
        }
        return out
    }
}

extension Window {
    /// The controller hierarchy as text, one controller a line, like UIKit's
    /// `printHierarchy`: children indented under their parent (`   | `), what a controller
    /// presents under it with its style, each line with the kind, scene, class, title and
    /// appearance state.
    public func printHierarchy() -> String {
        var lines: [String] = []
        func visit(_ c: ViewController, depth: Int, prefix: String) {
            var line = String(repeating: "   | ", count: depth) + prefix
            line += "<\(c.kind.rawValue) \(c.id)"
            if let scene = c.sceneID { line += " scene=\(scene)" }
            if let cls = c.scene?.className { line += " class=\(cls)" }
            line += ">"
            if let title = c.title { line += " \"\(title)\"" }
            line += ", state: \(c.appearance.rawValue)"
            if !c.isViewLoaded { line += ", view not loaded" }
            lines.append(line)
            for child in c.children { visit(child, depth: depth + 1, prefix: "") }
            if let p = c.presentedStorage {
                visit(p, depth: depth + 1, prefix: "+ presented \((p.presentedStyle ?? .fullScreen).rawValue): ")
            }
        }
        if let root { visit(root, depth: 0, prefix: "") }
        return lines.joined(separator: "\n")
    }
}
