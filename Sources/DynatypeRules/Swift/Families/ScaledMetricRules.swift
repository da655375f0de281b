import SwiftSyntax

/// `@ScaledMetric` outside a view (`scaled_metric_outside_view`) and several
/// metrics in a type with no `relativeTo:` (`scaled_metric_without_relative_style`).
struct ScaledMetricRules {
    let builder: AnalysisBuilder

    func run() {
        let properties = builder.context.index.scaledMetricProperties
        var byType: [SyntaxIdentifier: [(attribute: AttributeSyntax, variable: VariableDeclSyntax)]] = [:]
        var order: [SyntaxIdentifier] = []
        for property in properties {
            guard let type = TypeScope.enclosing(property.variable) else { continue }
            if byType[type.node.id] == nil { order.append(type.node.id) }
            byType[type.node.id, default: []].append(property)
            if !isHost(type) {
                builder.report(builder.makeFinding(
                    .scaledMetricOutsideView, at: property.attribute,
                    message: "`@ScaledMetric` in `\(type.name)`, which is not a View, never updates when the text size changes",
                    current: property.variable.oneLine,
                    fix: "move the `@ScaledMetric` into the View and pass the value down"
                ))
            }
        }
        for id in order {
            let group = byType[id]!
            guard group.count >= 2, !group.contains(where: { $0.attribute.arguments?.trimmedText.contains("relativeTo") == true }) else { continue }
            for property in group {
                builder.report(builder.makeFinding(
                    .scaledMetricWithoutRelativeStyle, at: property.attribute,
                    message: "several `@ScaledMetric` values all scale with `.body`; icons and spacing next to other text styles scale on the wrong curve",
                    current: property.variable.oneLine, replacement: "@ScaledMetric(relativeTo: .body)",
                    fix: "add `relativeTo:` matching the adjacent text"
                ))
            }
        }
    }

    /// A View (or other host) here, or by a conformance elsewhere in the file.
    private func isHost(_ type: TypeScope) -> Bool {
        type.isViewHost || builder.context.facts.hostTypes.contains(type.name)
    }
}

extension ScaledMetricRules: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["ScaledMetric"]
    static func run(in unit: UnitRun) { ScaledMetricRules(builder: unit.builder).run() }
}
