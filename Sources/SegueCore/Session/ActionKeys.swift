/// The keys each JSON request body takes: one table for the action bodies of
/// `POST /api/v1/sessions/ID/actions` and the body of `POST /api/v1/sessions`. The decoder refuses
/// any other key (a typo never passes silently), and the API reference is written from it.
public enum ActionKeys {
    /// The keys of one action: those it needs and those it may take.
    public struct Entry: Sendable, Hashable {
        public var action: String
        public var required: [String]
        public var optional: [String]

        /// Every key a body of this action may carry, the shared ones included.
        public var allowed: [String] { ["action"] + required + optional + ActionKeys.shared }
    }

    /// Keys every action body may carry: `animated` (default true) and `expectedVersion` (the
    /// server refuses with `stale_version` instead of acting on a state the caller has not seen).
    public static let shared = ["animated", "expectedVersion"]

    /// Every action, in the order the reference lists them.
    public static let actions: [Entry] = [
        Entry(action: "tap", required: ["element"], optional: ["values"]),
        Entry(action: "performSegue", required: ["identifier"], optional: ["controller"]),
        Entry(action: "setViewControllers", required: ["scenes"], optional: ["navigationController"]),
        Entry(action: "push", required: ["scene"], optional: ["navigationController"]),
        Entry(action: "pop", required: [], optional: ["navigationController"]),
        Entry(action: "popToRoot", required: [], optional: ["navigationController"]),
        Entry(action: "popTo", required: ["controller"], optional: ["navigationController"]),
        Entry(action: "present", required: ["scene"], optional: ["modalPresentationStyle", "modalTransitionStyle", "controller"]),
        Entry(action: "dismiss", required: [], optional: ["controller"]),
        Entry(action: "dismissSheet", required: [], optional: ["controller"]),
        Entry(action: "selectTab", required: ["index"], optional: ["controller"]),
        Entry(action: "moveTab", required: ["from", "to"], optional: ["controller"]),
        Entry(action: "setTraits", required: ["traits"], optional: []),
        Entry(action: "turnPage", required: [], optional: ["direction", "controller"]),
        Entry(action: "showPage", required: ["index"], optional: ["controller"]),
        Entry(action: "memoryWarning", required: [], optional: []),
        Entry(action: "setEditing", required: [], optional: ["editing", "controller"]),
        Entry(action: "setValues", required: ["values"], optional: []),
    ]

    /// The keys of `POST /api/v1/sessions` (all optional): the viewport, a state URL to restore, or
    /// a scene to open as `instantiateViewController(withIdentifier:)` would give it.
    public static let createSession = ["traits", "url", "scene"]

    private static let byName: [String: Entry] = Dictionary(uniqueKeysWithValues: actions.map { ($0.action, $0) })
    private static let allowedByName: [String: [String]] = byName.mapValues(\.allowed)

    /// The entry of an action name, nil for an unknown action.
    public static func entry(_ action: String) -> Entry? { byName[action] }

    /// Every key a body of the named action may carry (``Entry/allowed``, made once), nil for an
    /// unknown action.
    public static func allowedKeys(_ action: String) -> [String]? { allowedByName[action] }

    /// The action names, for messages.
    public static var names: [String] { actions.map(\.action) }

    /// The first key of `body` (in sorted order) the action does not take, as a coded error naming
    /// it and the nearest key it does take. Runs on every action: the keys are sorted and the
    /// message is made only when a key is refused.
    public static func checkKeys(_ keys: some Sequence<String>, allowed: [String], of what: @autoclosure () -> String) throws(ActionError) {
        guard keys.contains(where: { !allowed.contains($0) }) else { return }
        for key in keys.sorted() where !allowed.contains(key) {
            var message = "\(what()) takes no key '\(key)' (it takes \(allowed.map { "'\($0)'" }.joined(separator: ", ")))"
            if let near = NearestName.nearest(to: key, in: allowed, alwaysOne: true) { message += "; did you mean '\(near)'?" }
            throw ActionError(.invalidRequest, message)
        }
    }
}

/// "Did you mean": the closest of some names to a misspelt one, by edit distance (case-insensitive).
public enum NearestName {
    /// The nearest name, when it is close enough to be a plausible typo (or, with `alwaysOne`, the
    /// nearest one whatever the distance, for short closed lists such as an action's keys).
    public static func nearest(to word: String, in names: some Sequence<String>, alwaysOne: Bool = false) -> String? {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for name in Array(names).sorted() where name != word {
            let d = distance(w, Array(name.lowercased()))
            if best == nil || d < best!.distance { best = (name, d) }
        }
        guard let best else { return nil }
        if alwaysOne { return best.name }
        // A plausible typo: at most a third of the longer word, or a containment ("inbox" in "inboxRow").
        let limit = max(1, max(w.count, best.name.count) / 3)
        let contains = best.name.lowercased().contains(word.lowercased()) || word.lowercased().contains(best.name.lowercased())
        return best.distance <= limit || (contains && !word.isEmpty) ? best.name : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension NearestName {
    /// "; did you mean 'x'?" when `name` is a plausible typo of one of `names`, else "".
    public static func suggestion(for name: String, in names: some Sequence<String>) -> String {
        nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
    }
}
