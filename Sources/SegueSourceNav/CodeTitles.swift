import SegueCore

/// The titles a controller's class gives itself in code, as it is made or as its view loads.
public struct CodeTitle: Hashable, Sendable {
    /// The controller's `title`, set as it is made (an initializer, `awakeFromNib`): its
    /// navigation item's too, as UIKit's `title` setter does.
    public var title: String?
    /// The navigation item's title: `navigationItem.title`, or `title` set as the view loads.
    public var navigationTitle: String?
    public init(title: String? = nil, navigationTitle: String? = nil) {
        self.title = title
        self.navigationTitle = navigationTitle
    }
}

/// Titles set in code (`title = "Settings"` in `viewDidLoad`, `self.title = NSLocalizedString(
/// @"Feed", nil)` in `init`): they replace the storyboard's, since the code runs after the
/// scene is loaded from it, and give scenes made for code controllers the title their bar shows.
enum CodeTitles {
    static func isMaking(_ method: String) -> Bool { method.hasPrefix("init") || method == "awakeFromNib" }
    static func isLoading(_ method: String) -> Bool { ["loadView", "viewDidLoad", "viewWillAppear"].contains(method) }

    static func titles(index: AppIndex) -> [String: CodeTitle] {
        var out: [String: CodeTitle] = [:]
        for (cls, methods) in index.methods {
            let making = methods.filter { isMaking($0.facts.name) }
            let loading = methods.filter { isLoading($0.facts.name) }.sorted { order($0.facts.name) < order($1.facts.name) }
            var found = CodeTitle(title: making.lazy.compactMap(\.facts.setsTitle).first)
            found.navigationTitle = (making + loading).lazy.compactMap(\.facts.setsNavigationTitle).first
                ?? loading.lazy.compactMap(\.facts.setsTitle).first
            if found.title != nil || found.navigationTitle != nil { out[cls] = found }
        }
        return out
    }

    /// Loading order: the view is made, then loaded, then appears.
    static func order(_ method: String) -> Int { ["loadView", "viewDidLoad", "viewWillAppear"].firstIndex(of: method) ?? 3 }

    /// Gives each scene of a class with titles in code those titles.
    static func apply(_ titles: [String: CodeTitle], to storyboard: inout Storyboard) {
        guard !titles.isEmpty else { return }
        func titled(_ scene: inout Scene) {
            guard let cls = scene.className, let found = titles[cls] else { return }
            if let title = found.title {
                scene.title = title
                scene.navigationItem.title = title
            }
            if let title = found.navigationTitle { scene.navigationItem.title = title }
        }
        storyboard.updateEverySceneTable { scenes in
            for id in Array(scenes.keys) { titled(&scenes[id]!) }
        }
    }
}
