import SegueCore

/// Why a destination could not be resolved.
struct ResolutionProblem: Error {
    var reason: String
}

extension NavigationAnalysis {
    /// The scene a controller expression instantiates, seen from `sourceScene` (whose storyboard
    /// `self.storyboard` is).
    static func destination(_ expr: ControllerExpr, from sourceScene: String?, inClass cls: String? = nil,
                            index: AppIndex, depth: Int = 0) -> Result<String, ResolutionProblem> {
        guard depth < 6 else { return .failure(ResolutionProblem(reason: "too many methods return one another's controllers")) }
        switch expr {
        case .storyboardID(let value, let ref):
            guard let id = index.resolve(value) else {
                return .failure(ResolutionProblem(reason: "storyboard ID \(value) is not a constant Segue can read"))
            }
            return sceneByIdentifier(id, storyboard: ref, from: sourceScene, index: index)
        case .initial(let ref):
            return initialScene(ref, from: sourceScene, index: index)
        case .classFactory(let name, _):
            return destination(.className(name), from: sourceScene, inClass: cls, index: index, depth: depth)
        case .className(let name):
            let scenes = index.scenes(ofExactClass: name)
            if scenes.count == 1 { return .success(scenes[0]) }
            // Made in code, a controller loads its class's own nib: the nib's scene, named by the class.
            if scenes.contains(name), index.storyboard.nibScenes.contains(name) { return .success(name) }
            if scenes.isEmpty { return .failure(ResolutionProblem(reason: "no scene has class \(name) (a controller made in code or from a nib)")) }
            return .failure(ResolutionProblem(reason: "\(scenes.count) scenes have class \(name): which one is not known"))
        case .navigation(let inner):
            return destination(inner, from: sourceScene, inClass: cls, index: index, depth: depth).map { root in
                // The storyboard's navigation controller around that scene, when it has one.
                index.storyboard.navigationScene(around: root)?.id ?? root
            }
        case .returned(let method, let onSelf):
            return returnedScene(method, onSelf: onSelf, caller: cls, from: sourceScene, index: index, depth: depth)
        case .returnedBy(let type, let method):
            return returnedScene(method, by: type, caller: cls, from: sourceScene, index: index, depth: depth)
        case .returnedGiven(let method, let arguments):
            for value in returnedGiven(method, arguments: arguments, caller: cls, index: index) {
                if case .success(let id) = destination(value, from: sourceScene, inClass: cls, index: index, depth: depth + 1) {
                    return .success(id)
                }
            }
            return returnedScene(method, onSelf: true, caller: cls, from: sourceScene, index: index, depth: depth)
        case .property(let name):
            return propertyScene(name, in: cls, from: sourceScene, index: index, depth: depth)
        case .scene(let id):
            return index.storyboard[id] != nil ? .success(id) : .failure(ResolutionProblem(reason: "no scene '\(id)'"))
        case .oneOf(let values):
            var problem = ResolutionProblem(reason: "none of the values given makes a controller Segue can follow")
            for value in values {
                switch destination(value, from: sourceScene, inClass: cls, index: index, depth: depth + 1) {
                case .success(let id): return .success(id)
                case .failure(let p): problem = p
                }
            }
            return .failure(problem)
        case .parameter(let k):
            return .failure(ResolutionProblem(reason: "parameter \(k + 1) of the method: followed where the method is called"))
        case .unresolved(let reason):
            return .failure(ResolutionProblem(reason: reason))
        }
    }

    /// The scene the first return of `type`'s method `name` that resolves makes.
    private static func returnedScene(_ name: String, by type: String, caller cls: String?, from sourceScene: String?,
                                      index: AppIndex, depth: Int) -> Result<String, ResolutionProblem> {
        if let first = returnedScenes(name, by: type, caller: cls, from: sourceScene, index: index, depth: depth, limit: 1).first {
            return .success(first)
        }
        return .failure(ResolutionProblem(reason: "no return of '\(type).\(name)(…)' makes a controller Segue can follow"))
    }

    /// Every scene the returns of `type`'s method `name` resolve to; where `type` has no such
    /// method (a shared instance of another type), those of the one method of the app so named.
    static func returnedScenes(_ name: String, by type: String, caller cls: String?, from sourceScene: String?,
                               index: AppIndex, depth: Int, limit: Int = 16) -> [String] {
        let classes = owner(of: name, in: type, index: index).map { [$0] } ?? index.callees(name, onSelf: false, caller: cls ?? "")
        return returnedScenes(name, of: classes, from: sourceScene, index: index, depth: depth, limit: limit)
    }

    /// The class of `type`'s lineage, nearest first, that has a method `name`.
    static func owner(of name: String, in type: String, index: AppIndex) -> String? {
        index.lineage(type).first { cls in (index.methods[cls] ?? []).contains { $0.facts.name == name } }
    }

    /// The returns of the method `name` of `type` (or of the nearest class of its lineage that
    /// has one), each with the class that returns it, in source order; parameters left out.
    static func returns(of name: String, by type: String, index: AppIndex) -> [(ControllerExpr, String)] {
        guard let owner = owner(of: name, in: type, index: index) else { return [] }
        return returns(of: name, in: [owner], index: index)
    }

    /// The returns of the methods `name` of `classes`, each with its class, in order; parameters
    /// and what cannot be followed left out.
    static func returns(of name: String, in classes: [String], index: AppIndex) -> [(ControllerExpr, String)] {
        classes.flatMap { cls in
            (index.methods[cls] ?? []).filter { $0.facts.name == name }
                .flatMap { $0.facts.returns.filter { $0.isFollowable && parameterIndex($0) == nil } }
                .map { ($0, cls) }
        }
    }

    /// The returns of the caller's method `name` that are one of its parameters (or a navigation
    /// controller made around one), with the argument given in that place; in source order.
    static func returnedGiven(_ name: String, arguments: [ControllerExpr], caller: String?, index: AppIndex) -> [ControllerExpr] {
        var values: [ControllerExpr] = []
        for cls in index.callees(name, onSelf: true, caller: caller ?? "") {
            for method in index.methods[cls] ?? [] where method.facts.name == name {
                for value in method.facts.returns {
                    guard let k = parameterIndex(value), k < arguments.count, arguments[k].isFollowable else { continue }
                    values.append(substitute(value, with: arguments[k]))
                }
            }
        }
        return values
    }

    /// Every scene a controller expression can be: each return of a method that makes a
    /// controller (`if … { return self.historyVC } else { return self.favVC }`), else the one scene.
    static func destinations(_ expr: ControllerExpr, from sourceScene: String?, inClass cls: String?,
                             index: AppIndex) -> Result<[String], ResolutionProblem> {
        switch expr {
        case .returned(let method, let onSelf):
            let all = returnedScenes(method, onSelf: onSelf, caller: cls, from: sourceScene, index: index, depth: 0)
            if !all.isEmpty { return .success(all) }
        case .returnedBy(let type, let method):
            let all = returnedScenes(method, by: type, caller: cls, from: sourceScene, index: index, depth: 0)
            if !all.isEmpty { return .success(all) }
        case .oneOf(let values):
            var all: [String] = []
            for value in values {
                if case .success(let ids) = destinations(value, from: sourceScene, inClass: cls, index: index) {
                    all += ids.filter { !all.contains($0) }
                }
            }
            if !all.isEmpty { return .success(all) }
        case .navigation(let inner):
            return destinations(inner, from: sourceScene, inClass: cls, index: index).map { roots in
                roots.map { root in index.storyboard.navigationScene(around: root)?.id ?? root }
            }
        default:
            break
        }
        return destination(expr, from: sourceScene, inClass: cls, index: index).map { [$0] }
    }

    private static func storyboardName(_ ref: StoryboardRef, from sourceScene: String?, index: AppIndex) -> Result<String?, ResolutionProblem> {
        switch ref {
        case .current: return .success(index.storyboardName(of: sourceScene))
        case .named(let value):
            guard let name = index.resolve(value) else {
                return .failure(ResolutionProblem(reason: "storyboard name \(value) is not a constant Segue can read"))
            }
            return .success(name)
        case .unknown: return .success(nil)
        }
    }

    private static func sceneByIdentifier(_ id: String, storyboard ref: StoryboardRef, from sourceScene: String?,
                                          index: AppIndex) -> Result<String, ResolutionProblem> {
        let named: String?
        switch storyboardName(ref, from: sourceScene, index: index) {
        case .success(let n): named = n
        case .failure(let p): return .failure(p)
        }
        let candidates = index.storyboard.orderedScenes.filter { $0.storyboardIdentifier == id }
        var inStoryboard = named.map { name in candidates.filter { index.storyboardName(of: $0.id) == name } } ?? candidates
        if inStoryboard.isEmpty, case .current = ref {
            // `self.storyboard` of a class with a scene in each idiom's storyboard (`Main-iPhone`,
            // `Main-iPad`): the one of its storyboards that has the identifier.
            let own = Set(index.scenes(ofClassOf: sourceScene).map { index.storyboardName(of: $0) })
            inStoryboard = candidates.filter { own.contains(index.storyboardName(of: $0.id)) }
        }
        if let scene = inStoryboard.first, inStoryboard.count == 1 || named != nil { return .success(scene.id) }
        if inStoryboard.count > 1 {
            return .failure(ResolutionProblem(reason: "\(inStoryboard.count) storyboards have a scene with storyboard ID '\(id)' and the storyboard is not known"))
        }
        return .failure(ResolutionProblem(reason: "no scene has storyboard ID '\(id)'" + (named.map { " in storyboard '\($0)'" } ?? "")))
    }

    private static func initialScene(_ ref: StoryboardRef, from sourceScene: String?, index: AppIndex) -> Result<String, ResolutionProblem> {
        let named: String?
        switch storyboardName(ref, from: sourceScene, index: index) {
        case .success(let n): named = n
        case .failure(let p): return .failure(p)
        }
        guard let name = named else { return .failure(ResolutionProblem(reason: "the storyboard is not known")) }
        let sb = index.storyboard
        // An entry scene first: the launch may have replaced the main storyboard's initial scene
        // with a root built in code, and the loader keeps the storyboard's own among the entries.
        if let entry = sb.orderedScenes.first(where: { sb.entryScenes.contains($0.id) && index.storyboardName(of: $0.id) == name }) {
            return .success(entry.id)
        }
        if name == sb.name, let initial = sb.initialViewController { return .success(initial) }
        return .failure(ResolutionProblem(reason: "storyboard '\(name)' has no initial view controller Segue loaded"))
    }
}
