import Foundation
import SegueCore

/// JSON request bodies into core actions (CONTRACT §3), with a coded 400 for anything off.
enum ActionDecoding {
    /// Parses a JSON object body. Empty bodies are `[:]` when `allowEmpty`.
    static func object(_ body: [UInt8], allowEmpty: Bool = false) throws(ActionError) -> [String: Any] {
        if body.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
            if allowEmpty { return [:] }
            throw ActionError(.malformedJSON, "the request body is empty; send a JSON object")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(body), options: [])
        } catch {
            throw ActionError(.malformedJSON, "the request body is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw ActionError(.malformedJSON, "the request body must be a JSON object")
        }
        return object
    }

    struct Decoded {
        var action: Action
        var animated: Bool
    }

    static func action(_ o: [String: Any]) throws(ActionError) -> Decoded {
        let name = try string(o, "action", required: true)!
        let animated = try bool(o, "animated") ?? true
        let action: Action
        switch name {
        case "tap":
            action = .tap(element: try string(o, "element", required: true)!, values: try values(o["values"]))
        case "performSegue":
            action = .performSegue(identifier: try string(o, "identifier", required: true)!, controller: try string(o, "controller"))
        case "push":
            action = .push(scene: try string(o, "scene", required: true)!, navigationController: try string(o, "navigationController"))
        case "pop":
            action = .pop(navigationController: try string(o, "navigationController"))
        case "popToRoot":
            action = .popToRoot(navigationController: try string(o, "navigationController"))
        case "popTo":
            action = .popTo(controller: try string(o, "controller", required: true)!, navigationController: try string(o, "navigationController"))
        case "present":
            action = .present(
                scene: try string(o, "scene", required: true)!,
                style: try enumValue(o, "modalPresentationStyle", ModalPresentationStyle.self),
                transitionStyle: try enumValue(o, "modalTransitionStyle", ModalTransitionStyle.self),
                controller: try string(o, "controller"))
        case "dismiss":
            action = .dismiss(controller: try string(o, "controller"))
        case "selectTab":
            action = .selectTab(index: try int(o, "index", required: true)!, controller: try string(o, "controller"))
        case "moveTab":
            action = .moveTab(from: try int(o, "from", required: true)!, to: try int(o, "to", required: true)!,
                              controller: try string(o, "controller"))
        case "setTraits":
            action = .setTraits(try traits(o["traits"], required: true)!)
        case "turnPage":
            let direction = try string(o, "direction") ?? "forward"
            guard direction == "forward" || direction == "reverse" else {
                throw ActionError(.invalidRequest, "direction must be \"forward\" or \"reverse\"")
            }
            action = .turnPage(forward: direction == "forward", controller: try string(o, "controller"))
        case "showPage":
            action = .showPage(index: try int(o, "index", required: true)!, controller: try string(o, "controller"))
        case "memoryWarning":
            action = .memoryWarning
        case "setEditing":
            action = .setEditing(try bool(o, "editing") ?? true, controller: try string(o, "controller"))
        case "setValues":
            action = .setValues(try values(o["values"]))
        default:
            throw ActionError(.unknownAction, "unknown action '\(name)'; expected one of tap, performSegue, push, pop, popToRoot, popTo, present, dismiss, selectTab, moveTab, setTraits, turnPage, showPage, memoryWarning, setEditing, setValues")
        }
        return Decoded(action: action, animated: animated)
    }

    static func traits(_ value: Any?, required: Bool) throws(ActionError) -> Traits? {
        guard let value else {
            if required { throw ActionError(.invalidRequest, "missing 'traits' {\"width\": W, \"height\": H}") }
            return nil
        }
        guard let t = value as? [String: Any], let w = t["width"] as? NSNumber, let h = t["height"] as? NSNumber,
              w.doubleValue >= 1, h.doubleValue >= 1, w.doubleValue <= 100_000, h.doubleValue <= 100_000 else {
            throw ActionError(.invalidRequest, "'traits' must be {\"width\": W, \"height\": H} with positive sizes")
        }
        return Traits(width: w.intValue, height: h.intValue)
    }

    static func values(_ value: Any?) throws(ActionError) -> [String: FieldValue] {
        guard let value else { return [:] }
        guard let map = value as? [String: Any] else { throw ActionError(.invalidRequest, "'values' must be an object of element id to string or boolean") }
        var out: [String: FieldValue] = [:]
        for (k, v) in map {
            if let s = v as? String { out[k] = .text(s) }
            else if let n = v as? NSNumber, isJSONBoolean(n) { out[k] = .bool(n.boolValue) }
            else { throw ActionError(.invalidRequest, "value of '\(k)' must be a string or a boolean") }
        }
        return out
    }

    static func string(_ o: [String: Any], _ key: String, required: Bool = false) throws(ActionError) -> String? {
        guard let v = o[key], !(v is NSNull) else {
            if required { throw ActionError(.invalidRequest, "missing '\(key)'") }
            return nil
        }
        guard let s = v as? String else { throw ActionError(.invalidRequest, "'\(key)' must be a string") }
        return s
    }

    /// JSONSerialization hands back `true`/`false` and the numbers 0/1 all as NSNumber, and on
    /// Linux `is Bool` holds for all four; only the JSON literals have the `char` type code.
    static func isJSONBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c"
    }

    static func int(_ o: [String: Any], _ key: String, required: Bool = false) throws(ActionError) -> Int? {
        guard let v = o[key], !(v is NSNull) else {
            if required { throw ActionError(.invalidRequest, "missing '\(key)'") }
            return nil
        }
        guard let n = v as? NSNumber, !isJSONBoolean(n), n.doubleValue == n.doubleValue.rounded(), abs(n.doubleValue) < 1e9 else {
            throw ActionError(.invalidRequest, "'\(key)' must be an integer")
        }
        return n.intValue
    }

    static func bool(_ o: [String: Any], _ key: String) throws(ActionError) -> Bool? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let n = v as? NSNumber, isJSONBoolean(n), let b = v as? Bool else { throw ActionError(.invalidRequest, "'\(key)' must be true or false") }
        return b
    }

    static func enumValue<E: RawRepresentable>(_ o: [String: Any], _ key: String, _: E.Type) throws(ActionError) -> E? where E.RawValue == String {
        guard let raw = try string(o, key) else { return nil }
        guard let value = E(rawValue: raw) else { throw ActionError(.invalidRequest, "'\(key)' has an unknown value '\(raw)'") }
        return value
    }
}
