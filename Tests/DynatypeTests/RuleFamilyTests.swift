@testable import DynatypeRules
import Testing

/// The registry of rule families against the catalogue: every rule has a
/// family that reports it, and families declare only catalogue rules.
/// (Debug builds also check that a family reports only what it declares;
/// the rule examples' tests run every family.)
@Suite struct RuleFamilyTests {
    private static let declared: [(family: String, emits: Set<RuleID>)] =
        RuleFamilies.all.map { ("\($0)", $0.emits) } + [("InterfaceBuilderAnalyzer", InterfaceBuilderAnalyzer.emits)]

    @Test(arguments: RuleID.allCases)
    func everyRuleIsEmittedBySomeFamily(rule: RuleID) {
        #expect(Self.declared.contains { $0.emits.contains(rule) }, "no rule family declares `\(rule.rawValue)` in `emits`")
    }

    @Test func familiesDeclareOnlyCatalogueRules() {
        let catalogue = Set(RuleCatalogue.all.map(\.id))
        for (family, emits) in Self.declared {
            #expect(emits.isSubset(of: catalogue), "\(family) declares rules outside the catalogue: \(emits.subtracting(catalogue))")
        }
    }

    @Test func everyFamilyIsRegisteredOnce() {
        let names = RuleFamilies.all.map { "\($0)" }
        #expect(Set(names).count == names.count, "a family is listed twice: \(names)")
    }
}
