extension RuleCatalogue {
    static let customFontWithoutRelativeStyle = RuleDescriptor(
        .customFontWithoutRelativeStyle, name: "Custom font without relative style", severity: .warning, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "SwiftUI `Font.custom(_:size:)` without `relativeTo:`",
        rationale: "It scales relative to `.body`; headings then scale on the wrong curve (a team wanting the strict reading makes it an error).",
        fix: "add `relativeTo:` with the nearest text style", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        mechanicalFix: .replace,
        triggering: [RuleExample("""
            struct A: View { var body: some View { Text("a").font(↓.custom("Merriweather", size: 28)) } }
            """)],
        nonTriggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("a").font(.custom("Merriweather", size: 28, relativeTo: .title)) } }
                """),
            // A name of the app's own type calls the app's overload, judged by its definition.
            RuleExample("""
                extension Font {
                    static func custom(_ name: FontName, size: CGFloat) -> Self { .custom(name.rawValue, size: size, relativeTo: .body) }
                }
                struct A: View { var body: some View { Text("a").font(.custom(.matter, size: 16)) } }
                """),
            // An enum's `.custom` is no font: only font positions hold fonts.
            RuleExample("""
                enum Kind { case plain, custom(String) }
                struct A: View {
                    let kind: Kind
                    var body: some View {
                        switch kind {
                        case .custom(let name): Text(name)
                        case .plain: Label("a", systemImage: "x").labelStyle(.custom(spacing: 4))
                        }
                        Text("b").presentationDetents([.custom(MyDetent.self)])
                    }
                    func make() -> Kind { .custom("x") }
                }
                """),
        ]
    )
}
