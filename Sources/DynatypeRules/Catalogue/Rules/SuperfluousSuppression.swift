extension RuleCatalogue {
    static let superfluousSuppression = RuleDescriptor(
        .superfluousSuppression, name: "Superfluous suppression", severity: .warning, families: [SuppressionScanner.self],
        summary: "a `dynatype:disable…` comment that suppresses nothing",
        rationale: "Stale suppressions hide future regressions.",
        fix: "remove the comment", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically)",
        triggering: [RuleExample("""
            struct A: View {
                var body: some View {
                    ↓// dynatype:disable:next fixed_font_size
                    Text("a").font(.body)
                }
            }
            """)],
        nonTriggering: [RuleExample("""
            struct A: View {
                var body: some View {
                    // dynatype:disable:next fixed_font_size - wordmark
                    Text("ACME").font(.system(size: 56))
                }
            }
            """)]
    )
}
