import SegueCore

/// The flow-file keys of the modern era (docs/FlowFiles.md): the top-level `era`, the scene keys
/// `prefersLargeTitles`, `largeTitleDisplayMode` and `isModalInPresentation`, and the navigation
/// item's `largeTitleDisplayMode` and `searchController`.
extension Decoder {
    /// `era: ios7 | modern` (also `ios17`, or an iOS version: 13 and later are modern).
    func decodeEra(_ top: Fields) -> UIKitEra? {
        guard top.has("era") else { return nil }
        guard let name = top.string("era") else { return nil }
        guard let era = UIKitEra(name: name) else {
            diagnostics.error(line: top.line("era"), .unknownValue, "unknown era '\(name)' (expected one of: ios7, modern)")
            return nil
        }
        return era
    }

    /// The scene keys: a navigation controller's `prefersLargeTitles`, a scene's
    /// `largeTitleDisplayMode` (its navigation item's) and `isModalInPresentation`.
    func decodeModernProperties(_ fields: Fields, into scene: inout Scene) {
        if let value = fields.bool("prefersLargeTitles") { scene.prefersLargeTitles = value }
        if let mode = fields.enumeration("largeTitleDisplayMode", LargeTitleDisplayMode.self) {
            scene.navigationItem.largeTitleDisplayMode = mode
        }
        if let value = fields.bool("isModalInPresentation") { scene.isModalInPresentation = value }
    }

    /// The navigation item's `largeTitleDisplayMode`, and `searchController`: `true`, or a map
    /// with the search bar's `placeholder`.
    func decodeModernItem(_ fields: Fields, into item: inout NavigationItemSpec, context: String) {
        if let mode = fields.enumeration("largeTitleDisplayMode", LargeTitleDisplayMode.self) { item.largeTitleDisplayMode = mode }
        guard let node = fields["searchController"] else { return }
        if case .scalar = node {
            if fields.bool("searchController") == true { item.searchBarPlaceholder = "Search" }
            return
        }
        guard let search = Fields(node, context: "searchController of \(context)", allowed: ["placeholder"],
                                  what: "'searchController' in \(context)", diagnostics: diagnostics) else { return }
        item.searchBarPlaceholder = search.string("placeholder") ?? "Search"
    }
}

extension Decoder {
    /// A row's `leadingSwipeActions` or `trailingSwipeActions`: a list of `{id?, title, style:
    /// normal|destructive, segue?|action?}`.
    func decodeSwipeActions(_ fields: Fields, _ key: String, scene: String, sink: inout SceneSink) -> [SwipeAction] {
        guard let nodes = fields.list(key, of: "swipe actions") else { return [] }
        var actions: [SwipeAction] = []
        for node in nodes {
            let context = "a swipe action in \(scene)"
            guard let item = Fields(node, context: context, allowed: ["id", "title", "style", "segue", "action", "alert"],
                                    what: context, diagnostics: diagnostics) else { continue }
            guard let title = item.string("title") else {
                diagnostics.error(node, "\(context) needs a 'title'")
                continue
            }
            var action = SwipeAction(id: item.string("id"), title: title)
            sink.id(action.id, line: item.line("id"))
            if let style = item.enumeration("style", SwipeAction.Style.self) { action.style = style }
            action.tap = tapTarget(item, sink: &sink)
            actions.append(action)
        }
        return actions
    }
}
