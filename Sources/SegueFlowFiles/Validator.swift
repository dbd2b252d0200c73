import SegueCore

/// Whole-file checks: every reference between scenes, segues and elements resolves.
struct Validator {
    let diagnostics: Diagnostics

    /// Checks `decoded` and returns the initial controller to use.
    func validate(_ decoded: Decoder.Result, topLevelPresent: Bool) -> String? {
        let scenes = Dictionary(decoded.scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let initial = checkInitial(decoded, scenes: scenes, topLevelPresent: topLevelPresent)
        checkRelationships(decoded, scenes: scenes)
        for scene in decoded.scenes {
            let lines = decoded.keyLines[scene.id] ?? [:]
            let sceneLine = scene.location?.line ?? 1
            func line(_ key: String) -> Int { lines[key] ?? sceneLine }
            checkContainer(scene, written: Set(lines.keys), line: line)
            checkSegues(scene, scenes: scenes, unread: decoded.unreadScenes)
            checkTaps(scene, taps: decoded.taps[scene.id] ?? [], unread: decoded.unreadSegues[scene.id] ?? [:], unreadList: decoded.unreadSegueLists[scene.id])
            checkEmbeds(scene)
            checkSegueRefusals(scene, elementIDs: decoded.elementIDs[scene.id] ?? [], line: line("shouldPerformSegue"))
            var seen: [String: Int] = [:]
            for (id, idLine) in decoded.elementIDs[scene.id] ?? [] {
                if let first = seen[id] {
                    diagnostics.error(line: idLine, .duplicateElementID, "duplicate element id '\(id)' in scene '\(scene.id)' (first at line \(first))")
                } else {
                    seen[id] = idLine
                }
            }
        }
        checkTabItemIDs(decoded, scenes: scenes)
        return initial
    }

    /// The tabs of one tab bar controller are elements of one screen: their `tabBarItem` ids
    /// must differ.
    private func checkTabItemIDs(_ decoded: Decoder.Result, scenes: [String: Scene]) {
        for tabs in decoded.scenes where tabs.kind == .tabBarController {
            var seen: [String: String] = [:]
            for child in tabs.viewControllers {
                guard let id = scenes[child]?.tabBarItem?.id else { continue }
                let idLine = decoded.elementIDs[child]?.first { $0.0 == id }?.1 ?? scenes[child]?.location?.line ?? 1
                if let first = seen[id] {
                    diagnostics.error(line: idLine, .duplicateElementID, "duplicate tab bar item id '\(id)' in tab bar controller '\(tabs.id)' (also on '\(first)')")
                } else {
                    seen[id] = child
                }
            }
        }
    }

    private func checkInitial(_ decoded: Decoder.Result, scenes: [String: Scene], topLevelPresent: Bool) -> String? {
        var initial = decoded.initialViewController
        if let named = initial, scenes[named] == nil, !decoded.scenes.isEmpty {
            unknownScene(named, line: decoded.initialLine, .unknownInitialViewController, "initialViewController", "scene", scenes: scenes, unread: decoded.unreadScenes)
        }
        for (index, (id, line)) in decoded.flaggedInitial.enumerated() {
            if index > 0 || (initial != nil && initial != id) {
                diagnostics.error(line: line, .duplicateKey, "two initial controllers")
            } else {
                initial = id
            }
        }
        if initial == nil, !topLevelPresent, !decoded.scenes.isEmpty {
            diagnostics.error(line: 1, .noInitialViewController, "missing 'initialViewController'")
        }
        return initial
    }

    private func checkRelationships(_ decoded: Decoder.Result, scenes: [String: Scene]) {
        for relationship in decoded.relationships {
            guard let target = scenes[relationship.target] else {
                unknownScene(relationship.target, line: relationship.line, .unknownRelationshipTarget,
                             "relationship '\(relationship.key)' of scene '\(relationship.scene)'", "scene", scenes: scenes, unread: decoded.unreadScenes)
                continue
            }
            if target.kind == .alertController {
                diagnostics.error(line: relationship.line, .relationshipNotAllowed,
                                  "relationship '\(relationship.key)' of scene '\(relationship.scene)' names alertController '\(target.id)', which can only be presented")
            } else if relationship.key == "rootViewController", target.kind == .navigationController {
                diagnostics.error(line: relationship.line, .relationshipNotAllowed,
                                  "rootViewController of scene '\(relationship.scene)' is navigationController '\(target.id)' (a navigation controller cannot be pushed)")
            }
        }
        // A container that contains itself would instantiate forever.
        var reported: Set<String> = []
        for scene in decoded.scenes where scene.kind.isContainer {
            var path = [scene.id]
            if let cycle = findCycle(from: scene.id, scenes: scenes, path: &path), reported.isDisjoint(with: cycle) {
                reported.formUnion(cycle)
                diagnostics.error(line: scene.location?.line ?? 1, .containmentCycle, "relationship cycle: \(cycle.joined(separator: " → "))")
            }
        }
    }

    private func findCycle(from id: String, scenes: [String: Scene], path: inout [String]) -> [String]? {
        guard let scene = scenes[id], scene.kind.isContainer else { return nil }
        for target in scene.relationshipTargets {
            if target == path.first { return path + [target] }
            if path.contains(target) { continue }
            path.append(target)
            if let cycle = findCycle(from: target, scenes: scenes, path: &path) { return cycle }
            path.removeLast()
        }
        return nil
    }

    /// `written`: the keys the scene declares (a written but invalid value was already reported).
    private func checkContainer(_ scene: Scene, written: Set<String>, line: (String) -> Int) {
        let sceneLine = scene.location?.line ?? 1
        switch scene.kind {
        case .navigationController:
            if scene.rootViewController == nil, !written.contains("rootViewController") {
                diagnostics.error(line: sceneLine, .missingRelationship, "navigationController '\(scene.id)' has no rootViewController")
            }
        case .splitViewController:
            if scene.masterViewController == nil || scene.detailViewController == nil,
               !written.contains("masterViewController") || !written.contains("detailViewController") {
                diagnostics.error(line: sceneLine, .missingRelationship, "splitViewController '\(scene.id)' needs a masterViewController and a detailViewController")
            }
        case .pageViewController:
            if scene.pages.isEmpty, !written.contains("pages") {
                diagnostics.error(line: sceneLine, .missingRelationship, "pageViewController '\(scene.id)' has no pages")
            }
            if scene.pageView?.spineLocation == .mid, scene.pages.count % 2 == 1 {
                diagnostics.error(line: line("spineLocation"),
                                  "spineLocation mid in scene '\(scene.id)' needs an even number of pages, not \(scene.pages.count)")
            }
        case .tabBarController:
            let count = scene.viewControllers.count
            if let index = scene.selectedIndex, index < 0 || index >= count {
                diagnostics.error(line: line("selectedIndex"),
                                  "selectedIndex \(index) of scene '\(scene.id)' is out of range (\(count) viewControllers)")
            }
            for id in scene.customizableViewControllers ?? [] where !scene.viewControllers.contains(id) {
                diagnostics.error(line: line("customizableViewControllers"),
                                  "customizableViewControllers of scene '\(scene.id)' names '\(id)', which is not among its viewControllers")
            }
            for index in scene.refusesSelectionOf where index < 0 || index >= count {
                diagnostics.error(line: line("refusesSelectionOf"),
                                  "refusesSelectionOf \(index) of scene '\(scene.id)' is out of range (\(count) viewControllers)")
            }
        default:
            break
        }
    }

    private func checkSegues(_ scene: Scene, scenes: [String: Scene], unread: [String: Int]) {
        for segue in scene.segues {
            let line = segue.location?.line ?? scene.location?.line ?? 1
            let name = "segue '\(segue.id)' of scene '\(scene.id)'"
            if segue.kind == .unwind {
                if segue.destination != nil {
                    diagnostics.error(line: line, .unwindWithoutAction, "unwind \(name) takes an action, not a destination")
                }
                guard segue.action != nil else {
                    diagnostics.error(line: line, .unwindWithoutAction, "unwind \(name) has no action")
                    continue
                }
                // An action no scene implements is not an error: UIKit finds no destination only
                // when the unwind runs (`StoryboardCheck.runTimeFailures` warns of it).
            } else {
                if segue.action != nil {
                    diagnostics.error(line: line, "\(name) has an 'action' but is not an unwind segue")
                }
                guard let destination = segue.destination else {
                    diagnostics.error(line: line, .missingDestination, "\(name) has no destination")
                    continue
                }
                if scenes[destination] == nil {
                    unknownScene(destination, line: line, .unknownDestination, name, "destination", scenes: scenes, unread: unread)
                }
            }
        }
    }

    /// A container view's `embed` names an `embed` segue of its scene.
    private func checkEmbeds(_ scene: Scene) {
        for node in scene.view {
            node.forEach { n in
                guard let embed = n.embed else { return }
                let line = n.location?.line ?? scene.location?.line ?? 1
                if let segue = scene.segue(embed) {
                    if segue.kind != .embed {
                        diagnostics.error(line: line, .embedOfNonEmbedSegue, "container in scene '\(scene.id)' embeds segue '\(embed)', which is a \(segue.kind.rawValue) segue, not embed")
                    }
                } else {
                    diagnostics.error(line: line, .unknownEmbedSegue, "container in scene '\(scene.id)' embeds unknown segue '\(embed)'" + nearest(embed, scene.segues.map(\.id)))
                }
            }
        }
    }

    /// Taps name segues and actions of their scene. A segue that could not be read (`unread`, or
    /// all of them when `segues` could not be: `unreadList`) is reported after that problem.
    private func checkTaps(_ scene: Scene, taps: [(TapTarget, Int)], unread: [String: Int], unreadList: Int?) {
        for (tap, line) in taps {
            switch tap {
            case let .segue(id):
                if scene.segue(id) == nil, let cause = unread[id] ?? unreadList {
                    diagnostics.consequence(of: cause, line: line, .unknownSegue, "segue '\(id)' of scene '\(scene.id)' could not be read (line \(cause))")
                } else if scene.segue(id) == nil {
                    diagnostics.error(line: line, .unknownSegue, "unknown segue '\(id)' in scene '\(scene.id)'" + nearest(id, scene.segues.map(\.id)))
                }
            case let .action(name):
                if BuiltInAction(rawValue: name) == nil, scene.className == nil {
                    let builtIns = BuiltInAction.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.error(line: line, .unknownAction, "unknown action '\(name)' in scene '\(scene.id)' (built-in actions: \(builtIns); others need the scene's 'class')")
                }
            }
        }
    }

    /// `subject` names a scene the file does not define: unknown (with the nearest name), or
    /// declared but unreadable, a consequence listed after the problem that is its cause.
    private func unknownScene(_ name: String, line: Int, _ code: Diagnostic.Code, _ subject: String, _ what: String,
                              scenes: [String: Scene], unread: [String: Int]) {
        if let cause = unread[name] {
            diagnostics.consequence(of: cause, line: line, code, "\(subject) names scene '\(name)', which could not be read (line \(cause))")
        } else {
            diagnostics.error(line: line, code, "\(subject) names unknown \(what) '\(name)'" + nearest(name, scenes.keys))
        }
    }

    /// "; did you mean 'x'?" when a name is a plausible typo of one of `names`, else "".
    private func nearest(_ name: String, _ names: some Sequence<String>) -> String {
        NearestName.suggestion(for: name, in: names)
    }
}
