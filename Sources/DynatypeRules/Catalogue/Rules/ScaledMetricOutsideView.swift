extension RuleCatalogue {
    static let scaledMetricOutsideView = RuleDescriptor(
        .scaledMetricOutsideView, name: "@ScaledMetric outside a view", severity: .error, families: [ScaledMetricRules.self],
        summary: "`@ScaledMetric` in a type that is not a View, ViewModifier, App, Scene or DynamicProperty",
        rationale: "It never updates there (a common @ScaledMetric mistake).",
        fix: "move it into the View and pass the value down", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
        triggering: [RuleExample("""
            final class PlayerModel: ObservableObject {
                ↓@ScaledMetric var controlSize: CGFloat = 44
            }
            """)],
        nonTriggering: [RuleExample("""
            struct Player: View {
                @ScaledMetric(relativeTo: .body) var controlSize: CGFloat = 44
                var body: some View { Color.clear.frame(width: controlSize) }
            }
            """)]
    )
}
