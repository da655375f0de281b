@testable import DynatypeRules
import Foundation
import Testing

/// The registry of rule families against the catalogue: every rule's
/// descriptor names families that run (a family's `emits` is read from them).
/// (Debug builds also check that a family reports only what it declares;
/// the rule examples' tests run every family.)
@Suite struct RuleFamilyTests {
    private static let declared: [(family: String, emits: Set<RuleID>)] =
        RuleFamilies.all.map { ("\($0)", $0.emits) } + [("InterfaceBuilderAnalyzer", InterfaceBuilderAnalyzer.emits)]

    @Test(arguments: RuleID.allCases)
    func everyRuleIsEmittedBySomeFamily(rule: RuleID) {
        #expect(Self.declared.contains { $0.emits.contains(rule) }, "no rule family declares `\(rule.rawValue)` in `emits`")
    }

    /// `descriptor(_:)` is exhaustive and gives each id its own descriptor,
    /// from a file of its own (`RuleExampleTests` check `all`'s coverage).
    @Test func everyRuleIsDescribedInItsOwnFile() throws {
        for id in RuleID.allCases { #expect(RuleCatalogue.descriptor(id).id == id) }
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/DynatypeRules/Catalogue/Rules").path)
        let expected = RuleID.allCases.map { id in
            id.rawValue.split(separator: "_").map { $0 == "uikit" ? "UIKit" : $0 == "appkit" ? "AppKit" : $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + ".swift"
        }
        #expect(Set(files) == Set(expected), "one file per rule under Catalogue/Rules: \(Set(expected).symmetricDifference(files).sorted())")
    }

    /// A descriptor that names a family the analyzers never run would
    /// leave its rule silent.
    @Test func everyFamilyADescriptorNamesRuns() {
        let running = Set(Self.declared.map(\.family))
        for descriptor in RuleCatalogue.all {
            #expect(!descriptor.families.isEmpty, "`\(descriptor.id.rawValue)` names no family")
            for family in descriptor.families {
                #expect(running.contains("\(family)"), "`\(descriptor.id.rawValue)` names \(family), which is not registered")
            }
        }
    }

    /// A family the registry leaves out never runs, and nothing else would
    /// say so: every type the rules module declares a family is listed.
    @Test func everyFamilyInTheSourcesIsRegistered() throws {
        let sources = packageRoot.appendingPathComponent("Sources/DynatypeRules")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        let pattern = try NSRegularExpression(pattern: #"extension\s+(\w+)\s*:\s*(?:Unit)?RuleFamily\b"#)
        var declared: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.append(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        let registered = Set(Self.declared.map(\.family))
        #expect(declared.count > 10, "the sources were read: \(declared)")
        #expect(Set(declared).subtracting(registered).isEmpty, "families missing from RuleFamilies.all: \(Set(declared).subtracting(registered).sorted())")
    }

    @Test func everyFamilyIsRegisteredOnce() {
        let names = RuleFamilies.all.map { "\($0)" }
        #expect(Set(names).count == names.count, "a family is listed twice: \(names)")
    }
}
