/// Why the solver refused a request. Nothing changed when it throws.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The required constraint contradicts the required constraints already added.
    case unsatisfiableConstraint
    case duplicateConstraint
    case unknownConstraint
    case duplicateEditVariable
    case unknownEditVariable
    /// Edit variables cannot be required: a suggestion would then be unsatisfiable.
    case badRequiredStrength
    /// A coefficient, constant, strength or suggested value that is not a finite number.
    case nonFiniteValue
    /// The objective is unbounded, or the tableau lost feasibility (a solver bug, not bad input).
    case internalError(String)

    public var code: String {
        switch self {
        case .unsatisfiableConstraint: "unsatisfiable_constraint"
        case .duplicateConstraint: "duplicate_constraint"
        case .unknownConstraint: "unknown_constraint"
        case .duplicateEditVariable: "duplicate_edit_variable"
        case .unknownEditVariable: "unknown_edit_variable"
        case .badRequiredStrength: "bad_required_strength"
        case .nonFiniteValue: "non_finite_value"
        case .internalError: "internal_error"
        }
    }
    public var description: String {
        if case .internalError(let why) = self { return "\(code): \(why)" }
        return code
    }
}

/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001), in the formulation of
/// the kiwi solver: a tableau in solved form kept optimal by the primal simplex when constraints
/// are added or removed, and by the dual simplex when edit variables get new values.
///
/// Required constraints must hold; non-required ones contribute their error, weighed by their
/// strength, to an objective the solver minimises.
public final class Solver {
    private struct Tag {
        var marker: Symbol
        var other: Symbol
    }
    private struct EditInfo {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    private var constraints: [Constraint: Tag] = [:]
    private var rows: [Symbol: Row] = [:]
    private var symbols: [Variable: Symbol] = [:]
    /// Variables in the order they were first seen (deterministic updates).
    private var variables: [Variable] = []
    private var edits: [Variable: EditInfo] = [:]
    private var infeasibleRows: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var nextID = 1

    public init() {}

    public func hasConstraint(_ c: Constraint) -> Bool { constraints[c] != nil }
    public func hasEditVariable(_ v: Variable) -> Bool { edits[v] != nil }
    public var constraintCount: Int { constraints.count }

    // MARK: - Constraints

    /// Adds a constraint. Throws `.unsatisfiableConstraint` for a required constraint that
    /// contradicts the required ones already there; the solver is then as before.
    public func add(_ constraint: Constraint) throws(SolverError) {
        guard constraints[constraint] == nil else { throw .duplicateConstraint }
        let e = constraint.expression
        guard e.constant.isFinite, !constraint.strength.isNaN, e.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw .nonFiniteValue
        }
        var tag = Tag(marker: .invalid, other: .invalid)
        let row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if !subject.isValid && row.allDummies {
            if !nearZero(row.constant) {
                throw .unsatisfiableConstraint
            }
            subject = tag.marker
        }
        if !subject.isValid {
            guard try addWithArtificialVariable(row) else { throw .unsatisfiableConstraint }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        }
        constraints[constraint] = tag
        try optimize(objective)
    }

    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw .unknownConstraint }
        removeEffects(constraint, tag)
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), let row = rows.removeValue(forKey: leaving) else {
                throw .internalError("failed to find a leaving row")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective)
    }

    // MARK: - Edit variables

    /// Makes `variable` editable at a (non-required) strength: ``suggestValue(_:_:)`` then
    /// moves it, and the rest of the system follows.
    public func addEditVariable(_ variable: Variable, strength: Double) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable }
        guard !strength.isNaN else { throw .nonFiniteValue }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw .badRequiredStrength }
        let c = Constraint(expression: Expression(variable), relation: .equal, strength: strength)
        try add(c)
        edits[variable] = EditInfo(tag: constraints[c]!, constraint: c, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits[variable] else { throw .unknownEditVariable }
        try remove(info.constraint)
        edits[variable] = nil
    }

    /// Suggests a value for an edit variable; the dual simplex restores optimality.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard var info = edits[variable] else { throw .unknownEditVariable }
        guard value.isFinite else { throw .nonFiniteValue }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        if let row = rows[info.tag.marker] {
            if row.add(-delta) < 0 { infeasibleRows.append(info.tag.marker) }
            try dualOptimize()
            return
        }
        if let row = rows[info.tag.other] {
            if row.add(delta) < 0 { infeasibleRows.append(info.tag.other) }
            try dualOptimize()
            return
        }
        for symbol in rows.keys.sorted() {
            let row = rows[symbol]!
            let c = row.coefficient(for: info.tag.marker)
            if c != 0, row.add(delta * c) < 0, symbol.kind != .external { infeasibleRows.append(symbol) }
        }
        try dualOptimize()
    }

    /// Copies the solution into the variables' `value`s.
    public func updateVariables() {
        for v in variables {
            let value = rows[symbols[v]!]?.constant ?? 0
            v.value = value == 0 ? 0 : value  // no −0
        }
    }

    // MARK: - The tableau

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextID += 1 }
        return Symbol(id: nextID, kind: kind)
    }

    private func symbol(for v: Variable) -> Symbol {
        if let s = symbols[v] { return s }
        let s = newSymbol(.external)
        symbols[v] = s
        variables.append(v)
        return s
    }

    /// The constraint as a row with its slack, error or dummy symbols, basic variables
    /// substituted; the objective gains the error terms.
    private func makeRow(_ c: Constraint, _ tag: inout Tag) -> Row {
        let e = c.expression
        let row = Row(constant: e.constant)
        for term in e.terms where !nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rows[s] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k = c.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, k)
            if c.strength < Strength.required {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -k)
                objective.insert(error, c.strength)
            }
        case .equal:
            if c.strength < Strength.required {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, c.strength)
                objective.insert(minus, c.strength)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// An external symbol if the row has one; else a new slack or error symbol with a negative
    /// coefficient; else invalid.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.kind == .external { return cell.symbol }
        if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable, row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    /// Phase one: an artificial variable for the row, minimised to zero if the row can hold.
    /// On failure the tableau is the old system again (only pivoted), without the row: only
    /// required constraints get here, and they add nothing to the objective.
    private func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = newSymbol(.slack)
        rows[art] = row.copy()
        artificial = row.copy()
        try optimize(artificial!)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if let r = rows.removeValue(forKey: art) {
            if !success || r.cells.isEmpty { return success }
            guard let entering = r.cells.first(where: { $0.symbol.isPivotable })?.symbol else { return false }
            r.solve(for: art, entering)
            substitute(entering, r)
            rows[entering] = r
        }
        for r in rows.values { r.remove(art) }
        objective.remove(art)
        return success
    }

    private func substitute(_ symbol: Symbol, _ row: Row) {
        for s in rows.keys.sorted() {
            let r = rows[s]!
            r.substitute(symbol, row)
            if s.kind != .external && r.constant < 0 { infeasibleRows.append(s) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Primal simplex on an objective.
    private func optimize(_ objective: Row) throws(SolverError) {
        while true {
            guard let entering = objective.cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol else {
                return
            }
            var ratio = Double.greatestFiniteMagnitude
            var leaving: Symbol?
            for s in rows.keys.sorted() where s.kind != .external {
                let r = rows[s]!
                let c = r.coefficient(for: entering)
                if c < 0 {
                    let q = -r.constant / c
                    if q < ratio {
                        ratio = q
                        leaving = s
                    }
                }
            }
            guard let leaving, let row = rows.removeValue(forKey: leaving) else {
                // No row bounds the entering symbol. With weights far apart (10⁶ next to 1) a
                // coefficient that should be zero can come out of the arithmetic slightly
                // negative: drop such noise; anything larger is a real unbounded objective.
                let largest = objective.cells.reduce(0) { max($0, abs($1.coefficient)) }
                let c = objective.coefficient(for: entering)
                guard abs(c) < 1e-9 * largest else { throw .internalError("the objective is unbounded") }
                objective.remove(entering)
                continue
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// Dual simplex: restores feasibility of rows made negative by an edit.
    private func dualOptimize() throws(SolverError) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            var ratio = Double.greatestFiniteMagnitude
            var entering = Symbol.invalid
            for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
                let q = objective.coefficient(for: cell.symbol) / cell.coefficient
                if q < ratio {
                    ratio = q
                    entering = cell.symbol
                }
            }
            guard entering.isValid else { throw .internalError("dual optimize failed") }
            rows[leaving] = nil
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// The objective loses a removed constraint's error terms.
    private func removeEffects(_ c: Constraint, _ tag: Tag) {
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, c.strength) }
        if tag.other.kind == .error { removeMarkerEffects(tag.other, c.strength) }
    }

    private func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
    }

    /// The row to pivot a non-basic marker into: restricted rows with the smallest ratio first.
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var r1 = Double.greatestFiniteMagnitude, r2 = r1
        var first: Symbol?, second: Symbol?, third: Symbol?
        for s in rows.keys.sorted() {
            let row = rows[s]!
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if s.kind == .external {
                third = s
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = s }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = s }
            }
        }
        return first ?? second ?? third
    }
}
