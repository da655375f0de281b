import SwiftSyntax

/// `.dynamicTypeSize(…)` that fixes or caps the text size below the largest
/// accessibility size, without a Large Content Viewer (`clamped_dynamic_type`).
struct DynamicTypeClampRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    static let order = [
        "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
        "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
    ]

    func run() {
        for modifier in builder.context.index.modifierCalls(named: "dynamicTypeSize") {
            guard let name = modifier.nameToken, let argument = modifier.arguments.first?.expression,
                let limit = Self.clamp(argument)
            else { continue }
            let targets = ModifierTargets(modifier, in: inventory)
            let rootEnvironment = inventory.tree.environment(of: targets.root)
            if rootEnvironment.exemption(for: .clampedDynamicType) != nil { continue }
            let affected = targets.applicable(for: .clampedDynamicType, in: inventory)
            guard !affected.isEmpty || targets.holdsOpaqueView else { continue }
            builder.report(builder.makeFinding(
                .clampedDynamicType, at: name,
                message: "\(limit) without a Large Content Viewer: text stops growing for users who need it most",
                current: modifier.modifierText,
                replacement: ".dynamicTypeSize(...DynamicTypeSize.accessibility5)",
                fix: "widen to `...DynamicTypeSize.accessibility5`, or add `.accessibilityShowsLargeContentViewer()`",
                elements: affected.map(\.index)
            ))
        }
    }

    /// A description of the clamp, or nil when the argument allows every size
    /// up to `.accessibility5` (or cannot be read).
    static func clamp(_ argument: ExprSyntax) -> String? {
        let expr = argument.unwrapped
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let size = member.declName.baseName.text
            return order.contains(size) ? "a single fixed size (.\(size))" : nil
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) {
            return capped(prefix.expression, halfOpen: prefix.operator.text == "..<")
        }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let range = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)
        {
            return capped(Array(sequence.elements)[2], halfOpen: range.operator.text == "..<")
        }
        return nil
    }

    private static func capped(_ upper: ExprSyntax, halfOpen: Bool) -> String? {
        guard let name = upper.referencedName, let index = order.firstIndex(of: name) else { return nil }
        let maximum = halfOpen ? index - 1 : index
        guard maximum < order.count - 1, maximum >= 0 else { return nil }
        return "a range capped at .\(order[maximum])"
    }
}

extension DynamicTypeClampRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["dynamicTypeSize"]
    static func run(in unit: UnitRun) { DynamicTypeClampRule(builder: unit.builder, inventory: unit.inventory).run() }
}
