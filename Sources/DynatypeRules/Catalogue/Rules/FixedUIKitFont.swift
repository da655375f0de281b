extension RuleCatalogue {
    static let fixedUIKitFont = RuleDescriptor(
        .fixedUIKitFont, name: "Fixed UIKit font", severity: .error, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "`UIFont.systemFont(ofSize:)` and its variants, `UIFont(name:size:)`, `UIFont(descriptor:size:)` not wrapped in `UIFontMetrics`",
        rationale: "A UIKit font with a fixed size does not scale.",
        fix: "`UIFont.preferredFont(forTextStyle:)` + `adjustsFontForContentSizeCategory = true`, or `UIFontMetrics(forTextStyle:).scaledFont(for:)`",
        sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: Platform.uiKit,
        mechanicalFix: .replace,
        triggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        label.font = ↓UIFont.systemFont(ofSize: 17)
                        label.font = ↓.boldSystemFont(ofSize: 28)
                    }
                }
                """),
            RuleExample("""
                import UIKit
                let attributes: [NSAttributedString.Key: Any] = [.font: ↓UIFont(name: "Avenir", size: 15)!]
                """),
            // A stored constant set in `init`, and another font's size, are fixed sizes.
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    var fieldFontSize: CGFloat
                    init() {
                        fieldFontSize = 13
                        super.init(frame: .zero)
                    }
                    func setUp(_ other: UILabel?) {
                        label.font = ↓.systemFont(ofSize: fieldFontSize)
                        label.font = ↓.systemFont(ofSize: other?.font?.pointSize ?? 12)
                    }
                }
                """),
            // A font resized to a fixed size is a fixed font, a text style's included.
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        label.font = ↓UIFont.preferredFont(forTextStyle: .body).withSize(13)
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """),
            // A local `font` is a value like any other, in a label extension too.
            RuleExample("""
                import UIKit
                extension ExternalLabel {
                    func setUp(large: Bool) {
                        let font: UIFont
                        if large { font = ↓.systemFont(ofSize: 28) } else { font = .preferredFont(forTextStyle: .body) }
                        self.font = font
                    }
                }
                """),
        ],
        nonTriggering: [
            // A label only drawn into an image is not on-screen text.
            RuleExample("""
                import UIKit
                func badgeImage(_ count: Int) -> UIImage {
                    let label = UILabel()
                    label.text = "\\(count)"
                    label.font = .systemFont(ofSize: 20)
                    return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { context in
                        label.layer.render(in: context.cgContext)
                    }
                }
                """),
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        let base = UIFont(name: "Avenir", size: 15)!
                        label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: base)
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """),
            RuleExample("""
                import UIKit
                let font = UIFont.systemFont(ofSize: UIFontMetrics.default.scaledValue(for: 15))
                """),
            // Size 0, however spelled, keeps the text style's descriptor size.
            RuleExample("""
                import UIKit
                func styled(_ style: UIFont.TextStyle) -> UIFont {
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style).withSymbolicTraits(.traitBold)!
                    return UIFont(descriptor: descriptor, size: .zero)
                }
                """),
            // A face: read for its name, or resized with a scaled size.
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    let dyslexic = UIFont(name: "OpenDyslexic", size: 1)!
                    func setUp() {
                        label.font = dyslexic.withSize(UIFontMetrics.default.scaledValue(for: 17))
                        label.adjustsFontForContentSizeCategory = true
                        print(dyslexic.familyName)
                    }
                }
                """),
            // AppKit by type: the receiver's class and `#if os(macOS)` decide.
            RuleExample("""
                import UIKit
                import AppKit
                final class C: NSViewController {
                    let field = NSTextField()
                    func setUp() { field.font = .systemFont(ofSize: 13) }
                }
                #if os(macOS)
                let small: NSFont = .systemFont(ofSize: 11)
                #endif
                """),
        ]
    )
}
