extension RuleCatalogue {
    static let fixedIconFrame = RuleDescriptor(
        .fixedIconFrame, name: "Fixed icon frame", severity: .note, families: [FrameRule.self],
        summary: "`Image(…)` with `.frame(width: N, height: N)` literals",
        rationale: "The icon stays small while the text around it grows.",
        fix: "`@ScaledMetric(relativeTo: .body) var iconSize: CGFloat = N`", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        triggering: [RuleExample("""
            struct A: View { var body: some View { Image("logo").resizable().↓frame(width: 32, height: 32) } }
            """)],
        nonTriggering: [RuleExample("""
            struct A: View {
                @ScaledMetric(relativeTo: .body) var side: CGFloat = 32
                var body: some View { Image("logo").resizable().frame(width: side, height: side) }
            }
            """)]
    )
}
