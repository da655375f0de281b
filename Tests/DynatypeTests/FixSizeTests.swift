import DynatypeRules
import Testing

/// The rule specification's "Text-style sizes": a fix names the style nearest to the size the
/// code gives, however the code spells it, and keeps what the font had
/// ("Fixes keep weight, design and traits").
@Suite struct FixSizeTests {
    private func replacements(_ report: FileReport) -> [String] { report.findings.compactMap(\.replacement) }

    @Test func aSizeFromANamedConstantGetsItsNearestStyle() {
        let report = audit("""
            import UIKit
            final class TitleBar {
                private enum Constants {
                    static let symbolPointSize: CGFloat = 13
                    static let titleSize: CGFloat = 20
                }
                let inset: CGFloat = 2
                func make() {
                    let symbol = UIImage.SymbolConfiguration(pointSize: Constants.symbolPointSize, weight: .regular)
                    let label = UILabel()
                    label.font = UIFont.systemFont(ofSize: Constants.titleSize)
                    label.font = .boldSystemFont(ofSize: 11 + inset)
                }
            }
            """)
        #expect(replacements(report) == [
            "UIImage.SymbolConfiguration(textStyle: .footnote)",
            "UIFont.preferredFont(forTextStyle: .title3)",
            "UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .boldSystemFont(ofSize: 11 + inset))",
        ])
    }

    @Test func aSwiftUISizeFromAConstantGetsItsNearestStyle() {
        let report = audit("""
            enum Metrics { static let caption: CGFloat = 12 }
            struct A: View {
                var body: some View { Text("a").font(.system(size: Metrics.caption, weight: .medium)) }
            }
            """)
        #expect(replacements(report) == [".caption.weight(.medium)"])
    }

    @Test func aSizeReadFromAPreferredFontIsNotScaledTwice() {
        let report = audit("""
            import UIKit
            final class Editor {
                static let font = UIFont.monospacedSystemFont(
                    ofSize: UIFont.preferredFont(forTextStyle: .callout).pointSize,
                    weight: .regular
                )
                func superscript(_ content: NSMutableAttributedString) {
                    let fontPointSize = UIFont.preferredFont(forTextStyle: .body).pointSize
                    content.addAttribute(.font, value: UIFont.systemFont(ofSize: fontPointSize * 0.7), range: NSRange())
                    content.addAttribute(.font, value: UIFont.systemFont(ofSize: fontPointSize), range: NSRange())
                }
            }
            """)
        #expect(replacements(report) == [
            "UIFontMetrics(forTextStyle: .callout).scaledFont(for: UIFont.monospacedSystemFont(ofSize: 16, weight: .regular))",
            "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17 * 0.7))",
            "UIFont.preferredFont(forTextStyle: .body)",
        ])
    }

    @Test func aSizeDerivedFromAPreferredFontThroughLocalsIsRebuiltOnTheStylesSize() {
        let report = audit("""
            import UIKit
            enum Headings {
                static func apply(_ content: NSMutableAttributedString, tag: String) {
                    let fontPointSize = UIFont.preferredFont(forTextStyle: .body).pointSize
                    let level = max(3, Int(String(tag.dropFirst())) ?? 1)
                    let size: CGFloat = fontPointSize + CGFloat(6 - level) * 2
                    content.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: size), range: NSRange())
                }
            }
            """)
        #expect(replacements(report) == [
            "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.boldSystemFont(ofSize: (17 + CGFloat(6 - level) * 2)))"
        ])
    }

    @Test func aConditionalWeightIsKept() {
        let report = audit("""
            struct CharacterCount: View {
                let remains: Int
                var isOverflow: Bool { remains < 0 }
                var body: some View {
                    Text("\\(remains)").font(.system(size: 12, weight: isOverflow ? .medium : .regular))
                    Text("b").font(.system(size: 28, weight: isOverflow ? .bold : .regular, design: .rounded))
                }
            }
            """)
        #expect(replacements(report) == [
            ".caption.weight(isOverflow ? .medium : .regular)",
            ".system(.title, design: .rounded, weight: isOverflow ? .bold : .regular)",
        ])
    }

    @Test func theAdjustsFixNamesTheTitleLabelAsWritten() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let payButton = UIButton()
                func setUp() { payButton.titleLabel?.font = .preferredFont(forTextStyle: .body) }
            }
            """)
        #expect(report.findings.first { $0.rule == .missingAdjustsFont }?.replacement == "payButton.titleLabel?.adjustsFontForContentSizeCategory = true")
    }

    @Test func aHidingWidthIsNoFixedWidth() {
        let report = audit("""
            struct A: View {
                @State private var showText = false
                let text: String
                var body: some View { Text(text).frame(width: showText ? nil : 0).frame(width: 120) }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_width:4"])
    }
}
