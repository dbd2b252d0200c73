import SegueCore

/// Scenes for the controllers an app's code shows that no storyboard or nib describes: classes
/// of the app that inherit from a view controller, made with `[[X alloc] init]` or `X()` and
/// pushed, presented or set as a container's child, whose views their own code builds. Each
/// gets a scene of its class, with a view whose one label says so, so the step that
/// shows it resolves and the navigation its own code does is followed from there. The launch
/// root made in code is one of them (``LaunchRootReader``).
enum MadeInCodeScenes {
    /// The scenes made for an app, the lines that set up the made navigation controllers' roots
    /// (no steps of their own: the scene has its root), and the app's index with the scenes.
    struct Made {
        var scenes: [Scene] = []
        var rootSources: Set<String> = []
        var index: AppIndex
    }

    /// Content scenes first, then navigation and tab bar controllers whose roots and tabs may be
    /// among them.
    /// `plain`: the app's index over its storyboards alone, built from `facts`.
    static func made(plain: AppIndex, facts: [SourceFacts]) -> Made {
        let shown = shownClasses(index: plain)
        let content = shown.filter { isMadeInCode($0, index: plain) }.sorted().map { scene(for: $0, index: plain) }
        let withContent = content.isEmpty ? plain : AppIndex(facts: facts, storyboard: plain.storyboard.adding(content))
        var made = Made(scenes: content, index: withContent)
        for name in shown.sorted() {
            guard let (navigation, source) = navigationScene(for: name, index: withContent) else { continue }
            made.scenes.append(navigation)
            made.rootSources.insert(source)
        }
        var items: [String: CodeTabItem] = [:]
        for name in shown.sorted() {
            guard let (scenes, source) = tabBarScenes(for: name, index: withContent, items: &items) else { continue }
            made.scenes += scenes.filter { scene in !made.scenes.contains { $0.id == scene.id } }
            made.rootSources.insert(source)
        }
        // The bar items the code gives tabs, on the scenes made for them (a storyboard's keep their own).
        for k in made.scenes.indices { if let item = items[made.scenes[k].id] { made.scenes[k].tabBarItem = TabBarItemSpec(code: item) } }
        if made.scenes.count > content.count {
            made.index = AppIndex(facts: facts, storyboard: plain.storyboard.adding(made.scenes))
        }
        return made
    }

    /// A navigation controller class of the app's own with no scene, whose own loading pushes
    /// its first controller (`[self pushViewController:list animated:NO]` in `viewDidLoad`,
    /// `loadView` or an initializer): a navigation controller scene with that root, and the line.
    static func navigationScene(for name: String, index: AppIndex) -> (Scene, String)? {
        guard index.scenes(ofExactClass: name).isEmpty, !NavigationAnalysis.isSystemClass(name),
              index.lineage(name).contains("UINavigationController") else { return nil }
        for method in index.methods[name] ?? [] where ["viewDidLoad", "loadView"].contains(method.facts.name) || method.facts.name.hasPrefix("init") {
            for call in method.facts.calls where call.action == .push || call.action == .setViewControllers {
                guard let expr = call.destination,
                      case .success(let root) = NavigationAnalysis.destination(expr, from: nil, inClass: name, index: index) else { continue }
                var scene = Scene(id: sceneID(for: name, index: index), kind: .navigationController)
                scene.className = name
                scene.rootViewController = root
                return (scene, "\(method.file):\(call.line)")
            }
        }
        return nil
    }

    /// A tab bar controller class of the app's own with no scene, whose own code sets its tabs
    /// (`viewControllers = [...]` or `setViewControllers([...], animated:)`; in `viewDidLoad`,
    /// `loadView` or an initializer first, else in another method of its own): a tab bar
    /// controller scene with those tabs, after a navigation controller scene for each tab the
    /// code wraps in one that no storyboard has, and the line.
    /// `items`: the bar item the code gives each tab, by the tab's scene id.
    static func tabBarScenes(for name: String, index: AppIndex, items: inout [String: CodeTabItem]) -> ([Scene], String)? {
        guard index.scenes(ofExactClass: name).isEmpty, !NavigationAnalysis.isSystemClass(name),
              index.lineage(name).contains("UITabBarController") else { return nil }
        let methods = index.methods[name] ?? []
        let loading = methods.filter { ["viewDidLoad", "loadView"].contains($0.facts.name) || $0.facts.name.hasPrefix("init") }
        for method in loading + methods.filter({ m in !loading.contains { $0.facts.name == m.facts.name } }) {
            let settings = method.facts.calls.filter { ($0.action == .setTabs || $0.action == .setViewControllers) && !$0.tabs.isEmpty }
            guard let call = settings.last else { continue }
            var made: [Scene] = []
            var tabs: [String] = []
            for (i, tab) in call.tabs.enumerated() {
                guard let id = tabScene(tab, in: name, index: index, made: &made) else { continue }
                tabs.append(id)
                let arguments = call.tabArguments.indices.contains(i) ? call.tabArguments[i] : []
                let helper = helperTabItem(tab, in: name, index: index)?.filled(with: arguments)
                if let item = (call.tabItems.indices.contains(i) ? call.tabItems[i] : nil) ?? helper { items[id] = item }
            }
            guard !tabs.isEmpty else { continue }
            var scene = Scene(id: sceneID(for: name, index: index), kind: .tabBarController)
            scene.className = name
            scene.viewControllers = tabs
            return (made + [scene], "\(method.file):\(call.line)")
        }
        return nil
    }

    /// The bar item a helper of the class making a tab sets on what it returns
    /// (`makeTab(title: "Feed", root: FeedVC())`), its parameters not yet filled in.
    static func helperTabItem(_ tab: ControllerExpr, in cls: String, index: AppIndex) -> CodeTabItem? {
        let method: String
        switch tab {
        case .returnedGiven(let name, _), .returned(let name, true): method = name
        default: return nil
        }
        for owner in index.callees(method, onSelf: true, caller: cls) {
            if let item = (index.methods[owner] ?? []).lazy.compactMap({ $0.facts.name == method ? $0.facts.returnedTabItem : nil }).first {
                return item
            }
        }
        return nil
    }

    /// The scene of one tab: the scene the expression resolves to, or, for a navigation
    /// controller made around one, the storyboard's navigation controller around it or a new
    /// one (`code-nav-` and the root's id) added to `made`.
    static func tabScene(_ tab: ControllerExpr, in cls: String, index: AppIndex, made: inout [Scene]) -> String? {
        if case .returnedGiven(let method, let arguments) = tab,
           let value = NavigationAnalysis.returnedGiven(method, arguments: arguments, caller: cls, index: index).first {
            // A helper making the tab around the controller it is given (`wrap(FeedController())`).
            return tabScene(value, in: cls, index: index, made: &made)
        }
        guard case .navigation(let inner) = tab else {
            return try? NavigationAnalysis.destination(tab, from: nil, inClass: cls, index: index).get()
        }
        guard let root = try? NavigationAnalysis.destination(inner, from: nil, inClass: cls, index: index).get() else { return nil }
        if let scene = index.storyboard[root], scene.kind == .navigationController || scene.kind == .tabBarController { return root }
        if let nav = index.storyboard.navigationScene(around: root) { return nav.id }
        var nav = Scene(id: "code-nav-" + root, kind: .navigationController)
        nav.rootViewController = root
        if !made.contains(where: { $0.id == nav.id }) { made.append(nav) }
        return nav.id
    }

    /// Every class the app's code makes a controller of, where it shows, passes, returns or keeps one.
    static func shownClasses(index: AppIndex) -> Set<String> {
        var shown: Set<String> = []
        for methods in index.methods.values {
            for method in methods {
                let facts = method.facts
                var values = facts.calls.compactMap(\.destination) + facts.calls.flatMap(\.tabs) + facts.returns
                values += facts.handOffs.flatMap(\.arguments) + facts.assigned.values
                for value in values { collect(value, into: &shown) }
            }
        }
        return shown
    }

    /// The classes an expression can make.
    static func collect(_ expr: ControllerExpr, into names: inout Set<String>) {
        switch expr {
        case .className(let name), .classFactory(let name, _): names.insert(name)
        case .navigation(let inner): collect(inner, into: &names)
        case .oneOf(let values), .returnedGiven(_, let values): for value in values { collect(value, into: &names) }
        default: break
        }
    }

    /// A content controller class of the app's own with no scene of its exact class.
    static func isMadeInCode(_ name: String, index: AppIndex) -> Bool {
        guard index.methods[name] != nil, index.scenes(ofExactClass: name).isEmpty, !NavigationAnalysis.isSystemClass(name),
              !LaunchRootReader.isDelegate(name), !index.isNavigationControllerClass(name) else { return false }
        let lineage = index.lineage(name)
        if lineage.contains(where: { NavigationAnalysis.uikitViews.contains($0) || notContent.contains($0) }) { return false }
        if lineage.contains(where: contentControllers.contains) { return true }
        // Its base class is a library's (or not declared): named like a view controller.
        guard let base = lineage.last, base.hasSuffix("ViewController") else { return false }
        return base == name || !NavigationAnalysis.isSystemClass(base)
    }

    /// A page view controller made in code fills its pages from code Segue does not run: its
    /// scene shows an empty view, as a content controller's does.
    static let contentControllers: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController", "UIPageViewController"]
    static let notContent: Set<String> = [
        "NSObject", "UINavigationController", "UITabBarController", "UISplitViewController",
        "UIAlertController", "UIActivityViewController", "UIImagePickerController", "UISearchController",
    ]

    static func scene(for name: String, index: AppIndex) -> Scene {
        var scene = Scene(id: sceneID(for: name, index: index))
        let lineage = index.lineage(name)
        if lineage.contains("UITableViewController") { scene.kind = .tableViewController }
        if lineage.contains("UICollectionViewController") { scene.kind = .collectionViewController }
        scene.className = name
        if scene.kind == .viewController { scene.view = placeholder(name, source: index.methods[name]?.first?.file) }
        return scene
    }

    /// The class's name, or `code-` and it where a scene of the app already has that id.
    static func sceneID(for name: String, index: AppIndex) -> String {
        index.storyboard[name] == nil ? name : "code-" + name
    }

    /// The view of a scene made for a controller whose view its code builds: one label that says
    /// so. The title stays unset, as the code's own is not known.
    static func placeholder(_ name: String, source: String?) -> [ViewNode] {
        [ViewNode(.label, text: "\(name): view made in code" + (source.map { " (\($0))" } ?? ""))]
    }
}

extension TabBarItemSpec {
    /// The bar item code sets on a tab (``CodeTabItem``).
    init(code: CodeTabItem) {
        self.init(title: code.title)
        image = code.image
        selectedImage = code.selectedImage
    }
}
