import SegueCore
import SegueSourceNav
@testable import SegueServer

/// A screen Segue shows from which no tap, no back button, no dismissal and no manual segue
/// leads anywhere else.
struct DeadEnd: Sendable, CustomStringConvertible {
    var url: String
    /// The scenes on screen, back to front.
    var scenes: [String]
    /// A way on or back the app has from one of them (its code's navigation, a segue of its
    /// scene, UIKit's back button), which Segue does not offer; nil when the app has none either.
    var appWay: String?
    var description: String { "\(url) [\(scenes.joined(separator: ", "))]" + (appWay.map { ": the app has \($0)" } ?? "") }
}

/// What walking one app's screens found.
struct DeadEndWalk: Sendable {
    var states = 0
    var truncated = false
    var deadEnds: [DeadEnd] = []
    /// Dead ends the app itself leaves.
    var withAppWay: [DeadEnd] { deadEnds.filter { $0.appWay != nil } }
}

/// Walks every screen Segue shows breadth-first from the launch: each screen (the scenes on
/// screen; the first URL that showed them) is restored, then each enabled element is tapped and
/// each manual segue performed; a screen none of them leaves is a dead end. `appWay` says what
/// the app has there.
enum DeadEndWalker {
    static func walk(_ storyboard: Storyboard, traits: Traits = .phonePortrait, maxStates: Int,
                     appWay: (Window) -> String?) -> DeadEndWalk {
        var walk = DeadEndWalk()
        let window = Window(id: "walk", storyboard: storyboard, traits: traits)
        guard FlowSource.servable(storyboard) == nil, (try? window.launch()) != nil else { return walk }
        // Screens are told apart by the scenes they show: another tab's hidden stack is the same screen.
        var visited: Set<String> = [screen(window)]
        var queue = [window.canonicalURL]
        var head = 0
        while head < queue.count {
            let url = queue[head]
            head += 1
            guard restore(window, url) else { continue }
            walk.states += 1
            let next = successors(window, of: url).filter { $0.url != url }
            for n in next where visited.insert(n.screen).inserted {
                if visited.count > maxStates { walk.truncated = true } else { queue.append(n.url) }
            }
            if next.isEmpty, restore(window, url) {
                walk.deadEnds.append(DeadEnd(url: url, scenes: window.visibleControllers.compactMap(\.sceneID), appWay: appWay(window)))
            }
        }
        return walk
    }

    /// The screen shown: the scenes on screen, back to front.
    static func screen(_ window: Window) -> String {
        window.visibleControllers.map { $0.sceneID ?? $0.kind.rawValue }.joined(separator: ",")
    }

    /// Where each enabled element's tap and each manual segue lead from `url`: the URL and the screen.
    static func successors(_ window: Window, of url: String) -> [(url: String, screen: String)] {
        var out: [(url: String, screen: String)] = []
        let live = window.elements.filter(\.enabled)
        for (i, element) in live.enumerated() {
            guard restore(window, url) else { break }
            // Restoring may re-create controllers, renaming ids made unique with one: the same place.
            var id = element.id
            let now = window.elements.filter(\.enabled)
            if !now.contains(where: { $0.id == id }), now.count == live.count { id = now[i].id }
            if (try? window.perform(.tap(element: id, values: [:]))) != nil { out.append((window.canonicalURL, screen(window))) }
        }
        guard restore(window, url) else { return out }
        for segue in window.manualSegues {
            guard restore(window, url) else { break }
            if (try? window.perform(.performSegue(identifier: segue.identifier, controller: segue.controller))) != nil {
                out.append((window.canonicalURL, screen(window)))
            }
        }
        return out
    }

    static func restore(_ window: Window, _ url: String) -> Bool {
        if window.canonicalURL == url { return true }
        guard let path = HierarchyPath.parse(url), (try? window.navigate(to: path)) != nil else { return false }
        return window.canonicalURL == url
    }

    /// What the app has to leave the screen: for the controllers on screen, front first, UIKit's
    /// back button (pushed onto a stack), a segue of its scene in the storyboards as loaded, or
    /// navigation in its class's code (resolved or not).
    static func appWay(_ window: Window, storyboard: Storyboard, result: InferenceResult) -> String? {
        for c in window.visibleControllers.reversed() {
            if let nav = c.navigationController, nav !== c, let i = nav.viewControllers.firstIndex(where: { $0 === c }), i > 0 {
                return "UIKit's back button on \(c.sceneID ?? c.id)"
            }
            guard let id = c.sceneID, let scene = storyboard[id] else { continue }
            if let s = scene.segues.first(where: { $0.kind != .embed && $0.kind != .relationship }) {
                return "segue \(s.id) of \(id)"
            }
            guard let cls = scene.className else { continue }
            // A container filling itself (a page view controller setting its pages) goes nowhere.
            func leaves(_ action: NavigationAction) -> Bool {
                action != .addChild && !(action == .setViewControllers && scene.kind == .pageViewController)
            }
            if let f = result.findings.first(where: { $0.className == cls && leaves($0.action) }) {
                return "\(f.action.rawValue) at \(f.source)"
            }
            if let u = result.unresolved.first(where: { $0.className == cls && leaves($0.action) }) {
                return "\(u.action.rawValue) at \(u.source)"
            }
        }
        return nil
    }
}
