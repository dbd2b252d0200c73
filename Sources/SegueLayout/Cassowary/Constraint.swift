/// A linear constraint `expression relation 0` at a strength. Constraints are compared by
/// identity: the solver adds and removes the very object.
public final class Constraint: Hashable, CustomStringConvertible {
    public enum Relation: Sendable { case equal, lessThanOrEqual, greaterThanOrEqual }

    /// `left − right`, so the constraint reads `expression relation 0`; like terms combined.
    public let expression: Expression
    public let relation: Relation
    public let strength: Double

    public init(expression: Expression, relation: Relation, strength: Double = Strength.required) {
        self.expression = Self.reduced(expression)
        self.relation = relation
        self.strength = Strength.clip(strength)
    }

    public convenience init(_ left: some LinearExpressionConvertible, _ relation: Relation,
                            _ right: some LinearExpressionConvertible, strength: Double = Strength.required) {
        self.init(expression: left - right, relation: relation, strength: strength)
    }

    public convenience init(_ left: some LinearExpressionConvertible, _ relation: Relation, _ right: Double,
                            strength: Double = Strength.required) {
        self.init(expression: left - right, relation: relation, strength: strength)
    }

    public var isRequired: Bool { strength >= Strength.required }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        let terms = expression.terms.map { "\($0.coefficient)·\($0.variable)" }.joined(separator: " + ")
        let op = switch relation { case .equal: "==" case .lessThanOrEqual: "<=" case .greaterThanOrEqual: ">=" }
        return "\(terms) + \(expression.constant) \(op) 0 (strength \(strength))"
    }

    /// Combines terms of one variable, keeping first-appearance order.
    static func reduced(_ e: Expression) -> Expression {
        var index: [Variable: Int] = [:]
        var terms: [Term] = []
        for term in e.terms {
            if let i = index[term.variable] {
                terms[i].coefficient += term.coefficient
            } else {
                index[term.variable] = terms.count
                terms.append(term)
            }
        }
        return Expression(terms, constant: e.constant)
    }
}
