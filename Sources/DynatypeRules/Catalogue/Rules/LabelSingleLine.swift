extension RuleCatalogue {
    static let labelSingleLine = RuleDescriptor(
        .labelSingleLine, name: "Single-line label", severity: .warning, families: [UIKitLabelRules.self],
        summary: "UIKit `numberOfLines = 1` on a label",
        rationale: "One line truncates the label at large sizes.",
        fix: "`numberOfLines = 0`", sources: "Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: Platform.uiKit,
        triggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() { ↓label.numberOfLines = 1 }
                }
                """),
            // A property built by a closure is the label the closure builds, whatever either is named.
            RuleExample("""
                import UIKit
                final class Badges: UIView {
                    private let badge = {
                        let badgeLabel = UILabel()
                        ↓badgeLabel.numberOfLines = 1
                        return badgeLabel
                    }()
                    private let secondBadge = {
                        let badgeLabel = UILabel()
                        ↓badgeLabel.numberOfLines = 1
                        return badgeLabel
                    }()
                }
                """),
            // A count named by a constant of the file is that count.
            RuleExample("""
                import UIKit
                final class NoteCell: UITableViewCell {
                    let titleLabel = UILabel()
                    func setUp() { ↓titleLabel.numberOfLines = Style.maximumTitleLines }
                }
                private enum Style {
                    static let maximumTitleLines = 1
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() { label.numberOfLines = 0 }
                }
                """),
            // A `UIControl` subclass is no label.
            RuleExample("""
                import UIKit
                final class Toggle: UIControl {
                    func setUp() { self.numberOfLines = 1 }
                }
                """),
        ]
    )
}
