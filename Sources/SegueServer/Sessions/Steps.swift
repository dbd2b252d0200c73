import SegueCore
import SegueJSON

/// One stored step of a session (see ``SessionStorage``): an action in the JSON of docs/API.md, or a URL
/// the session was brought to (`{"navigate": "/ui/…"}`) or restored from (`{"restore": "/ui/…"}`).
enum Step {
    case action(Action, animated: Bool)
    case navigate(String, animated: Bool)
    /// A URL restored first; after a flow reload it also carries the version and last event seq
    /// the session continues from (so a rebuild numbers them as the live session did).
    case restore(String, version: Int = 0, seq: Int = 0)

    /// The JSON text stored for this step.
    var encoded: String {
        var w = JSONWriter(capacity: 128)
        w.beginObject()
        switch self {
        case .action(let action, let animated):
            Self.write(action, into: &w)
            if !animated { w.key("animated"); w.bool(false) }
        case .navigate(let url, let animated):
            w.field("navigate", url)
            if !animated { w.key("animated"); w.bool(false) }
        case .restore(let url, let version, let seq):
            w.field("restore", url)
            if version > 0 { w.field("version", version) }
            if seq > 0 { w.field("seq", seq) }
        }
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Parses a stored step; a row that does not parse is corrupt.
    static func decode(_ text: String) throws(SessionStorageError) -> Step {
        let object: [String: JSONValue]
        let decoded: ActionDecoding.Decoded
        do throws(ActionError) {
            object = try ActionDecoding.object(Array(text.utf8))
            if case .string(let url)? = object["navigate"] { return .navigate(url, animated: try ActionDecoding.bool(object, "animated") ?? true) }
            if case .string(let url)? = object["restore"] {
                func count(_ key: String) -> Int {
                    if case .number(let n)? = object[key], n >= 0, n < 1e15, n == n.rounded() { return Int(n) }
                    return 0
                }
                return .restore(url, version: count("version"), seq: count("seq"))
            }
            decoded = try ActionDecoding.action(object)
        } catch {
            throw .corrupt("step \(text.prefix(80)): \(error.message)")
        }
        return .action(decoded.action, animated: decoded.animated)
    }

    static func write(_ action: Action, into w: inout JSONWriter) {
        w.field("action", action.name)
        func opt(_ key: StaticString, _ value: String?) { if let value { w.field(key, value) } }
        switch action {
        case .tap(let element, let values):
            w.field("element", element)
            if !values.isEmpty { w.key("values"); writeValues(values, into: &w) }
        case .performSegue(let identifier, let controller):
            w.field("identifier", identifier); opt("controller", controller)
        case .push(let scene, let nav):
            w.field("scene", scene); opt("navigationController", nav)
        case .pop(let nav), .popToRoot(let nav):
            opt("navigationController", nav)
        case .popTo(let controller, let nav):
            w.field("controller", controller); opt("navigationController", nav)
        case .setViewControllers(let scenes, let nav):
            w.key("scenes"); w.beginArray()
            for scene in scenes { w.string(scene) }
            w.endArray()
            opt("navigationController", nav)
        case .present(let scene, let style, let transition, let controller):
            w.field("scene", scene)
            opt("modalPresentationStyle", style?.rawValue)
            opt("modalTransitionStyle", transition?.rawValue)
            opt("controller", controller)
        case .dismiss(let controller):
            opt("controller", controller)
        case .selectTab(let index, let controller):
            w.field("index", index); opt("controller", controller)
        case .moveTab(let from, let to, let controller):
            w.field("from", from); w.field("to", to); opt("controller", controller)
        case .setTraits(let traits):
            w.key("traits"); w.beginObject(); w.field("width", traits.width); w.field("height", traits.height); w.endObject()
        case .turnPage(let forward, let controller):
            w.field("direction", forward ? "forward" : "reverse"); opt("controller", controller)
        case .showPage(let index, let controller):
            w.field("index", index); opt("controller", controller)
        case .memoryWarning:
            break
        case .setEditing(let editing, let controller):
            w.key("editing"); w.bool(editing); opt("controller", controller)
        case .setValues(let values):
            w.key("values"); writeValues(values, into: &w)
        case .setToolbarHidden(let hidden, let nav), .setNavigationBarHidden(let hidden, let nav):
            w.key("hidden"); w.bool(hidden); opt("navigationController", nav)
        case .addChild(let scene, let controller, let showingView):
            w.field("scene", scene); opt("controller", controller)
            if !showingView { w.key("showingView"); w.bool(false) }
        case .removeFromParent(let controller), .endAppearanceTransition(let controller):
            w.field("controller", controller)
        case .transition(let controller, let fromIndex, let toIndex):
            opt("controller", controller); w.field("fromIndex", fromIndex); w.field("toIndex", toIndex)
        case .beginAppearanceTransition(let controller, let isAppearing):
            w.field("controller", controller); w.key("isAppearing"); w.bool(isAppearing)
        }
    }

    static func writeValues(_ values: [String: FieldValue], into w: inout JSONWriter) {
        w.beginObject()
        for (k, v) in values.sorted(by: { $0.key < $1.key }) {
            w.key(dynamic: k)
            switch v {
            case .text(let t): w.string(t)
            case .bool(let b): w.bool(b)
            }
        }
        w.endObject()
    }
}
