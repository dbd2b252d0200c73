import Testing
@testable import SegueLayout

/// The Cassowary solver: examples of the paper (Badros, Borning, Stuckey 2001) and of kiwi's
/// tests, strengths, incremental changes, edit variables and refused input.
@Suite struct SolverTests {
    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    @Test func solvesSimpleEqualities() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + 2 == y + 10 * 1.0)
        try solver.add(x == 20)
        solver.updateVariables()
        #expect(near(x.value, 20) && near(y.value, 12))
    }

    /// The paper's example: a midpoint between a left and a right edge, inside 0...100.
    @Test func paperMidpointExample() throws {
        let left = Variable("xl"), middle = Variable("xm"), right = Variable("xr")
        let solver = Solver()
        try solver.add(2 * middle == left + right)
        try solver.add(left + 10 <= right)
        try solver.add(right <= 100)
        try solver.add(left >= 0)
        solver.updateVariables()
        #expect(near(middle.value, (left.value + right.value) / 2))
        #expect(left.value + 10 <= right.value + 1e-9 && right.value <= 100 + 1e-9 && left.value >= -1e-9)

        // Dragging the midpoint: an edit variable at strong strength; the edges follow.
        try solver.addEditVariable(middle, strength: Strength.strong)
        try solver.suggestValue(middle, 60)
        solver.updateVariables()
        #expect(near(middle.value, 60))
        #expect(near(left.value + right.value, 120))
        // Past the right bound: the required constraints win, the suggestion yields.
        try solver.suggestValue(middle, 98)
        solver.updateVariables()
        #expect(right.value <= 100 + 1e-9 && left.value + 10 <= right.value + 1e-9)
        #expect(near(middle.value, 95))
    }

    @Test func inequalityBoundsAWeakerPreference() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 10)
        try solver.add((x == 20) | Strength.weak)
        solver.updateVariables()
        #expect(near(x.value, 10))
        let y = Variable("y")
        try solver.add(y >= 30)
        try solver.add((y == 5) | Strength.strong)
        solver.updateVariables()
        #expect(near(y.value, 30))
    }

    @Test func strongerConstraintsWin() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | Strength.weak)
        try solver.add((x == 20) | Strength.medium)
        solver.updateVariables()
        #expect(near(x.value, 20))
        let strong = (x == 30) | Strength.strong
        try solver.add(strong)
        solver.updateVariables()
        #expect(near(x.value, 30))
        try solver.remove(strong)
        solver.updateVariables()
        #expect(near(x.value, 20))
    }

    @Test func unsatisfiableRequiredConstraintIsRefusedAndChangesNothing() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x == 10)
        try solver.add(y >= x + 5)
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.add(x == 20) }
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.add(y <= 12) }
        #expect(solver.constraintCount == 2)
        solver.updateVariables()
        #expect(near(x.value, 10) && y.value >= 15 - 1e-9)
        // Still usable: a satisfiable addition goes in.
        try solver.add(y <= 16)
        solver.updateVariables()
        #expect(y.value >= 15 - 1e-9 && y.value <= 16 + 1e-9)
        #expect(SolverError.unsatisfiableConstraint.code == "unsatisfiable_constraint")
    }

    @Test func removingAConstraintFreesItsVariables() throws {
        let x = Variable("x")
        let solver = Solver()
        let ten = x == 10
        try solver.add(ten)
        try solver.add((x == 30) | Strength.weak)
        try solver.remove(ten)
        solver.updateVariables()
        #expect(near(x.value, 30))
        try solver.add(x == 20)
        solver.updateVariables()
        #expect(near(x.value, 20))
    }

    @Test func badRequestsHaveStableErrors() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x >= 1
        try solver.add(c)
        #expect(throws: SolverError.duplicateConstraint) { try solver.add(c) }
        #expect(throws: SolverError.unknownConstraint) { try solver.remove(x <= 5) }
        #expect(throws: SolverError.badRequiredStrength) { try solver.addEditVariable(x, strength: Strength.required) }
        #expect(throws: SolverError.unknownEditVariable) { try solver.suggestValue(x, 3) }
        try solver.addEditVariable(x, strength: Strength.medium)
        #expect(throws: SolverError.duplicateEditVariable) { try solver.addEditVariable(x, strength: Strength.weak) }
        #expect(throws: SolverError.nonFiniteValue) { try solver.suggestValue(x, .infinity) }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(throws: SolverError.nonFiniteValue) { try solver.add(x == .nan) }
        #expect(throws: SolverError.nonFiniteValue) { try solver.add(Double.infinity * x >= 2) }
        #expect(solver.constraintCount == 1)
    }

    /// kiwi's edit-variable test: suggestions move the edited variable; removing the edit lets
    /// weaker preferences take over again.
    @Test func managingEditVariables() throws {
        let v1 = Variable("v1"), v2 = Variable("v2")
        let solver = Solver()
        try solver.add((v1 == 1) | Strength.weak)
        try solver.addEditVariable(v2, strength: Strength.strong)
        try solver.add(v1 >= v2)
        try solver.suggestValue(v2, 3)
        solver.updateVariables()
        #expect(near(v1.value, 3) && near(v2.value, 3))
        try solver.suggestValue(v2, -1)
        solver.updateVariables()
        #expect(near(v1.value, 1) && near(v2.value, -1))
        try solver.removeEditVariable(v2)
        solver.updateVariables()
        #expect(near(v1.value, 1))
    }

    /// Dual simplex: a run of suggestions keeps every required constraint (a window's left and
    /// right edges kept 10...200 apart inside 0...500 while its width is dragged).
    @Test func repeatedSuggestionsStayFeasible() throws {
        let left = Variable("left"), width = Variable("width")
        let solver = Solver()
        try solver.add(left >= 0)
        try solver.add(left + width <= 500)
        try solver.add(width >= 10)
        try solver.add(width <= 200)
        try solver.add((left == 100) | Strength.weak)
        try solver.addEditVariable(width, strength: Strength.strong)
        for target in [50.0, 300, 5, 180, 120, 199, 1000, 0] {
            try solver.suggestValue(width, target)
            solver.updateVariables()
            #expect(near(width.value, min(200, max(10, target))))
            #expect(left.value >= -1e-9 && left.value + width.value <= 500 + 1e-9)
        }
    }

    @Test func priorityMappingKeepsOrderAndRequiredAtAThousand() {
        #expect(Strength.priority(1000) == Strength.required)
        #expect(Strength.priority(999) < Strength.required)
        var last = 0.0
        for p in stride(from: 1.0, through: 999, by: 1) {
            let s = Strength.priority(p)
            #expect(s > last)
            last = s
        }
        #expect(abs(Strength.priority(500) - Strength.medium) < 1e-6)
        #expect(Strength.priority(999) < Strength.strong && Strength.priority(999) > 0.9 * Strength.strong)
        #expect(Strength.priority(1) > Strength.weak && Strength.priority(1) < 1.02)
        #expect(Strength.create(1, 0, 0) == Strength.strong)
    }

    /// Two labels in a row, each hugging its text; the one with the lower hugging priority
    /// takes the extra width (Auto Layout's rule, from the priority mapping).
    @Test func lowerHuggingStretches() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add(a + b == 300)
        try solver.add((a <= 50) | Strength.priority(251))
        try solver.add((b <= 80) | Strength.priority(250))
        solver.updateVariables()
        #expect(near(a.value, 50) && near(b.value, 250))
    }
}
