import SwiftSyntax

/// Reading alerts in Swift: `UIAlertController(title:message:preferredStyle:)`, the actions
/// added to it (`addAction(UIAlertAction(title:style:handler:))`, inline or from a local), its
/// text fields, and which closures are an action's handler.
enum SwiftAlerts {
    /// The alert `expr` makes, if it is `UIAlertController(title:message:preferredStyle:)`; `text`
    /// reads its texts (a local holding one is followed by the scanner).
    static func alert(_ expr: ExprSyntax, text: (ExprSyntax) -> StringValue?) -> CodeAlert? {
        guard let call = SwiftExpr.unwrapped(expr).as(FunctionCallExprSyntax.self), makesAlert(call) else { return nil }
        var alert = CodeAlert(title: nil, message: nil, isActionSheet: false)
        for argument in call.arguments {
            switch argument.label?.text {
            case "title": alert.title = text(argument.expression)
            case "message": alert.message = text(argument.expression)
            case "preferredStyle": alert.isActionSheet = argument.expression.trimmedDescription.hasSuffix("actionSheet")
            default: break
            }
        }
        return alert
    }

    /// The action `expr` makes, if it is `UIAlertAction(title:style:handler:)`.
    static func action(_ expr: ExprSyntax, converter: SourceLocationConverter, text: (ExprSyntax) -> StringValue?) -> CodeAlert.Action? {
        if let member = SwiftExpr.unwrapped(expr).as(MemberAccessExprSyntax.self), member.base == nil {
            // A ready-made action of the app's (`addAction(.cancel)`): its name says what it is.
            let name = member.declName.baseName.text
            let key = "\(converter.location(for: member.positionAfterSkippingLeadingTrivia).line):\(name)"
            return CodeAlert.Action(title: .literal(name.prefix(1).uppercased() + name.dropFirst()), style: name == "cancel" ? "cancel" : "default", key: key)
        }
        guard let call = SwiftExpr.unwrapped(expr).as(FunctionCallExprSyntax.self) else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text != "init" {
            // A ready-made action a helper of the app's makes (`addAction(.cancel())`).
            return action(ExprSyntax(member), converter: converter, text: text)
        }
        guard makesAction(call) else { return nil }
        var title: StringValue?
        var style = "default"
        for argument in call.arguments {
            switch argument.label?.text {
            case "title": title = text(argument.expression)
            case "style", "attributes":
                let name = argument.expression.trimmedDescription
                style = ["cancel", "destructive"].first { name.contains($0) } ?? "default"
            default: break
            }
        }
        return CodeAlert.Action(title: title, style: style, key: key(of: call, converter: converter))
    }

    /// Where an action is made: its handler's navigation names it so.
    static func key(of call: FunctionCallExprSyntax, converter: SourceLocationConverter) -> String {
        let location = converter.location(for: call.positionAfterSkippingLeadingTrivia)
        return "\(location.line):\(location.column)"
    }

    /// The `UIAlertAction(…)` call whose handler `closure` is: its `handler:` argument or its
    /// trailing closure.
    static func handlerOwner(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id {
            return makesAction(call) ? call : nil
        }
        guard let argument = closure.parent?.as(LabeledExprSyntax.self), argument.label?.text == "handler",
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), makesAction(call) else { return nil }
        return call
    }

    /// `UIAlertController(title:message:preferredStyle:)`, or the same made by a subclass of the
    /// app's (`BeamAlertController(title:message:preferredStyle:)`).
    static func makesAlert(_ call: FunctionCallExprSyntax) -> Bool {
        if isMade("UIAlertController", by: call) { return true }
        let (name, base) = SwiftExpr.callee(call)
        let type = name == "init" ? base?.trimmedDescription ?? "" : base == nil ? name : ""
        return type.hasSuffix("AlertController") && call.arguments.contains { $0.label?.text == "preferredStyle" }
    }

    /// `UIAlertAction(title:style:handler:)`, or `.init(title:style:handler:)` handed to `addAction`.
    static func makesAction(_ call: FunctionCallExprSyntax) -> Bool {
        // (A menu's `UIAction(title:handler:)` is one too: its handler runs when it is chosen.)
        if isMade("UIAlertAction", by: call) || isMade("UIAction", by: call) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
              member.declName.baseName.text == "init",
              let added = call.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return SwiftExpr.callee(added).0 == "addAction"
    }

    /// The placeholder a text field's configuration closure sets (`$0.placeholder = "Name"`).
    static func placeholder(in call: FunctionCallExprSyntax) -> String? {
        let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        for item in closure?.statements ?? [] {
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
            let parts = Array(sequence.elements)
            if parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
               parts[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "placeholder" {
                return text(parts[2])
            }
        }
        return nil
    }

    /// The name `expr` holds a value in: a local (`alert`, `alert!`) or a property of `self`
    /// (`self.lockAlert!`).
    static func localOrProperty(_ expr: ExprSyntax) -> String? {
        let value = SwiftExpr.unwrapped(expr)
        if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text { return name }
        guard let member = value.as(MemberAccessExprSyntax.self), member.base != nil, SwiftExpr.isSelf(member.base) else { return nil }
        return member.declName.baseName.text
    }

    /// `Type(…)` or `Type.init(…)`.
    static func isMade(_ type: String, by call: FunctionCallExprSyntax) -> Bool {
        let (name, base) = SwiftExpr.callee(call)
        if name == type, base == nil { return true }
        return name == "init" && base?.trimmedDescription == type
    }

    /// A text as written: its literal (``text(_:)``), a local's value (`bound`, as the scanner
    /// holds it), else a constant's name to resolve (`Strings.cancel`, `kCancelTitle`); nil for
    /// `nil` and values only the running app knows.
    static func value(_ expr: ExprSyntax, bound: (String) -> ExprSyntax?, depth: Int = 0) -> StringValue? {
        if let literal = text(expr) { return .literal(literal) }
        if depth < 4, let sequence = expr.as(SequenceExprSyntax.self), let chosen = shownBranches(sequence) {
            // `name ?? "Unknown"`: the value's text, else the fallback's; `c ? "A" : "B"`: the first.
            for branch in chosen { if let found = value(branch, bound: bound, depth: depth + 1) { return found } }
            return nil
        }
        let e = SwiftExpr.unwrapped(expr)
        if let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if depth < 3, let value = bound(name) { return self.value(value, bound: bound, depth: depth + 1) }
            return .symbol(name)
        }
        // A constant of a type (`Strings.cancel`, `.cancelTitle`) or of `self`, not a value's
        // property (`sub.pub?.fn`).
        if let member = e.as(MemberAccessExprSyntax.self), !e.trimmedDescription.contains("("), !e.trimmedDescription.contains("?"),
           member.base.map({ $0.trimmedDescription == "self" || $0.trimmedDescription.first?.isUppercase == true }) ?? true {
            return SwiftExpr.string(e)
        }
        return nil
    }

    /// The operands whose text a person may see, in order: `a ?? b` (both), `c ? a : b` (both
    /// branches); nil for other sequences.
    static func shownBranches(_ sequence: SequenceExprSyntax) -> [ExprSyntax]? {
        let elements = Array(sequence.elements)
        guard elements.count >= 3 else { return nil }
        // (`a == b ? "x" : "y"`: the ternary binds loosest, so its parts end the sequence.)
        if let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self) { return [ternary.thenExpression, elements[elements.count - 1]] }
        if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" { return [elements[0], elements[2]] }
        return nil
    }

    /// A text as a person reads it: a literal (a localized string's key), or an interpolated
    /// one with `…` where its values go (`"Delete \(name)?"` → `Delete …?`); nil for `nil` and
    /// for values only the running app knows.
    static func text(_ expr: ExprSyntax) -> String? {
        if let literal = SwiftTabItems.literal(expr) { return literal }
        guard let string = SwiftExpr.unwrapped(expr).as(StringLiteralExprSyntax.self) else { return nil }
        return string.segments.map { segment in segment.as(StringSegmentSyntax.self)?.content.text ?? "…" }.joined()
    }
}
