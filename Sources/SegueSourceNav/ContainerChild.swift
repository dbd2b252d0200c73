/// A container a method makes and puts a controller into before showing it
/// (`[container addChildViewController:nav]`, `container.embed(child: nav)`,
/// `[drawer setCenterViewController:nav]`): shown, it leads where that controller does, as a
/// container made around a controller (`Drawer(rootViewController:)`) does. The readers keep
/// the child per local name; this says which sends and calls place one.
enum ContainerChild {
    /// What a container holds once a send or call of this base name (and first argument label)
    /// puts `child` into it: the child itself, or for a push onto a navigation controller just
    /// made, a navigation controller around it; nil when the name places nothing.
    static func held(_ child: ControllerExpr, placedBy name: String, firstLabel: String? = nil) -> ControllerExpr? {
        if name == "pushViewController" { return .navigation(wrapping: child) }
        let setter = "set" + name.prefix(1).uppercased() + name.dropFirst()
        let placing = isPlacing(name) || setters.contains(setter) || firstLabel?.lowercased().contains("child") == true
        return placing ? child : nil
    }

    /// Whether a method of this base name puts its first argument into the receiver.
    static func isPlacing(_ name: String) -> Bool {
        name.lowercased().contains("child") && !name.lowercased().hasPrefix("remove") || setters.contains(name)
    }

    /// Initializer labels of side-menu and reveal containers' content controller (the one shown
    /// full size, beside menus): `DrawerController(centerViewController:leftDrawerViewController:)`,
    /// `SWRevealViewController(rearViewController:frontViewController:)`,
    /// `RESideMenu(contentViewController:leftMenuViewController:rightMenuViewController:)`.
    static let contentLabels: Set<String> = [
        "centerViewController", "contentViewController", "frontViewController", "mainViewController",
        "centerPanel", "topViewController",
    ]

    /// Setters of the app containers' one content controller, by the names they usually have.
    static let setters: Set<String> = [
        "setRootViewController", "setContentViewController", "setCenterViewController",
        "setFrontViewController", "setMainViewController", "setCenterPanel",
    ]
}
