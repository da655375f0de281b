extension RuleCatalogue {
    static let unresolvedFont = RuleDescriptor(
        .unresolvedFont, name: "Unresolved font", severity: .note, families: [SwiftUIFontRule.self, UIKitFontRule.self],
        summary: "a font from a parameter, or a symbol not defined in the audited code",
        rationale: "Its scaling cannot be decided here; it is listed under the report's assumptions.",
        fix: "—", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        triggering: [RuleExample("""
            struct A: View {
                let valueFont: Font
                var body: some View { Text("a").font(↓valueFont) }
            }
            """)],
        nonTriggering: [RuleExample("""
            struct A: View { var body: some View { Text("a").font(.title3) } }
            """)]
    )
}
