/// "Did you mean": the closest of some names to a misspelt one, by edit distance (case-insensitive).
public enum NearestName {
    /// The nearest name, when it is close enough to be a plausible typo (or, with `alwaysOne`, the
    /// nearest one whatever the distance, for short closed lists such as an action's keys).
    public static func nearest(to word: String, in names: some Sequence<String>, alwaysOne: Bool = false) -> String? {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for name in Array(names).sorted() where name != word {
            let d = distance(w, Array(name.lowercased()))
            if best == nil || d < best!.distance { best = (name, d) }
        }
        guard let best else { return nil }
        if alwaysOne { return best.name }
        // A plausible typo: at most a third of the longer word, or a containment ("inbox" in "inboxRow").
        let limit = max(1, max(w.count, best.name.count) / 3)
        let contains = best.name.lowercased().contains(word.lowercased()) || word.lowercased().contains(best.name.lowercased())
        return best.distance <= limit || (contains && !word.isEmpty) ? best.name : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension NearestName {
    /// "; did you mean 'x'?" when `name` is a plausible typo of one of `names`, else "".
    public static func suggestion(for name: String, in names: some Sequence<String>) -> String {
        nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
    }
}
