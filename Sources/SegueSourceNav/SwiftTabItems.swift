import SwiftSyntax

/// The bar item a Swift method gives a tab before listing it: `home.tabBarItem.title = "Home"`,
/// `home.tabBarItem.image = UIImage(systemName: "house")`, `home.tabBarItem = UITabBarItem(title:
/// "Home", image: UIImage(named: "home"), selectedImage: …)`, or `home.title = "Home"` (a
/// controller's title is its tab's too). Literal strings only.
enum SwiftTabItems {
    /// Records the assignment `lhs = rhs` into `items` (keyed by the local it is made on).
    static func record(_ lhs: MemberAccessExprSyntax, _ rhs: ExprSyntax, into items: inout [String: CodeTabItem]) {
        let field = lhs.declName.baseName.text
        guard let base = lhs.base.map(SwiftExpr.unwrapped) else { return }
        if field == "title", let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if items[owner, default: CodeTabItem()].title == nil { items[owner, default: CodeTabItem()].title = literal(rhs) }
            return
        }
        if field == "tabBarItem", let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let call = SwiftExpr.unwrapped(rhs).as(FunctionCallExprSyntax.self), SwiftExpr.callee(call).0 == "UITabBarItem" {
            var item = CodeTabItem()
            for argument in call.arguments {
                switch argument.label?.text {
                case "title": item.title = literal(argument.expression)
                case "image": item.image = imageName(argument.expression)
                case "selectedImage": item.selectedImage = imageName(argument.expression)
                default: break
                }
            }
            items[owner] = item
            return
        }
        guard let item = base.as(MemberAccessExprSyntax.self), item.declName.baseName.text == "tabBarItem",
              let owner = item.base.map(SwiftExpr.unwrapped)?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return }
        switch field {
        case "title": items[owner, default: CodeTabItem()].title = literal(rhs)
        case "image": items[owner, default: CodeTabItem()].image = imageName(rhs)
        case "selectedImage": items[owner, default: CodeTabItem()].selectedImage = imageName(rhs)
        default: break
        }
    }

    static func literal(_ expr: ExprSyntax) -> String? {
        if case .literal(let text) = SwiftExpr.string(expr) { return text }
        return nil
    }

    /// `UIImage(systemName: "house")`, `UIImage(named: "home")` (with `!`, `?` or `.withRenderingMode(…)`).
    static func imageName(_ expr: ExprSyntax) -> String? {
        var e = SwiftExpr.unwrapped(expr)
        while let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, SwiftExpr.callee(call).0 != "UIImage" {
            e = SwiftExpr.unwrapped(base)
        }
        guard let call = e.as(FunctionCallExprSyntax.self), SwiftExpr.callee(call).0 == "UIImage",
              let first = call.arguments.first, ["systemName", "named"].contains(first.label?.text) else { return nil }
        return literal(first.expression)
    }
}
