import SwiftSyntax

/// `override func traitCollectionDidChange(_:)` (`legacy_trait_observer`): deprecated in iOS 17.
struct LegacyTraitObserverRule {
    let builder: AnalysisBuilder

    func run() {
        for function in builder.context.index.functions
        where function.name.text == "traitCollectionDidChange" && function.modifiers.contains(.override) {
            let anchor = function.modifiers.first.map { Syntax($0) } ?? Syntax(function.funcKeyword)
            builder.report(builder.makeFinding(
                .legacyTraitObserver, at: anchor,
                message: "`traitCollectionDidChange(_:)` is deprecated since iOS 17",
                current: "override func traitCollectionDidChange(_:)",
                replacement: "registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (self: Self, _) in … }",
                fix: "register for `UITraitPreferredContentSizeCategory` changes instead"
            ))
        }
    }
}

extension LegacyTraitObserverRule: UnitRuleFamily {
    static let emits: Set<RuleID> = [.legacyTraitObserver]
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["traitCollectionDidChange"]
    static func run(in unit: UnitRun) { LegacyTraitObserverRule(builder: unit.builder).run() }
}
