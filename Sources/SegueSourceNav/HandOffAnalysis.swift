import SegueCore

/// Controllers passed as arguments and returned by methods: a navigation call that shows a
/// method's parameter (`func replaceRoot(_ vc:) { window.rootViewController = vc }`) is resolved
/// at each call of the method that passes a controller (`delegate.replaceRoot(inbox)`), as a step
/// of the calling class at the calling line; a controller a method returns is what its first
/// resolvable `return` makes.
extension NavigationAnalysis {
    /// The parameter a navigation call shows, directly or inside a navigation controller made
    /// around it; nil when it shows something else.
    static func parameterIndex(_ expr: ControllerExpr?) -> Int? {
        switch expr {
        case .parameter(let k)?: k
        case .storyboardID(.parameter(let k), _)?: k
        case .navigation(let inner)?: parameterIndex(inner)
        case .oneOf(let values)?: values.lazy.compactMap { parameterIndex($0) }.first
        default: nil
        }
    }

    /// `expr` with its parameter replaced by `argument`.
    static func substitute(_ expr: ControllerExpr, with argument: ControllerExpr) -> ControllerExpr {
        switch expr {
        case .parameter: argument
        // A storyboard ID handed in: the literal passed (a call's string argument comes as a
        // storyboard ID of the current storyboard, ``SwiftBodyScanner``), in the callee's storyboard.
        case .storyboardID(.parameter, let storyboard):
            if case .storyboardID(let id, _) = argument { .storyboardID(id, storyboard: storyboard) } else { .unresolved("not a storyboard ID") }
        case .navigation(let inner): .navigation(wrapping: substitute(inner, with: argument))
        case .oneOf(let values): .oneOf(values.map { substitute($0, with: argument) })
        default: expr
        }
    }

    /// `expr` with the alternatives to its parameter resolved where it is written (in `cls`),
    /// before the parameter is followed to callers of another class.
    static func anchored(_ expr: ControllerExpr, in cls: String, index: AppIndex) -> ControllerExpr {
        switch expr {
        case .navigation(let inner): return .navigation(wrapping: anchored(inner, in: cls, index: index))
        case .oneOf(let values):
            return .oneOf(values.compactMap { value in
                if parameterIndex(value) != nil { return anchored(value, in: cls, index: index) }
                let from = index.scenesByClass[cls]?.first
                return (try? destination(value, from: from, inClass: cls, index: index).get()).map { .scene($0) }
            })
        default: return expr
        }
    }

    /// Resolves every navigation call that shows a parameter at the calls that pass it one
    /// (two levels of passing at most); a parameter nothing passes is reported unresolved.
    /// Calls a helper object hands itself (keyed `Class.method`): its navigation, followed at its callers.
    typealias HelperCalls = [String: [NavigationCall]]

    @discardableResult
    static func followHandOffs(index: AppIndex, into result: inout InferenceResult) -> HelperCalls {
        var helperCalls: HelperCalls = [:]
        var callers: [String: [(cls: String, method: AppIndex.Method, handOff: HandOff)]] = [:]
        for cls in index.methods.keys.sorted() {
            for method in index.methods[cls] ?? [] {
                for handOff in method.facts.handOffs { callers[handOff.method, default: []].append((cls, method, handOff)) }
            }
        }
        var work: [(cls: String, method: AppIndex.Method, call: NavigationCall, depth: Int)] = []
        for cls in index.methods.keys.sorted() {
            for method in index.methods[cls] ?? [] {
                for call in method.facts.calls where parameterIndex(call.destination) != nil { work.append((cls, method, call, 0)) }
            }
        }
        // An item differs from another only by its line when both lead to the same callers with
        // the same value; its callers' lines replace it, so it is followed once. A method that
        // passes its own parameter to itself (recursion) adds nothing after the first time.
        var followedItems: Set<FollowedItem> = []
        var budget = handOffBudget
        while let item = work.popLast(), budget > 0 {
            guard let k = parameterIndex(item.call.destination), let written = item.call.destination,
                  followedItems.insert(FollowedItem(cls: item.cls, file: item.method.file, method: item.method.facts.name,
                                                    action: item.call.action, destination: written)).inserted else { continue }
            let destination = anchored(written, in: item.cls, index: index)
            // A child added to another object's controller is not the caller's child.
            let sites = (callers[item.method.facts.name] ?? []).filter { site in
                site.handOff.arguments.count > k && index.callees(item.method.facts.name, onSelf: site.handOff.onSelf, caller: site.cls).contains(item.cls)
                    && (item.call.action != .addChild || site.handOff.onSelf)
            }
            var followed = 0
            budget -= sites.count
            for site in sites where site.handOff.arguments[k].isFollowable {
                var call = item.call
                call.line = site.handOff.line
                call.destination = substitute(destination, with: site.handOff.arguments[k])
                followed += 1
                if parameterIndex(call.destination) != nil {
                    if item.depth < 2 { work.append((site.cls, site.method, call, item.depth + 1)) }
                } else if (index.scenesByClass[site.cls] ?? []).isEmpty && !LaunchRootReader.isDelegate(site.cls) {
                    helperCalls["\(site.cls).\(site.method.facts.name)", default: []].append(call)
                } else {
                    record(call, in: site.method, of: site.cls, scenes: index.scenesByClass[site.cls] ?? [], index: index, into: &result)
                }
            }
            if followed == 0, item.depth == 0, !(item.call.action == .setRoot && LaunchRootReader.isDelegate(item.cls)),
               !(index.scenesByClass[item.cls] ?? []).isEmpty {
                result.unresolved.append(UnresolvedNavigation(
                    source: "\(item.method.file):\(item.call.line)", className: item.cls, action: item.call.action,
                    reason: "shows a parameter of \(item.method.facts.name), and no call of it passes a controller Segue can follow"))
            }
        }
        return helperCalls
    }

    /// What makes a parameter-showing call one to follow: everything but its line.
    private struct FollowedItem: Hashable {
        var cls: String
        var file: String
        var method: String
        var action: NavigationAction
        var destination: ControllerExpr
    }

    /// The most call sites the hand-offs of one app visit: far above what real apps need, and a
    /// bound on what malformed code can cost.
    static let handOffBudget = 200_000

    /// Navigation in a method of a helper object (a class of the app no scene has: a router, a
    /// coordinator, a menu) runs where the method is called: a step of each calling class with
    /// scenes (or of the launch scene, when the app delegate calls it), at the calling line,
    /// resolved as the helper's code. The helper's own lines are then no longer unresolved.
    static func followHelpers(index: AppIndex, handedOver: HelperCalls = [:], into result: inout InferenceResult) {
        var callers: [String: [(cls: String, method: AppIndex.Method, handOff: HandOff)]] = [:]
        for cls in index.methods.keys.sorted() {
            for method in index.methods[cls] ?? [] {
                for handOff in method.facts.handOffs where !handOff.onSelf { callers[handOff.method, default: []].append((cls, method, handOff)) }
            }
        }
        var followed: Set<String> = []
        let shown: Set<NavigationAction> = [.push, .show, .showDetail, .present, .setViewControllers, .setRoot]
        for helper in index.methods.keys.sorted() where (index.scenesByClass[helper] ?? []).isEmpty && !LaunchRootReader.isDelegate(helper) {
            for method in index.methods[helper] ?? [] {
                let all = method.facts.calls.filter { shown.contains($0.action) && parameterIndex($0.destination) == nil }
                    + (handedOver["\(helper).\(method.facts.name)"] ?? []).filter { $0.action != .addChild }
                // Each runs at the calling line, so calls that differ only by their own line are one.
                var distinct: Set<NavigationCall> = []
                let calls = all.filter { call in
                    var unlined = call
                    unlined.line = 0
                    return distinct.insert(unlined).inserted
                }
                guard !calls.isEmpty else { continue }
                let sites = (callers[method.facts.name] ?? []).filter { site in
                    site.cls != helper && index.callees(method.facts.name, onSelf: false, caller: site.cls) == [helper]
                        && (!(index.scenesByClass[site.cls] ?? []).isEmpty || LaunchRootReader.isDelegate(site.cls))
                }
                for site in sites {
                    for call in calls {
                        var moved = call
                        moved.line = site.handOff.line
                        record(moved, in: site.method, of: site.cls, scenes: index.scenesByClass[site.cls] ?? [], index: index,
                               into: &result, resolvingIn: helper)
                    }
                }
                if !sites.isEmpty { for call in all { followed.insert("\(method.file):\(call.line)") } }
            }
        }
        result.unresolved.removeAll { followed.contains($0.source) && $0.reason == noSceneReason($0.className, index: index) }
    }

    /// The scene a method returns (`.returned`): the first of its returns that resolves.
    static func returnedScene(_ name: String, onSelf: Bool, caller: String?, from sourceScene: String?,
                              index: AppIndex, depth: Int) -> Result<String, ResolutionProblem> {
        guard !index.callees(name, onSelf: onSelf, caller: caller ?? "").isEmpty else {
            return .failure(ResolutionProblem(reason: "'\(name)(…)' is not a method of one class of the app"))
        }
        if let first = returnedScenes(name, onSelf: onSelf, caller: caller, from: sourceScene, index: index, depth: depth, limit: 1).first {
            return .success(first)
        }
        return .failure(ResolutionProblem(reason: "no return of '\(name)(…)' makes a controller Segue can follow"))
    }

    /// Every scene the returns of method `name` resolve to, in source order, without repeats.
    static func returnedScenes(_ name: String, onSelf: Bool, caller: String?, from sourceScene: String?,
                               index: AppIndex, depth: Int, limit: Int = 16) -> [String] {
        returnedScenes(name, of: index.callees(name, onSelf: onSelf, caller: caller ?? ""), from: sourceScene, index: index, depth: depth, limit: limit)
    }

    /// Every scene the returns of method `name` of `classes` resolve to, in source order, without repeats.
    static func returnedScenes(_ name: String, of classes: [String], from sourceScene: String?,
                               index: AppIndex, depth: Int, limit: Int = 16) -> [String] {
        var found: [String] = []
        guard depth < 6 else { return found }
        for (value, cls) in returns(of: name, in: classes, index: index) {
            let from = index.scenesByClass[cls]?.first ?? sourceScene
            if case .success(let id) = destination(value, from: from, inClass: cls, index: index, depth: depth + 1), !found.contains(id) {
                found.append(id)
                if found.count >= limit { return found }
            }
        }
        return found
    }

    /// The scene a property of the class holds (`.property`): what the first method of the class
    /// (or a class it inherits from) that sets it to a controller Segue can follow sets it to.
    static func propertyScene(_ name: String, in cls: String?, from sourceScene: String?,
                              index: AppIndex, depth: Int) -> Result<String, ResolutionProblem> {
        for owner in index.lineage(cls ?? "") {
            for method in index.methods[owner] ?? [] {
                guard let value = method.facts.assigned[name] else { continue }
                if let k = parameterIndex(value) {
                    // Stored from an initializer's argument: what the app makes instances with.
                    if method.facts.name.hasPrefix("init"), let id = initArgumentScene(k, of: method.facts.name, in: owner, index: index, depth: depth) {
                        return .success(id)
                    }
                    continue
                }
                if case .success(let id) = destination(value, from: sourceScene, inClass: owner, index: index, depth: depth + 1) {
                    return .success(id)
                }
            }
        }
        // A lazy getter of the property (`- (X *)settings { if (!_settings) { _settings = …; } return _settings; }`).
        if let owner = cls, case .success(let id) = destination(.returned(method: name, onSelf: true), from: sourceScene, inClass: owner, index: index, depth: depth + 1) {
            return .success(id)
        }
        return .failure(ResolutionProblem(reason: "'\(name)' is not set in this class (a value set elsewhere)"))
    }

    /// The scene the `k`th argument of initializer `method` of `cls` is, where the app makes an
    /// instance of `cls` with it (`[[Container alloc] initWithController:root]`): the first that resolves.
    static func initArgumentScene(_ k: Int, of method: String, in cls: String, index: AppIndex, depth: Int) -> String? {
        for caller in index.methods.keys.sorted() {
            for m in index.methods[caller] ?? [] {
                for made in m.facts.initCalls where made.className == cls && made.method == method && made.arguments.indices.contains(k) {
                    let from = index.scenesByClass[caller]?.first
                    if case .success(let id) = destination(made.arguments[k], from: from, inClass: caller, index: index, depth: depth + 1) {
                        return id
                    }
                }
            }
        }
        return nil
    }

    /// Controller class → the nib its code creates it with, from `initWithNibName:` /
    /// `init(nibName:)` calls whose name is a literal or constant (the first one found wins).
    public static func nibNames(facts: [SourceFacts]) -> [String: String] {
        var constants: [String: String] = [:]
        for file in facts { constants.merge(file.constants) { first, _ in first } }
        var out: [String: String] = [:]
        for file in facts {
            for cls in file.classes {
                for method in cls.methods {
                    for load in method.nibLoads {
                        let owner = load.className ?? cls.name
                        let name: String? = switch load.nib {
                        case .literal(let s): s
                        case .parameter: nil
                        case .symbol(let s): constants[s] ?? constants[s.split(separator: ".").last.map(String.init) ?? s]
                        }
                        if let name, !name.isEmpty, out[owner] == nil { out[owner] = name }
                    }
                }
            }
        }
        return out
    }
}
