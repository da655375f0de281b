import DynatypeRules
import Testing

@Suite struct UIKitTests {
    /// Round-5 class S (simplenote): size 0 keeps the descriptor's size, however 0 is spelled.
    @Test func aDescriptorFontOfSizeZeroKeepsTheTextStylesSize() {
        let report = audit("""
            import UIKit
            extension UIFont {
                static func styled(_ style: TextStyle, weight: Weight) -> UIFont {
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style)
                        .addingAttributes([.traits: [UIFontDescriptor.TraitKey.weight: weight]])
                    return UIFont(descriptor: descriptor, size: .zero)
                }
                static func plain(_ style: TextStyle) -> UIFont {
                    UIFont(descriptor: .preferredFontDescriptor(withTextStyle: style), size: CGFloat.zero)
                }
                static func fixed() -> UIFont {
                    UIFont(descriptor: UIFontDescriptor(name: "Menlo", size: 0), size: 14)
                }
            }
            final class Cell: UITableViewCell {
                let title = UILabel()
                func configure() {
                    title.font = .styled(.body, weight: .semibold)
                    title.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:12"])
    }

    /// Round-5 class T (simplenote): the fix keeps an optional receiver's `?`, or it does not compile.
    @Test func theAdjustsFixKeepsAnOptionalReceiverAsWritten() {
        let report = audit("""
            import UIKit
            final class SubtitleCell: UITableViewCell {
                func reloadTextStyles() {
                    textLabel?.font = UIFont.preferredFont(forTextStyle: .body)
                    detailTextLabel?.font = UIFont.preferredFont(forTextStyle: .subheadline)
                }
            }
            final class ListController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
                    cell.detailTextLabel?.font = .preferredFont(forTextStyle: .subheadline)
                    return cell
                }
            }
            """)
        #expect(report.findings.compactMap(\.replacement) == [
            "textLabel?.adjustsFontForContentSizeCategory = true",
            "detailTextLabel?.adjustsFontForContentSizeCategory = true",
            "cell.detailTextLabel?.adjustsFontForContentSizeCategory = true",
        ])
    }

    @Test func closureInitializedLabelsAreOneElementEach() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                private let titleLabel: UILabel = {
                    let label = UILabel()
                    label.font = .preferredFont(forTextStyle: .headline)
                    label.adjustsFontForContentSizeCategory = true
                    return label
                }()
                private lazy var detailLabel: UILabel = {
                    let label = UILabel()
                    label.font = .preferredFont(forTextStyle: .footnote)
                    return label
                }()
            }
            """)
        #expect(report.elements.map(\.element.description) == ["titleLabel", "detailLabel"])
        #expect(ruleLines(report) == ["missing_adjusts_font:11"])
    }

    @Test func adjustsSetThroughForEachOrALoopCountsForEachLabel() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let a = UILabel()
                let b = UILabel()
                let c = UITextField()
                func setUp() {
                    a.font = .preferredFont(forTextStyle: .body)
                    b.font = .preferredFont(forTextStyle: .body)
                    c.font = .preferredFont(forTextStyle: .body)
                    [a, b].forEach { $0.adjustsFontForContentSizeCategory = true }
                    for field in [c] { field.adjustsFontForContentSizeCategory = true }
                }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.allSatisfy { $0.verdict == .passing })
    }

    @Test func buttonTitleLabelCountsAsTheButton() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let button = UIButton(type: .system)
                override func viewDidLoad() {
                    button.titleLabel?.font = .preferredFont(forTextStyle: .callout)
                    button.titleLabel?.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.count == 1)
        #expect(report.elements[0].verdict == .passing)
    }

    @Test func labelSubclassesAreTextElementsAndSelfGetsTheFont() {
        let report = audit("""
            import UIKit
            final class Pill: UILabel {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    font = .preferredFont(forTextStyle: .caption1)
                }
            }
            final class V: UIView { let pill = Pill() }
            """)
        // `pill` has the font its class sets: judged once, in the class.
        #expect(ruleLines(report) == ["missing_adjusts_font:5"])
        #expect(report.elements.map(\.element.kind) == ["UILabel"])
    }

    @Test func explicitOptOutNextToAFixedFontReportsOnlyTheFont() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let clock = UILabel()
                func setUp() {
                    clock.font = .monospacedDigitSystemFont(ofSize: 72, weight: .thin)
                    clock.adjustsFontForContentSizeCategory = false
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:5"])
    }

    @Test func falseAdjustsNextToAScalingFontIsMissingAdjusts() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.font = .preferredFont(forTextStyle: .body)
                    label.adjustsFontForContentSizeCategory = false
                }
            }
            """)
        #expect(ruleLines(report) == ["missing_adjusts_font:5"])
    }

    @Test func labelsWithoutAFontKeepTheDefaultAndOutletsBelongToTheirDocument() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                @IBOutlet weak var nameLabel: UILabel!
                @IBOutlet weak var titleLabel: UILabel!
                let plain = UILabel()
                override func viewDidLoad() { titleLabel.font = .preferredFont(forTextStyle: .title1) }
            }
            """)
        #expect(report.elements.map(\.element.description) == ["titleLabel", "plain"])
        #expect(report.elements.map(\.verdict) == [.failing, .failing])
        #expect(report.elements[1].reason.contains("default font, a fixed size"))
        #expect(ruleLines(report) == ["unset_font:5", "missing_adjusts_font:6"])
        #expect(report.findings.first { $0.rule == .unsetFont }?.position.column == 17, "on the initializer call")
    }

    @Test func heightConstraintsOnlyMatterOnTextViews() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                let avatar = UIImageView()
                func setUp() {
                    NSLayoutConstraint.activate([
                        avatar.heightAnchor.constraint(equalToConstant: 40),
                        label.heightAnchor.constraint(equalToConstant: 22),
                        label.heightAnchor.constraint(greaterThanOrEqualToConstant: 22),
                        label.heightAnchor.constraint(equalToConstant: UIFontMetrics.default.scaledValue(for: 22)),
                    ])
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:3", "fixed_text_height:8"])
    }

    @Test func appKitFilesGetAppKitRulesAndNoAdjustsRule() {
        let report = audit("""
            import AppKit
            final class C: NSViewController {
                let field = NSTextField(labelWithString: "")
                func setUp() {
                    field.font = .systemFont(ofSize: 13)
                    field.font = NSFont.preferredFont(forTextStyle: .body)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:5"])
    }
}

@Suite struct UIKitScopeTests {
    @Test func aTypeAndItsExtensionsInTheFileAreOneScope() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() { label.font = .preferredFont(forTextStyle: .body) }
            }
            extension C {
                func finish() { label.adjustsFontForContentSizeCategory = true }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    /// Round-9 class D (Aidoku DoubleBadgeView): a view built in a property's
    /// closure is the property, whatever the closure's local is called, and
    /// its fixes name the local the statement writes.
    @Test func aClosureBuiltLabelIsThePropertyItBuilds() {
        let report = audit("""
            import UIKit
            final class DoubleBadgeView: UIView {
                private let badge = {
                    let badgeLabel = UILabel()
                    badgeLabel.font = .preferredFont(forTextStyle: .caption1)
                    badgeLabel.adjustsFontForContentSizeCategory = true
                    badgeLabel.numberOfLines = 1
                    return badgeLabel
                }()
                private let secondBadge = {
                    let badgeLabel = UILabel()
                    badgeLabel.font = .preferredFont(forTextStyle: .caption1)
                    badgeLabel.adjustsFontForContentSizeCategory = true
                    badgeLabel.numberOfLines = 1
                    return badgeLabel
                }()
            }
            """)
        #expect(ruleLines(report) == ["label_single_line:7", "label_single_line:14"])
        #expect(report.findings.map(\.replacement) == ["badgeLabel.numberOfLines = 0", "badgeLabel.numberOfLines = 0"])
        #expect(report.elements.map(\.element.description) == ["badge", "secondBadge"])
    }

    /// A configured button draws its title in a text style; an attributed
    /// title's font is its attributes', judged where they are written.
    @Test func configuredAndAttributedButtonsDoNotShowTheDefaultFont() {
        let report = audit("""
            import UIKit
            final class Toolbar: UIView {
                private lazy var reloadButton = {
                    let button = UIButton(type: .roundedRect)
                    button.setTitle("Reload", for: .normal)
                    button.configuration = .borderless()
                    return button
                }()
                let doneButton = UIButton(configuration: .filled())
                lazy var menuButton = {
                    let button = UIButton(type: .custom)
                    button.setAttributedTitle(.init(string: "Menu", attributes: [
                        .font: UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 20, weight: .semibold)),
                    ]), for: .normal)
                    return button
                }()
                let plainButton = UIButton(type: .system)
                func setUp() {
                    doneButton.setTitle("Done", for: .normal)
                    plainButton.setTitle("Plain", for: .normal)
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:17"])
        #expect(report.elements.map(\.element.description) == ["reloadButton", "doneButton", "plainButton"])
        #expect(report.elements.prefix(2).allSatisfy { $0.verdict == .passing })
    }
}
