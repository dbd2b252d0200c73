import SegueCore

/// Actions an app's code attaches to its controllers' outlets (`loginButton.addTarget(self,
/// action: #selector(login), for: .touchUpInside)`, a tap recognizer added to an image view):
/// each becomes one of the element's connected actions, as if Interface Builder had connected
/// it, so the navigation the action does is wired to the element like any other.
enum OutletWiring {
    /// Class → the outlet actions its methods attach.
    static func actions(facts: [SourceFacts]) -> [String: [OutletAction]] {
        var out: [String: [OutletAction]] = [:]
        for cls in facts.flatMap(\.classes) {
            let found = cls.methods.flatMap(\.outletActions)
            if !found.isEmpty { out[cls.name, default: []] += found }
        }
        return out
    }

    /// Adds each action to the element the outlet names, in every copy of the class's scenes.
    static func apply(_ actions: [String: [OutletAction]], to storyboard: inout Storyboard) {
        guard !actions.isEmpty else { return }
        storyboard.updateEverySceneTable { scenes in
            for id in Array(scenes.keys) {
                guard let cls = scenes[id]?.className, let attached = actions[cls] else { continue }
                for found in attached {
                    guard let element = scenes[id]?.outlets[found.outlet] else { continue }
                    SceneElements.update(in: &scenes[id]!) { node in
                        if node.id == element, !node.actions.contains(found.action) { node.actions.append(found.action) }
                    }
                }
            }
        }
    }
}
