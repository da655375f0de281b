extension RuleCatalogue {
    static let scaledMetricRules: [RuleDescriptor] = [
        RuleDescriptor(
            .scaledMetricFontSize, name: "Font size from @ScaledMetric", severity: .warning,
            summary: "`.system(size: m)` / `systemFont(ofSize: m)` where `m` is a `@ScaledMetric` property",
            rationale: "It scales, but bypasses text styles (a common @ScaledMetric mistake).",
            fix: "use a text style; keep `@ScaledMetric` for spacing and icons", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
            triggering: [RuleExample("""
                struct A: View {
                    @ScaledMetric(relativeTo: .largeTitle) var size: CGFloat = 48
                    var body: some View { Text("12").font(↓.system(size: size, weight: .bold)) }
                }
                """)],
            nonTriggering: [RuleExample("""
                struct A: View {
                    @ScaledMetric(relativeTo: .body) var icon: CGFloat = 24
                    var body: some View { Image(systemName: "star").frame(width: icon, height: icon) }
                }
                """)]
        ),
        RuleDescriptor(
            .scaledMetricOutsideView, name: "@ScaledMetric outside a view", severity: .error,
            summary: "`@ScaledMetric` in a type that is not a View, ViewModifier, App, Scene or DynamicProperty",
            rationale: "It never updates there (a common @ScaledMetric mistake).",
            fix: "move it into the View and pass the value down", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
            triggering: [RuleExample("""
                final class PlayerModel: ObservableObject {
                    ↓@ScaledMetric var controlSize: CGFloat = 44
                }
                """)],
            nonTriggering: [RuleExample("""
                struct Player: View {
                    @ScaledMetric(relativeTo: .body) var controlSize: CGFloat = 44
                    var body: some View { Color.clear.frame(width: controlSize) }
                }
                """)]
        ),
        RuleDescriptor(
            .scaledMetricWithoutRelativeStyle, name: "@ScaledMetric without relativeTo", severity: .note,
            summary: "a type with two or more `@ScaledMetric` properties, none with `relativeTo:`",
            rationale: "All of them scale with `.body`, whatever text they sit next to (a common @ScaledMetric mistake).",
            fix: "add `relativeTo:` matching the adjacent text", sources: "Apple: ScaledMetric (https://developer.apple.com/documentation/swiftui/scaledmetric)",
            triggering: [RuleExample("""
                struct Chip: View {
                    ↓@ScaledMetric private var padding: CGFloat = 10
                    ↓@ScaledMetric private var radius: CGFloat = 8
                    var body: some View { Text("a").padding(padding) }
                }
                """)],
            nonTriggering: [RuleExample("""
                struct Chip: View {
                    @ScaledMetric(relativeTo: .caption) private var padding: CGFloat = 10
                    @ScaledMetric private var radius: CGFloat = 8
                    var body: some View { Text("a").padding(padding) }
                }
                """)]
        ),
        RuleDescriptor(
            .fixedSymbolSize, name: "Fixed symbol size", severity: .warning,
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
                // A view function's size parameter, judged with its calls.
                RuleExample("""
                    struct Row: View {
                        var body: some View { HStack { icon(size: 24); Text("Done") } }
                        private func icon(size: CGFloat) -> some View { Image(systemName: "checkmark").font(↓.system(size: size)) }
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
        ),
        RuleDescriptor(
            .fixedIconFrame, name: "Fixed icon frame", severity: .note,
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
        ),
    ]

    static let otherRules: [RuleDescriptor] = [
        RuleDescriptor(
            .legacyTraitObserver, name: "Legacy trait observer", severity: .note,
            summary: "`override func traitCollectionDidChange(_:)` that reacts to the text size (reads `preferredContentSizeCategory`, a `UIContentSizeCategory` or `isAccessibilityCategory`, or assigns a font)",
            rationale: "Deprecated since iOS 17; registering for `UITraitPreferredContentSizeCategory` says what the view depends on. An override about colour appearance, size classes or layout direction alone is not about text size.",
            fix: "`registerForTraitChanges([UITraitPreferredContentSizeCategory.self])`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility)",
            platforms: Platform.uiKit,
            triggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIViewController {
                        ↓override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                            stack.axis = traitCollection.preferredContentSizeCategory.isAccessibilityCategory ? .vertical : .horizontal
                        }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        ↓override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                            label.font = .preferredFont(forTextStyle: .body)
                        }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIViewController {
                        override func viewDidLoad() { registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (self: Self, _) in } }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                            layer.borderColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
                        }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .superfluousSuppression, name: "Superfluous suppression", severity: .warning,
            summary: "a `dynatype:disable…` comment that suppresses nothing",
            rationale: "Stale suppressions hide future regressions.",
            fix: "remove the comment", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically)",
            triggering: [RuleExample("""
                struct A: View {
                    var body: some View {
                        ↓// dynatype:disable:next fixed_font_size
                        Text("a").font(.body)
                    }
                }
                """)],
            nonTriggering: [RuleExample("""
                struct A: View {
                    var body: some View {
                        // dynatype:disable:next fixed_font_size - wordmark
                        Text("ACME").font(.system(size: 56))
                    }
                }
                """)]
        ),
    ]
}
