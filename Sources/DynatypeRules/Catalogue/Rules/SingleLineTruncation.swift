extension RuleCatalogue {
    static let singleLineTruncation = RuleDescriptor(
        .singleLineTruncation, name: "Single-line truncation", severity: .error, families: [LineLimitRule.self],
        summary: "`.lineLimit(1)` on text whose content is not a string literal, with no ScrollView, List or Form around it",
        rationale: "At large sizes the text is cut off and nothing reveals it.",
        fix: "`.lineLimit(nil)` or `.fixedSize(horizontal: false, vertical: true)`, or a detail view",
        sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        triggering: [RuleExample("""
            struct A: View {
                let name: String
                var body: some View { Text(name).↓lineLimit(1) }
            }
            """)],
        nonTriggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("Tap to open").lineLimit(1) } }
                """),
            RuleExample("""
                struct A: View {
                    let names: [String]
                    var body: some View { List(names, id: \\.self) { Text($0).lineLimit(1) } }
                }
                """),
            // A view a builder binds to a local sits inside the builder's ScrollView.
            RuleExample("""
                struct Tags: View {
                    let tags: [String]
                    var body: some View {
                        ScrollView(.horizontal) {
                            HStack { ForEach(tags, id: \\.self) { tag in let label = Text(tag).lineLimit(1); label } }
                        }
                    }
                }
                """),
            // Every use of the row is in a List: a local `content` elsewhere is not the row's
            // `content`, and the row's use inside itself is inside a List too.
            RuleExample("""
                struct Row: View {
                    let title: String
                    let children: [String]
                    var body: some View { content }
                    private var content: some View {
                        VStack { Text(title).lineLimit(1); ForEach(children, id: \\.self) { Row(title: $0, children: []) } }
                    }
                }
                struct Page: View {
                    let custom: AnyView?
                    var body: some View {
                        if let content = custom { content } else { List { Row(title: "a", children: []) } }
                    }
                }
                """),
            // The List encloses the use of a same-file view helper.
            RuleExample("""
                struct A: View {
                    let names: [String]
                    var body: some View { List(names, id: \\.self) { name in row(name) } }
                    func row(_ name: String) -> some View { Text(name).lineLimit(1) }
                }
                """),
        ]
    )
}
