import SwiftSyntax

/// Enumerations with integer raw values that name a table's sections or rows:
/// `enum Section: Int { case account, about }`, switched over as
/// `switch Section(rawValue: indexPath.section) { case .about: … }`. Each case's number is its
/// raw value: the one written, or one more than the case before (the first is 0), as Swift gives.
enum RowEnums {
    /// Case numbers by enumeration name (the name without its enclosing types).
    typealias Table = [String: [String: Int]]

    /// The integer-valued enumerations declared in `tree`. A name declared twice with other
    /// numbers is left out, since which one a switch means is not known here.
    static func table(_ tree: some SyntaxProtocol) -> Table {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.table.compactMapValues { $0 }
    }

    /// What a switch subject names: the axis it reads and, for an enumeration made from it, the
    /// numbers of its cases. `indexPath.row`, `Section(rawValue: indexPath.section)!`, or a local
    /// `locals` holds one of them.
    struct Subject {
        var axis: RowBranches.Axis
        var cases: [String: Int]?
    }

    static func subject(_ expr: ExprSyntax, enums: Table, locals: [String: Subject]) -> Subject? {
        let bare = SwiftExpr.unwrapped(expr)
        if let axis = RowBranches.axis(bare.trimmedDescription) { return Subject(axis: axis) }
        if let name = bare.as(DeclReferenceExprSyntax.self)?.baseName.text { return locals[name] }
        guard let call = bare.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              let argument = call.arguments.first, argument.label?.text == "rawValue",
              let axis = RowBranches.axis(SwiftExpr.unwrapped(argument.expression).trimmedDescription) else { return nil }
        let typeName = call.calledExpression.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        guard let cases = enums[typeName] else { return nil }
        return Subject(axis: axis, cases: cases)
    }

    /// The number of a case pattern (`.about`, `Section.about`) among `cases`.
    static func number(_ pattern: ExprSyntax, in cases: [String: Int]) -> Int? {
        guard let member = pattern.as(MemberAccessExprSyntax.self) else { return nil }
        return cases[member.declName.baseName.text]
    }

    private final class Collector: SyntaxVisitor {
        /// nil marks a name declared twice with other numbers.
        var table: [String: [String: Int]?] = [:]

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            let isInt = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "Int" } ?? false
            if isInt, let cases = Self.numbers(node) {
                let name = node.name.text
                if let known = table[name] { table[name] = known == cases ? cases : .some(nil) } else { table[name] = cases }
            }
            return .visitChildren
        }

        /// Each case's raw value; nil when one is written as something other than an integer.
        static func numbers(_ node: EnumDeclSyntax) -> [String: Int]? {
            var cases: [String: Int] = [:]
            var next = 0
            for member in node.memberBlock.members {
                guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in declaration.elements {
                    if let raw = element.rawValue?.value {
                        guard let n = Self.integer(raw) else { return nil }
                        next = n
                    }
                    cases[element.name.text] = next
                    next += 1
                }
            }
            return cases
        }

        /// A raw value written as an integer literal, negative ones included.
        static func integer(_ expr: ExprSyntax) -> Int? {
            if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
                return RowBranches.SwiftFinder.integer(prefix.expression).map { -$0 }
            }
            return RowBranches.SwiftFinder.integer(expr)
        }
    }
}
