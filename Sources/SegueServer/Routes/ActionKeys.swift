import SegueCore

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
        Entry(action: "selectTab", required: ["index"], optional: ["controller"]),
        Entry(action: "moveTab", required: ["from", "to"], optional: ["controller"]),
        Entry(action: "setTraits", required: ["traits"], optional: []),
        Entry(action: "turnPage", required: [], optional: ["direction", "controller"]),
        Entry(action: "showPage", required: ["index"], optional: ["controller"]),
        Entry(action: "memoryWarning", required: [], optional: []),
        Entry(action: "setEditing", required: [], optional: ["editing", "controller"]),
        Entry(action: "setValues", required: ["values"], optional: []),
        Entry(action: "setToolbarHidden", required: ["hidden"], optional: ["navigationController"]),
        Entry(action: "setNavigationBarHidden", required: ["hidden"], optional: ["navigationController"]),
        Entry(action: "addChild", required: ["scene"], optional: ["controller", "showingView"]),
        Entry(action: "removeFromParent", required: ["controller"], optional: []),
        Entry(action: "transition", required: ["fromIndex", "toIndex"], optional: ["controller"]),
        Entry(action: "beginAppearanceTransition", required: ["controller", "isAppearing"], optional: []),
        Entry(action: "endAppearanceTransition", required: ["controller"], optional: []),
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
