@testable import DynatypeRules
import Testing

/// NetNewsWire's and Simplenote's close and PIN buttons: a fixed-height
/// button that is only ever given an image is no text element, so its
/// height clips nothing ("A button is a text element only when it shows text").
@Suite struct ImageButtonHeightTests {
    private func heights(_ code: String) -> [String] {
        ruleLines(audit(code)).filter { $0.hasPrefix("fixed_text_height") }
    }

    @Test func aButtonOfAnotherFilesClassGivenOnlyAnImageHasNoTextHeight() {
        let code = """
            import UIKit
            final class About: UIViewController {
                private let doneButton = RoundedCrossButton()
                override func viewDidLoad() {
                    doneButton.setImage(UIImage(named: "cross"), for: .normal)
                    NSLayoutConstraint.activate([doneButton.heightAnchor.constraint(equalToConstant: 30)])
                }
            }
            """
        #expect(heights(code).isEmpty)
        #expect(heights(code.replacingOccurrences(of: "doneButton.setImage(UIImage(named: \"cross\"), for: .normal)", with: "doneButton.setTitle(\"Done\", for: .normal)")) == ["fixed_text_height:6"])
        #expect(heights(code.replacingOccurrences(of: "doneButton.setImage(UIImage(named: \"cross\"), for: .normal)", with: "doneButton.titleLabel?.font = .preferredFont(forTextStyle: .body)")).count == 1, "a styled title label shows a title set elsewhere")
    }

    @Test func aButtonSubclassSizingItselfIsTextOnlyWithATitle() {
        let code = """
            import UIKit
            final class ExtractorButton: UIButton {
                func commonInit() {
                    setImage(UIImage(named: "extract"), for: .normal)
                    NSLayoutConstraint.activate([heightAnchor.constraint(equalToConstant: 44)])
                }
            }
            """
        #expect(heights(code).isEmpty)
        #expect(heights(code.replacingOccurrences(of: "setImage(UIImage(named: \"extract\"), for: .normal)", with: "setTitle(\"Extract\", for: .normal)")).count == 1)
    }
}
