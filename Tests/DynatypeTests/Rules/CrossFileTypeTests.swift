import DynatypeRules
import Testing

/// Types across files: a view's class and its Interface Builder
/// connections decide the view-level rules, wherever in the audited code
/// they are declared.
@Suite struct CrossFileTypeTests {
    private let header = """
        import UIKit
        final class Header: UIView {
            let avatarButton = AvatarButton()
            func setUp() {
                avatarButton.setTitle("JD", for: .normal)
                NSLayoutConstraint.activate([avatarButton.heightAnchor.constraint(equalToConstant: 46)])
            }
        }
        """

    @Test func aControlDeclaredInAnotherFileIsNoButton() {
        let reports = audit([
            "Header.swift": header,
            "AvatarButton.swift": "import UIKit\nopen class AvatarButton: UIControl {}\n",
        ])
        #expect(ruleLines(reports["Header.swift"]!).isEmpty)
    }

    @Test func aButtonSubclassDeclaredInAnotherFileIsAButton() {
        let reports = audit([
            "Header.swift": header,
            "AvatarButton.swift": "import UIKit\nclass BaseButton: UIButton {}\nclass AvatarButton: BaseButton {}\n",
        ])
        #expect(ruleLines(reports["Header.swift"]!) == ["fixed_text_height:6"])
    }

    @Test func aClassNotInTheAuditedCodeIsJudgedByItsName() {
        #expect(ruleLines(audit(header, fileName: "Header.swift")) == ["fixed_text_height:6"])
    }

    @Test func aButtonsTitleLabelFontIsNeverAnotherTypesFont() {
        let controller = """
            import UIKit
            final class SleepTimerViewController: UIViewController {
                @IBOutlet var customTimeBtn: ThemeButton! {
                    didSet { customTimeBtn.titleLabel?.font = customTimeBtn.titleLabel?.font.monospaced() }
                }
            }
            """
        let reports = audit([
            "SleepTimerViewController.swift": controller,
            "ThemeButton.swift": "import UIKit\nclass ThemeButton: UIButton {}\n",
            "HighlightedText.swift": """
                import SwiftUI
                struct HighlightedText: View {
                    private var font: Font = .body
                    var body: some View { Text("a").font(font) }
                }
                """,
        ])
        let alone = ruleLines(audit(controller, fileName: "SleepTimerViewController.swift"))
        #expect(ruleLines(reports["SleepTimerViewController.swift"]!) == alone)
        // The outlet's own font, restyled, is its Interface Builder document's to judge.
        #expect(alone == [])
    }

    private let cell = """
        import UIKit
        final class FeedCell: UICollectionViewCell {
            @IBOutlet var unreadCountLabel: UILabel!
            func update() {
                unreadCountLabel.font = UIFont.preferredFont(forTextStyle: .body)
            }
        }
        """

    private func storyboard(adjusts: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <scenes><scene sceneID="s"><objects>
                <collectionViewController id="vc">
                    <collectionView key="view" id="cv"><cells>
                        <collectionViewCell id="c1" customClass="FeedCell" customModule="App">
                            <collectionViewCellContentView key="contentView" id="cc"><subviews>
                                <label text="8" adjustsFontForContentSizeCategory="\(adjusts)" id="lb1">
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                </label>
                            </subviews></collectionViewCellContentView>
                            <connections><outlet property="unreadCountLabel" destination="lb1" id="o1"/></connections>
                        </collectionViewCell>
                    </cells></collectionView>
                </collectionViewController>
            </objects></scene></scenes>
        </document>
        """
    }

    @Test func anOutletWhoseLabelAdjustsInInterfaceBuilderNeedsNoFlagInCode() {
        let reports = audit(["FeedCell.swift": cell, "Main.storyboard": storyboard(adjusts: "YES")])
        #expect(ruleLines(reports["FeedCell.swift"]!).isEmpty)
    }

    @Test func anOutletWhoseLabelDoesNotAdjustStillNeedsTheFlag() {
        let reports = audit(["FeedCell.swift": cell, "Main.storyboard": storyboard(adjusts: "NO")])
        #expect(ruleLines(reports["FeedCell.swift"]!) == ["missing_adjusts_font:5"])
        #expect(ruleLines(audit(cell, fileName: "FeedCell.swift")) == ["missing_adjusts_font:5"])
    }

    @Test func appKitReceiversByTheirTypes() {
        let report = audit("""
            import SwiftUI
            class StandardTableViewCell: NSTableCellView {
                func configLabel(label: NSTextField) {
                    label.font = .boldSystemFont(ofSize: 13)
                }
            }
            final class FileCell: StandardTableViewCell {}
            final class ListController: NSViewController {
                func make() -> NSView? {
                    let view = FileCell(frame: .zero)
                    view.textField?.font = .systemFont(ofSize: 13, weight: .medium)
                    return view
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:4", "fixed_appkit_font:11"])
        // macOS's sizes: a bold 13 pt font is `.headline`, a 13 pt one `.body`.
        #expect(report.findings.compactMap(\.replacement) == [
            "NSFont.preferredFont(forTextStyle: .headline)",
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .body).fontDescriptor"
                + ".addingAttributes([.traits: [NSFontDescriptor.TraitKey.weight: NSFont.Weight.medium.rawValue]]), size: 0)"
                + " ?? NSFont.preferredFont(forTextStyle: .body)",
        ])
    }

    /// A cell whose superclasses are declared in other files (round-4 class
    /// H2, CodeEdit): the chain decides AppKit or UIKit, in a file that
    /// imports neither.
    private let controller = """
        import SwiftUI
        final class FindListController {
            func makeCell() -> AnyObject {
                let view = ProjectCell(frame: .zero, isEditable: false)
                view.textField?.font = .systemFont(ofSize: 13, weight: .medium)
                return view
            }
        }
        """

    @Test func aCellsSuperclassesInOtherFilesMakeItsFontAppKit() {
        let reports = audit([
            "Controller.swift": controller,
            "Cells.swift": """
                import AppKit
                class StandardTableViewCell: NSTableCellView {}
                class FileSystemTableViewCell: StandardTableViewCell {
                    init(frame: NSRect, isEditable: Bool = true) { super.init(frame: frame) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                """,
            "ProjectCell.swift": "import AppKit\nfinal class ProjectCell: FileSystemTableViewCell {}\n",
        ])
        let findings = reports["Controller.swift"]!.findings
        #expect(ruleLines(reports["Controller.swift"]!) == ["fixed_appkit_font:5"])
        #expect(findings.map(\.replacement) == [
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .body).fontDescriptor"
                + ".addingAttributes([.traits: [NSFontDescriptor.TraitKey.weight: NSFont.Weight.medium.rawValue]]), size: 0)"
                + " ?? NSFont.preferredFont(forTextStyle: .body)"
        ])
    }

    @Test func aCellsSuperclassesInOtherFilesMakeItsFontUIKit() {
        let reports = audit([
            "Controller.swift": controller,
            "ProjectCell.swift": "import UIKit\nclass BaseCell: UITableViewCell {}\nfinal class ProjectCell: BaseCell {}\n",
        ])
        #expect(ruleLines(reports["Controller.swift"]!) == ["fixed_uikit_font:5"])
    }

    @Test func aCellOutsideTheAuditedCodeKeepsTheFilesDefault() {
        #expect(ruleLines(audit(controller, fileName: "Controller.swift")) == ["fixed_uikit_font:5"])
    }

    /// Round-10 class D (duckduckgo-iOS download rows): two files each with a
    /// `private enum Const`; each file's uses mean its own.
    @Test func aFilesPrivateConstantsAreItsOwn() {
        func row(_ name: String, font: String) -> String {
            """
            import SwiftUI
            import UIKit
            struct \(name): View {
                let size: String
                var body: some View { Text(size).font(Font(Const.Font.fileSize)) }
            }
            private enum Const {
                enum Font {
                    static let fileSize = \(font)
                }
            }
            """
        }
        let reports = audit([
            "OngoingRow.swift": row("OngoingRow", font: "UIFont.systemFont(ofSize: 14)"),
            "OtherRow.swift": row("OtherRow", font: "UIFont.preferredFont(forTextStyle: .subheadline)"),
        ])
        #expect(ruleLines(reports["OngoingRow.swift"]!) == ["fixed_font_token:5", "fixed_uikit_font:9"])
        #expect(reports["OngoingRow.swift"]!.findings.first?.message.contains("OngoingRow.swift:9") == true)
        #expect(ruleLines(reports["OtherRow.swift"]!).isEmpty)
    }

    /// A row view declared in one file and listed in another: RULES counts a
    /// scrolling ancestor in the row's own file only, and a file's findings
    /// depend only on the definitions it uses, so the list elsewhere does not
    /// hide the truncation (kiwix's `ZimFileRow`, judged a miss when it did).
    @Test func aRowsScrollingAncestorCountsOnlyInItsOwnFile() {
        let row = """
            import SwiftUI
            struct AccountRow: View {
                let name: String
                var body: some View { Text(name).lineLimit(1) }
            }
            """
        let reports = audit([
            "AccountRow.swift": row,
            "Accounts.swift": "import SwiftUI\nstruct Accounts: View {\n    let names: [String]\n    var body: some View { List(names, id: \\.self) { AccountRow(name: $0) } }\n}\n",
        ])
        #expect(ruleLines(reports["AccountRow.swift"]!) == ["single_line_truncation:4"])
        #expect(ruleLines(audit(row, fileName: "AccountRow.swift")) == ["single_line_truncation:4"])
    }
}
