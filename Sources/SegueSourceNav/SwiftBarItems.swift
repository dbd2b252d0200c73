import SwiftSyntax

/// Bar button items a Swift method makes with `self` as their target
/// (`UIBarButtonItem(title: "Cancel", style: .plain, target: self, action: #selector(cancel))`),
/// and where it puts them: `navigationItem.leftBarButtonItem = …`, `rightBarButtonItems = […]`,
/// `toolbarItems = […]`, `setToolbarItems(…)`, directly or through a name (a local, a lazy
/// property) bound to the item.
enum SwiftBarItems {
    /// The item `call` makes, when it is a `UIBarButtonItem` whose target is `self` and whose
    /// action is a `#selector`.
    static func item(_ call: FunctionCallExprSyntax, line: Int, converter: SourceLocationConverter,
                     bound: (String) -> ExprSyntax?) -> CodeBarItem? {
        guard SwiftExpr.callee(call).0 == "UIBarButtonItem" else { return nil }
        let args = Array(call.arguments)
        func argument(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let targeted = argument("target").map { SwiftExpr.unwrapped($0).as(DeclReferenceExprSyntax.self)?.baseName.text == "self" } ?? false
        // A menu's item (`UIBarButtonItem(image:menu:)`): its tap shows the menu (``SwiftMenus``).
        let menuAction = argument("menu").flatMap { SwiftMenus.itemAction($0, converter: converter, bound: bound) }
        guard let action = menuAction ?? (targeted ? argument("action").flatMap(selectorName) : nil) else { return nil }
        var item = CodeBarItem(action: action, line: line)
        item.title = argument("title").flatMap(SwiftTabItems.literal)
        item.image = argument("image").flatMap(SwiftTabItems.imageName)
        item.systemItem = argument("barButtonSystemItem")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return item
    }

    /// `#selector(close)`, `#selector(close(_:))`, `#selector(Self.close)` → `close`.
    static func selectorName(_ expr: ExprSyntax) -> String? {
        guard let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
              let only = macro.arguments.first, only.label == nil else { return nil }
        let named = SwiftExpr.unwrapped(only.expression)
        if let ref = named.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        return named.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The slot a property or setter names (`leftBarButtonItem`, `setToolbarItems`); nil for others.
    static func slot(_ name: String) -> CodeBarItem.Slot? {
        switch name {
        case "leftBarButtonItem", "leftBarButtonItems", "setLeftBarButton", "setLeftBarButtonItems": .left
        case "rightBarButtonItem", "rightBarButtonItems", "setRightBarButton", "setRightBarButtonItems": .right
        case "toolbarItems", "setToolbarItems": .toolbar
        default: nil
        }
    }

    /// The slot an assignment's left side names (`navigationItem.leftBarButtonItem`, `toolbarItems`).
    static func slot(of target: ExprSyntax) -> CodeBarItem.Slot? {
        if let member = target.as(MemberAccessExprSyntax.self) { return slot(member.declName.baseName.text) }
        return target.as(DeclReferenceExprSyntax.self).flatMap { slot($0.baseName.text) }
    }

    /// The `UIBarButtonItem(…)` calls a value holds: itself, in an array or either branch of a
    /// condition, or bound to a name it uses (one level: a local or a property).
    static func calls(in value: ExprSyntax, bindings: [String: ExprSyntax]) -> [FunctionCallExprSyntax] {
        let direct = CallCollector(viewMode: .sourceAccurate)
        direct.walk(value)
        var found = direct.calls
        for name in direct.names {
            guard let bound = bindings[name] else { continue }
            let inner = CallCollector(viewMode: .sourceAccurate)
            inner.walk(bound)
            found += inner.calls
        }
        return found
    }

    private final class CallCollector: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        var names: [String] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if SwiftExpr.callee(node).0 == "UIBarButtonItem" { calls.append(node) }
            return .visitChildren
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            names.append(node.baseName.text)
            return .visitChildren
        }
    }
}

extension SwiftBodyScanner {
    /// Records the item a call makes, and places the items a slot's setter is given.
    func readBarItems(_ call: FunctionCallExprSyntax, name: String, line: Int) {
        if let item = SwiftBarItems.item(call, line: line, converter: converter, bound: { self.bindings[$0] }) { addBarItem(item) }
        if name.hasPrefix("set"), let slot = SwiftBarItems.slot(name), let first = call.arguments.first?.expression {
            place(first, in: slot)
        }
    }

    /// `….leftBarButtonItem = value` and the like: the items the value holds go there.
    func place(_ value: ExprSyntax, in slot: CodeBarItem.Slot) {
        for call in SwiftBarItems.calls(in: value, bindings: bindings) {
            let line = converter.location(for: call.positionAfterSkippingLeadingTrivia).line
            guard var item = SwiftBarItems.item(call, line: line, converter: converter, bound: { self.bindings[$0] }) else { continue }
            item.slot = slot
            addBarItem(item)
        }
    }

    /// One item per line: a later placement says where it goes.
    private func addBarItem(_ item: CodeBarItem) {
        if let k = barItems.firstIndex(where: { $0.line == item.line && $0.action == item.action }) {
            if item.slot != .right { barItems[k].slot = item.slot }
        } else {
            barItems.append(item)
        }
    }
}
