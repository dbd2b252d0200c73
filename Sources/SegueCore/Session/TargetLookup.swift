/// Finding an action's target: the controller, navigation, tab bar or page view controller an
/// action names, or the frontmost one when it names none.
extension Window {
    func controllerOrFrontmost(_ id: String?) throws(ActionError) -> ViewController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            return c
        }
        guard let c = frontmostController else { throw ActionError.illegal("nothing is visible") }
        return c
    }

    /// The given navigation controller, or the one of the frontmost visible controller: in the
    /// front layer only (a stack under a sheet or popover is not the frontmost, as one under a
    /// full-screen presentation is not).
    func navigationController(_ id: String?) throws(ActionError) -> NavigationController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let nav = c as? NavigationController ?? c.navigationController else {
                throw ActionError.illegal("\(id) is not a navigation controller")
            }
            return nav
        }
        let visible = visibleControllers
        let front = visible.last { $0.parent == nil }
        for c in visible.reversed() where front == nil || c.topLevel === front {
            if let nav = c as? NavigationController ?? c.navigationController { return nav }
        }
        throw ActionError.illegal("the frontmost controller has no navigation controller")
    }

    func tabBarController(_ id: String?) throws(ActionError) -> TabBarController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let tabs = c as? TabBarController ?? c.tabBarController else { throw ActionError.illegal("\(id) is not a tab bar controller") }
            return tabs
        }
        for c in visibleControllers.reversed() {
            if let tabs = c as? TabBarController ?? c.tabBarController { return tabs }
        }
        // Programmatic selection does not need the bar on screen (a modal may cover it).
        for case let tabs as TabBarController in allControllers { return tabs }
        throw ActionError.illegal("there is no tab bar controller")
    }

    func pageViewController(_ id: String?) throws(ActionError) -> PageViewController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let pages = c as? PageViewController ?? c.parent as? PageViewController else { throw ActionError.illegal("\(id) is not a page view controller") }
            return pages
        }
        for c in visibleControllers.reversed() {
            if let pages = c as? PageViewController ?? c.parent as? PageViewController { return pages }
        }
        throw ActionError.illegal("no page view controller is visible")
    }
}
