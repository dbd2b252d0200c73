/// Bar button items an Objective-C method makes with `self` as their target
/// (`[[UIBarButtonItem alloc] initWithTitle:@"Cancel" style:… target:self action:@selector(cancel:)]`),
/// and where it puts them: `self.navigationItem.leftBarButtonItem = …`, `toolbarItems = @[…]`,
/// `[self setToolbarItems:…]`, directly or through a local bound to the item.
extension ObjCBodyScanner {
    /// The item a send makes, when it is `[[UIBarButtonItem alloc] init…target:self action:@selector(…)]`.
    /// `bindings`: the method's locals, which the item's image may be held in.
    static func barItem(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr], line: Int,
                        bindings: [String: ObjCExpr] = [:]) -> CodeBarItem? {
        guard case .send(.identifier("UIBarButtonItem"), "alloc", _) = receiver else { return nil }
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func argument(_ part: String) -> ObjCExpr? {
            guard let k = parts.firstIndex(where: { $0 == part || $0.hasSuffix(part.prefix(1).uppercased() + part.dropFirst()) }),
                  k < args.count else { return nil }
            return args[k]
        }
        guard argument("target") == .identifier("self"), case .call("@selector", let named)? = argument("action"),
              case .identifier(let action)? = named.first else { return nil }
        var item = CodeBarItem(action: action, line: line)
        switch argument("title") {
        case .string(let text)?: item.title = text
        case .call("NSLocalizedString", let words)?:
            if case .string(let text)? = words.first { item.title = text }
        default: break
        }
        item.image = argument("image").flatMap { imageName($0, bindings: bindings) }
        if case .identifier(let constant)? = argument("barButtonSystemItem"), constant.hasPrefix("UIBarButtonSystemItem") {
            let name = constant.dropFirst("UIBarButtonSystemItem".count)
            item.systemItem = (name.first?.lowercased() ?? "") + name.dropFirst()
        }
        return item
    }

    /// The name of `[UIImage imageNamed:@"x"]` (or `systemImageNamed:`, under
    /// `imageWithRenderingMode:`), written there or held in a local.
    static func imageName(_ expr: ObjCExpr, bindings: [String: ObjCExpr], depth: Int = 0) -> String? {
        guard depth < 4 else { return nil }
        switch expr {
        case .send(.identifier("UIImage"), let selector, let args) where selector.hasPrefix("imageNamed") || selector.hasPrefix("systemImageNamed"):
            if case .string(let name)? = args.first { return name }
            return nil
        case .send(let image, let selector, _) where selector.hasPrefix("imageWithRenderingMode"):
            return imageName(image, bindings: bindings, depth: depth + 1)
        case .identifier(let name):
            return bindings[name].flatMap { imageName($0, bindings: bindings, depth: depth + 1) }
        default:
            return nil
        }
    }

    /// The slot a property or setter names (`leftBarButtonItem`, `setToolbarItems:animated:`).
    static func barSlot(_ name: String) -> CodeBarItem.Slot? {
        switch name.split(separator: ":").first.map(String.init) ?? name {
        case "leftBarButtonItem", "leftBarButtonItems", "setLeftBarButtonItem", "setLeftBarButtonItems": .left
        case "rightBarButtonItem", "rightBarButtonItems", "setRightBarButtonItem", "setRightBarButtonItems": .right
        case "toolbarItems", "setToolbarItems": .toolbar
        default: nil
        }
    }

    /// Records the item a send makes.
    mutating func readBarItem(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr], line: Int) {
        if let item = Self.barItem(receiver, selector, args, line: line, bindings: bindings),
           !barItems.contains(where: { $0.line == item.line && $0.action == item.action }) {
            barItems.append(item)
        }
        if selector.hasPrefix("set"), let slot = Self.barSlot(selector), let first = args.first { place(first, in: slot) }
    }

    /// The items a value holds (the send itself, an array's, a local's) go to `slot`.
    mutating func place(_ value: ObjCExpr, in slot: CodeBarItem.Slot, depth: Int = 0) {
        guard depth < 4 else { return }
        switch value {
        case .send(let receiver, let selector, let args):
            guard let item = Self.barItem(receiver, selector, args, line: 0) else { return }
            for k in barItems.indices where barItems[k].action == item.action { barItems[k].slot = slot }
        case .identifier(let name):
            if let bound = bindings[name] { place(bound, in: slot, depth: depth + 1) }
        case .array(let items):
            for item in items { place(item, in: slot, depth: depth + 1) }
        default:
            break
        }
    }
}
