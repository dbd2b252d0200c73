import SegueJSON

/// What a STATE answer says about the screen, read as a tester reads it: the visible scenes by
/// name and the title the front navigation bar shows (the runner's `expect`, the MCP tools).
public enum StateReading {
    /// A controller's scene id; one a container makes itself (the More list) is its title in
    /// parentheses, `(More)`.
    public static func sceneName(_ c: JSONValue) -> String {
        if let scene = c["scene"]?.stringValue { return scene }
        return "(\(c["title"]?.stringValue ?? c["id"]?.stringValue ?? "?"))"
    }

    /// The scene ids of STATE `visible`, back to front.
    public static func visibleScenes(_ state: JSONValue) -> [String] {
        var scenes: [String: String] = [:]
        func walk(_ c: JSONValue) {
            if let id = c["id"]?.stringValue { scenes[id] = sceneName(c) }
            for child in c["children"]?.arrayValue ?? [] { walk(child) }
            if let p = c["presented"], p != .null { walk(p) }
            if let more = c["moreNavigationController"], more != .null { walk(more) }
        }
        if let root = state["root"] { walk(root) }
        return (state["visible"]?.arrayValue ?? []).compactMap { $0.stringValue.map { scenes[$0] ?? $0 } }
    }

    /// The title the frontmost navigation bar shows: that of the navigation item of the
    /// controller the frontmost visible one is in (itself, or the container it is embedded in,
    /// that a navigation controller holds); without a navigation controller, its own title.
    public static func frontmostTitle(_ state: JSONValue) -> String? {
        guard let front = state["visible"]?.arrayValue?.last?.stringValue else { return nil }
        var byID: [String: JSONValue] = [:]
        var parent: [String: String] = [:]
        func walk(_ c: JSONValue, _ up: String?) {
            guard let id = c["id"]?.stringValue else { return }
            byID[id] = c
            if let up { parent[id] = up }
            for child in c["children"]?.arrayValue ?? [] { walk(child, id) }
            if let p = c["presented"], p != .null { walk(p, nil) }
            if let more = c["moreNavigationController"], more != .null { walk(more, id) }
        }
        if let root = state["root"] { walk(root, nil) }
        var current = front
        while let up = parent[current], let container = byID[up] {
            if container["kind"]?.stringValue == "navigationController" { break }
            current = up
        }
        let shown = parent[current] == nil || byID[parent[current]!]?["kind"]?.stringValue != "navigationController" ? front : current
        let c = byID[shown]
        return c?["navigationItem"]?["title"]?.stringValue ?? c?["title"]?.stringValue
    }
}
