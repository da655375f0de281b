extension RuleCatalogue {
    static let scaledMetricWithoutRelativeStyle = RuleDescriptor(
        .scaledMetricWithoutRelativeStyle, name: "@ScaledMetric without relativeTo", severity: .note, families: [ScaledMetricRules.self],
        summary: "a type with two or more `@ScaledMetric` properties, none with `relativeTo:`",
        rationale: "All of them scale with `.body`, whatever text they sit next to (a common @ScaledMetric mistake).",
        fix: "add `relativeTo:` matching the adjacent text", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
        triggering: [RuleExample("""
            struct Chip: View {
                ↓@ScaledMetric private var padding: CGFloat = 10
                ↓@ScaledMetric private var radius: CGFloat = 8
                var body: some View { Text("a").padding(padding) }
            }
            """)],
        nonTriggering: [RuleExample("""
            struct Chip: View {
                @ScaledMetric(relativeTo: .caption) private var padding: CGFloat = 10
                @ScaledMetric private var radius: CGFloat = 8
                var body: some View { Text("a").padding(padding) }
            }
            """)]
    )
}
