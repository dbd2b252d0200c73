import SegueCore

/// The app as the analysis sees it: constants, classes (extensions and categories merged) and
/// the scenes each class runs in.
struct AppIndex {
    struct Method {
        var file: String
        var facts: MethodFacts
    }
    let storyboard: Storyboard
    var constants: [String: String] = [:]
    var methods: [String: [Method]] = [:]
    var superclass: [String: String] = [:]
    var scenesByClass: [String: [String]] = [:]
    /// Method base name → the classes that define it.
    var classesByMethod: [String: [String]] = [:]
    /// Class → the scenes whose custom class it is exactly, in declaration order.
    private var scenesByExactClass: [String: [String]] = [:]

    init(facts: [SourceFacts], storyboard: Storyboard) {
        self.storyboard = storyboard
        for file in facts {
            constants.merge(file.constants) { first, _ in first }
            // A header declares what its class inherits from; the implementation may be elsewhere.
            superclass.merge(file.superclasses) { first, _ in first }
            for cls in file.classes {
                if let s = cls.superclass { superclass[cls.name] = s }
                methods[cls.name, default: []] += cls.methods.map { Method(file: file.file, facts: $0) }
                for method in cls.methods where !(classesByMethod[method.name]?.contains(cls.name) ?? false) {
                    classesByMethod[method.name, default: []].append(cls.name)
                }
            }
        }
        for scene in storyboard.orderedScenes {
            guard var cls = scene.className else { continue }
            scenesByExactClass[cls, default: []].append(scene.id)
            // A scene runs its class's methods and those it inherits.
            var seen: Set<String> = []
            while seen.insert(cls).inserted {
                scenesByClass[cls, default: []].append(scene.id)
                guard let parent = superclass[cls] else { break }
                cls = parent
            }
        }
    }

    /// A string's value: a literal, or a constant by its full name, by its last component, or
    /// for `.name` by any `Type.name` when only one exists; `Type.className` with no such
    /// constant is the type's name.
    func resolve(_ value: StringValue) -> String? {
        switch value {
        case .literal(let s): return s
        case .parameter: return nil
        case .symbol(let name):
            if let v = constants[name] { return v }
            let parts = name.split(separator: ".").map(String.init)
            // `PredictionTableViewController.className`: the idiom's `String(describing: self)`.
            if parts.count == 2, parts[1] == "className", parts[0].first?.isUppercase == true { return parts[0] }
            let last = parts.last ?? name
            if name.hasPrefix(".") || name.contains(".") {
                let matches = Set(constants.filter { $0.key.hasSuffix("." + last) }.map(\.value))
                if matches.count == 1 { return matches.first }
            }
            return constants[last]
        }
    }

    /// `cls` and the classes it inherits from, nearest first.
    func lineage(_ cls: String) -> [String] {
        var out: [String] = []
        var current: String? = cls
        while let c = current, !out.contains(c), out.count < 32 {
            out.append(c)
            current = superclass[c]
        }
        return out
    }

    /// The classes whose method `name` a call runs: on `self` from `caller`, the nearest of its
    /// lineage (or a UIKit class the app extends); on another object, the one class of the app
    /// that defines it (nil when none or several do).
    func callees(_ name: String, onSelf: Bool, caller: String) -> [String] {
        let defining = classesByMethod[name] ?? []
        if onSelf {
            if let own = lineage(caller).first(where: defining.contains) { return [own] }
            return defining.filter { $0.hasPrefix("UI") }
        }
        return defining.count == 1 ? defining : []
    }

    /// Whether `name` is `UINavigationController` or an app class inheriting from it (or, with
    /// no superclass known and no scene, named like one).
    func isNavigationControllerClass(_ name: String) -> Bool {
        let chain = lineage(name)
        if chain.contains("UINavigationController") { return true }
        return chain.count == 1 && scenes(ofExactClass: name).isEmpty && name.hasSuffix("NavigationController")
    }

    /// The scenes whose custom class is `name`, exactly.
    func scenes(ofExactClass name: String) -> [String] {
        scenesByExactClass[name] ?? []
    }

    /// The scenes of the exact class `sceneID`'s scene has (none without a class).
    func scenes(ofClassOf sceneID: String?) -> [String] {
        sceneID.flatMap { storyboard[$0]?.className }.map(scenes(ofExactClass:)) ?? []
    }

    /// The storyboard a scene was declared in.
    func storyboardName(of sceneID: String?) -> String {
        sceneID.flatMap { storyboard[$0]?.storyboardName } ?? storyboard.name
    }
}
