import SwiftSyntax

/// The bar item a Swift method gives a tab before listing it: `home.tabBarItem.title = "Home"`,
/// `home.tabBarItem.image = UIImage(systemName: "house")`, `home.tabBarItem = UITabBarItem(title:
/// "Home", image: UIImage(named: "home"), selectedImage: …)`, or `home.title = "Home"` (a
/// controller's title is its tab's too). Literal strings (localized ones' keys), and in a helper
/// making a tab, the parameters a field is set from.
enum SwiftTabItems {
    /// Records the assignment `lhs = rhs` into `items` (keyed by the local it is made on).
    /// `parameters`: the method's, which a field may be set from (``CodeTabItem/parameters``).
    static func record(_ lhs: MemberAccessExprSyntax, _ rhs: ExprSyntax, parameters: [String] = [],
                       into items: inout [String: CodeTabItem]) {
        let field = lhs.declName.baseName.text
        guard let base = lhs.base.map(SwiftExpr.unwrapped) else { return }
        if field == "title", let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // A controller's title is its tab's unless the item has one.
            if items[owner]?.title == nil, items[owner]?.parameters.title == nil {
                set("title", of: &items[owner, default: CodeTabItem()], to: rhs, parameters: parameters)
            }
            return
        }
        if field == "tabBarItem", let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let call = SwiftExpr.unwrapped(rhs).as(FunctionCallExprSyntax.self), SwiftExpr.callee(call).0 == "UITabBarItem" {
            var item = CodeTabItem()
            for argument in call.arguments {
                if let label = argument.label?.text { set(label, of: &item, to: argument.expression, parameters: parameters) }
            }
            items[owner] = item
            return
        }
        guard let item = base.as(MemberAccessExprSyntax.self), item.declName.baseName.text == "tabBarItem",
              let owner = item.base.map(SwiftExpr.unwrapped)?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return }
        set(field, of: &items[owner, default: CodeTabItem()], to: rhs, parameters: parameters)
    }

    /// Sets `item`'s `field` (`title`, `image`, `selectedImage`; others are ignored) from `value`:
    /// its literal (an image's name for the images), or the parameter of `parameters` it names.
    static func set(_ field: String, of item: inout CodeTabItem, to value: ExprSyntax, parameters: [String]) {
        func parameter(_ e: ExprSyntax) -> Int? {
            SwiftExpr.unwrapped(e).as(DeclReferenceExprSyntax.self).flatMap { parameters.firstIndex(of: $0.baseName.text) }
        }
        let imageParameter = parameter(value) ?? imageArgument(value).flatMap(parameter)
        switch field {
        case "title": (item.title, item.parameters.title) = (literal(value), parameter(value))
        case "image": (item.image, item.parameters.image) = (imageName(value), imageParameter)
        case "selectedImage": (item.selectedImage, item.parameters.selectedImage) = (imageName(value), imageParameter)
        default: break
        }
    }

    /// A call's arguments as a tab's fields can use them: a string literal, an image's name
    /// (`UIImage(systemName: "house")`), nil for anything else.
    static func arguments(of expr: ExprSyntax) -> [String?] {
        guard let call = SwiftExpr.unwrapped(expr).as(FunctionCallExprSyntax.self) else { return [] }
        return call.arguments.map { literal($0.expression) ?? imageName($0.expression) }
    }

    /// The name argument of `UIImage(named: x)` / `UIImage(systemName: x)`, whatever it is.
    static func imageArgument(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let call = imageCall(expr), let first = call.arguments.first, ["systemName", "named"].contains(first.label?.text) else { return nil }
        return first.expression
    }

    /// A literal string, also as the key of a localized one: `"Home".localized` (any member
    /// named like `localized`), `NSLocalizedString("Home", comment: …)`, `String(localized: "Home")`.
    static func literal(_ expr: ExprSyntax) -> String? {
        let e = SwiftExpr.unwrapped(expr)
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text.lowercased().hasPrefix("locali"), let base = member.base {
            return literal(base)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let (name, base) = SwiftExpr.callee(call)
            if name == "NSLocalizedString" || (name == "String" && call.arguments.first?.label?.text == "localized")
                || (call.arguments.isEmpty && name.lowercased().hasPrefix("locali")),
               let key = call.arguments.first?.expression ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                return literal(key)
            }
            // An app's own localizing helper given the key: `String(localizationKey: "Done")`,
            // `String.localized("menu_settings")`, `LocalizedString.getValue("addVault.title")`.
            let named = [name, base?.trimmedDescription ?? "", call.arguments.first?.label?.text ?? ""].contains { $0.lowercased().contains("locali") }
            if named, let key = call.arguments.first?.expression, key.is(StringLiteralExprSyntax.self) { return literal(key) }
        }
        if case .literal(let text) = SwiftExpr.string(e) { return text }
        return nil
    }

    /// `UIImage(systemName: "house")`, `UIImage(named: "home")` (with `!`, `?` or `.withRenderingMode(…)`).
    static func imageName(_ expr: ExprSyntax) -> String? {
        imageArgument(expr).flatMap(literal)
    }

    /// `UIImage(…)` under `!`, `?` and calls on it (`.withRenderingMode(…)`).
    static func imageCall(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        var e = SwiftExpr.unwrapped(expr)
        while let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, SwiftExpr.callee(call).0 != "UIImage" {
            e = SwiftExpr.unwrapped(base)
        }
        guard let call = e.as(FunctionCallExprSyntax.self), SwiftExpr.callee(call).0 == "UIImage" else { return nil }
        return call
    }
}
