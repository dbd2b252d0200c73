import SegueCore

/// The root an app builds in code: what its scene delegate or app delegate assigns to
/// `window.rootViewController` (a scene, `UINavigationController(rootViewController:)` around
/// one, or a `UITabBarController` whose `viewControllers` are listed), resolved to scenes. The
/// launch of an app with no main storyboard uses it (``applying(_:to:)``).
public enum LaunchRootReader {
    /// Classes that set up the window: `…AppDelegate`, `…SceneDelegate`.
    static func isDelegate(_ cls: String) -> Bool { cls.hasSuffix("AppDelegate") || cls.hasSuffix("SceneDelegate") }

    static func root(index: AppIndex) -> LaunchRoot? {
        // The scene delegate's window wins over the app delegate's where both exist (iOS 13+).
        let delegates = index.methods.keys.filter(isDelegate).sorted { a, b in
            a.hasSuffix("SceneDelegate") != b.hasSuffix("SceneDelegate") ? a.hasSuffix("SceneDelegate") : a < b
        }
        for cls in delegates {
            for method in index.methods[cls] ?? [] {
                for call in method.facts.calls where call.action == .setRoot {
                    if let root = resolve(call, in: method, index: index) { return root }
                }
            }
        }
        return nil
    }

    private static func resolve(_ call: NavigationCall, in method: AppIndex.Method, index: AppIndex) -> LaunchRoot? {
        let source = "\(method.file):\(call.line)"
        guard let expr = call.destination else { return nil }
        if case .className("UITabBarController") = expr {
            let tabs = method.facts.calls.last { $0.action == .setTabs }?.tabs ?? []
            let ids = tabs.compactMap { try? NavigationAnalysis.destination($0, from: nil, index: index).get() }
            return ids.isEmpty ? nil : .tabs(ids, source: source)
        }
        if case .navigation(let inner) = expr, let root = try? NavigationAnalysis.destination(inner, from: nil, index: index).get() {
            if let nav = index.storyboard.orderedScenes.first(where: { $0.kind == .navigationController && $0.rootViewController == root }) {
                return .scene(nav.id, source: source)
            }
            return .navigation(root: root, source: source)
        }
        return (try? NavigationAnalysis.destination(expr, from: nil, index: index).get()).map { .scene($0, source: source) }
    }

    /// The storyboard launched at `root`: its initial view controller, with a navigation or
    /// tab bar controller scene made for a container built in code (`code-root`).
    public static func applying(_ root: LaunchRoot, to storyboard: Storyboard) -> Storyboard {
        var out = storyboard
        if let container = container(root) {
            guard out.scenes[container.id] == nil else { return out }
            out.scenes[container.id] = container
            out.sceneOrder.append(container.id)
        }
        out.initialViewController = sceneID(root)
        return out
    }

    /// The scene the app launches at `root`: the scene itself, or the container made for it.
    public static func sceneID(_ root: LaunchRoot) -> String {
        switch root {
        case .scene(let id, _): id
        case .navigation, .tabs: "code-root"
        }
    }

    /// Where the code builds `root` (`file:line`).
    public static func source(_ root: LaunchRoot) -> String {
        switch root {
        case .scene(_, let source), .navigation(_, let source), .tabs(_, let source): source
        }
    }

    /// The navigation or tab bar controller scene the code makes around scenes (nil for a scene).
    public static func container(_ root: LaunchRoot) -> Scene? {
        switch root {
        case .scene:
            return nil
        case .navigation(let rootID, let source):
            var nav = Scene(id: "code-root", kind: .navigationController)
            nav.rootViewController = rootID
            nav.title = "Navigation Controller (\(source))"
            return nav
        case .tabs(let ids, let source):
            var tabs = Scene(id: "code-root", kind: .tabBarController)
            tabs.viewControllers = ids
            tabs.title = "Tab Bar Controller (\(source))"
            return tabs
        }
    }
}
