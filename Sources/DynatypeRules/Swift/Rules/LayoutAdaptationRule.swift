import SwiftSyntax

/// An `HStack` holding two or more text elements in a file that never adapts
/// its layout to the text size (`no_layout_adaptation`, informational).
struct LayoutAdaptationRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        guard !builder.context.facts.adaptsLayout else { return }
        for stack in builder.context.index.calls(named: "HStack") where stack.calledExpression.is(DeclReferenceExprSyntax.self) {
            let texts = inventory.elements(inside: stack).filter { !inventory.tree.environment(of: $0.call).isHidden }
            guard texts.count >= 2 else { continue }
            builder.report(builder.makeFinding(
                .noLayoutAdaptation, at: stack.calledExpression,
                message: "an HStack with \(texts.count) text elements keeps them side by side at accessibility sizes",
                replacement: "ViewThatFits { HStack { … }; VStack { … } }",
                fix: "switch to a `VStack` when `dynamicTypeSize.isAccessibilitySize`, or use `ViewThatFits`"
            ))
        }
    }
}

extension LayoutAdaptationRule: UnitRuleFamily {
    static let emits: Set<RuleID> = [.noLayoutAdaptation]
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["HStack"]
    /// Two text elements in the stack.
    static let alsoNeeds = SwiftUIInventory.triggers
    static func run(in unit: UnitRun) { LayoutAdaptationRule(builder: unit.builder, inventory: unit.inventory).run() }
}
