/// A variable of a linear system. Its `value` is what the last ``Solver/updateVariables()`` found.
///
/// Variables are compared by identity: two variables with one name are still two variables.
public final class Variable: Hashable, CustomStringConvertible {
    public let name: String
    public internal(set) var value = 0.0

    public init(_ name: String = "") { self.name = name }

    public static func == (a: Variable, b: Variable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}

/// `coefficient × variable`.
public struct Term {
    public var variable: Variable
    public var coefficient: Double
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    /// The value with the variables' current values.
    public var value: Double { terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value } }
}

/// A variable, a term or an expression: one side of a constraint. Numbers mix in through the
/// operators' `Double` overloads (numbers are not conformers, so arithmetic on plain numbers
/// keeps the standard operators alone).
public protocol LinearExpressionConvertible {
    var linearExpression: Expression { get }
}
extension Variable: LinearExpressionConvertible { public var linearExpression: Expression { Expression(self) } }
extension Expression: LinearExpressionConvertible { public var linearExpression: Expression { self } }
extension Term: LinearExpressionConvertible { public var linearExpression: Expression { Expression([self]) } }

public func + (a: some LinearExpressionConvertible, b: some LinearExpressionConvertible) -> Expression {
    let x = a.linearExpression, y = b.linearExpression
    return Expression(x.terms + y.terms, constant: x.constant + y.constant)
}
public func + (a: some LinearExpressionConvertible, b: Double) -> Expression {
    let x = a.linearExpression
    return Expression(x.terms, constant: x.constant + b)
}
public func + (a: Double, b: some LinearExpressionConvertible) -> Expression { b + a }
public func * (k: Double, e: some LinearExpressionConvertible) -> Expression {
    let x = e.linearExpression
    return Expression(x.terms.map { Term($0.variable, $0.coefficient * k) }, constant: x.constant * k)
}
public func * (e: some LinearExpressionConvertible, k: Double) -> Expression { k * e }
public func / (e: some LinearExpressionConvertible, k: Double) -> Expression { (1 / k) * e }
public prefix func - (e: some LinearExpressionConvertible) -> Expression { (-1.0) * e }
public func - (a: some LinearExpressionConvertible, b: some LinearExpressionConvertible) -> Expression { a + (-1.0) * b }
public func - (a: some LinearExpressionConvertible, b: Double) -> Expression { a + (-b) }
public func - (a: Double, b: some LinearExpressionConvertible) -> Expression { (-1.0) * b + a }

public func == (a: some LinearExpressionConvertible, b: some LinearExpressionConvertible) -> Constraint { Constraint(a, .equal, b) }
public func == (a: some LinearExpressionConvertible, b: Double) -> Constraint { Constraint(a, .equal, b) }
public func == (a: Double, b: some LinearExpressionConvertible) -> Constraint { Constraint(b, .equal, a) }
public func <= (a: some LinearExpressionConvertible, b: some LinearExpressionConvertible) -> Constraint { Constraint(a, .lessThanOrEqual, b) }
public func <= (a: some LinearExpressionConvertible, b: Double) -> Constraint { Constraint(a, .lessThanOrEqual, b) }
public func <= (a: Double, b: some LinearExpressionConvertible) -> Constraint { Constraint(b, .greaterThanOrEqual, a) }
public func >= (a: some LinearExpressionConvertible, b: some LinearExpressionConvertible) -> Constraint { Constraint(a, .greaterThanOrEqual, b) }
public func >= (a: some LinearExpressionConvertible, b: Double) -> Constraint { Constraint(a, .greaterThanOrEqual, b) }
public func >= (a: Double, b: some LinearExpressionConvertible) -> Constraint { Constraint(b, .lessThanOrEqual, a) }

/// `constraint | strength`: the same constraint at another strength.
public func | (c: Constraint, strength: Double) -> Constraint {
    Constraint(expression: c.expression, relation: c.relation, strength: strength)
}
