/// What code does, as actions (docs/API.md, "What code does"): bar visibility at run time, and
/// custom containers driven from outside Swift (`addChild`, `removeFromParent`, `transition`,
/// manual appearance forwarding). Each runs the same containment API a subclass would call
/// (`Containment.swift`), so the events are UIKit's; every check comes before anything changes.
extension Window {
    /// Applies one of the code actions; returns true when state changed without events.
    func applyCodeAction(_ action: Action, animated: Bool) throws(ActionError) -> Bool {
        switch action {
        case .setToolbarHidden(let hidden, let navID):
            return setBar(.toolbar, hidden: hidden, on: try navigationController(navID))
        case .setNavigationBarHidden(let hidden, let navID):
            return setBar(.navigationBar, hidden: hidden, on: try navigationController(navID))
        case .addChild(let sceneID, let containerID, let showingView):
            let container = try customContainer(containerID)
            try checkCanAddChildren(container)
            guard let scene = storyboard[sceneID] else {
                throw ActionError(.unknownScene, "no scene '\(sceneID)'" + NearestName.suggestion(for: sceneID, in: storyboard.scenes.keys))
            }
            guard scene.kind != .alertController else { throw ActionError.illegal("scene '\(sceneID)' is an alert controller, which is only presented") }
            // A page URL names at most 64 levels (a few kept for the children views embed as they load).
            guard container.urlDepth + 2 <= HierarchyPath.maximumDepth - 4 else {
                throw ActionError.illegal("children nested this deep have no page URL (at most \(HierarchyPath.maximumDepth - 4) levels)")
            }
            try container.addChild(try instantiate(sceneID: sceneID), showingView: showingView, animated: animated)
        case .removeFromParent(let controllerID):
            let c = try controllerOrFrontmost(controllerID)
            try c.removeFromParent(animated: animated)
        case .transition(let containerID, let fromIndex, let toIndex):
            let container = try customContainer(containerID)
            try checkCanAddChildren(container)
            for index in [fromIndex, toIndex] where !container.children.indices.contains(index) {
                throw ActionError.illegal("\(container.id) has no child at index \(index) (it has \(container.children.count))")
            }
            try container.transition(from: container.children[fromIndex], to: container.children[toIndex], animated: animated)
        case .beginAppearanceTransition(let controllerID, let isAppearing):
            try controllerOrFrontmost(controllerID).beginAppearanceTransition(isAppearing, animated: animated)
        case .endAppearanceTransition(let controllerID):
            try controllerOrFrontmost(controllerID).endAppearanceTransition()
        default:
            break
        }
        return false
    }

    enum Bar { case navigationBar, toolbar }

    /// `setNavigationBarHidden(_:animated:)` / `setToolbarHidden(_:animated:)`: the bar shows or
    /// hides; the navigation controller and its visible descendants lay out again (their views
    /// change size). The same value again does nothing (a warning).
    func setBar(_ bar: Bar, hidden: Bool, on nav: NavigationController) -> Bool {
        let current = bar == .navigationBar ? nav.isNavigationBarHidden : nav.isToolbarHidden
        guard current != hidden else {
            warn("the \(bar == .navigationBar ? "navigation bar" : "toolbar") of \(nav.id) is already \(hidden ? "hidden" : "shown")")
            return false
        }
        if bar == .navigationBar { nav.isNavigationBarHidden = hidden } else { nav.isToolbarHidden = hidden }
        apply(TransitionPlan(willCommit: [.relayout(visibleControllers.filter { $0.isInside(nav) })]))
        return true
    }

    /// The container named, else the frontmost visible content controller's outermost custom
    /// container (the frontmost itself when it is in none).
    func customContainer(_ id: String?) throws(ActionError) -> ViewController {
        if let id { return try controllerOrFrontmost(id) }
        var c = try controllerOrFrontmost(nil)
        while let parent = c.parent, !parent.isBuiltInContainer { c = parent }
        return c
    }

    /// A built-in container or an alert takes no children from `addChild`.
    func checkCanAddChildren(_ container: ViewController) throws(ActionError) {
        if container.isBuiltInContainer {
            throw ActionError.illegal("\(container.id) is a \(container.kind.rawValue); use its own API (push, tabs, showDetail, pages) instead of addChild")
        }
        if container is AlertController { throw ActionError.illegal("\(container.id) is an alert controller, which holds no children") }
        // The framework's own controllers (the More list) keep their content to themselves.
        if container.scene == nil { throw ActionError.illegal("\(container.id) is made by the framework and takes no children") }
    }
}

extension NavigationController {
    /// The bars as code set them, where they differ from the scene's: `nb` (navigation bar) and
    /// `tb` (toolbar), `1` hidden, `0` shown.
    func forEachBarVisibilityEntry(_ body: (String, String) -> Void) {
        if isNavigationBarHidden != sceneHidesBar { body("nb", isNavigationBarHidden ? "1" : "0") }
        if isToolbarHidden != sceneHidesToolbar { body("tb", isToolbarHidden ? "1" : "0") }
    }
}

extension ViewController {
    /// Restores what ``NavigationController/forEachBarVisibilityEntry(_:)`` saved.
    func applyBarVisibility(_ parts: RestorableStateParts) {
        guard let nav = self as? NavigationController else { return }
        if let hidden = parts.navigationBarHidden { nav.isNavigationBarHidden = hidden }
        if let hidden = parts.toolbarHidden { nav.isToolbarHidden = hidden }
    }
}

extension NavigationController {
    /// The bars as the scene declares them.
    var sceneHidesBar: Bool { scene?.navigationBarHidden ?? false }
    var sceneHidesToolbar: Bool { scene?.toolbarHidden ?? true }
}
