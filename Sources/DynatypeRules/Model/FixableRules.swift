/// The rules whose report carries a replacement `dynatype fix` can apply
/// mechanically, and how each is applied to the code (SARIF's `fixes` offer
/// the `replace` ones).
public enum FixableRules {
    public enum Strategy: Sendable {
        /// The finding's code becomes its replacement.
        case replace
        /// The replacement is a statement to add after the finding's statement.
        case insertAfterStatement
        /// A `.dynamicTypeSize` range gets `.accessibility5` as its upper bound.
        case widenRange
    }

    /// Each rule whose descriptor declares a mechanical fix.
    public static let strategies: [RuleID: Strategy] = Dictionary(
        uniqueKeysWithValues: RuleCatalogue.all.compactMap { rule in rule.mechanicalFix.map { (rule.id, $0) } }
    )

    public static var all: [RuleID] { strategies.keys.sorted() }
}
