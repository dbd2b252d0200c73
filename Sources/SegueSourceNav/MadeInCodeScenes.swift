import SegueCore

/// Scenes for the controllers an app's code shows that no storyboard or nib describes: classes
/// of the app that inherit from a view controller, made with `[[X alloc] init]` or `X()` and
/// pushed, presented or set as a container's child, whose views their own code builds. Each
/// gets a scene of its class, with an empty view and a title that says so, so the step that
/// shows it resolves and the navigation its own code does is followed from there. The launch
/// root made in code is one of them (``LaunchRootReader``).
enum MadeInCodeScenes {
    /// The scenes to make for the app in `index`, in class-name order.
    static func scenes(index: AppIndex) -> [Scene] {
        var shown: Set<String> = []
        for methods in index.methods.values {
            for method in methods {
                let facts = method.facts
                var values = facts.calls.compactMap(\.destination) + facts.calls.flatMap(\.tabs) + facts.returns
                values += facts.handOffs.flatMap(\.arguments) + facts.assigned.values
                for value in values { collect(value, into: &shown) }
            }
        }
        return shown.filter { isMadeInCode($0, index: index) }.sorted().map { scene(for: $0, index: index) }
    }

    /// The classes an expression can make.
    static func collect(_ expr: ControllerExpr, into names: inout Set<String>) {
        switch expr {
        case .className(let name), .classFactory(let name, _): names.insert(name)
        case .navigation(let inner): collect(inner, into: &names)
        case .oneOf(let values): for value in values { collect(value, into: &names) }
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
        // Its base class is not the app's (a library's): a name of a controller.
        return lineage.last.map { $0.hasSuffix("ViewController") && !NavigationAnalysis.isSystemClass($0) || $0 == name && name.hasSuffix("ViewController") } ?? false
    }

    static let contentControllers: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController"]
    static let notContent: Set<String> = [
        "NSObject", "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
        "UIAlertController", "UIActivityViewController", "UIImagePickerController", "UISearchController",
    ]

    static func scene(for name: String, index: AppIndex) -> Scene {
        var scene = Scene(id: index.storyboard[name] == nil ? name : "code-" + name)
        let lineage = index.lineage(name)
        if lineage.contains("UITableViewController") { scene.kind = .tableViewController }
        if lineage.contains("UICollectionViewController") { scene.kind = .collectionViewController }
        scene.className = name
        let file = index.methods[name]?.first?.file
        scene.title = "\(name) (view made in code" + (file.map { ", \($0)" } ?? "") + ")"
        return scene
    }
}

extension Storyboard {
    /// The storyboard with `made` added where no scene has its id.
    func adding(_ made: [Scene]) -> Storyboard {
        var out = self
        for scene in made where out.scenes[scene.id] == nil {
            out.scenes[scene.id] = scene
            out.sceneOrder.append(scene.id)
        }
        return out
    }
}
