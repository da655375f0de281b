extension RuleCatalogue {
    static let fontSizeReadOnce = RuleDescriptor(
        .fontSizeReadOnce, name: "Font size read once", severity: .warning, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
        summary: "a font whose size is read from a text-style font or descriptor (`.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize)`, `descriptor.pointSize * 1.2`)",
        rationale: "The size is the user's when the font is made; it does not follow the user's text size when it changes while the app runs. Code that a handler of `UIContentSizeCategory.didChangeNotification` refreshes (its type's methods, or a type whose static members the handler calls) reads the size again and passes.",
        fix: "UIKit: `UIFontMetrics(forTextStyle:).scaledFont(for:)` of the style's default size, keeping weight and face; SwiftUI: `.system(.<style>, weight:)`, or `@ScaledMetric(relativeTo:)` for a multiple",
        sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)",
        mechanicalFix: .replace,
        triggering: [
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        label.font = ↓.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize, weight: .semibold)
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """),
            // A multiple of a descriptor's size, and a stored text-style font's size in SwiftUI.
            RuleExample("""
                import UIKit
                let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body).withSymbolicTraits(.traitBold)!
                let large = ↓UIFont(descriptor: descriptor, size: descriptor.pointSize * 1.2)
                """),
            RuleExample("""
                import SwiftUI
                struct Badge: View {
                    let base = UIFont.preferredFont(forTextStyle: .headline)
                    var body: some View { Text("3").font(↓.system(size: base.pointSize * 0.6)) }
                }
                """),
            // A font made for the content size category the user has when it runs.
            RuleExample("""
                import UIKit
                extension TextStyle {
                    var preferredFont: UIFont { ↓font(contentSizeCategory: UIApplication.shared.preferredContentSizeCategory) }
                }
                final class Cell: UICollectionViewCell {
                    let label = UILabel()
                    func configure() { label.font = Styles.body.preferredFont }
                }
                """),
        ],
        nonTriggering: [
            // The descriptor's own size keeps the text style.
            RuleExample("""
                import UIKit
                final class C: UIView {
                    let label = UILabel()
                    func setUp() {
                        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline).withSymbolicTraits(.traitItalic)!
                        label.font = UIFont(descriptor: descriptor, size: descriptor.pointSize)
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """),
            RuleExample("""
                import UIKit
                let font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17, weight: .semibold))
                """),
            // A bound on the app's own scaling is no category the font is made for.
            RuleExample("""
                import UIKit
                final class Cell: UICollectionViewCell {
                    let label = UILabel()
                    func configure() { label.font = UIFont.font(with: .body, maxSizeCategory: .accessibilityLarge) }
                }
                """),
            // A type a handler of the text-size change refreshes reads the size again on each change.
            RuleExample("""
                import UIKit
                final class MessageRenderer {
                    private var cache: [String: NSAttributedString] = [:]
                    init() {
                        NotificationCenter.default.addObserver(self, selector: #selector(sizeChanged),
                                                               name: UIContentSizeCategory.didChangeNotification, object: nil)
                    }
                    @objc private func sizeChanged() { clearCache() }
                    private func clearCache() { cache.removeAll() }
                    func render(_ text: String) -> NSAttributedString {
                        let size = UIFont.preferredFont(forTextStyle: .body).pointSize
                        return NSAttributedString(string: text, attributes: [.font: UIFont.boldSystemFont(ofSize: size)])
                    }
                }
                """),
        ]
    )
}
