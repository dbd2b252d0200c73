import SegueCore

/// More rules of `segue check`, each found in real storyboards of the corpus or in bad input:
///
/// - **error** — a scene that contains itself through relationships or embed segues (UIKit
///   would instantiate forever; Segue cannot launch it).
/// - **warning** — a navigation controller without a root view controller (its stack is empty
///   until code sets one); a page view controller without pages; a `popover` /
///   `popoverPresentation` segue performed by code (no element to anchor the bubble; UIKit code
///   must set one); a tab bar controller without tabs.
extension StoryboardCheck {
    static func moreRules(_ storyboard: Storyboard) -> [Diagnostic] {
        var out = containmentCycles(storyboard)
        let modalKinds: Set<SegueKind> = [.presentation, .modal, .popover, .popoverPresentation]
        for scene in storyboard.orderedScenes {
            let at = scene.location
            switch scene.kind {
            case .navigationController where scene.rootViewController == nil:
                out.append(Diagnostic(.navigationWithoutRoot, at: at, "scene \(scene.id): navigation controller without a root view controller; its stack is empty until code sets one"))
            case .pageViewController where scene.pages.isEmpty:
                out.append(Diagnostic(.pageViewWithoutPages, at: at, "scene \(scene.id): page view controller without pages; its pages come from code"))
            case .tabBarController where scene.viewControllers.isEmpty:
                out.append(Diagnostic(.tabBarWithoutTabs, at: at, "scene \(scene.id): tab bar controller without tabs"))
            default:
                break
            }
            var triggered: Set<String> = []
            forEachTap(scene) { tap, _ in if case .segue(let id) = tap { triggered.insert(id) } }
            for segue in scene.segues where modalKinds.contains(segue.kind) {
                let sat = segue.location ?? at
                if (segue.kind == .popover || segue.kind == .popoverPresentation), !triggered.contains(segue.id) {
                    out.append(Diagnostic(.popoverWithoutAnchor, at: sat, "scene \(scene.id): popover segue '\(segue.id)' is performed by code; it has no anchor element (in UIKit code must set one)"))
                }
            }
        }
        return out
    }

    /// Scenes that contain themselves through relationships or embeds, each cycle reported once
    /// at the scene where the walk closes it. Every embed segue counts, whether a container view
    /// names it or not (an embed segue no container names still embeds, in a container that
    /// fills the view). One depth-first walk with an explicit stack (no recursion, so a chain of
    /// thousands of scenes cannot exhaust the thread's stack), linear in scenes and edges.
    static func containmentCycles(_ storyboard: Storyboard) -> [Diagnostic] {
        func children(_ scene: Scene) -> [String] {
            scene.relationshipTargets + scene.segues.compactMap { $0.kind == .embed ? $0.destination : nil }
        }
        var out: [Diagnostic] = []
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var reported: Set<String> = []
        // The path from the walk's start: each scene with its children and the next to visit.
        var path: [(id: String, children: [String], next: Int)] = []
        func enter(_ id: String) {
            guard let scene = storyboard[id], state[id] != 2 else { return }
            guard state[id] != 1 else {
                let cycle = Array(path.map(\.id).drop { $0 != id }) + [id]
                if reported.insert(cycle.sorted().joined(separator: ",")).inserted {
                    out.append(Diagnostic(.containmentCycle, at: scene.location,
                        "scene \(id) contains itself through relationships or embeds: \(cycle.joined(separator: " → "))"))
                }
                return
            }
            state[id] = 1
            path.append((id, children(scene), 0))
        }
        for scene in storyboard.orderedScenes {
            enter(scene.id)
            while let top = path.last {
                if top.next < top.children.count {
                    path[path.count - 1].next += 1
                    enter(top.children[top.next])
                } else {
                    state[top.id] = 2
                    path.removeLast()
                }
            }
        }
        return out
    }
}

extension StoryboardCheck {
    /// One line of `segue check`: the diagnostic as `file:line: [warning: ]message`, then its code.
    public static func line(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.description) [\(diagnostic.code.rawValue)]"
    }

    /// `segue check --format json`: every diagnostic with its code, severity, location and
    /// message, and the counts.
    public static func json(_ diagnostics: [Diagnostic], storyboard: Storyboard) -> String {
        let items = diagnostics.map { d in
            "{\"code\":\(StoryboardGraph.string(d.code.rawValue)),\"severity\":\(StoryboardGraph.string(d.severity.rawValue))"
                + ",\"file\":\(StoryboardGraph.optional(d.location?.file)),\"line\":\(d.location.map { String($0.line) } ?? "null")"
                + ",\"message\":\(StoryboardGraph.string(d.message))}"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "{\"storyboard\":\(StoryboardGraph.string(storyboard.name)),\"scenes\":\(storyboard.sceneOrder.count)"
            + ",\"errors\":\(errors),\"warnings\":\(diagnostics.count - errors),\"diagnostics\":[\(items.joined(separator: ","))]}"
    }
}
