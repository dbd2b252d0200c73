/// Reading alerts in Objective-C: `[UIAlertController alertControllerWithTitle:message:
/// preferredStyle:]`, `[UIAlertAction actionWithTitle:style:handler:]` (its handler block's sends
/// run when the action is chosen), `[alert addAction:]`, `[alert addTextFieldWithConfigurationHandler:]`,
/// and presenting the alert. An alert or action the method makes reads as `@alert(N)` or
/// `@alertAction(N)`: the index of what ``ObjCBodyScanner/madeAlerts`` or `madeActions` holds.
extension ObjCBodyScanner {
    /// The value a send making an alert or an alert action stands for, after keeping what it makes.
    mutating func madeAlertValue(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr], line: Int, key: String?) -> ObjCExpr? {
        switch (receiver, selector) {
        case (.identifier("UIAlertController"), "alertControllerWithTitle:message:preferredStyle:") where args.count == 3:
            let sheet = args[2] == .identifier("UIAlertControllerStyleActionSheet")
            madeAlerts.append(CodeAlert(title: alertText(args[0]), message: alertText(args[1]), isActionSheet: sheet))
            return .call("@alert", [.number(madeAlerts.count - 1)])
        case (.identifier("UIAlertAction"), "actionWithTitle:style:handler:") where args.count == 3:
            let style: String = switch args[1] {
            case .identifier("UIAlertActionStyleCancel"): "cancel"
            case .identifier("UIAlertActionStyleDestructive"): "destructive"
            default: "default"
            }
            madeActions.append(CodeAlert.Action(title: alertText(args[0]), style: style, key: key ?? "\(line)"))
            return .call("@alertAction", [.number(madeActions.count - 1)])
        case (.send(.identifier("UIAlertView"), "alloc", _), let sel) where sel.hasPrefix("initWithTitle:message:delegate:cancelButtonTitle:") && args.count >= 4:
            // Before iOS 8: the cancel button, then the others (a list ending in nil).
            var alert = CodeAlert(title: alertText(args[0]), message: alertText(args[1]), isActionSheet: false)
            alert.actions = buttons(cancel: args[3], destructive: nil, others: Array(args.dropFirst(4)), line: line)
            madeAlerts.append(alert)
            return .call("@alert", [.number(madeAlerts.count - 1)])
        case (.send(.identifier("UIActionSheet"), "alloc", _), let sel)
            where sel.hasPrefix("initWithTitle:delegate:cancelButtonTitle:destructiveButtonTitle:") && args.count >= 4:
            var sheet = CodeAlert(title: alertText(args[0]), message: nil, isActionSheet: true)
            sheet.actions = buttons(cancel: args[2], destructive: args[3], others: Array(args.dropFirst(4)), line: line)
            madeAlerts.append(sheet)
            return .call("@alert", [.number(madeAlerts.count - 1)])
        default:
            return nil
        }
    }

    /// A `UIAlertView`'s or `UIActionSheet`'s buttons, in the order UIKit draws them: the
    /// destructive one first, the others, the cancel one last (`nil` titles are no buttons).
    func buttons(cancel: ObjCExpr, destructive: ObjCExpr?, others: [ObjCExpr], line: Int) -> [CodeAlert.Action] {
        var actions: [CodeAlert.Action] = []
        func add(_ title: ObjCExpr?, _ style: String) {
            guard let title, title != .identifier("nil"), actions.count < CodeAlert.limit else { return }
            actions.append(CodeAlert.Action(title: alertText(title), style: style, key: "\(line):button\(actions.count)"))
        }
        add(destructive, "destructive")
        for other in others { add(other, "default") }
        add(cancel, "cancel")
        return actions
    }

    /// The sends that show a `UIAlertView` or `UIActionSheet`.
    static let showsAlert: Set<String> = ["show", "showInView:", "showFromBarButtonItem:animated:", "showFromTabBar:",
                                          "showFromToolbar:", "showFromRect:inView:animated:"]

    /// Showing the `UIAlertView` or `UIActionSheet` the method made: presenting its alert.
    func shownAlert(_ receiver: ObjCExpr, line: Int) -> NavigationCall {
        var call = NavigationCall(action: .present, line: line, destination: .className("UIAlertController"))
        if let k = alertIndex(receiver) { call.alert = presentedAlert(k) }
        return call
    }

    /// An alert's text: a literal (a localized string's key), a local holding one, or a constant's
    /// name (`STR_CANCEL`, resolved against the app's `#define`s); nil for `nil` and other values.
    func alertText(_ expr: ObjCExpr, depth: Int = 0) -> StringValue? {
        if let literal = Self.text(expr) { return .literal(literal) }
        switch expr {
        case .identifier("nil"): return nil
        case .identifier(let name):
            if depth < 3, let bound = bindings[name] { return alertText(bound, depth: depth + 1) }
            return .symbol(name)
        case .member: return Self.string(expr)
        default: return nil
        }
    }

    /// `[alert addAction:…]` and `[alert addTextFieldWithConfigurationHandler:…]` on an alert the method made.
    mutating func readAlert(_ receiver: ObjCExpr, _ selector: String, _ first: ObjCExpr) {
        guard let k = alertIndex(receiver), madeAlerts[k].actions.count + madeAlerts[k].textFields.count < CodeAlert.limit else { return }
        switch selector {
        case "addAction:":
            if let j = made("@alertAction", first) { madeAlerts[k].actions.append(madeActions[j]) }
        case "addTextFieldWithConfigurationHandler:":
            madeAlerts[k].textFields.append(nil)
        default:
            break
        }
    }

    /// The alert an expression holds: made there, or bound to the local or `self.` property named.
    func alertIndex(_ expr: ObjCExpr) -> Int? { made("@alert", expr) }

    /// The index of what `expr` is (`@alert(N)` or `@alertAction(N)`), through up to four bindings.
    func made(_ kind: String, _ expr: ObjCExpr, depth: Int = 0) -> Int? {
        guard depth < 4 else { return nil }
        switch expr {
        case .call(kind, let args): if case .number(let k)? = args.first { return k } else { return nil }
        case .identifier(let name): return bindings[name].flatMap { made(kind, $0, depth: depth + 1) }
        case .member(.identifier("self"), let name): return bindings["self." + name].flatMap { made(kind, $0, depth: depth + 1) }
        default: return nil
        }
    }

    /// The alert at `k` as presented, with what its actions' handlers call.
    func presentedAlert(_ k: Int) -> CodeAlert {
        var alert = madeAlerts[k]
        for j in alert.actions.indices { alert.actions[j].invokes = handlerInvokes[alert.actions[j].key] ?? [] }
        return alert
    }
}
