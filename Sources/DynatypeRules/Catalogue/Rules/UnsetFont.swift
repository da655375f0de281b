extension RuleCatalogue {
    static let unsetFont = RuleDescriptor(
        .unsetFont, name: "Font never set", severity: .warning, families: [UIKitFontRule.self],
        summary: "a UIKit or AppKit text element made in code whose font is set nowhere in the audited code (its own assignments, its class's initializers, an appearance proxy, an attributed font, a button configuration)",
        rationale: "It keeps the platform's default font, a fixed size (`UILabel`'s 17 pt), which does not follow the user's text size.",
        fix: "`<view>.font = .preferredFont(forTextStyle: .body)` + `adjustsFontForContentSizeCategory = true`",
        sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
        triggering: [
            RuleExample("""
                import UIKit
                final class Cell: UIView {
                    let title = ↓UILabel()
                    func setUp() { title.text = "Inbox"; addSubview(title) }
                }
                """),
            // Also a view the type makes after declaring it.
            RuleExample("""
                import UIKit
                final class HUD: UIViewController {
                    var progressLabel: UILabel?
                    override func viewDidLoad() { progressLabel = ↓UILabel(); view.addSubview(progressLabel!) }
                }
                """),
            // A button counts when it shows a title.
            RuleExample("""
                import UIKit
                final class Bar: UIView {
                    let done = ↓UIButton(type: .system)
                    func setUp() { done.setTitle("Done", for: .normal) }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import UIKit
                final class Cell: UIView {
                    let title = UILabel()
                    func setUp() {
                        title.font = .preferredFont(forTextStyle: .headline)
                        title.adjustsFontForContentSizeCategory = true
                    }
                }
                """),
            // An attributed font, a button that shows only an image, and an appearance proxy's font.
            RuleExample("""
                import UIKit
                final class Cell: UIView {
                    let rich = UILabel()
                    let icon = UIButton(type: .system)
                    let plain = UITextField()
                    func setUp() {
                        rich.attributedText = NSAttributedString(string: "a", attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])
                        icon.setImage(UIImage(systemName: "xmark"), for: .normal)
                    }
                }
                func style() { UITextField.appearance().font = .preferredFont(forTextStyle: .body) }
                """),
        ]
    )
}
