@testable import DynatypeRules
import Testing

/// What hand-judged notes and risky lines on anytype-swift, Rocket.Chat,
/// mastodon-ios and others (anytype and Rocket.Chat not tuned on before)
/// showed unfollowed: design-system fonts that memoize, shadow their
/// parameter with `guard let`, or are static members of a font type made by a
/// builder.
@Suite struct EighthRoundRulingsTests {
    /// anytype's `AnytypeFontBuilder.font(font:size:)`: a cached font is one the builder made.
    @Test func aFontReadFromACacheTheBuilderFillsIsTheFontItMakes() {
        let builder = """
            import SwiftUI
            enum FontBuilder {
                private static var cache: [CGFloat: Font] = [:]
                static func font(size: CGFloat) -> Font {
                    if let cached = cache[size] {
                        return cached
                    }
                    let font = Font.custom("Inter", size: size)
                    cache[size] = font
                    return font
                }
            }
            """
        let view = "import SwiftUI\nstruct Title: View { var body: some View { Text(\"x\").font(FontBuilder.font(size: 17)) } }"
        let report = audit(["Builder.swift": builder, "Title.swift": view])
        #expect(report["Title.swift"]!.findings.isEmpty, "Font.custom scales on the body curve")
        #expect(report["Title.swift"]!.elements.map(\.verdict) == [.passing])
        let unfilled = builder.replacingOccurrences(of: "cache[size] = font", with: "")
        #expect(ruleLines(audit(["Builder.swift": unfilled, "Title.swift": view])["Title.swift"]!) == ["unresolved_font:2"],
                "a cache the builder does not fill may hold anything")
    }

    /// anytype's `uiKitFont(font:size:)` and SwiftGen's `font(size:)`: `guard let font = UIFont(name: font, size: size)`.
    @Test func aGuardLetThatShadowsAParameterIsTheValueItBinds() {
        let report = audit("""
            import UIKit
            enum Builder {
                static func make(font: String, size: CGFloat) -> UIFont {
                    guard let font = UIFont(name: font, size: size) else {
                        fatalError("missing \\(font)")
                    }
                    return font
                }
            }
            final class Banner: UIViewController {
                let label = UILabel()
                override func viewDidLoad() { label.font = Builder.make(font: "Inter", size: 12) }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:4", "fixed_font_token:12"])
    }

    /// anytype's `extension UIFont { static let bodyRegular = UIKitFontBuilder.uiKitFont(font: .bodyRegular) }`.
    @Test func aFontTypesStaticMemberMadeByAFontHelperIsAFont() {
        let fonts = """
            import UIKit
            enum UIKitFontBuilder {
                static func uiKitFont(size: CGFloat) -> UIFont { UIFont(name: "Inter", size: size)! }
            }
            extension UIFont {
                static let bodyRegular = UIKitFontBuilder.uiKitFont(size: 17)
            }
            """
        let field = """
            import UIKit
            final class Search: UIViewController {
                let field = UITextField()
                override func viewDidLoad() { field.font = .bodyRegular }
            }
            """
        #expect(ruleLines(audit(["Fonts.swift": fonts, "Search.swift": field])["Search.swift"]!) == ["fixed_font_token:4"])
        let notAFontType = fonts.replacingOccurrences(of: "extension UIFont", with: "extension Theme")
        #expect(ruleLines(audit(["Fonts.swift": notAFontType, "Search.swift": field])["Search.swift"]!).allSatisfy { $0.hasPrefix("unresolved_font") })
    }
}
