/// A symbol of the tableau: an external variable, or a slack, error or dummy the solver adds.
struct Symbol: Hashable, Comparable {
    enum Kind { case invalid, external, slack, error, dummy }
    var id: Int
    var kind: Kind

    static let invalid = Symbol(id: 0, kind: .invalid)
    var isValid: Bool { kind != .invalid }
    /// Slack and error symbols may be pivoted in; dummies and externals may not.
    var isPivotable: Bool { kind == .slack || kind == .error }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// Values this close to zero are zero (the tableau's arithmetic is floating point).
@inline(__always) func nearZero(_ value: Double) -> Bool { value < 1.0e-8 && value > -1.0e-8 }

/// A row of the tableau, `basic = constant + Σ coefficient × symbol`. Cells are kept sorted by
/// symbol id so every scan (and so every pivot choice) is deterministic.
final class Row {
    var constant: Double
    private(set) var cells: [(symbol: Symbol, coefficient: Double)] = []

    init(constant: Double = 0) { self.constant = constant }

    func copy() -> Row {
        let row = Row(constant: constant)
        row.cells = cells
        return row
    }

    private func index(of symbol: Symbol) -> (found: Bool, at: Int) {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].symbol.id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        return (lo < cells.count && cells[lo].symbol.id == symbol.id, lo)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (found, i) = index(of: symbol)
        return found ? cells[i].coefficient : 0
    }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient × symbol`; a cell that becomes zero is removed.
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, i) = index(of: symbol)
        if found {
            let c = cells[i].coefficient + coefficient
            if nearZero(c) { cells.remove(at: i) } else { cells[i].coefficient = c }
        } else if !nearZero(coefficient) {
            cells.insert((symbol, coefficient), at: i)
        }
    }

    /// Adds `coefficient × row`.
    func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for cell in row.cells { insert(cell.symbol, cell.coefficient * coefficient) }
    }

    func remove(_ symbol: Symbol) {
        let (found, i) = index(of: symbol)
        if found { cells.remove(at: i) }
    }

    func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Solves `0 = row` for `symbol`, which must be in the row: the row becomes its definition.
    func solve(for symbol: Symbol) {
        let (found, i) = index(of: symbol)
        precondition(found, "solving a row for a symbol it does not hold")
        let k = -1.0 / cells[i].coefficient
        cells.remove(at: i)
        constant *= k
        for j in cells.indices { cells[j].coefficient *= k }
    }

    /// For a row `lhs = row`, solves for `rhs` (which must be in the row).
    func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with `row`'s definition of it.
    func substitute(_ symbol: Symbol, _ row: Row) {
        let (found, i) = index(of: symbol)
        guard found else { return }
        let c = cells[i].coefficient
        cells.remove(at: i)
        insert(row, c)
    }

    var allDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }
}
