extension RuleCatalogue {
    static let missingAdjustsFont = RuleDescriptor(
        .missingAdjustsFont, name: "Missing adjustsFontForContentSizeCategory", severity: .error, families: [UIKitFontRule.self, InterfaceBuilderAnalyzer.self],
        summary: "a scaling UIKit font on a view that never sets `adjustsFontForContentSizeCategory = true` in its type; a text-style IB font without \"Automatically Adjusts Font\"",
        rationale: "Without it the font is chosen once and does not follow later text size changes.",
        fix: "`<view>.adjustsFontForContentSizeCategory = true`", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: Platform.uiKit,
        mechanicalFix: .insertAfterStatement,
        triggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() { ↓label.font = .preferredFont(forTextStyle: .body) }
                }
                """),
            // The fix keeps an optional receiver's `?`.
            RuleExample("""
                import UIKit
                final class Cell: UITableViewCell {
                    func reloadTextStyles() { ↓textLabel?.font = .preferredFont(forTextStyle: .body) }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() { label.font = .preferredFont(forTextStyle: .body) }
                    func more() { label.adjustsFontForContentSizeCategory = true }
                }
                """),
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        label.font = .monospacedDigitSystemFont(ofSize: 72, weight: .thin)
                        label.adjustsFontForContentSizeCategory = false
                    }
                }
                """),
            // Attribute containers and text attributes are no views.
            RuleExample("""
                import UIKit
                final class Control: UIControl {
                    func setUp() {
                        var container = AttributeContainer()
                        container.font = UIFont.preferredFont(forTextStyle: .body)
                        var configuration = UIButton.Configuration.plain()
                        configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
                            var outgoing = incoming
                            outgoing.font = UIFont.preferredFont(forTextStyle: .headline)
                            return outgoing
                        }
                        self.font = .preferredFont(forTextStyle: .body)
                    }
                }
                """),
            // A button's `titleLabel?.font` is UILabel's, not another type's `font`.
            RuleExample("""
                import UIKit
                import SwiftUI
                final class ThemeButton: UIButton {}
                final class C: UIViewController {
                    @IBOutlet var button: ThemeButton!
                    func setUp() { button.titleLabel?.font = button.titleLabel?.font.withWeight(.bold) }
                }
                struct Highlight: View {
                    private var font: Font = .body
                    var body: some View { Text("a").font(font) }
                }
                """),
            // A local named `font` is not the label's `font`.
            RuleExample("""
                import UIKit
                extension ExternalLabel {
                    func setUp(large: Bool) {
                        let font: UIFont
                        if large { font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 28)) } else { font = .preferredFont(forTextStyle: .body) }
                        self.font = font
                    }
                }
                """),
        ]
    )
}
