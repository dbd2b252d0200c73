import SegueCore

/// `GET /scenes`: every scene of the flow, each with a link that opens it in a new session (as
/// `instantiateViewController(withIdentifier:)` would give it), and a link to the map.
public enum ScenesPage {
    public struct Entry: Sendable {
        public var scene: Scene
        /// The identifier code instantiates the scene by: the storyboard ID of an imported
        /// storyboard's scene; a flow file's scene id is its identifier.
        public var storyboardIdentifier: String? {
            scene.storyboardIdentifier ?? (scene.storyboardName == nil && !scene.isUnresolvedReference ? scene.id : nil)
        }
        /// The container whose relationship holds the scene (it opens inside it).
        public var container: String?
        /// Why the scene cannot be opened, when it cannot.
        public var problem: String?
    }

    /// Every scene in declaration order, with where it opens.
    public static func entries(_ storyboard: Storyboard) -> [Entry] {
        let parents = storyboard.relationshipParents
        return storyboard.orderedScenes.map { scene in
            var problem: String?
            do throws(ActionError) { _ = try storyboard.openingPath(for: scene.id, parents: parents) } catch { problem = error.message }
            return Entry(scene: scene, container: parents[scene.id], problem: problem)
        }
    }

    /// The page; `appIcon`: the URL of the app's icon (its asset catalog's app icon set), shown
    /// beside its name and as the page's icon.
    public static func render(_ entries: [Entry], storyboardName: String, assetsPath: String, appIcon: String? = nil) -> [UInt8] {
        var w = HTMLWriter(capacity: 4096 + entries.count * 300)
        ExplorePage.open(&w, title: "Scenes \u{2014} \(storyboardName)", assetsPath: assetsPath, bodyClass: "explore-body scenes-body", icon: appIcon)
        w.raw("<header class=\"explore-header\">")
        ExplorePage.heading(&w, storyboardName, icon: appIcon)
        w.raw("<nav class=\"explore-nav\"><a href=\"/\">App</a> <a href=\"/map\">Map</a> <a href=\"/scenes\" aria-current=\"page\">Scenes</a></nav></header>")
        w.raw("<main class=\"explore-main\"><table class=\"scene-list\"><thead><tr><th>Scene</th><th>Kind</th><th>Class</th><th>Storyboard ID</th><th>Storyboard</th><th>Opens</th></tr></thead><tbody>")
        for entry in entries {
            let scene = entry.scene
            w.raw("<tr")
            w.attribute("data-scene", scene.id)
            w.raw("><td>")
            // Named as Interface Builder's outline names it: the title, else the class.
            let name = scene.title ?? scene.className ?? scene.id
            if entry.problem == nil {
                w.raw("<a class=\"scene-open\"")
                w.attribute("href", "/scenes/" + percentEscaped(scene.id))
                w.raw(">")
                w.text(name)
                w.raw("</a>")
            } else {
                w.text(name)
            }
            if name != scene.id {
                w.raw(" <code class=\"scene-id\">")
                w.text(scene.id)
                w.raw("</code>")
            }
            w.raw("</td><td>")
            w.text(scene.kind.rawValue)
            w.raw("</td><td>")
            w.text(scene.className ?? "")
            w.raw("</td><td>")
            w.text(entry.storyboardIdentifier ?? "")
            w.raw("</td><td>")
            w.text(scene.storyboardName ?? storyboardName)
            w.raw("</td><td>")
            if let problem = entry.problem {
                w.raw("<span class=\"scene-problem\">")
                w.text(problem)
                w.raw("</span>")
            } else if let container = entry.container {
                w.raw("inside <code>")
                w.text(container)
                w.raw("</code>")
            } else {
                w.raw("alone")
            }
            w.raw("</td></tr>")
        }
        w.raw("</tbody></table></main></body></html>")
        return w.bytes
    }

    /// A scene id as one URL path segment.
    public static func percentEscaped(_ id: String) -> String {
        var out = ""
        for b in id.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// The frame shared by the explore pages (scenes, map, developer page).
enum ExplorePage {
    /// The page's `<h1>`: the app's icon (when it has one) and its name.
    static func heading(_ w: inout HTMLWriter, _ name: String, icon: String?) {
        w.raw("<h1>")
        if let icon {
            w.raw("<img class=\"app-icon\"")
            w.attribute("src", icon)
            w.raw(" alt=\"\" width=\"32\" height=\"32\">")
        }
        w.text(name)
        w.raw("</h1>")
    }

    static func open(_ w: inout HTMLWriter, title: String, assetsPath: String, bodyClass: StaticString, script: StaticString? = nil,
                     icon: String? = nil) {
        w.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        w.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        w.raw("<meta name=\"color-scheme\" content=\"light dark\"><link rel=\"icon\"")
        w.attribute("href", icon ?? "data:,")
        w.raw("><title>")
        w.text(title)
        w.raw("</title><link rel=\"stylesheet\" href=\"")
        w.text(assetsPath)
        w.raw("/segue.css\">")
        if let script {
            w.raw("<script defer src=\"")
            w.text(assetsPath)
            w.raw("/")
            w.raw(script)
            w.raw("\"></script>")
        }
        w.raw("</head><body class=\"")
        w.raw(bodyClass)
        w.raw("\">")
    }
}
