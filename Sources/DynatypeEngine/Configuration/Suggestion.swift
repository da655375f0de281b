import DynatypeRules

/// "Did you mean …?" for a mistyped name: the closest known name, when it is
/// close enough (three edits at most) to be a likely typo rather than a guess.
public enum Suggestion {
    public static func closest(to name: String, in known: [String]) -> String? {
        let ranked = known.map { (candidate: $0, distance: distance(name, $0)) }
        guard let best = ranked.min(by: { $0.distance < $1.distance }), best.distance <= 3 else { return nil }
        return best.candidate
    }

    /// " (did you mean "x"?)", or nothing.
    public static func hint(for name: String, in known: [String], quote: String = "\"") -> String {
        closest(to: name, in: known).map { " (did you mean \(quote)\($0)\(quote)?)" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Suggestion {
    /// Why `id` is not a rule, with the likely one when it looks like a typo.
    public static func unknownRule(_ id: String) -> String {
        let hint = hint(for: id, in: RuleID.allCases.map(\.rawValue))
        return "unknown rule id \"\(id)\"" + (hint.isEmpty ? " (see `dynatype rules`)" : hint)
    }
}
