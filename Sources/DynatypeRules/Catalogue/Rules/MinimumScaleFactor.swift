extension RuleCatalogue {
    static let minimumScaleFactor = RuleDescriptor(
        .minimumScaleFactor, name: "Minimum scale factor", severity: .warning, families: [MinimumScaleFactorRule.self, UIKitLabelRules.self], escalatedSeverity: .error,
        severityNote: "warning; error with a one-line limit",
        summary: "SwiftUI `.minimumScaleFactor(_:)`; UIKit `adjustsFontSizeToFitWidth = true` / `minimumScaleFactor =`",
        rationale: "Shrinking text works against the user's larger text; with one line it is the only strategy.",
        fix: "remove it and let the text wrap", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)",
        triggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("Offer").lineLimit(1).↓minimumScaleFactor(0.6) } }
                """),
            // On a container of custom views, as on a custom view: their text is out of sight.
            RuleExample("""
                struct A: View {
                    var body: some View { HStack { Name(); Spacer() }.↓minimumScaleFactor(0.75).lineLimit(1) }
                }
                """),
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        ↓label.adjustsFontSizeToFitWidth = true
                        label.minimumScaleFactor = 0.5
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct A: View { var body: some View { Text("Offer").lineLimit(nil) } }
                """),
            // A control that is no label.
            RuleExample("""
                import UIKit
                final class Stepper: UIControl {
                    func setUp() { self.adjustsFontSizeToFitWidth = true }
                }
                """),
        ]
    )
}
