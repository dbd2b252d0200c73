import SwiftSyntax

/// Menus a bar button item shows on its tap (iOS 14: `UIBarButtonItem(image:menu:)`,
/// `item.menu = UIMenu(…)`), read as the action sheets a person sees: `UIMenu(title:children:)`
/// with `UIAction(title:attributes:handler:)` children (a submenu's actions join its parent's).
/// The bar item's tap presents the menu's alert scene, and each action runs what its handler
/// does, as an alert action's handler runs. A menu made in place is named by its line
/// (`menu-LINE`, the bar item's action too); one a method returns (`menu: makeMenu()`) by
/// that method, which the bar item names as its action.
enum SwiftMenus {
    /// The bar item action of a menu made in place at `line`.
    static func action(line: Int) -> String { "menu-\(line)" }

    /// Whether `call` is `UIMenu(…)`.
    static func isMenu(_ call: FunctionCallExprSyntax) -> Bool {
        SwiftAlerts.isMade("UIMenu", by: call)
    }

    /// The action sheet a `UIMenu(…)` shows: its title, and its actions and its submenus' in order.
    static func sheet(_ call: FunctionCallExprSyntax, converter: SourceLocationConverter, bound: (String) -> ExprSyntax?,
                      text: (ExprSyntax) -> StringValue?) -> CodeAlert? {
        var alert = CodeAlert(title: nil, message: nil, isActionSheet: true)
        alert.title = call.arguments.first { $0.label?.text == "title" }.flatMap { text($0.expression) }
        collect(call, into: &alert, converter: converter, bound: bound, text: text, depth: 0)
        return alert.actions.isEmpty ? nil : alert
    }

    private static func collect(_ menu: FunctionCallExprSyntax, into alert: inout CodeAlert, converter: SourceLocationConverter,
                                bound: (String) -> ExprSyntax?, text: (ExprSyntax) -> StringValue?, depth: Int) {
        guard depth < 4, var children = menu.arguments.first(where: { $0.label?.text == "children" })?.expression else { return }
        if let name = SwiftExpr.unwrapped(children).as(DeclReferenceExprSyntax.self)?.baseName.text, let value = bound(name) { children = value }
        guard let list = SwiftExpr.unwrapped(children).as(ArrayExprSyntax.self) else { return }
        for element in list.elements where alert.actions.count < CodeAlert.limit {
            guard let call = SwiftExpr.unwrapped(element.expression).as(FunctionCallExprSyntax.self) else { continue }
            if isMenu(call) {
                collect(call, into: &alert, converter: converter, bound: bound, text: text, depth: depth + 1)
            } else if SwiftAlerts.isMade("UIAction", by: call), let action = SwiftAlerts.action(ExprSyntax(call), converter: converter, text: text) {
                alert.actions.append(action)
            }
        }
    }

    /// The bar item action a `UIBarButtonItem(…, menu: M)` argument names: `menu-LINE` for a menu
    /// made there (or by a local), the method's name for one a method returns.
    static func itemAction(_ menu: ExprSyntax, converter: SourceLocationConverter, bound: (String) -> ExprSyntax?) -> String? {
        var value = SwiftExpr.unwrapped(menu)
        if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let held = bound(name) { value = SwiftExpr.unwrapped(held) }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        if isMenu(call) { return action(line: converter.location(for: call.positionAfterSkippingLeadingTrivia).line) }
        let (name, base) = SwiftExpr.callee(call)
        return SwiftExpr.isSelf(base) && name.first?.isLowercase == true ? name : nil
    }

    /// Where a `UIMenu(…)` call is shown from.
    enum Place: Equatable {
        /// A bar item's `menu:` argument, or a `….menu = ` value.
        case inPlace
        /// The method's return value.
        case returned
        /// A local's value (`let menu = UIMenu(…)`), shown where the local is.
        case local(String)
    }

    /// Where a `UIMenu(…)` call is shown from; nil for a context menu's
    /// (`UIContextMenuConfiguration`), a submenu, or another call's argument.
    static func place(of call: FunctionCallExprSyntax) -> Place? {
        var node: Syntax? = Syntax(call).parent
        var steps = 0
        while let current = node, steps < 12 {
            if let argument = current.as(LabeledExprSyntax.self), argument.label?.text == "menu",
               let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
                return SwiftExpr.callee(owner).0 == "UIBarButtonItem" ? .inPlace : nil
            }
            if current.is(FunctionCallExprSyntax.self) || current.is(ClosureExprSyntax.self) { return nil }
            if let sequence = current.as(SequenceExprSyntax.self) {
                let parts = Array(sequence.elements)
                let assigned = parts.count == 3 && parts[1].is(AssignmentExprSyntax.self)
                    && parts[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "menu"
                return assigned ? .inPlace : nil
            }
            if let binding = current.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self).map { .local($0.identifier.text) }
            }
            if current.is(ReturnStmtSyntax.self) { return .returned }
            if current.is(CodeBlockItemSyntax.self) {
                // A body of one expression returns it.
                return current.parent?.parent?.parent?.is(FunctionDeclSyntax.self) == true ? .returned : nil
            }
            node = current.parent
            steps += 1
        }
        return nil
    }
}
