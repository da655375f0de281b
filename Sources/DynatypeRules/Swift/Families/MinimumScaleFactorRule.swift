import SwiftSyntax

/// SwiftUI `.minimumScaleFactor(_:)` (`minimum_scale_factor`): a warning, an
/// error when the same element is limited to one line (shrinking is then the
/// only strategy).
struct MinimumScaleFactorRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        let counts = PointSizeEvaluator(context: builder.context)
        for modifier in builder.context.index.modifierCalls(named: "minimumScaleFactor") {
            guard let name = modifier.nameToken else { continue }
            let targets = ModifierTargets(modifier, in: inventory)
            let affected = targets.applicable(for: .minimumScaleFactor, in: inventory)
            guard !affected.isEmpty || (targets.holdsOpaqueView && !inventory.tree.environment(of: targets.root).isHidden) else { continue }
            let chain = ViewTree.modifiers(appliedTo: targets.root)
            let around = chain + affected.flatMap(\.environment.modifiers)
            // Trio's `solutionStyle()`: text kept at its ideal width always fits, so it never shrinks.
            guard !around.contains(where: ViewTree.keepsIdealWidth) else { continue }
            let limits = chain.filter { $0.name == "lineLimit" } + affected.flatMap { $0.environment.modifiers.filter { $0.name == "lineLimit" } }
            let singleLine = limits.contains { ModifierTargets.isLineLimitOne($0, counts: counts) }
            builder.report(builder.makeFinding(
                .minimumScaleFactor, escalated: singleLine, at: name,
                message: singleLine
                    ? "with `.lineLimit(1)`, shrinking is the only strategy: the text gets smaller as the user asks for larger text"
                    : "`.minimumScaleFactor` shrinks text instead of letting it grow; keep it only as a last resort",
                current: modifier.modifierText,
                // With a `.lineLimit(n)` nearer the text, `.lineLimit(nil)` here would not win: that one decides.
                replacement: limits.isEmpty ? ".lineLimit(nil)" : nil,
                fix: limits.isEmpty ? "remove it and let the text wrap (`.lineLimit(nil)`)" : "remove it and the `.lineLimit(…)` that limits the lines, and let the text wrap",
                elements: affected.map(\.index)
            ))
        }
    }
}

extension MinimumScaleFactorRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["minimumScaleFactor"]
    static func run(in unit: UnitRun) { MinimumScaleFactorRule(builder: unit.builder, inventory: unit.inventory).run() }
}
