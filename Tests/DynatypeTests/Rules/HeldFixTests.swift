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
