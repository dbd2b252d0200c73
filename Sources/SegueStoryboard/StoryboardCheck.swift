import SegueCore

/// Static analysis of a storyboard model, imported from Xcode or loaded from a flow file.
///
/// Every diagnostic has a code (`Diagnostic.Code`, listed in docs/Diagnostics.md), and its
/// code alone decides its severity:
/// - **error** — the flow cannot run as declared: an unknown initial view controller (or no
///   scene at all);
///   a segue, relationship, tap or embed naming something that does not exist; an unresolved or
///   cyclic storyboard reference or a missing destination (import diagnostics); duplicate
///   identifiers (segue ids within a scene, storyboard identifiers); a relationship on a scene
///   kind that cannot have it.
/// - **warning** — what UIKit only reports when it happens (the flow still serves, and
///   performing the segue is refused with its code): a `push` segue whose source has no
///   navigation controller ancestor on any path from the initial scene, `partialCurl` with a
///   style other than full screen, an unwind action no scene implements. Also suspicious or
///   unknowable statically: no initial view controller (the flow starts at the first scene
///   nothing leads to, `initial_scene_guessed`), scenes unreachable from the initial
///   scene (code may still instantiate them by storyboard identifier), unsupported elements and
///   other import warnings, `custom` segues (run as `show` unless a behaviour is registered),
///   unwind actions (their destination is searched at run time; no candidate scene is a warning).
///
/// Output order: by file, then line, then the order the rules found them; problems without a
/// location last.
public enum StoryboardCheck {
    public static func check(_ declared: Storyboard) -> [Diagnostic] {
        // A storyboard that names no initial view controller is checked (and served) from the
        // scene `segue serve` starts at, as an app that instantiates its first scene in code.
        var storyboard = declared
        if storyboard.initialViewController == nil, let entry = StoryboardReachability.entryScene(storyboard) {
            storyboard.initialViewController = entry
        }
        let context = Context(storyboard)
        // Import diagnostics, reported with the severity of their code (an importer tolerates
        // some that make the flow run differently from how it was declared).
        var out = storyboard.diagnostics.map { d in
            var d = d
            d.severity = d.code.severity
            return d
        }
        out += initialViewController(Context(declared))
        out += references(context)
        let walk = explore(storyboard)
        out += unreachableScenes(context, walk: walk)
        out += runTimeFailures(storyboard, walk: walk)
        out += unwindsResolvedAtRunTime(context)
        out += moreRules(storyboard)  // StoryboardCheckRules.swift
        return sorted(out)
    }

    /// What every rule needs: the scenes in order and where document-wide problems are reported.
    struct Context {
        let storyboard: Storyboard
        let scenes: [Scene]
        let docLocation: SourceLocation

        init(_ storyboard: Storyboard) {
            self.storyboard = storyboard
            scenes = storyboard.orderedScenes
            docLocation = SourceLocation(file: storyboard.mainFile ?? scenes.first?.location?.file ?? storyboard.name, line: 1)
        }
    }

    /// There is an initial view controller, and it is a scene.
    static func initialViewController(_ context: Context) -> [Diagnostic] {
        let at = context.docLocation
        if let initial = context.storyboard.initialViewController {
            guard context.storyboard[initial] == nil else { return [] }
            return [Diagnostic(.unknownInitialViewController, at: at, "initial view controller '\(initial)' is not a scene")]
        }
        if let entry = StoryboardReachability.entryScene(context.storyboard) { return [guessedInitialScene(entry, in: context.storyboard)] }
        return [Diagnostic(.noInitialViewController, at: at, "no scenes and no initial view controller: nothing to serve")]
    }

    /// The warning for a storyboard without an initial view controller that serves from `entry`
    /// (`StoryboardReachability.entryScene`).
    public static func guessedInitialScene(_ entry: String, in storyboard: Storyboard) -> Diagnostic {
        Diagnostic(.initialSceneGuessed, at: storyboard[entry]?.location ?? Context(storyboard).docLocation,
                   "no initial view controller; serving from scene '\(entry)' (the first scene nothing leads to)")
    }

    /// References inside the model: relationships, segues, the segues elements fire, and the
    /// segues container views embed.
    static func references(_ context: Context) -> [Diagnostic] {
        let storyboard = context.storyboard
        // An alert action's segue may be declared on the alert or on a scene that presents it
        // (it runs from the presenter after the alert is dismissed).
        var presenters: [String: [Scene]] = [:]
        for scene in context.scenes {
            for segue in scene.segues {
                if let dest = segue.destination, storyboard[dest]?.kind == .alertController {
                    presenters[dest, default: []].append(scene)
                }
            }
        }
        var out: [Diagnostic] = []
        for scene in context.scenes {
            let at = scene.location ?? context.docLocation
            for (name, target) in relationshipList(scene) where storyboard[target] == nil {
                out.append(Diagnostic(.unknownRelationshipTarget, at: at, "scene \(scene.id): relationship '\(name)' names unknown scene '\(target)'"))
            }
            let allowed = allowedRelationships(scene.kind)
            for (name, _) in relationshipList(scene) where !allowed.contains(name) {
                out.append(Diagnostic(.relationshipNotAllowed, at: at, "scene \(scene.id): a \(scene.kind.rawValue) cannot have a '\(name)' relationship"))
            }
            out += segueReferences(scene, at: at, storyboard)
            forEachTap(scene) { tap, location in
                if case .segue(let id) = tap, scene.segue(id) == nil,
                   !(presenters[scene.id] ?? []).contains(where: { $0.segue(id) != nil }) {
                    out.append(Diagnostic(.unknownSegue, at: location ?? at, "scene \(scene.id): an element fires unknown segue '\(id)'"))
                }
            }
            for node in scene.view {
                node.forEach { n in
                    guard let embed = n.embed else { return }
                    if let segue = scene.segue(embed) {
                        if segue.kind != .embed {
                            out.append(Diagnostic(.embedOfNonEmbedSegue, at: n.location ?? at, "scene \(scene.id): container embeds segue '\(embed)', which is a \(segue.kind.rawValue) segue"))
                        }
                    } else {
                        out.append(Diagnostic(.unknownEmbedSegue, at: n.location ?? at, "scene \(scene.id): container embeds unknown segue '\(embed)'"))
                    }
                }
            }
        }
        return out
    }

    /// A scene's segues: unique identifiers, an action for each unwind, a destination that
    /// exists for the others; `custom` segues run as `show`.
    static func segueReferences(_ scene: Scene, at: SourceLocation, _ storyboard: Storyboard) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen: Set<String> = []
        for segue in scene.segues {
            let sat = segue.location ?? at
            if !seen.insert(segue.id).inserted {
                out.append(Diagnostic(.duplicateSegueIdentifier, at: sat, "scene \(scene.id): duplicate segue identifier '\(segue.id)'"))
            }
            if segue.kind == .unwind {
                if segue.action == nil {
                    out.append(Diagnostic(.unwindWithoutAction, at: sat, "scene \(scene.id): unwind segue '\(segue.id)' has no action"))
                }
            } else if segue.kind == .relationship {
                out.append(Diagnostic(.relationshipSegue, at: sat, "scene \(scene.id): segue '\(segue.id)' of kind relationship; declare relationships on the container"))
            } else if let dest = segue.destination {
                if storyboard[dest] == nil {
                    out.append(Diagnostic(.unknownDestination, at: sat, "scene \(scene.id): segue '\(segue.id)' leads to unknown scene '\(dest)'"))
                }
            } else {
                out.append(Diagnostic(.missingDestination, at: sat, "scene \(scene.id): segue '\(segue.id)' has no destination"))
            }
            if segue.kind == .custom {
                let cls = segue.className.map { " (class \($0))" } ?? ""
                out.append(Diagnostic(.customSegue, at: sat, "scene \(scene.id): custom segue '\(segue.id)'\(cls) runs as show unless a behaviour is registered"))
            }
        }
        return out
    }

    /// Scenes the walk from the initial scene does not reach, with the likely reason.
    static func unreachableScenes(_ context: Context, walk: Walk) -> [Diagnostic] {
        let storyboard = context.storyboard
        guard storyboard.initialViewController != nil else { return [] }
        // Scenes something leads to (from scenes that are themselves unreachable).
        var targeted: Set<String> = []
        for scene in context.scenes {
            targeted.formUnion(scene.relationshipTargets)
            for segue in scene.segues { if let d = segue.destination { targeted.insert(d) } }
        }
        // An app's pad root and what it leads to are reached on a pad.
        var padReached: Set<String> = []
        if let pad = storyboard.padInitialViewController {
            var padStoryboard = storyboard
            padStoryboard.initialViewController = pad
            padReached = StoryboardReachability.graphReachable(padStoryboard)
        }
        var out: [Diagnostic] = []
        for scene in context.scenes where !walk.reached.contains(scene.id) && !storyboard.launchScreenScenes.contains(scene.id)
            && !storyboard.nibScenes.contains(scene.id) && !padReached.contains(scene.id) {
            let at = scene.location ?? context.docLocation
            if storyboard.entryScenes.contains(scene.id) {
                out.append(Diagnostic(.unreachableEntryScene, at: at, "scene \(scene.id)\(titled(scene)) is its storyboard's initial view controller, unreachable from this initial scene (code may instantiate it with instantiateInitialViewController())"))
            } else if looksLikeXMLID(scene.id) {
                let why = targeted.contains(scene.id)
                    ? "only scenes that are unreachable themselves lead to it, and it has no storyboard identifier"
                    : "no relationship or segue leads to it, and it has no storyboard identifier"
                out.append(Diagnostic(.unreachableScene, at: at, "scene \(scene.id)\(titled(scene)) is unreachable from the initial scene (\(why))"))
            } else {
                out.append(Diagnostic(.unreachableScene, at: at, "scene \(scene.id)\(titled(scene)) is unreachable from the initial scene through relationships and segues (code may instantiate it by storyboard identifier)"))
            }
        }
        return out
    }

    /// Unwind actions of an imported storyboard that some scenes with a custom class declare:
    /// their destination is searched at run time.
    static func unwindsResolvedAtRunTime(_ context: Context) -> [Diagnostic] {
        guard context.scenes.contains(where: { $0.location?.file.hasSuffix(".storyboard") == true }) else { return [] }
        var unwinds: [String: SourceLocation] = [:]
        var order: [String] = []
        for scene in context.scenes {
            for segue in scene.segues where segue.kind == .unwind {
                guard let action = segue.action else { continue }
                if !order.contains(action) {
                    order.append(action)
                    if let at = segue.location ?? scene.location { unwinds[action] = at }
                }
            }
        }
        var out: [Diagnostic] = []
        for action in order {
            let candidates = context.scenes.filter { $0.unwindActions.contains(action) }
            if !candidates.isEmpty {
                out.append(Diagnostic(.unwindResolvedAtRunTime, at: unwinds[action],
                    "unwind action '\(action)': destination resolved at run time by searching controllers; assumed implemented by the \(candidates.count) scene(s) with a custom class"))
            }
        }
        return out
    }

    /// What UIKit reports only when it happens, so a flow with it still serves (`segue serve`
    /// logs these at start-up) and performing the segue is refused with its code, state
    /// unchanged: a `push` segue from a scene with no navigation controller ancestor
    /// (`illegal_transition`), `partialCurl` with a presentation style other than full screen
    /// (`illegal_transition`), an unwind action no scene implements
    /// (`unwind_destination_not_found`). All warnings.
    public static func runTimeFailures(_ storyboard: Storyboard) -> [Diagnostic] {
        sorted(runTimeFailures(storyboard, walk: explore(storyboard)))
    }

    static func runTimeFailures(_ storyboard: Storyboard, walk: Walk) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let scenes = storyboard.orderedScenes
        let docLocation = SourceLocation(file: storyboard.mainFile ?? scenes.first?.location?.file ?? storyboard.name, line: 1)
        let modalKinds: Set<SegueKind> = [.presentation, .modal, .popover, .popoverPresentation]
        var unwindActions: [String: SourceLocation?] = [:]
        var unwindOrder: [String] = []
        for scene in scenes {
            for segue in scene.segues {
                let at = segue.location ?? scene.location ?? docLocation
                if segue.kind == .push, walk.reached.contains(scene.id), !walk.inNavigation.contains(scene.id) {
                    out.append(Diagnostic(.pushWithoutNavigation, at: at,
                        "scene \(scene.id): push segue '\(segue.id)' but the scene has no navigation controller ancestor on any path from the initial scene; performing it will be refused (illegal_transition)"))
                }
                if modalKinds.contains(segue.kind) {
                    let destination = segue.destination.flatMap { storyboard[$0] }
                    let transition = segue.modalTransitionStyle ?? destination?.modalTransitionStyle
                    let style = segue.modalPresentationStyle ?? destination?.modalPresentationStyle
                    if transition == .partialCurl, let style, style != .fullScreen {
                        out.append(Diagnostic(.partialCurlStyle, at: at, "scene \(scene.id): segue '\(segue.id)' uses the partialCurl transition with the \(style.rawValue) presentation style; UIKit requires fullScreen, so performing it will be refused (illegal_transition)"))
                    }
                }
                if segue.kind == .unwind, let action = segue.action, unwindActions[action] == nil {
                    unwindActions[action] = .some(segue.location ?? scene.location)
                    unwindOrder.append(action)
                }
            }
        }
        for action in unwindOrder where !scenes.contains(where: { $0.unwindActions.contains(action) }) {
            out.append(Diagnostic(.unwindNotImplemented, at: unwindActions[action] ?? nil,
                "unwind action '\(action)': no scene implements it; performing the unwind will find no destination (unwind_destination_not_found)"
                    + NearestName.suggestion(for: action, in: Set(scenes.flatMap(\.unwindActions)))))
        }
        return out
    }

    // MARK: - Helpers

    static func relationshipList(_ scene: Scene) -> [(String, String)] {
        var list: [(String, String)] = []
        if let r = scene.rootViewController { list.append(("rootViewController", r)) }
        list += scene.viewControllers.map { ("viewControllers", $0) }
        if let m = scene.masterViewController { list.append(("masterViewController", m)) }
        if let d = scene.detailViewController { list.append(("detailViewController", d)) }
        if let s = scene.supplementaryViewController { list.append(("supplementaryViewController", s)) }
        if let c = scene.compactViewController { list.append(("compactViewController", c)) }
        list += scene.pages.map { ("pages", $0) }
        return list
    }

    static func allowedRelationships(_ kind: SceneKind) -> Set<String> {
        switch kind {
        case .navigationController: ["rootViewController"]
        case .tabBarController: ["viewControllers"]
        case .splitViewController: ["masterViewController", "detailViewController", "supplementaryViewController", "compactViewController", "viewControllers"]
        case .pageViewController: ["pages", "viewControllers"]
        default: []
        }
    }

    static func titled(_ scene: Scene) -> String {
        scene.title.map { " (\($0))" } ?? ""
    }

    /// Interface Builder object ids: `abc-12-xyz`.
    static func looksLikeXMLID(_ id: String) -> Bool {
        let last = id.split(separator: ":").last.map(String.init) ?? id
        let parts = last.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 3 && parts[1].count == 2 && parts[2].count == 3
            && parts.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }

    static func forEachTap(_ scene: Scene, _ body: (TapTarget, SourceLocation?) -> Void) {
        let items = scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems
            + (scene.navigationItem.backBarButtonItem.map { [$0] } ?? []) + scene.toolbarItems
        for item in items { if let tap = item.tap { body(tap, item.location) } }
        func visit(_ node: ViewNode) {
            if let tap = node.tap { body(tap, node.location) }
            for section in node.sections {
                for row in section.rows {
                    if let tap = row.tap { body(tap, row.location) }
                    if let tap = row.accessoryTap { body(tap, row.location) }
                    row.content.forEach(visit)
                }
            }
            node.children.forEach(visit)
        }
        scene.view.forEach(visit)
        if let alert = scene.alert {
            for action in alert.actions { if let tap = action.tap { body(tap, scene.location) } }
        }
    }

    struct Walk {
        var reached: Set<String> = []
        /// Scenes reached with a navigation controller ancestor on at least one path.
        var inNavigation: Set<String> = []
    }

    /// Walks from the initial scene through relationships and segues, tracking whether a
    /// navigation controller is an ancestor (`push` needs one; `show` pushes with one).
    static func explore(_ storyboard: Storyboard) -> Walk {
        var walk = Walk()
        guard let start = storyboard.initialViewController, storyboard[start] != nil else { return walk }
        struct State: Hashable { var id: String; var inNav: Bool }
        var queue = [State(id: start, inNav: false)]
        var seen: Set<State> = [queue[0]]
        func visit(_ id: String, _ inNav: Bool) {
            let s = State(id: id, inNav: inNav)
            guard storyboard[id] != nil, seen.insert(s).inserted else { return }
            queue.append(s)
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            guard let scene = storyboard[state.id] else { continue }
            walk.reached.insert(scene.id)
            if state.inNav { walk.inNavigation.insert(scene.id) }
            if let root = scene.rootViewController { visit(root, scene.kind == .navigationController || state.inNav) }
            for child in scene.viewControllers + scene.pages { visit(child, state.inNav) }
            if let m = scene.masterViewController { visit(m, state.inNav) }
            if let d = scene.detailViewController { visit(d, state.inNav) }
            for s in [scene.supplementaryViewController, scene.compactViewController].compactMap({ $0 }) { visit(s, state.inNav) }
            for segue in scene.segues {
                guard let dest = segue.destination else { continue }
                switch segue.kind {
                case .push:
                    if state.inNav { visit(dest, true) }
                case .show, .custom, .embed:
                    visit(dest, state.inNav)
                case .showDetail, .replace:
                    visit(dest, false)
                    if state.inNav { visit(dest, true) }
                case .presentation, .modal, .popover, .popoverPresentation:
                    visit(dest, false)
                case .relationship:
                    visit(dest, state.inNav)
                case .unwind:
                    break
                }
            }
        }
        return walk
    }

    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (x?, y?):
                if x.file != y.file { return x.file < y.file }
                if x.line != y.line { return x.line < y.line }
                return a.offset < b.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
