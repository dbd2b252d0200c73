/// Maps a scene's `class` to a Swift subclass, and each scene kind to its default class.
///
/// Register before serving; the registry is read-only afterwards and shared by every session.
public struct ControllerRegistry: @unchecked Sendable {
    private var classes: [String: ViewController.Type] = [:]

    public init() {}

    /// Registers `type` under `name` (the `class` a scene names).
    public mutating func register(_ type: ViewController.Type, as name: String) {
        classes[name] = type
    }

    public func registeredClass(named name: String) -> ViewController.Type? { classes[name] }
    public var registeredNames: [String] { classes.keys.sorted() }

    /// The class for a scene: its registered `class` when that fits the kind, else the kind's default.
    public func controllerClass(for scene: Scene) -> ViewController.Type {
        let base = Self.defaultClass(for: scene.kind)
        if let name = scene.className, let custom = classes[name], isSubclass(custom, of: base) { return custom }
        return base
    }

    /// Problems with registered classes for a storyboard's scenes (a class of the wrong kind).
    public func diagnostics(for storyboard: Storyboard) -> [Diagnostic] {
        storyboard.orderedScenes.compactMap { scene in
            guard let name = scene.className, let custom = classes[name] else { return nil }
            let base = Self.defaultClass(for: scene.kind)
            return isSubclass(custom, of: base) ? nil
                : Diagnostic(.unknownControllerClass, at: scene.location, "class '\(name)' is not a subclass of \(base) (scene '\(scene.id)' is a \(scene.kind.rawValue))")
        }
    }

    public static func defaultClass(for kind: SceneKind) -> ViewController.Type {
        switch kind {
        case .viewController: ViewController.self
        case .tableViewController: TableViewController.self
        case .collectionViewController: CollectionViewController.self
        case .navigationController: NavigationController.self
        case .tabBarController: TabBarController.self
        case .splitViewController: SplitViewController.self
        case .pageViewController: PageViewController.self
        case .alertController: AlertController.self
        }
    }
}

/// Whether `type` is `base` or inherits from it.
func isSubclass(_ type: ViewController.Type, of base: ViewController.Type) -> Bool {
        var t: AnyClass? = type
        while let c = t {
            if c == base { return true }
            t = class_getSuperclassCompat(c)
        }
        return false
}

/// `class_getSuperclass` without the Objective-C runtime: Swift's `_getSuperclass`.
func class_getSuperclassCompat(_ c: AnyClass) -> AnyClass? { _getSuperclass(c) }
