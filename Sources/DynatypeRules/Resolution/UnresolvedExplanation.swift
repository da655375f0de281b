/// Why a font defined in the audited code is still unknown, in words a
/// reader can act on: which definitions say what (judges on real apps found
/// "its definitions disagree or cannot be classified" said neither).
struct UnresolvedExplanation {
    let definitions: [(site: String, outcome: FontOutcome)]

    init(_ value: FontValue, _ symbols: SymbolTable) {
        definitions = symbols.definitionOutcomes(of: value)
    }

    /// "its 2 definitions disagree: A.swift:12 scales, B.swift:40 is fixed", or
    /// "its definition at A.swift:12 cannot be classified"; nil without definitions.
    var reason: String? {
        guard let first = definitions.first else { return nil }
        let outcomes = Set(definitions.map(\.outcome))
        if outcomes.count > 1 {
            let listed = definitions.prefix(3).map { "\($0.site) \(Self.says($0.outcome))" }.joined(separator: ", ")
            return "its \(definitions.count) definitions disagree: \(listed)\(definitions.count > 3 ? ", …" : "")"
        }
        if definitions.count == 1 { return "its definition at \(first.site) cannot be classified" }
        return "its \(definitions.count) definitions (\(first.site), …) cannot be classified"
    }

    private static func says(_ outcome: FontOutcome) -> String {
        switch outcome {
        case .scales: return "scales"
        case .fixed: return "is fixed"
        case .readOnce: return "reads its size once"
        case .unresolved: return "cannot be classified"
        }
    }
}
