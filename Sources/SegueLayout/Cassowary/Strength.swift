/// Constraint strengths. A required constraint must hold; the others are weighed against each
/// other: one strong violation outweighs any number of medium ones of similar size.
public enum Strength {
    public static let required = 1_001_001_000.0
    public static let strong = 1_000_000.0
    public static let medium = 1_000.0
    public static let weak = 1.0

    /// `strong × 10⁶ + medium × 10³ + weak`, each part clipped to 0...1000.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Double {
        var result = max(0, min(1000, strong * weight)) * 1_000_000
        result += max(0, min(1000, medium * weight)) * 1_000
        result += max(0, min(1000, weak * weight))
        return result
    }

    static func clip(_ value: Double) -> Double { max(0, min(required, value)) }

    /// An Auto Layout priority (1...1000) as a strength. 1000 is required; below it each step of
    /// priority multiplies the strength by the same factor, from about 1 at priority 1 through
    /// ``medium`` at 500 to just under ``strong`` at 999, so a higher priority always wins a
    /// trade of equal amounts against a lower one (a label hugging at 251 keeps its size while
    /// one at 250 stretches).
    public static func priority(_ p: Double) -> Double {
        if p >= 1000 { return required }
        let clamped = max(1, p.isNaN ? 1 : p)
        return pow10(clamped * 6 / 1000)
    }

    /// 10^x without Foundation.
    static func pow10(_ x: Double) -> Double {
        // exp(x ln 10) by range reduction and a Taylor series: plenty for weights.
        let y = x * 2.302585092994046
        let n = Int(y.rounded(.down))
        let f = y - Double(n)
        var term = 1.0, sum = 1.0
        for k in 1..<20 {
            term *= f / Double(k)
            sum += term
        }
        let e = 2.718281828459045
        var scale = 1.0
        for _ in 0..<n { scale *= e }
        return sum * scale
    }
}
