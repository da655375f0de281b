extension RuleCatalogue {
    static let clampedDynamicType = RuleDescriptor(
        .clampedDynamicType, name: "Clamped Dynamic Type", severity: .error, families: [DynamicTypeClampRule.self, UIKitLabelRules.self],
        summary: "`.dynamicTypeSize(_:)` with one size or a range capped below `.accessibility5` and no Large Content Viewer; UIKit `maximumContentSizeCategory` below the largest size",
        rationale: "Clamping stops text from growing for the users who need it most.",
        fix: "widen to `...DynamicTypeSize.accessibility5`, or add `.accessibilityShowsLargeContentViewer()`",
        sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        mechanicalFix: .widenRange,
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("a").↓dynamicTypeSize(.xSmall ... .xxxLarge) } }
                """),
            // Any spelling, on any view (custom views included).
            RuleExample("""
                struct A: View {
                    var body: some View {
                        Badge().↓dynamicTypeSize(...(.xxxLarge))
                        Badge().↓dynamicTypeSize(...DynamicTypeSize.xxLarge)
                    }
                }
                """),
            // The whole app below a root container of custom views.
            RuleExample("""
                struct Root: View {
                    let loggedIn: Bool
                    var body: some View {
                        Group { if loggedIn { Home() } else { Login() } }.↓dynamicTypeSize(.xSmall ... .xxxLarge)
                    }
                }
                """),
            RuleExample("""
                import UIKit
                final class C: UIViewController {
                    override func viewDidLoad() { ↓view.maximumContentSizeCategory = .extraExtraLarge }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.accessibility5) } }
                """),
            // A clamp on images alone clamps no text.
            RuleExample("""
                struct A: View { var body: some View { Image(systemName: "star").dynamicTypeSize(...DynamicTypeSize.xxxLarge) } }
                """),
            RuleExample("""
                struct A: View {
                    var body: some View { Text("3").dynamicTypeSize(...DynamicTypeSize.xLarge).accessibilityShowsLargeContentViewer() }
                }
                """),
        ]
    )
}
