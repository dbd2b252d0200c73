extension ObjCBodyScanner {
    /// `[self.loginButton addTarget:self action:@selector(login:) forControlEvents:…]` and
    /// `[photo addGestureRecognizer:[[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(open:)]]`
    /// on an outlet (`self.name`, `_name`, or a name the method does not bind).
    mutating func readOutletAction(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr]) {
        let outlet: String
        switch receiver {
        case .member(.identifier("self"), let name): outlet = name
        case .identifier(let name) where name != "self" && bindings[name] == nil: outlet = name.hasPrefix("_") ? String(name.dropFirst()) : name
        default: return
        }
        var action: ObjCExpr?
        switch selector {
        case "addTarget:action:forControlEvents:" where args.first == .identifier("self") && args.count > 1:
            action = args[1]
        case "addGestureRecognizer:":
            var recognizer = args.first ?? .other
            if case .identifier(let name) = recognizer, let bound = bindings[name] { recognizer = bound }
            guard case .send(.send(_, "alloc", _), "initWithTarget:action:", let made) = recognizer, made.first == .identifier("self"), made.count > 1 else { return }
            action = made[1]
        default:
            return
        }
        guard case .call("@selector", let named)? = action, case .identifier(let method)? = named.first, outletActions.count < MethodFacts.limit else { return }
        outletActions.append(OutletAction(outlet: outlet, action: method))
    }
}
