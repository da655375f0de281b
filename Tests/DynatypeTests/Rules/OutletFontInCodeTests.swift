@testable import DynatypeRules
import Testing

/// Simplenote's rating prompt and sort bar: what the Swift code gives an
/// outlet replaces what its Interface Builder document says, also through
/// a loop over the outlets, and also for "Automatically Adjusts Font".
@Suite struct OutletFontInCodeTests {
    private let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="PromptView">
            <connections>
                <outlet property="leftButton" destination="btn-1" id="o-1"/>
                <outlet property="sortLabel" destination="lbl-1" id="o-2"/>
            </connections>
        </placeholder>
        <button id="btn-1"><state key="normal" title="Yes"/><fontDescription key="fontDescription" type="system" pointSize="14"/></button>
        <label text="Sort" id="lbl-1"><fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/></label>
        </objects></document>
        """

    @Test func fontsTheCodeGivesOutletsReplaceTheDocumentsFonts() {
        let code = """
            import UIKit
            final class PromptView: UIView {
                @IBOutlet var leftButton: UIButton!
                @IBOutlet var sortLabel: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    let buttons = [leftButton].compactMap { $0 }
                    for button in buttons {
                        button.titleLabel?.font = .preferredFont(forTextStyle: .subheadline)
                        button.titleLabel?.adjustsFontForContentSizeCategory = true
                    }
                    sortLabel.font = .systemFont(ofSize: 12)
                }
            }
            """
        #expect(ruleLines(audit(["PromptView.xib": document])["PromptView.xib"]!) == ["interface_builder_fixed_font:9", "missing_adjusts_font:10"])
        let together = audit(["PromptView.xib": document, "PromptView.swift": code])
        #expect(ruleLines(together["PromptView.xib"]!).isEmpty)
        #expect(ruleLines(together["PromptView.swift"]!) == ["fixed_uikit_font:12"])
    }

    @Test func anAttributedTextLeavesTheDocumentsFlagAtWork() {
        let code = """
            import UIKit
            final class PromptView: UIView {
                @IBOutlet var sortLabel: UILabel!
                func show(_ text: String) {
                    sortLabel.attributedText = NSAttributedString(string: text, attributes: [.font: UIFont.preferredFont(forTextStyle: .caption1)])
                }
            }
            """
        let together = audit(["PromptView.xib": document, "PromptView.swift": code])
        #expect(ruleLines(together["PromptView.xib"]!).contains("missing_adjusts_font:10"))
    }

    /// ownCloud's passcode keypad: `ThemeRoundedButton` inherits
    /// `ThemeButton`, whose `init(coder:)` gives every button a configuration
    /// (through a method it calls), so the 45 pt document font never shows; a
    /// class that leaves the font alone keeps the finding.
    @Test func aClassThatStylesItselfWhenLoadedReplacesTheDocumentsFont() {
        let keypad = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <button customClass="ThemeRoundedButton" id="key-2"><state key="normal" title="2"/><fontDescription key="fontDescription" type="system" pointSize="45"/></button>
            <button customClass="PlainButton" id="key-3"><state key="normal" title="3"/><fontDescription key="fontDescription" type="system" pointSize="45"/></button>
            </objects></document>
            """
        let code = """
            import UIKit
            class ThemeButton: UIButton {
                required init?(coder aDecoder: NSCoder) {
                    super.init(coder: aDecoder)
                    style()
                }
                private func style() { self.configuration = .filled() }
            }
            final class ThemeRoundedButton: ThemeButton {}
            final class PlainButton: UIButton {
                override func awakeFromNib() { super.awakeFromNib(); layer.cornerRadius = 4 }
            }
            """
        #expect(ruleLines(audit(["Keypad.xib": keypad])["Keypad.xib"]!) == ["interface_builder_fixed_font:3", "interface_builder_fixed_font:4"])
        #expect(ruleLines(audit(["Keypad.xib": keypad, "ThemeButton.swift": code])["Keypad.xib"]!) == ["interface_builder_fixed_font:4"])
    }
}
