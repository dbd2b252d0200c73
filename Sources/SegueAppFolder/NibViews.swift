import SegueCore
import SegueStoryboard

/// Nib-based controllers: adds the scenes of an app's nibs to its storyboard, and gives each
/// controller without a view of its own the view UIKit would load: the nib its `nibName` names
/// (or the code's `initWithNibName:`), else the nib named like its class without `Controller`,
/// else like its class; each with its `~ipad` (pad windows) or `~iphone` variant first.
enum NibViews {
    static func merge(_ nibs: [NibFile], into storyboard: inout Storyboard, code: CodeFindings?, diagnostics: inout [Diagnostic]) {
        var ownerScenes: [String: Scene] = [:]
        for nib in nibs {
            if let id = nib.ownerScene, let scene = nib.scenes.first(where: { $0.id == id }) { ownerScenes[nib.name] = scene }
        }
        var nibNames: [String: String] = [:]
        var withoutView: Set<String> = []
        // A class's own nib (named like it) gives its scene, the phone's first (`X~iphone`, then
        // `X`); its `X~ipad` gives pad windows their view. Its other nibs (nibs code loads by
        // name) only supply views.
        let own = nibs.enumerated().filter { ownsItsClass($0.element) }.sorted { (idiomRank($0.element.name), $0.offset) < (idiomRank($1.element.name), $1.offset) }
        let ordered = own.map(\.element) + nibs.filter { !ownsItsClass($0) }
        for nib in ordered {
            for scene in nib.scenes {
                if storyboard.scenes[scene.id] != nil {
                    if scene.id == nib.ownerScene {
                        if nib.name.hasSuffix("~ipad"), storyboard.padScenes[scene.id] == nil { storyboard.padScenes[scene.id] = scene }
                        continue
                    }
                    diagnostics.append(Diagnostic(.duplicateScene, severity: .warning, at: scene.location,
                                                  "a scene '\(scene.id)' already exists; this one of \(nib.name).xib is ignored"))
                    continue
                }
                storyboard.scenes[scene.id] = scene
                storyboard.sceneOrder.append(scene.id)
                storyboard.nibScenes.insert(scene.id)
            }
            nibNames.merge(nib.nibNames) { first, _ in first }
            withoutView.formUnion(nib.scenesWithoutView)
        }
        for id in storyboard.sceneOrder {
            guard var scene = storyboard.scenes[id], !scene.kind.isContainer,
                  withoutView.contains(id) || lacksView(scene) else { continue }
            let named = nibNames[id] ?? scene.className.flatMap { code?.nibNames[$0] }
            let candidates = candidateNibs(className: scene.className, nibName: named)
            let phone = lookup(candidates, suffix: "~iphone", in: ownerScenes)
            let pad = lookup(candidates, suffix: "~ipad", in: ownerScenes)
            if let phone, phone.id != id || phone.view != scene.view {
                scene.view = phone.view
                if scene.navigationItem.title == nil, let title = phone.navigationItem.title { scene.navigationItem.title = title }
                storyboard.scenes[id] = scene
            }
            if let pad, pad.view != scene.view {
                var padScene = scene
                padScene.view = pad.view
                storyboard.padScenes[id] = padScene
            }
        }
    }

    /// Whether a nib is its owner class's own: named like the class, or like it without `Controller`.
    static func ownsItsClass(_ nib: NibFile) -> Bool {
        guard let owner = nib.ownerClass else { return false }
        var name = nib.name
        for suffix in ["~iphone", "~ipad"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return candidateNibs(className: owner, nibName: nil).contains(name)
    }

    /// The order UIKit loads a nib's variants in on a phone: `~iphone`, the plain one, `~ipad`.
    static func idiomRank(_ name: String) -> Int {
        name.hasSuffix("~iphone") ? 0 : name.hasSuffix("~ipad") ? 2 : 1
    }

    /// Whether a scene shows nothing of its own: no view, or only the placeholder of content
    /// made in code.
    static func lacksView(_ scene: Scene) -> Bool {
        if scene.view.isEmpty { return true }
        guard scene.view.count == 1, scene.view[0].kind == .placeholder, let text = scene.view[0].text else { return false }
        return text.hasSuffix(": content made in code")
    }

    /// The nib names UIKit tries for a controller, in order.
    static func candidateNibs(className: String?, nibName: String?) -> [String] {
        if let nibName, !nibName.isEmpty { return [nibName] }
        guard var cls = className, !cls.isEmpty else { return [] }
        // A Swift class written with its module (`App.FeedController`) is looked up by its name.
        if let dot = cls.lastIndex(of: ".") { cls = String(cls[cls.index(after: dot)...]) }
        var names: [String] = []
        if cls.hasSuffix("Controller"), cls.count > "Controller".count { names.append(String(cls.dropLast("Controller".count))) }
        names.append(cls)
        return names
    }

    static func lookup(_ names: [String], suffix: String, in owners: [String: Scene]) -> Scene? {
        for name in names {
            if let scene = owners[name + suffix] ?? owners[name] { return scene }
        }
        return nil
    }
}
