extension RuleCatalogue {
    static let fixedCustomFont = RuleDescriptor(
        .fixedCustomFont, name: "Fixed custom font", severity: .error, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "SwiftUI `Font.custom(_:fixedSize:)`",
        rationale: "A fixed-size custom font never scales.",
        fix: "`.custom(\"Name\", size: N, relativeTo: .<style>)`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        mechanicalFix: .replace,
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("a").font(↓.custom("Menlo", fixedSize: 11)) } }
                """),
            RuleExample("""
                extension Font { static var mono: Font { ↓custom("Menlo", fixedSize: 12) } }
                """),
        ],
        nonTriggering: [RuleExample("""
            struct A: View { var body: some View { Text("a").font(.custom("Menlo", size: 11, relativeTo: .caption2)) } }
            """)]
    )
}
