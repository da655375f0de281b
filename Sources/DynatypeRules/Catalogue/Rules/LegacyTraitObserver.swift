extension RuleCatalogue {
    static let legacyTraitObserver = RuleDescriptor(
        .legacyTraitObserver, name: "Legacy trait observer", severity: .note, families: [LegacyTraitObserverRule.self],
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
    )
}
