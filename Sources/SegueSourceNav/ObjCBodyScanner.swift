import SegueCore

/// An Objective-C expression, as far as navigation needs it.
indirect enum ObjCExpr: Hashable {
    /// `[receiver selector:args…]`.
    case send(ObjCExpr, String, [ObjCExpr])
    case identifier(String)
    /// `base.name`.
    case member(ObjCExpr, String)
    /// `function(args…)`.
    case call(String, [ObjCExpr])
    case string(String)
    case number(Int)
    case array([ObjCExpr])
    case other
}

/// Scans one method body (blocks included), in source order: bindings (`X *vc = …;`,
/// `vc = …;`), navigation sends, styles and tab indexes set with literals, and sends to `self`.
struct ObjCBodyScanner {
    let tokens: [ObjCToken]
    var bindings: [String: ObjCExpr] = [:]
    /// A container the method made (a local) → the controller it put into it (``ContainerChild``).
    var children: [String: ControllerExpr] = [:]
    var styles: [String: ModalPresentationStyle] = [:]
    var calls: [NavigationCall] = []
    var mayReturnTrue = false
    var invokes: [String] = []
    var handOffs: [HandOff] = []
    var initCalls: [InitCall] = []
    var returns: [ControllerExpr] = []
    var nibLoads: [NibLoad] = []
    var assigned: [String: ControllerExpr] = [:]
    var barItems: [CodeBarItem] = []
    var outletActions: [OutletAction] = []
    /// The titles the method sets (``MethodFacts/setsTitle``).
    var title: String?
    var navigationTitle: String?
    /// Alerts and alert actions the method makes (``ObjCExpr`` `@alert(N)`, `@alertAction(N)`),
    /// the actions whose handler blocks enclose the token read, and what those handlers call.
    var madeAlerts: [CodeAlert] = []
    var madeActions: [CodeAlert.Action] = []
    var handlers: [String] = []
    var handlerInvokes: [String: [String]] = [:]
    /// The names the method declares (`UIWindow *window = …`), not instance variables it sets.
    var declaredLocals: Set<String> = []
    /// The method's parameters' names, in order.
    let parameters: [String]
    /// A bound on the work one body can cause (nested expressions, blocks).
    private var budget = 200_000

    init(tokens: [ObjCToken], parameters: [String] = []) {
        self.tokens = Self.selfAliasesResolved(tokens)
        self.parameters = parameters
    }

    /// `tokens` with the names blocks use for `self` written as `self`: `__weak typeof(self)
    /// weakSelf = self;`, `__strong typeof(weakSelf) strongSelf = weakSelf;`, `__block
    /// MyController *blockSelf = self;`. A block's `[weakSelf.navigationController push…]` is the
    /// controller's own navigation.
    static func selfAliasesResolved(_ tokens: [ObjCToken]) -> [ObjCToken] {
        var aliases: Set<String> = []
        var out = tokens
        for k in out.indices where out[k].kind == .identifier {
            let name = out[k].text
            // A declaration (after its type: `*`, `typeof(self)`, `id`), not `x.delegate = self;`.
            let declares = k > 0 && (out[k - 1].text == "*" || out[k - 1].text == ")" || out[k - 1].kind == .identifier)
            if declares, k + 3 < out.count, out[k + 1].text == "=", out[k + 3].text == ";", name != "self",
               out[k + 2].text == "self" || aliases.contains(out[k + 2].text) {
                aliases.insert(name)
                continue
            }
            if aliases.contains(name), !(k + 1 < out.count && out[k + 1].text == "=") { out[k].text = "self" }
        }
        return out
    }

    func text(_ k: Int) -> String { k < tokens.count ? tokens[k].text : "" }
    func isIdentifier(_ k: Int) -> Bool { k < tokens.count && tokens[k].kind == .identifier }

    /// Statements of `start..<end`.
    mutating func scan(_ start: Int, _ end: Int) {
        var i = start
        while i < end, budget > 0 {
            budget -= 1
            // `return YES`, `return [secondary isKindOfClass:…]`: the method can give true.
            if text(i) == "return", !["NO", "false", "nil", "0", ";"].contains(text(i + 1)) { mayReturnTrue = true }
            if isIdentifier(i), let (chain, afterChain) = lhsChain(i, end), text(afterChain) == "=" {
                var k = afterChain + 1
                let value = expression(&k, end)
                // `Type *name = …` (or `id name = …`) declares a local; `name = …` sets an ivar.
                assign(chain, value, line: tokens[i].line, declaring: i > 0 && (text(i - 1) == "*" || isIdentifier(i - 1)))
                i = max(k, i + 1)
            } else if text(i) == "return", text(i + 1) == "YES" || text(i + 1) == "true" {
                i += 2
            } else if text(i) == "return", isIdentifier(i) {
                var k = i + 1
                let value = expression(&k, end)
                returns.append(controller(value))
                i = max(k, i + 1)
            } else if text(i) == "[" || text(i) == "^" {
                var k = i
                _ = expression(&k, end)
                i = max(k, i + 1)
            } else {
                i += 1
            }
        }
    }

    /// `a.b.c` from an identifier: the names and the index after them.
    func lhsChain(_ start: Int, _ end: Int) -> ([String], Int)? {
        var names = [text(start)]
        var k = start + 1
        while k + 1 < end, text(k) == ".", isIdentifier(k + 1) {
            names.append(text(k + 1))
            k += 2
        }
        return (names, k)
    }

    // MARK: - Expressions

    mutating func expression(_ i: inout Int, _ end: Int) -> ObjCExpr {
        budget -= 1
        guard i < end, budget > 0 else { return .other }
        var value = primary(&i, end)
        while i < end, text(i) == ".", isIdentifier(i + 1) {
            value = .member(value, text(i + 1))
            i += 2
        }
        return value
    }

    private mutating func primary(_ i: inout Int, _ end: Int) -> ObjCExpr {
        let t = tokens[i]
        switch (t.kind, t.text) {
        case (.punctuation, "["): return send(&i, end)
        case (.punctuation, "^"): return block(&i, end)
        case (.punctuation, "@["): return arrayLiteral(&i, end)
        case (.punctuation, "("): return parenthesized(&i, end)
        case (.atKeyword, "selector") where text(i + 1) == "(":
            // `@selector(name:other:)`: the method's base name.
            let name = isIdentifier(i + 2) ? text(i + 2) : ""
            i = skipBalanced(i + 1, end)
            return .call("@selector", [.identifier(name)])
        case (.punctuation, "@{"), (.punctuation, "@("):
            i = skipBalanced(i, end)
            return .other
        case (.string, _):
            var s = ""
            while i < end, tokens[i].kind == .string { s += tokens[i].text; i += 1 }
            return .string(s)
        case (.number, _):
            i += 1
            return .number(Int(t.text) ?? 0)
        case (.identifier, _):
            i += 1
            if text(i) == "(" {
                let args = arguments(&i, end, close: ")")
                return .call(t.text, args)
            }
            return .identifier(t.text)
        default:
            i += 1
            return .other
        }
    }

    /// `[receiver sel:arg sel2:arg2]`: the navigation it performs is recorded as it is read.
    private mutating func send(_ i: inout Int, _ end: Int) -> ObjCExpr {
        let line = tokens[i].line
        i += 1
        let receiver = expression(&i, end)
        // An alert action's handler block runs when a person chooses the action.
        let handler = receiver == .identifier("UIAlertAction") && text(i) == "actionWithTitle" ? "\(line):\(i)" : nil
        if let handler { handlers.append(handler) }
        var parts: [String] = []
        var args: [ObjCExpr] = []
        while i < end, text(i) != "]", budget > 0 {
            budget -= 1
            if isIdentifier(i), text(i + 1) == ":" {
                parts.append(text(i) + ":")
                i += 2
                args.append(expression(&i, end))
                // A variadic argument list (`arrayWithObjects:a, b, nil`).
                while i < end, text(i) == ",", budget > 0 {
                    budget -= 1
                    i += 1
                    args.append(expression(&i, end))
                }
            } else if isIdentifier(i), parts.isEmpty {
                parts.append(text(i))
                i += 1
            } else if text(i) == ":" {
                parts.append(":")
                i += 1
                args.append(expression(&i, end))
            } else if text(i) == "[" || text(i) == "^" {
                _ = expression(&i, end)
            } else if text(i) == "(" || text(i) == "@[" || text(i) == "@{" || text(i) == "@(" {
                i = skipBalanced(i, end)
            } else {
                i += 1
            }
        }
        if i < end { i += 1 }
        if handler != nil { handlers.removeLast() }
        if let made = madeAlertValue(receiver, parts.joined(), args, line: line, key: handler) { return made }
        // `[NSArray arrayWithObjects:a, b, nil]` is the array `@[a, b]`.
        if case .identifier(let cls) = receiver, cls == "NSArray" || cls == "NSMutableArray",
           ["arrayWithObjects:", "arrayWithObject:"].contains(parts.joined()) {
            return .array(args.filter { $0 != .identifier("nil") })
        }
        let value = ObjCExpr.send(receiver, parts.joined(), args)
        navigation(value, line: line)
        return value
    }

    private mutating func block(_ i: inout Int, _ end: Int) -> ObjCExpr {
        var k = i + 1
        while k < end, text(k) != "{" {
            if text(k) == "(" { k = skipBalanced(k, end); continue }
            k += 1
        }
        guard k < end else { i = k; return .other }
        let close = skipBalanced(k, end)
        scan(k + 1, close - 1)
        i = close
        return .other
    }

    private mutating func arrayLiteral(_ i: inout Int, _ end: Int) -> ObjCExpr {
        .array(arguments(&i, end, close: "]"))
    }

    /// Comma-separated expressions from an opening token to `close`.
    private mutating func arguments(_ i: inout Int, _ end: Int, close: String) -> [ObjCExpr] {
        i += 1
        var items: [ObjCExpr] = []
        while i < end, text(i) != close, budget > 0 {
            budget -= 1
            if text(i) == "," { i += 1; continue }
            let before = i
            items.append(expression(&i, end))
            // Skip the rest of a compound argument (`a + b`, `x ? y : z`).
            while i < end, text(i) != ",", text(i) != close {
                if text(i) == "(" || text(i) == "[" || text(i) == "@[" || text(i) == "@{" || text(i) == "@(" { i = skipBalanced(i, end) } else { i += 1 }
            }
            if i == before { i += 1 }
        }
        if i < end { i += 1 }
        return items
    }

    /// A cast `(Type *)expr` is skipped to its operand; else the parenthesized expression.
    private mutating func parenthesized(_ i: inout Int, _ end: Int) -> ObjCExpr {
        var k = i + 1
        var isCast = true
        while k < end, text(k) != ")" {
            if !(isIdentifier(k) || ["*", "<", ">", ","].contains(text(k))) { isCast = false; break }
            k += 1
        }
        if isCast, k < end, k > i + 1 {
            i = k + 1
            return expression(&i, end)
        }
        i += 1
        let inner = expression(&i, end)
        while i < end, text(i) != ")" {
            if text(i) == "(" || text(i) == "[" { i = skipBalanced(i, end) } else { i += 1 }
        }
        if i < end { i += 1 }
        return inner
    }

    /// The index after the group opened at `start`.
    func skipBalanced(_ start: Int, _ end: Int) -> Int {
        var depth = 0
        var k = start
        while k < end {
            switch text(k) {
            case "(", "[", "{", "@[", "@{", "@(": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            k += 1
            if depth <= 0 { return k }
        }
        return end
    }
}
