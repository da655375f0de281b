extension RuleCatalogue {
    static let fixedTextWidth = RuleDescriptor(
        .fixedTextWidth, name: "Fixed text width", severity: .warning, families: [FrameRule.self],
        summary: "`.frame(width: N)` with a constant width on a text element",
        rationale: "A fixed width makes long or large text wrap into a narrow column or truncate.",
        fix: "`.frame(maxWidth: .infinity, alignment: …)`", sources: "Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility)",
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("Signup").↓frame(width: 300, alignment: .leading) } }
                """),
            // A button with a text label is a text element, however the label is written.
            RuleExample("""
                struct A: View {
                    var body: some View {
                        Button { } label: { Text("Add all") }.↓frame(width: 80)
                        Button(action: {}) { Text("Remove") }.↓frame(width: 80, height: 30)
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("Signup").frame(maxWidth: .infinity, alignment: .leading) } }
                """),
            // An icon button has no text to wrap; a container is not a text element.
            RuleExample("""
                struct A: View {
                    var body: some View {
                        Button { } label: { Image(systemName: "plus") }.frame(width: 44)
                        VStack { Text("a") }.frame(width: 80)
                    }
                }
                """),
        ]
    )
}
