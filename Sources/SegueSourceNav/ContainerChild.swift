/// A container a method makes and puts a controller into before showing it
/// (`[container addChildViewController:nav]`, `container.embed(child: nav)`,
/// `[drawer setCenterViewController:nav]`): shown, it leads where that controller does, as a
/// container made around a controller (`Drawer(rootViewController:)`) does. The readers keep
/// the child per local name; this says which sends and calls place one.
enum ContainerChild {
    /// Whether a method of this base name puts its first argument into the receiver.
    static func isPlacing(_ name: String) -> Bool {
        name.lowercased().contains("child") && !name.lowercased().hasPrefix("remove") || setters.contains(name)
    }

    /// Setters of the app containers' one content controller, by the names they usually have.
    static let setters: Set<String> = [
        "setRootViewController", "setContentViewController", "setCenterViewController",
        "setFrontViewController", "setMainViewController", "setCenterPanel",
    ]
}
