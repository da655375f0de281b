import DynatypeRules
import Testing

/// Every rule's catalogue examples: triggering ones produce exactly the `↓`
/// findings of that rule, non-triggering ones none.
@Suite struct RuleExampleTests {
    @Test(arguments: RuleCatalogue.all.map(\.id))
    func triggeringExamplesFindExactlyTheMarkedPlaces(rule: RuleID) {
        let descriptor = RuleCatalogue.descriptor(rule)
        #expect(!descriptor.triggering.isEmpty, "\(rule) needs a triggering example")
        for example in descriptor.triggering {
            let (code, positions) = example.unmarked
            #expect(!positions.isEmpty, "\(rule) example has no ↓ marker")
            let report = audit(code, fileName: example.fileName)
            let found = report.findings.filter { $0.rule == rule }.map(\.position)
            #expect(found == positions, "\(rule): found \(found) expected \(positions) in\n\(code)")
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func nonTriggeringExamplesFindNothing(rule: RuleID) {
        let descriptor = RuleCatalogue.descriptor(rule)
        #expect(!descriptor.nonTriggering.isEmpty, "\(rule) needs a non-triggering example")
        for example in descriptor.nonTriggering {
            let report = audit(example.code, fileName: example.fileName)
            let found = report.findings.filter { $0.rule == rule }
            #expect(found.isEmpty, "\(rule): unexpected \(found.map(\.position)) in\n\(example.code)")
        }
    }

    @Test func catalogueCoversEveryRuleOnceInOrder() {
        #expect(RuleCatalogue.all.map(\.id).sorted() == RuleID.allCases.sorted())
        #expect(Set(RuleCatalogue.all.map(\.id)).count == RuleID.allCases.count)
    }
}
