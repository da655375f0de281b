extension RuleCatalogue {
    static let scaledMetricFontSize = RuleDescriptor(
        .scaledMetricFontSize, name: "Font size from @ScaledMetric", severity: .warning, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "`.system(size: m)` / `systemFont(ofSize: m)` where `m` is a `@ScaledMetric` property",
        rationale: "It scales, but bypasses text styles (a common @ScaledMetric mistake).",
        fix: "use a text style; keep `@ScaledMetric` for spacing and icons", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
        triggering: [RuleExample("""
            struct A: View {
                @ScaledMetric(relativeTo: .largeTitle) var size: CGFloat = 48
                var body: some View { Text("12").font(↓.system(size: size, weight: .bold)) }
            }
            """)],
        nonTriggering: [RuleExample("""
            struct A: View {
                @ScaledMetric(relativeTo: .body) var icon: CGFloat = 24
                var body: some View { Image(systemName: "star").frame(width: icon, height: icon) }
            }
            """)]
    )
}
