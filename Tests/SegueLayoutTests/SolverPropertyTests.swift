import Testing
@testable import SegueLayout

/// A small seeded generator (SplitMix64): the same systems on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Properties: random systems built to be satisfiable (around a hidden solution) are solved
/// with every required constraint holding, whatever the weaker constraints ask, and stay so
/// as constraints are removed and edit variables moved.
@Suite struct SolverPropertyTests {
    struct System {
        var variables: [Variable]
        var required: [Constraint]
        var weak: [Constraint]
    }

    /// Required equalities and inequalities true at a random point, plus weaker constraints
    /// that ask for anything.
    static func system(_ rng: inout SeededRandom) -> System {
        let n = Int.random(in: 2...8, using: &rng)
        let variables = (0..<n).map { Variable("v\($0)") }
        let point = (0..<n).map { _ in Double(Int.random(in: -200...200, using: &rng)) }
        var required: [Constraint] = []
        for _ in 0..<Int.random(in: 1...(2 * n), using: &rng) {
            let count = Int.random(in: 1...min(3, n), using: &rng)
            let picked = Array((0..<n).shuffled(using: &rng).prefix(count))
            var e = Expression()
            var value = 0.0
            for i in picked {
                let k = Double(Int.random(in: -3...3, using: &rng))
                guard k != 0 else { continue }
                e = e + k * variables[i]
                value += k * point[i]
            }
            guard !e.terms.isEmpty else { continue }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: required.append(e == value)
            case 1: required.append(e <= value + Double(Int.random(in: 0...20, using: &rng)))
            default: required.append(e >= value - Double(Int.random(in: 0...20, using: &rng)))
            }
        }
        var weak: [Constraint] = []
        for _ in 0..<Int.random(in: 0...(2 * n), using: &rng) {
            let i = Int.random(in: 0..<n, using: &rng)
            let strength = [Strength.weak, Strength.medium, Strength.strong, Strength.priority(Double(Int.random(in: 1...999, using: &rng)))]
                .randomElement(using: &rng)!
            weak.append((variables[i] == Double(Int.random(in: -500...500, using: &rng))) | strength)
        }
        return System(variables: variables, required: required, weak: weak)
    }

    static func holds(_ c: Constraint) -> Bool {
        let v = c.expression.value
        let tolerance = 1e-6 * max(1, c.expression.terms.reduce(abs(c.expression.constant)) { $0 + abs($1.coefficient * $1.variable.value) })
        switch c.relation {
        case .equal: return abs(v) <= tolerance
        case .lessThanOrEqual: return v <= tolerance
        case .greaterThanOrEqual: return v >= -tolerance
        }
    }

    @Test func randomSatisfiableSystemsAreSatisfied() throws {
        var rng = SeededRandom(seed: 0x5E6E_1A70)
        for _ in 0..<300 {
            let system = Self.system(&rng)
            let solver = Solver()
            // Weak ones first, required ones after, in random interleavings.
            var all = system.weak + system.required
            all.shuffle(using: &rng)
            for c in all { try solver.add(c) }
            solver.updateVariables()
            for c in system.required { #expect(Self.holds(c), "\(c)") }
        }
    }

    @Test func requiredConstraintsHoldAcrossRemovalsAndEdits() throws {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let system = Self.system(&rng)
            let solver = Solver()
            for c in system.required + system.weak { try solver.add(c) }
            // Remove about half the weak ones and a few required ones.
            var kept = system.required
            for c in system.weak where Bool.random(using: &rng) { try solver.remove(c) }
            for c in system.required where Int.random(in: 0..<4, using: &rng) == 0 {
                try solver.remove(c)
                kept.removeAll { $0 === c }
            }
            let edited = system.variables.randomElement(using: &rng)!
            try solver.addEditVariable(edited, strength: Strength.strong)
            for _ in 0..<5 {
                try solver.suggestValue(edited, Double(Int.random(in: -300...300, using: &rng)))
                solver.updateVariables()
                for c in kept { #expect(Self.holds(c), "\(c)") }
            }
        }
    }

    /// A required constraint contradicting a satisfiable system is refused, and the system
    /// keeps its solution.
    @Test func contradictionsAreRefusedWithoutHarm() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let system = Self.system(&rng)
            let solver = Solver()
            for c in system.required { try solver.add(c) }
            let v = system.variables[0]
            // (The system may itself keep v below 1000: then that is the contradiction.)
            guard (try? solver.add(v >= 1000)) != nil else { continue }
            do {
                try solver.add(v <= 999)
                Issue.record("contradiction accepted")
            } catch {
                #expect(error == .unsatisfiableConstraint)
            }
            solver.updateVariables()
            for c in system.required { #expect(Self.holds(c), "\(c)") }
            #expect(v.value >= 1000 - 1e-6)
        }
    }
}
