import SegueCore

/// The root an app builds in code: what its scene delegate or app delegate assigns to
/// `window.rootViewController` (a scene, `UINavigationController(rootViewController:)` around
/// one, or a `UITabBarController` whose `viewControllers` are listed), resolved to scenes. The
/// launch of an app with no main storyboard uses it (``applying(_:to:)``).
public enum LaunchRootReader {
    /// Classes that set up the window: `…AppDelegate`, `…SceneDelegate`.
    static func isDelegate(_ cls: String) -> Bool {
        cls.hasSuffix("AppDelegate") || cls.hasSuffix("ApplicationDelegate") || cls.hasSuffix("SceneDelegate")
    }

    /// `made`: the scenes made for controllers the code shows (``MadeInCodeScenes``); a tab bar
    /// controller of the app's own that fills its own tabs is the root as its made scene.
    static func root(index: AppIndex, made: [Scene] = []) -> LaunchRoot? {
        // The scene delegate's window wins over the app delegate's where both exist (iOS 13+);
        // then helper objects that set up the window (a coordinator the delegate keeps), never
        // a view controller swapping the root later.
        // Of several, the plainest name first: `SceneDelegate` before a second window's
        // `MiniPlayerSceneDelegate`.
        let delegates = index.methods.keys.filter(isDelegate).sorted { a, b in
            a.hasSuffix("SceneDelegate") != b.hasSuffix("SceneDelegate") ? a.hasSuffix("SceneDelegate") : (a.count, a) < (b.count, b)
        }
        let helpers = index.methods.keys.filter { !isDelegate($0) && (index.scenesByClass[$0] ?? []).isEmpty }.sorted()
        // The app's window first; a cover or lock window's root only when no other is set.
        for otherWindows in [false, true] {
            for cls in delegates + helpers {
                for method in launchOrder(index.methods[cls] ?? []) {
                    // The last root a method sets is the one on screen when it returns: after a
                    // placeholder, or for a first launch (`if signedIn { home } else { welcome }`),
                    // the usual order; a phone's before one set only on a pad (`IdiomBranches`).
                    let roots = method.facts.calls.reversed().filter { $0.action == .setRoot && $0.onOtherWindow == otherWindows }
                    for call in roots.filter({ !$0.padOnly }) + roots.filter(\.padOnly) {
                        if let root = resolve(call, in: method, of: cls, index: index, made: made) { return root }
                    }
                }
            }
        }
        return nil
    }

    /// Whether a window's expression names another window than the app's main one: its last
    /// name says window but is not `window` itself (`appCoverWindow`, `self.lockWindow`), nor
    /// the key or first window.
    static func namesOtherWindow(_ text: String) -> Bool {
        let lower = String((text.split(separator: ".").last ?? "").filter { $0.isLetter || $0 == "_" }).lowercased()
        guard lower.contains("window"), lower != "window", lower != "_window" else { return false }
        return !["keywindow", "mainwindow", "windows", "first", "appwindow"].contains(where: lower.contains)
    }

    /// A class's methods, those run at launch first (`scene(_:willConnectTo:options:)`,
    /// `application(_:didFinishLaunchingWithOptions:)`), then the methods of its own they call,
    /// then the others (which may swap the root later: after signing in, say) in source order.
    static func launchOrder(_ methods: [AppIndex.Method]) -> [AppIndex.Method] {
        func runsAtLaunch(_ m: AppIndex.Method) -> Bool {
            m.facts.selector.contains("willConnectTo") || m.facts.selector.contains("didFinishLaunching")
        }
        let launch = methods.filter(runsAtLaunch)
        let called = Set(launch.flatMap(\.facts.invokes))
        let helpers = methods.filter { !runsAtLaunch($0) && called.contains($0.facts.name) }
        return launch + helpers + methods.filter { !runsAtLaunch($0) && !called.contains($0.facts.name) }
    }

    /// The root `call` sets; set to what a method returns (`AuthBuilder.build()`,
    /// `getRootController()`), the first of its returns that resolves: a first launch's screen
    /// (`if !onboarded { return OnboardingViewController() }`) comes first.
    private static func resolve(_ call: NavigationCall, in method: AppIndex.Method, of cls: String, index: AppIndex,
                                made: [Scene]) -> LaunchRoot? {
        guard let expr = call.destination else { return nil }
        let returned: [(ControllerExpr, String)] = switch expr {
        case .returnedBy(let type, let name): NavigationAnalysis.returns(of: name, by: type, index: index)
        case .returned(let name, let onSelf): NavigationAnalysis.returns(of: name, in: index.callees(name, onSelf: onSelf, caller: cls), index: index)
        // A property of the delegate: what its methods set it to, else what its lazy getter returns.
        case .property(let name):
            (index.methods[cls] ?? []).compactMap { $0.facts.assigned[name].map { ($0, cls) } }
                + NavigationAnalysis.returns(of: name, in: [cls], index: index)
        default: []
        }
        for (value, _) in returned.prefix(NavigationAnalysis.maximumAlternatives) {
            if let root = resolve(value, call, in: method, of: cls, index: index, made: made) { return root }
        }
        return resolve(expr, call, in: method, of: cls, index: index, made: made)
    }

    private static func resolve(_ shown: ControllerExpr, _ call: NavigationCall, in method: AppIndex.Method, of cls: String, index: AppIndex,
                                made: [Scene]) -> LaunchRoot? {
        let source = "\(method.file):\(call.line)"
        var expr = shown
        if let k = NavigationAnalysis.parameterIndex(expr) {
            // A helper of the delegate given the root: what the delegate's own calls pass it.
            let passed = (index.methods[cls] ?? []).flatMap(\.facts.handOffs).first {
                $0.onSelf && $0.method == method.facts.name && $0.arguments.count > k && $0.arguments[k].isFollowable
            }
            guard let argument = passed?.arguments[k] else { return nil }
            expr = NavigationAnalysis.substitute(NavigationAnalysis.anchored(expr, in: cls, index: index), with: argument)
        }
        if case .className(let name) = expr, name != "UITabBarController", index.isNavigationControllerClass(name),
           let first = method.facts.calls.last(where: { $0.action == .setTabs })?.tabs.first {
            // A navigation controller made in code whose `viewControllers` the code sets.
            if let root = try? NavigationAnalysis.destination(first, from: nil, inClass: cls, index: index).get() {
                return .navigation(root: root, source: source)
            }
            if let made = madeInCode(first, index: index) { return .madeInCode(className: made, inNavigation: true, source: source) }
        }
        if case .className(let name) = expr, index.isNavigationControllerClass(name), index.scenes(ofExactClass: name).isEmpty,
           let (pushed, line) = firstCoordinatorPush(from: method, index: index) {
            // An empty navigation controller handed to a coordinator, whose `start()` pushes the first screen.
            if let root = try? NavigationAnalysis.destination(pushed, from: nil, index: index).get() {
                return .navigation(root: root, source: line)
            }
            if let made = madeInCode(pushed, index: index) { return .madeInCode(className: made, inNavigation: true, source: line) }
        }
        if case .className(let name) = expr, index.scenes(ofExactClass: name).isEmpty,
           let tabs = made.first(where: { $0.className == name && $0.kind == .tabBarController }) {
            return .scene(tabs.id, source: source)
        }
        if case .className("UITabBarController") = expr {
            let tabs = method.facts.calls.last { $0.action == .setTabs }?.tabs ?? []
            let ids = tabs.compactMap { try? NavigationAnalysis.destination($0, from: nil, index: index).get() }
            return ids.isEmpty ? nil : .tabs(ids, source: source)
        }
        if case .navigation(let inner) = expr, let root = try? NavigationAnalysis.destination(inner, from: nil, inClass: cls, index: index).get() {
            if let nav = index.storyboard.navigationScene(around: root) {
                return .scene(nav.id, source: source)
            }
            return .navigation(root: root, source: source)
        }
        if let id = try? NavigationAnalysis.destination(expr, from: nil, inClass: cls, index: index).get() { return .scene(id, source: source) }
        if case .navigation(let inner) = expr, let made = madeInCode(inner, index: index) {
            return .madeInCode(className: made, inNavigation: true, source: source)
        }
        return madeInCode(expr, index: index).map { .madeInCode(className: $0, inNavigation: false, source: source) }
    }

    /// The first controller pushed by the objects the launch makes (a coordinator made in
    /// `application(_:didFinishLaunchingWithOptions:)`, the coordinators its `start()` makes, …),
    /// breadth first, a type's `start` methods before its others; with the push's `file:line`.
    static func firstCoordinatorPush(from launch: AppIndex.Method, index: AppIndex) -> (ControllerExpr, String)? {
        var pending = launch.facts.instantiates
        var seen: Set<String> = []
        while !pending.isEmpty, seen.count < 32 {
            let type = pending.removeFirst()
            guard seen.insert(type).inserted, (index.scenesByClass[type] ?? []).isEmpty else { continue }
            let methods = index.methods[type] ?? []
            for method in methods.filter({ $0.facts.name == "start" }) + methods.filter({ $0.facts.name != "start" }) {
                if let push = method.facts.calls.first(where: { $0.action == .push && $0.destination?.makesController == true }),
                   let pushed = push.destination {
                    return (pushed, "\(method.file):\(push.line)")
                }
                pending += method.facts.instantiates
            }
        }
        return nil
    }

    /// The made scenes a launch at `root` needs: the made scene it is (or, for a controller made
    /// in code, its class's), and the made scenes its tabs or navigation root are, transitively
    /// (none when the root is a storyboard's scene).
    public static func madeScenes(for root: LaunchRoot, among made: [Scene]) -> [Scene] {
        let id: String
        switch root {
        case .scene(let scene, _): id = scene
        // The class's made scene (a table view controller's kind) before the placeholder `madeScene` is.
        case .madeInCode(let cls, _, _): id = cls
        default: return []
        }
        let byID = Dictionary(made.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var needed: [Scene] = []
        var pending = [id]
        while let next = pending.popLast() {
            guard let scene = byID[next], !needed.contains(where: { $0.id == next }) else { continue }
            needed.append(scene)
            pending += scene.viewControllers + (scene.rootViewController.map { [$0] } ?? [])
        }
        return needed
    }

    /// A controller class of the app's own that no scene has (its view made in code).
    static func madeInCode(_ expr: ControllerExpr, index: AppIndex) -> String? {
        let named: String? = switch expr {
        case .className(let name), .classFactory(let name, _): name
        case .returnedBy(let type, let method):
            NavigationAnalysis.returns(of: method, by: type, index: index).lazy.compactMap { madeInCode($0.0, index: index) }.first
        default: nil
        }
        // A view controller by its lineage, whatever its name (`RootView`, `HomeVC`).
        guard let name = named, MadeInCodeScenes.isMadeInCode(name, index: index) else { return nil }
        return name
    }

    /// The storyboard launched at `root`: its initial view controller, with a navigation or
    /// tab bar controller scene made for a container built in code (`code-root`).
    public static func applying(_ root: LaunchRoot, to storyboard: Storyboard) -> Storyboard {
        var out = storyboard.adding(madeScene(root).map { [$0] } ?? [])
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
        case .madeInCode(let cls, let inNavigation, _): inNavigation ? "code-root" : cls
        }
    }

    /// The scene made for a root controller that has none (``LaunchRoot/madeInCode``): its
    /// class, and a view whose one label says its view is made in code, and where.
    public static func madeScene(_ root: LaunchRoot) -> Scene? {
        guard case .madeInCode(let cls, _, let source) = root else { return nil }
        var scene = Scene(id: cls)
        scene.className = cls
        scene.view = MadeInCodeScenes.placeholder(cls, source: source)
        return scene
    }

    /// Where the code builds `root` (`file:line`).
    public static func source(_ root: LaunchRoot) -> String {
        switch root {
        case .scene(_, let source), .navigation(_, let source), .tabs(_, let source), .madeInCode(_, _, let source): source
        }
    }

    /// The navigation or tab bar controller scene the code makes around scenes (nil for a scene).
    public static func container(_ root: LaunchRoot) -> Scene? {
        switch root {
        case .scene, .madeInCode(_, false, _):
            return nil
        case .madeInCode(let cls, true, let source):
            return container(.navigation(root: cls, source: source))
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
