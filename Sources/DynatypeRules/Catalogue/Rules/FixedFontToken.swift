extension RuleCatalogue {
    static let fixedFontToken = RuleDescriptor(
        .fixedFontToken, name: "Fixed design-system font", severity: .error, families: [SwiftUIFontRule.self, UIKitFontRule.self],
        summary: "a text element whose font is a symbol of the audited code (`.caption3`, `Theme.fonts.body`, `UIFont.appFont(ofSize:)`) whose definition does not scale",
        rationale: "The definition decides: a fixed token makes every use fixed.",
        fix: "fix the definition (its location is in the message)", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically)",
        triggering: [
            RuleExample("""
                extension Font { static let caption3 = Font.system(size: 10) }
                struct A: View { var body: some View { Text("a").font(↓.caption3) } }
                """),
            RuleExample("""
                extension Font {
                    static var mono: Font { custom("Menlo", fixedSize: 12) }
                    static var small: Font { Self.system(size: 12) }
                }
                struct A: View { var body: some View { Text("a").font(↓.mono); Text("b").font(↓.small) } }
                """),
            // View helpers that apply a font give it to the text they are called on.
            RuleExample("""
                extension View { func eyebrow() -> some View { font(.system(size: 11)) } }
                struct Caption: ViewModifier { func body(content: Content) -> some View { content.font(.system(size: 10)) } }
                struct A: View {
                    var body: some View {
                        Text("a").↓eyebrow()
                        Text("b").padding().↓modifier(Caption())
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                extension Font { static let caption3 = Font.custom("Inter", size: 10, relativeTo: .caption2) }
                struct A: View { var body: some View { Text("a").font(.caption3) } }
                """),
            RuleExample("""
                extension View { func eyebrow() -> some View { font(.caption2.weight(.semibold)) } }
                struct A: View { var body: some View { Text("a").eyebrow().cardStyle() } }
                """),
        ]
    )
}
