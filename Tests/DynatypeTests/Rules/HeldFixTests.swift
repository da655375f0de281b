@testable import DynatypeRules
import Testing

/// Hunks reviewers of mastodon-ios, home-assistant/iOS and pocket-casts-ios
/// rejected because the text grew and what holds it did not: the finding
/// stays, and `dynatype fix` leaves the edit to a person (`FixHold`).
@Suite struct HeldFixTests {
    private func finding(_ rule: String, in code: String) -> Finding? {
        audit(code).findings.first { $0.rule.rawValue == rule }
    }

    @Test func aButtonInANavigationBarKeepsItsFindingButNotItsFontEdit() throws {
        let code = """
            import UIKit
            final class Compose: UIViewController {
                private lazy var publishButton: UIButton = {
                    let button = UIButton(type: .custom)
                    button.titleLabel?.font = .systemFont(ofSize: 14, weight: .bold)
                    button.setTitle("Post", for: .normal)
                    return button
                }()
                private(set) lazy var publishItem: UIBarButtonItem = {
                    let container = UIView()
                    container.addSubview(publishButton)
                    return UIBarButtonItem(customView: container)
                }()
            }
            """
        let held = try #require(finding("fixed_uikit_font", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("navigation bar"))
        let outside = code.replacingOccurrences(of: "container.addSubview(publishButton)", with: "")
        #expect(finding("fixed_uikit_font", in: outside)?.replacement != nil, "a button outside the bar gets the edit")
    }

    @Test func aScalingFontInABarStillGetsTheFlag() throws {
        let code = """
            import UIKit
            final class Bookmarks: UIViewController {
                func setUp() {
                    let button = UIButton(type: .system)
                    button.titleLabel?.font = .preferredFont(forTextStyle: .body)
                    button.setTitle("Edit", for: .normal)
                    navigationItem.rightBarButtonItem = UIBarButtonItem(customView: button)
                }
            }
            """
        #expect(try #require(finding("missing_adjusts_font", in: code)).replacement != nil)
    }

    @Test func aRoundedLabelIsABadgeWhileARoundedButtonGrows() throws {
        let badge = """
            import UIKit
            final class Grid: UIView {
                let badgeLabel = UILabel()
                func setUp() {
                    badgeLabel.font = UIFont.systemFont(ofSize: 13, weight: .bold)
                    badgeLabel.layer.cornerRadius = 12
                    addSubview(badgeLabel)
                }
            }
            """
        let held = try #require(finding("fixed_uikit_font", in: badge))
        #expect(held.replacement == nil && held.fix.contains("badge"))
        let button = badge.replacingOccurrences(of: "UILabel()", with: "UIButton()")
            .replacingOccurrences(of: "badgeLabel.font", with: "badgeLabel.titleLabel?.font")
            .replacingOccurrences(of: "addSubview(badgeLabel)", with: "addSubview(badgeLabel); badgeLabel.setTitle(\"Play\", for: .normal)")
        #expect(finding("fixed_uikit_font", in: button)?.replacement != nil)
    }

    @Test func aLabelFillingARoundViewIsABadgeUnlessTheViewIsAButton() throws {
        let badge = """
            import UIKit
            class UnplayedBadge: UIView {
                private var countLabel: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    clipsToBounds = true
                    layer.cornerRadius = bounds.height / 2
                    countLabel = UILabel(frame: bounds)
                    addSubview(countLabel)
                    countLabel.font = UIFont.systemFont(ofSize: 13)
                }
            }
            """
        #expect(try #require(finding("fixed_uikit_font", in: badge)).replacement == nil)
        let pill = badge.replacingOccurrences(of: "class UnplayedBadge: UIView", with: "class PlayPauseLabeledButton: UIControl")
        #expect(try #require(finding("fixed_uikit_font", in: pill)).replacement != nil)
    }

    @Test func aFontATraitHandlerSetsAgainGetsNoFlagEdit() throws {
        let code = """
            import UIKit
            final class AltText: UIViewController {
                let textView = UITextView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    textView.font = .preferredFont(forTextStyle: .callout)
                }
                override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                    super.traitCollectionDidChange(previous)
                    textView.font = .preferredFont(forTextStyle: .callout)
                }
            }
            """
        let held = try #require(finding("missing_adjusts_font", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("traitCollectionDidChange"))
        let untouched = code.replacingOccurrences(of: "        textView.font = .preferredFont(forTextStyle: .callout)\n    }\n}", with: "    }\n}")
        #expect(finding("missing_adjusts_font", in: untouched)?.replacement != nil)
    }

    @Test func aConfiguredButtonsTitleLabelFontIsNotTheFontItShows() {
        let code = """
            import UIKit
            enum Style {
                static func onboardingButton(_ button: UIButton) {
                    var config = UIButton.Configuration.filled()
                    config.cornerStyle = .large
                    button.configuration = config
                    button.titleLabel?.font = UIFontMetrics(forTextStyle: .callout).scaledFont(for: .boldSystemFont(ofSize: 16))
                }
            }
            """
        #expect(audit(code).findings.isEmpty)
        let plain = code.replacingOccurrences(of: "button.configuration = config", with: "_ = config")
        #expect(ruleLines(audit(plain)) == ["missing_adjusts_font:7"])
    }

    @Test func textDrawnIntoAnImageIsNotJudgedButTextDrawnOnScreenIsHeld() throws {
        let image = """
            import UIKit
            func titleImage(_ title: String) -> UIImage {
                let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13, weight: .regular)]
                let text = NSAttributedString(string: title, attributes: attributes)
                return UIGraphicsImageRenderer(size: text.size()).image { _ in text.draw(at: .zero) }
            }
            """
        #expect(audit(image).findings.isEmpty)
        let layer = """
            import UIKit
            final class SliderLayer: CALayer {
                var value = ""
                override func draw(in ctx: CGContext) {
                    value.draw(in: CGRect(x: 0, y: 0, width: 80, height: 40), withAttributes: [.font: UIFont.monospacedDigitSystemFont(ofSize: 16, weight: .regular)])
                }
            }
            """
        let held = try #require(finding("fixed_uikit_font", in: layer))
        #expect(held.replacement == nil && held.fix.contains("drawn by hand"))
    }

    @Test func sizesOfOneConditionalThatShareAStyleAreKeptAndScaled() throws {
        let code = """
            import SwiftUI
            struct Face: View {
                let hasGauge: Bool
                var body: some View { Text("Kitchen").font(.system(size: hasGauge ? 8 : 10)) }
            }
            """
        let held = try #require(finding("fixed_font_size", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("8, 10 pt"))
        let distinct = try #require(finding("fixed_font_size", in: code.replacingOccurrences(of: "8 : 10", with: "12 : 22")))
        #expect(distinct.replacement == nil && distinct.fix.contains(".caption and .title2"))
    }
}

extension HeldFixTests {
    /// duckduckgo-iOS's VPN widget: a 14 pt button title in `.frame(height: 28)`.
    @Test func aWidgetFontInAFixedFrameKeepsItsFindingButNotItsEdit() throws {
        let code = """
            import SwiftUI
            import WidgetKit
            struct VPNStatusView: View {
                var body: some View {
                    Button("Connect") {}
                        .font(.system(size: 14, weight: .semibold))
                        .frame(height: 28)
                }
            }
            """
        let held = try #require(audit(code).findings.first { $0.rule == .fixedFontSize })
        #expect(held.replacement == nil)
        #expect(held.fix.contains("`.frame(height: 28)`"))
        let free = code.replacingOccurrences(of: ".frame(height: 28)", with: ".padding()")
        #expect(audit(free).findings.first { $0.rule == .fixedFontSize }?.replacement != nil)
    }
}

extension HeldFixTests {
    /// pocket-casts-ios's tab titles and home-assistant's template editor:
    /// a scaled font in a `static let` keeps its first size for the process.
    @Test func aPlatformFontInAStaticLetIsLeftToBeMadeComputed() throws {
        let code = """
            import UIKit
            private enum TabConstants {
                static let titleFont = UIFont.systemFont(ofSize: 15, weight: .semibold)
            }
            final class Tabs: UIView {
                func updateConfiguration(_ button: UIButton) {
                    var configuration = UIButton.Configuration.plain()
                    configuration.attributedTitle = AttributedString("Now", attributes: AttributeContainer([.font: TabConstants.titleFont]))
                    button.configuration = configuration
                }
            }
            """
        let held = try #require(finding("fixed_uikit_font", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("static var titleFont: UIFont"))
        let swiftUI = "import SwiftUI\nenum Fonts { static let title = Font.system(size: 15) }\nstruct V: View { var body: some View { Text(\"a\").font(Fonts.title) } }"
        #expect(audit(swiftUI).findings.first { $0.rule == .fixedFontSize }?.replacement != nil, "a SwiftUI Font resolves when it is used")
    }

    /// pocket-casts-ios's Up Next count and duckduckgo's tab count: fonts the
    /// code draws or measures itself; a font given to a label keeps its edit.
    @Test func aStoredFontNoViewIsGivenIsLeftToAPerson() throws {
        let drawn = """
            import UIKit
            final class UpNextButton: UIButton {
                private let numberFont = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .bold)
                func countImage(_ count: String) -> CGSize {
                    (count as NSString).size(withAttributes: [.font: numberFont])
                }
            }
            """
        let held = try #require(finding("fixed_uikit_font", in: drawn))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("no view is given `numberFont`"))
        let shown = drawn.replacingOccurrences(of: "func countImage", with: "func show(_ label: UILabel) { label.font = numberFont }\n    func countImage")
        #expect(finding("fixed_uikit_font", in: shown)?.replacement != nil)

        let attributes = """
            import UIKit
            final class TabSwitcherButton: UIView {
                func attributes() -> [NSAttributedString.Key: Any] {
                    let font = UIFont.systemFont(ofSize: 10, weight: .semibold)
                    return [.font: font]
                }
                func labelFont() -> UIFont {
                    let font = UIFont.systemFont(ofSize: 12, weight: .semibold)
                    return font
                }
            }
            """
        let findings = audit(attributes).findings.filter { $0.rule == .fixedUIKitFont }
        #expect(findings.map(\.replacement).map { $0 == nil } == [true, false], "a returned font is handed on; a returned attributes dictionary is drawn with")
    }
}

extension HeldFixTests {
    /// pocket-casts-ios's skip button builds a font only to divide its size
    /// by the label's: no text is shown in it.
    @Test func aFontMadeOnlyToReadItsSizeIsNoFont() {
        let code = """
            import UIKit
            final class SkipButton: UIButton {
                let skipLabel = UILabel()
                func resize(to fontSize: CGFloat) {
                    let labelScale = UIFont.systemFont(ofSize: fontSize, weight: .medium).pointSize / skipLabel.font.pointSize
                    skipLabel.transform = .init(scaleX: labelScale, y: labelScale)
                }
            }
            """
        #expect(finding("fixed_uikit_font", in: code) == nil)
        let shown = code.replacingOccurrences(of: "let labelScale = UIFont.systemFont(ofSize: fontSize", with: "skipLabel.font = UIFont.systemFont(ofSize: 14")
            .replacingOccurrences(of: ".pointSize / skipLabel.font.pointSize", with: "")
        #expect(finding("fixed_uikit_font", in: shown) != nil)
    }
}

extension HeldFixTests {
    static let settingsFooter = """
        import UIKit
        final class Settings: UIViewController, UITableViewDelegate {
            func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
                let footer = UIView()
                let label = ThemeableLabel()
                label.font = UIFont.systemFont(ofSize: 12)
                label.numberOfLines = 0
                footer.addSubview(label)
                return footer
            }
            func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
                section == 0 ? UITableView.automaticDimension : 60
            }
        }
        """

    /// pocket-casts-ios's settings footer: two sentences in a footer whose
    /// height the delegate fixes at 60 pt.
    @Test func aLabelInAFixedHeightSectionFooterKeepsItsFindingButNotItsEdit() throws {
        let explicit = Self.settingsFooter.replacingOccurrences(of: "section == 0 ? UITableView.automaticDimension : 60", with: "if section == 0 { return 60 }\n        return UITableView.automaticDimension")
        let held = try #require(finding("fixed_uikit_font", in: explicit))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("`tableView(_:heightForFooterInSection:)` fixes at 60 pt"))
        let automatic = explicit.replacingOccurrences(of: "return 60", with: "return UITableView.automaticDimension")
        #expect(finding("fixed_uikit_font", in: automatic)?.replacement != nil)
    }

    /// pocket-casts-ios's watch settings: the footer is 130 or 170 pt, by screen width.
    @Test func aFooterHeightChosenBetweenTwoNumbersIsFixed() throws {
        let code = Self.settingsFooter.replacingOccurrences(
            of: "section == 0 ? UITableView.automaticDimension : 60",
            with: "if section == 1 { return UIScreen.main.bounds.width > 350 ? 130 : 170 }\n        return UITableView.automaticDimension"
        )
        let held = try #require(finding("fixed_uikit_font", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("fixes at 130 or 170 pt"))
        let chosen = code.replacingOccurrences(of: "? 130 : 170", with: "? 130 : UITableView.automaticDimension")
        #expect(finding("fixed_uikit_font", in: chosen)?.replacement != nil)
    }
}

extension HeldFixTests {
    /// NetNewsWire's account stats: a local named `pointSize`, read from a
    /// table cell's fixed font, is that size, not a font's own property.
    @Test func aLocalNamedPointSizeIsItsValue() {
        let code = """
            import AppKit
            final class Stats: NSObject {
                func cell(_ textField: NSTextField) {
                    let pointSize = textField.font?.pointSize ?? NSFont.systemFontSize
                    textField.font = NSFont.systemFont(ofSize: pointSize)
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["fixed_appkit_font:5"])
    }
}

extension HeldFixTests {
    /// NetNewsWire's navigation-bar title label: an explicit `false` after
    /// the font would win over an added `true`, so the line is left to its author.
    @Test func anExplicitFalseKeepsTheFindingButGetsNoAddedTrue() throws {
        let code = """
            import UIKit
            final class Timeline: UIViewController {
                private lazy var titleLabel: UILabel = {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .subheadline)
                    label.adjustsFontForContentSizeCategory = false
                    return label
                }()
            }
            """
        let held = try #require(finding("missing_adjusts_font", in: code))
        #expect(held.replacement == nil)
        #expect(held.fix.contains("sets it to `false` on purpose"))
        let unset = code.replacingOccurrences(of: "label.adjustsFontForContentSizeCategory = false\n", with: "")
        #expect(finding("missing_adjusts_font", in: unset)?.replacement != nil)
    }
}
