extension RuleCatalogue {
    static let fixedSymbolSize = RuleDescriptor(
        .fixedSymbolSize, name: "Fixed symbol size", severity: .warning, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self, SymbolConfigurationRule.self],
        summary: "`UIImage.SymbolConfiguration(pointSize:)`; `.font(.system(size:))` on images only",
        rationale: "Icons sized in points do not grow with the text beside them.",
        fix: "`UIImage.SymbolConfiguration(textStyle:)`; `.font(.<style>)` or `.imageScale`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically)",
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { Image(systemName: "checkmark").font(↓.system(size: 44)) } }
                """),
            RuleExample("""
                import UIKit
                let configuration = ↓UIImage.SymbolConfiguration(pointSize: 24, weight: .medium)
                """),
            // Across lines, on AppKit, and as `.init` where a configuration is expected.
            RuleExample("""
                import UIKit
                let large = ↓UIImage
                    .SymbolConfiguration(pointSize: 30)
                let mac = ↓NSImage.SymbolConfiguration(pointSize: 12, weight: .bold)
                let small: UIImage.SymbolConfiguration = ↓.init(pointSize: 20)
                let image = UIImage(systemName: "x", withConfiguration: ↓.init(pointSize: 18))
                """),
            // An image view's configuration property names no type.
            RuleExample("""
                import AppKit
                func style(_ icon: NSImageView) { icon.symbolConfiguration = ↓.init(pointSize: 13, weight: .regular) }
                """),
            // A view function's size parameter, judged with its calls.
            RuleExample("""
                struct Row: View {
                    var body: some View { HStack { icon(size: 24); Text("Done") } }
                    private func icon(size: CGFloat) -> some View { Image(systemName: "checkmark").font(↓.system(size: size)) }
                }
                """),
            // A value declared as an `Image` is a symbol.
            RuleExample("""
                struct Panel: View {
                    let image: Image
                    var body: some View { HStack { image.font(↓.system(size: 18)); Text("Search") } }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import UIKit
                let configuration = UIImage.SymbolConfiguration(textStyle: .body)
                """),
            RuleExample("""
                struct Row: View {
                    @ScaledMetric var iconSize: CGFloat = 24
                    var body: some View { HStack { icon(size: iconSize); Text("Done") } }
                    private func icon(size: CGFloat) -> some View { Image(systemName: "checkmark").font(.system(size: size)) }
                }
                """),
        ]
    )
}
