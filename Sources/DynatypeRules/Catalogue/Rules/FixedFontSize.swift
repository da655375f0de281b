extension RuleCatalogue {
    static let fixedFontSize = RuleDescriptor(
        .fixedFontSize, name: "Fixed font size", severity: .error, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "SwiftUI `.system(size:)` as the font of text, or stored as a `Font` value",
        rationale: "A hardcoded point size ignores the user's text size setting.",
        fix: "use the nearest text style (`.font(.body)`), keeping weight and design", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        mechanicalFix: .replace,
        triggering: [
            // A size a struct's memberwise initializer stores is what its callers pass.
            RuleExample("""
                import SwiftUI
                struct EmojiMenu: View {
                    let emojiSize: CGFloat
                    var body: some View { Text("🔴").font(↓.system(size: emojiSize)) }
                }
                struct Reader: View {
                    var body: some View { EmojiMenu(emojiSize: 20) }
                }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View { Text("Wi-Fi").font(↓.system(size: 17)) }
                }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View {
                        VStack { Text("a"); Text("b") }
                            .font(↓Font.system(size: 14, weight: .bold))
                    }
                }
                """),
            RuleExample("""
                extension Font { static let caption3 = ↓Font.system(size: 10) }
                """),
            // Inside `extension Font`, `system(size:)` is `Font.system(size:)`.
            RuleExample("""
                extension Font { static var small: Font { ↓system(size: 12) } }
                """),
            // A conditional size is its branches; the condition only chooses.
            RuleExample("""
                struct A: View {
                    let remains: Int
                    var body: some View {
                        let isOverflow = remains < 0
                        Text("\\(remains)").font(↓.system(size: isOverflow ? 18 : 16))
                    }
                }
                """),
            RuleExample("""
                struct A: View {
                    let compact: Bool
                    var body: some View { Text("a").font(compact ? ↓.system(size: 12) : .body) }
                }
                """),
            // `geometry.size.width` is not the `@ScaledMetric var width` of a type.
            RuleExample("""
                struct Card: View {
                    @ScaledMetric var width: CGFloat = 20
                    var body: some View { Color.red.frame(width: width) }
                }
                struct A: View {
                    var body: some View {
                        GeometryReader { geometry in Text("a").font(↓.system(size: geometry.size.width * 0.5)) }
                    }
                }
                """),
            // Sizes a view takes from its callers: a view function's parameter,
            // a stored size its initializer sets; any call passing a constant.
            RuleExample("""
                struct FeatureIcon: View {
                    private let size: CGFloat
                    init(size: CGFloat? = nil) { self.size = size ?? 20 }
                    var body: some View { Text("A").font(↓.system(size: size * 0.65)) }
                }
                struct Settings: View {
                    var body: some View { FeatureIcon(size: 14); title(size: 13) }
                    func title(size: CGFloat) -> some View { Text("Settings").font(↓.system(size: size)) }
                }
                """),
        ],
        nonTriggering: [
            // A same-file helper shown only by previews is preview code; one shown only in a toolbar is chrome.
            RuleExample("""
                struct Inbox: View {
                    var body: some View { List {}.toolbar { toolbarTitle } }
                    private var toolbarTitle: some View { Text("Inbox").font(.system(size: 15)) }
                }
                private func sampleRow() -> some View { Text("Sample").font(.system(size: 13)) }
                #Preview { sampleRow() }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View {
                        Text("a").font(.system(.body, design: .rounded)); Text("b").font(.headline.weight(.bold))
                    }
                }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View { Text("a").font(.system(size: 40)).accessibilityHidden(true) }
                }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View { Text("a").font(.system(size: UIFontMetrics.default.scaledValue(for: 17))) }
                }
                """),
            RuleExample("""
                let text = "Text(\\"x\\").font(.system(size: 12))" // .system(size: 12) in a comment
                """),
            RuleExample("""
                #Preview { Text("a").font(.system(size: 9)) }
                """),
            RuleExample("""
                struct FeatureIcon: View {
                    private let size: CGFloat
                    init(size: CGFloat) { self.size = size }
                    var body: some View { Text("A").font(.system(size: size)) }
                }
                struct Settings: View {
                    var body: some View { FeatureIcon(size: UIFontMetrics.default.scaledValue(for: 14)) }
                }
                """),
        ]
    )
}
