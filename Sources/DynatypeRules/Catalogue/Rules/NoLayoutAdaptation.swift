extension RuleCatalogue {
    static let noLayoutAdaptation = RuleDescriptor(
        .noLayoutAdaptation, name: "No layout adaptation", severity: .note, families: [LayoutAdaptationRule.self],
        summary: "an `HStack` laying out two or more views that hold text side by side, in a file that never reads the text size or uses `ViewThatFits`/`AnyLayout`",
        rationale: "Side-by-side text runs out of room at accessibility sizes.",
        fix: "switch to `VStack` at accessibility sizes, or use `ViewThatFits`", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility)",
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { ↓HStack { Text("Gate"); Spacer(); Text("B12") } } }
                """),
            // A `ForEach` lays out several children.
            RuleExample("""
                struct A: View { let tags: [String]; var body: some View { ↓HStack { ForEach(tags, id: \\.self) { Text($0) } } } }
                """),
            // The fuller branch of an `if` counts.
            RuleExample("""
                struct A: View {
                    let compact: Bool
                    var body: some View { ↓HStack { if compact { Text("Gate") } else { Text("Gate"); Text("B12") } } }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct A: View {
                    @Environment(\\.dynamicTypeSize) private var size
                    var body: some View { HStack { Text("Gate"); Text("B12") } }
                }
                """),
            // Texts inside one `VStack` child are one child beside an image.
            RuleExample("""
                struct A: View { var body: some View { HStack { Image(systemName: "star"); VStack { Text("Gate"); Text("B12") } } } }
                """),
            // `Text + Text` is one text element.
            RuleExample("""
                struct A: View { var body: some View { HStack { Text("Gate ") + Text("B12"); Spacer() } } }
                """),
            // One branch at a time is laid out.
            RuleExample("""
                struct A: View {
                    let compact: Bool
                    var body: some View { HStack { if compact { Text("Gate") } else { Text("B12") }; Image(systemName: "star") } }
                }
                """),
        ]
    )
}
