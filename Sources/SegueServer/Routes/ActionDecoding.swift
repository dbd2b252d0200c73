import SegueCore
import SegueJSON

/// JSON request bodies into core actions (docs/API.md), with a coded 400 for anything off.
enum ActionDecoding {
    /// Parses a JSON object body. Empty bodies are `[:]` when `allowEmpty`.
    static func object(_ body: [UInt8], allowEmpty: Bool = false) throws(ActionError) -> [String: JSONValue] {
        if body.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
            if allowEmpty { return [:] }
            throw ActionError(.malformedJSON, "the request body is empty; send a JSON object")
        }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(body)
        } catch {
            throw ActionError(.malformedJSON, "the request body is not valid JSON (\(error.reason) at byte \(error.offset))")
        }
        guard case .object(let object) = parsed else {
            throw ActionError(.malformedJSON, "the request body must be a JSON object")
        }
        return object
    }

    struct Decoded {
        var action: Action
        var animated: Bool
    }

    /// The action's name, once the body is known to name a known action with only its own keys.
    static func checkedName(_ o: [String: JSONValue]) throws(ActionError) -> String {
        // Each key is looked up once: hashing it is most of what a look-up costs.
        let actionValue = member(o, "action")
        // A misspelled `action` key is named, not reported as a missing action.
        if actionValue == nil, let typo = o.keys.sorted().first(where: { NearestName.nearest(to: $0, in: ["action"]) != nil }) {
            throw ActionError(.invalidRequest, "unknown key '\(typo)'; did you mean 'action'?")
        }
        let name = try string(actionValue, "action", required: true)!
        // Known actions are those with allowed keys: one look-up of the name answers both.
        guard let allowed = ActionKeys.allowedKeys(name) else {
            var message = "unknown action '\(name)'; expected one of \(ActionKeys.names.joined(separator: ", "))"
            if let near = NearestName.nearest(to: name, in: ActionKeys.names) { message += "; did you mean '\(near)'?" }
            throw ActionError(.unknownAction, message)
        }
        try ActionKeys.checkKeys(o.keys, allowed: allowed, of: "action '\(name)'")
        return name
    }

    static func action(_ o: [String: JSONValue]) throws(ActionError) -> Decoded {
        let name = try checkedName(o)
        let animated = try bool(o, "animated") ?? true
        let action: Action
        switch name {
        case "tap":
            action = .tap(element: try string(o, "element", required: true)!, values: try values(o["values"]))
        case "performSegue":
            action = .performSegue(identifier: try string(o, "identifier", required: true)!, controller: try string(o, "controller"))
        case "push", "pop", "popToRoot", "popTo", "setViewControllers":
            action = try stackAction(name, o)
        case "present":
            action = .present(
                scene: try string(o, "scene", required: true)!,
                style: try enumValue(o, "modalPresentationStyle", ModalPresentationStyle.self),
                transitionStyle: try enumValue(o, "modalTransitionStyle", ModalTransitionStyle.self),
                controller: try string(o, "controller"))
        case "dismiss":
            action = .dismiss(controller: try string(o, "controller"))
        case "dismissSheet":
            action = .dismissSheet(controller: try string(o, "controller"))
        case "selectTab":
            action = .selectTab(index: try int(o, "index", required: true)!, controller: try string(o, "controller"))
        case "moveTab":
            action = .moveTab(from: try int(o, "from", required: true)!, to: try int(o, "to", required: true)!,
                              controller: try string(o, "controller"))
        case "setTraits":
            action = .setTraits(try traits(o["traits"], required: true)!)
        case "turnPage":
            action = .turnPage(forward: try forward(o), controller: try string(o, "controller"))
        case "showPage":
            action = .showPage(index: try int(o, "index", required: true)!, controller: try string(o, "controller"))
        case "memoryWarning":
            action = .memoryWarning
        case "setEditing":
            action = .setEditing(try bool(o, "editing") ?? true, controller: try string(o, "controller"))
        case "setValues":
            guard o["values"] != nil, o["values"] != .null else {
                throw ActionError(.invalidRequest, "missing 'values' (an object of element id to string, number or boolean)")
            }
            action = .setValues(try values(o["values"]))
        default:
            if let interactive = try interactiveAction(name, o) { return Decoded(action: interactive, animated: animated) }
            guard let code = try codeAction(name, o) else {
                throw ActionError(.unknownAction, "action '\(name)' is not available on this server")
            }
            action = code
        }
        return Decoded(action: action, animated: animated)
    }

    /// The edge swipe's actions (an interactive pop, begun, then finished or cancelled); nil for
    /// any other name.
    static func interactiveAction(_ name: String, _ o: [String: JSONValue]) throws(ActionError) -> Action? {
        switch name {
        case "beginInteractivePop": .beginInteractivePop(navigationController: try string(o, "navigationController"))
        case "finishInteractiveTransition": .finishInteractiveTransition
        case "cancelInteractiveTransition": .cancelInteractiveTransition
        default: nil
        }
    }

    /// `direction` of `turnPage`: `forward` (the default) or `reverse`.
    static func forward(_ o: [String: JSONValue]) throws(ActionError) -> Bool {
        let direction = try string(o, "direction") ?? "forward"
        guard direction == "forward" || direction == "reverse" else {
            throw ActionError(.invalidRequest, "direction must be \"forward\" or \"reverse\"")
        }
        return direction == "forward"
    }

    /// The navigation stack actions.
    static func stackAction(_ name: String, _ o: [String: JSONValue]) throws(ActionError) -> Action {
        let action: Action
        switch name {
        case "push":
            action = .push(scene: try string(o, "scene", required: true)!, navigationController: try string(o, "navigationController"))
        case "pop":
            action = .pop(navigationController: try string(o, "navigationController"))
        case "popToRoot":
            action = .popToRoot(navigationController: try string(o, "navigationController"))
        case "popTo":
            action = .popTo(controller: try string(o, "controller", required: true)!, navigationController: try string(o, "navigationController"))
        case "setViewControllers":
            action = .setViewControllers(scenes: try strings(o, "scenes", required: true)!,
                                         navigationController: try string(o, "navigationController"))
        default:
            throw ActionError(.unknownAction, "action '\(name)' is not a stack action")
        }
        return action
    }

    /// The actions for what code does (bars, custom containers), nil for another name.
    static func codeAction(_ name: String, _ o: [String: JSONValue]) throws(ActionError) -> Action? {
        let action: Action
        switch name {
        case "setToolbarHidden", "setNavigationBarHidden":
            let hidden = try requiredBool(o, "hidden")
            let nav = try string(o, "navigationController")
            action = name == "setToolbarHidden" ? .setToolbarHidden(hidden, navigationController: nav)
                : .setNavigationBarHidden(hidden, navigationController: nav)
        case "addChild":
            action = .addChild(scene: try string(o, "scene", required: true)!, controller: try string(o, "controller"),
                               showingView: try bool(o, "showingView") ?? true)
        case "removeFromParent":
            action = .removeFromParent(controller: try string(o, "controller", required: true)!)
        case "transition":
            action = .transition(controller: try string(o, "controller"), fromIndex: try int(o, "fromIndex", required: true)!,
                                 toIndex: try int(o, "toIndex", required: true)!)
        case "beginAppearanceTransition":
            action = .beginAppearanceTransition(controller: try string(o, "controller", required: true)!,
                                                isAppearing: try requiredBool(o, "isAppearing"))
        case "endAppearanceTransition":
            action = .endAppearanceTransition(controller: try string(o, "controller", required: true)!)
        default:
            return nil
        }
        return action
    }

    /// The keys of a `traits` object.
    static let traitKeys = ["width", "height"]

    static func traits(_ value: JSONValue?, required: Bool) throws(ActionError) -> Traits? {
        guard let value, value != .null else {
            if required { throw ActionError(.invalidRequest, "missing 'traits' {\"width\": W, \"height\": H}") }
            return nil
        }
        // Traits take a width and a height; any other key is a typo or an unsupported trait.
        if case .object(let t) = value, let unknown = t.keys.sorted().first(where: { !traitKeys.contains($0) }) {
            let near = NearestName.nearest(to: unknown, in: traitKeys, alwaysOne: true).map { "; did you mean '\($0)'?" } ?? ""
            throw ActionError(.invalidRequest, "unknown key '\(unknown)' in 'traits'; expected \(traitKeys.joined(separator: ", "))\(near)")
        }
        guard case .object(let t) = value, case .number(let w)? = t["width"], case .number(let h)? = t["height"],
              w >= 1, h >= 1, w <= 100_000, h <= 100_000, w == w.rounded(), h == h.rounded() else {
            throw ActionError(.invalidRequest, "'traits' must be {\"width\": W, \"height\": H} in whole points, 1 to 100000")
        }
        return Traits(width: Int(w), height: Int(h))
    }

    static func values(_ value: JSONValue?) throws(ActionError) -> [String: FieldValue] {
        guard let value, value != .null else { return [:] }
        guard case .object(let map) = value else { throw ActionError(.invalidRequest, "'values' must be an object of element id to string, number or boolean") }
        var out: [String: FieldValue] = [:]
        for (k, v) in map {
            switch v {
            case .string(let s): out[k] = .text(s)
            case .bool(let b): out[k] = .bool(b)
            // A slider's, stepper's or segmented control's value: kept as form fields carry it.
            case .number(let d) where d.isFinite:
                out[k] = .text(d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d))
            default: throw ActionError(.invalidRequest, "value of '\(k)' must be a string, a number or a boolean")
            }
        }
        return out
    }

    /// The member `key` of a body, nil when absent. An action body holds a few members: comparing
    /// their names costs less than hashing `key` (under half, for two); a larger object is hashed.
    static func member(_ o: [String: JSONValue], _ key: String) -> JSONValue? {
        guard o.count <= 4 else { return o[key] }
        for (name, value) in o where name == key { return value }
        return nil
    }

    static func string(_ o: [String: JSONValue], _ key: String, required: Bool = false) throws(ActionError) -> String? {
        try string(member(o, key), key, required: required)
    }

    /// A string member already looked up (`value` is the member `key`'s, nil when absent).
    static func string(_ value: JSONValue?, _ key: String, required: Bool = false) throws(ActionError) -> String? {
        guard let v = value, v != .null else {
            if required { throw ActionError(.invalidRequest, "missing '\(key)'") }
            return nil
        }
        guard case .string(let s) = v else { throw ActionError(.invalidRequest, "'\(key)' must be a string") }
        return s
    }

    static func strings(_ o: [String: JSONValue], _ key: String, required: Bool = false) throws(ActionError) -> [String]? {
        guard let v = member(o, key), v != .null else {
            if required { throw ActionError(.invalidRequest, "missing '\(key)'") }
            return nil
        }
        guard case .array(let items) = v else { throw ActionError(.invalidRequest, "'\(key)' must be an array of strings") }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw ActionError(.invalidRequest, "'\(key)' must be an array of strings") }
            out.append(s)
        }
        return out
    }

    static func int(_ o: [String: JSONValue], _ key: String, required: Bool = false) throws(ActionError) -> Int? {
        guard let v = member(o, key), v != .null else {
            if required { throw ActionError(.invalidRequest, "missing '\(key)'") }
            return nil
        }
        guard case .number(let n) = v, n.isFinite, n == n.rounded() else {
            throw ActionError(.invalidRequest, "'\(key)' must be an integer")
        }
        // Integers a double holds exactly; what they mean (a version, an index) is checked later.
        guard abs(n) <= 9_007_199_254_740_992 else {
            throw ActionError(.invalidRequest, "'\(key)' is out of range (at most 2^53 in size)")
        }
        return Int(n)
    }

    static func requiredBool(_ o: [String: JSONValue], _ key: String) throws(ActionError) -> Bool {
        guard let b = try bool(o, key) else { throw ActionError(.invalidRequest, "missing '\(key)' (true or false)") }
        return b
    }

    static func bool(_ o: [String: JSONValue], _ key: String) throws(ActionError) -> Bool? {
        guard let v = member(o, key), v != .null else { return nil }
        guard case .bool(let b) = v else { throw ActionError(.invalidRequest, "'\(key)' must be true or false") }
        return b
    }

    static func enumValue<E: RawRepresentable>(_ o: [String: JSONValue], _ key: String, _: E.Type) throws(ActionError) -> E? where E.RawValue == String {
        guard let raw = try string(o, key) else { return nil }
        guard let value = E(rawValue: raw) else { throw ActionError(.invalidRequest, "'\(key)' has an unknown value '\(raw)'") }
        return value
    }
}
