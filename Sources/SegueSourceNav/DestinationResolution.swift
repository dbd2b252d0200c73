import SegueCore

/// Why a destination could not be resolved.
struct ResolutionProblem: Error {
    var reason: String
}

extension NavigationAnalysis {
    /// The scene a controller expression instantiates, seen from `sourceScene` (whose storyboard
    /// `self.storyboard` is).
    static func destination(_ expr: ControllerExpr, from sourceScene: String?, index: AppIndex) -> Result<String, ResolutionProblem> {
        switch expr {
        case .storyboardID(let value, let ref):
            guard let id = index.resolve(value) else {
                return .failure(ResolutionProblem(reason: "storyboard ID \(value) is not a constant Segue can read"))
            }
            return sceneByIdentifier(id, storyboard: ref, from: sourceScene, index: index)
        case .initial(let ref):
            return initialScene(ref, from: sourceScene, index: index)
        case .className(let name):
            let scenes = index.scenes(ofExactClass: name)
            if scenes.count == 1 { return .success(scenes[0]) }
            if scenes.isEmpty { return .failure(ResolutionProblem(reason: "no scene has class \(name) (a controller made in code or from a nib)")) }
            return .failure(ResolutionProblem(reason: "\(scenes.count) scenes have class \(name): which one is not known"))
        case .navigation(let inner):
            return destination(inner, from: sourceScene, index: index).map { root in
                // The storyboard's navigation controller around that scene, when it has one.
                index.storyboard.orderedScenes.first { $0.kind == .navigationController && $0.rootViewController == root }?.id ?? root
            }
        case .unresolved(let reason):
            return .failure(ResolutionProblem(reason: reason))
        }
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
        let inStoryboard = named.map { name in candidates.filter { index.storyboardName(of: $0.id) == name } } ?? candidates
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
        if name == sb.name, let initial = sb.initialViewController { return .success(initial) }
        if let entry = sb.orderedScenes.first(where: { sb.entryScenes.contains($0.id) && index.storyboardName(of: $0.id) == name }) {
            return .success(entry.id)
        }
        return .failure(ResolutionProblem(reason: "storyboard '\(name)' has no initial view controller Segue loaded"))
    }
}
