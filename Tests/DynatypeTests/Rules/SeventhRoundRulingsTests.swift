@testable import DynatypeRules
import Testing

/// What hand-judged findings and `fix --dry-run` hunks on Swiftfin,
/// linearmouse, Pine, readium, Swiftcord, GitHawk, Brave and Mullvad (none of
/// them tuned on before) showed wrong: sizes and fonts the tool could not
/// follow, sizes it took for fixed that the view measures, and replacements a
/// reviewer would not merge.
@Suite struct SeventhRoundRulingsTests {
    /// readium's highlight menu: a struct's memberwise initializer stores what its callers pass.
    @Test func aSizeTheMemberwiseInitializerStoresIsWhatItsCallersPass() {
        let menu = """
            import SwiftUI
            struct HighlightContextMenu: View {
                let colors: [String]
                let systemFontSize: CGFloat
                var body: some View {
                    Text("🔴").font(.system(size: systemFontSize))
                }
            }
            """
        let fixedCaller = "import SwiftUI\nstruct Host: View { var body: some View { HighlightContextMenu(colors: [], systemFontSize: 20) } }"
        #expect(ruleLines(audit(["Menu.swift": menu, "Host.swift": fixedCaller])["Menu.swift"]!) == ["fixed_font_size:6"])
        let scaledCaller = """
            import SwiftUI
            struct Host: View {
                @ScaledMetric(relativeTo: .title3) private var emoji: CGFloat = 20
                var body: some View { HighlightContextMenu(colors: [], systemFontSize: emoji) }
            }
            """
        #expect(audit(["Menu.swift": menu, "Host.swift": scaledCaller])["Menu.swift"]!.findings.isEmpty)
        #expect(ruleLines(audit(menu)) == ["unresolved_font:6"], "no call passes a size: unknown")
    }

    /// duckduckgo's `onboardingTitleStyle(fontSize: 28)`: a view modifier's stored size is the one its use passes.
    @Test func aViewModifiersStoredSizeIsWhatItsUsePasses() {
        let report = audit("""
            import SwiftUI
            struct TitleStyle: ViewModifier {
                let fontSize: CGFloat
                func body(content: Content) -> some View { content.font(.system(size: fontSize, weight: .bold)) }
            }
            extension View {
                func titleStyle(fontSize: CGFloat) -> some View { modifier(TitleStyle(fontSize: fontSize)) }
            }
            struct Intro: View {
                var body: some View { Text("Welcome").titleStyle(fontSize: 28) }
            }
            """)
        #expect(ruleLines(report).contains("fixed_font_token:10"))
        #expect(!ruleLines(report).contains { $0.hasPrefix("unresolved_font") })
    }

    /// readium's `CSSFontFamilyDeclaration(…).eraseToAnyHTMLFontFamilyDeclaration()` in a view controller.
    @Test func aMethodThatMentionsFontsOnAValueIsNoFontModifier() {
        let report = audit("""
            import UIKit
            final class ReaderViewController: UIViewController {
                func makeConfiguration() -> Configuration {
                    Configuration(declarations: [
                        CSSFontFamilyDeclaration(fontFamily: .literata).eraseToAnyHTMLFontFamilyDeclaration(),
                    ])
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    /// GitHawk's `style.font(contentSizeCategory: .preferred)`: made for the user's size when it runs.
    @Test func aFontMadeForTheUsersContentSizeCategoryIsReadOnce() {
        let report = audit("""
            import UIKit
            extension TextStyle {
                var preferredFont: UIFont { font(contentSizeCategory: UIContentSizeCategory.preferred) }
                var pinnedFont: UIFont { font(contentSizeCategory: .large) }
                func capped(_ style: UIFont.TextStyle) -> UIFont { font(with: style, maxSizeCategory: maximum) }
            }
            final class Cell: UICollectionViewCell {
                let label = UILabel()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    label.font = Styles.body.preferredFont
                    label.text = "title"
                    contentView.addSubview(label)
                }
            }
            """)
        #expect(ruleLines(report) == ["font_size_read_once:3"])
        #expect(report.findings[0].message.contains("the user's text size (`UIContentSizeCategory.preferred`)"))
        #expect(report.elements.allSatisfy { $0.verdict == .passing })
    }

    /// pocket-casts' `size(withAttributes: [.font: UIFont.systemFont(ofSize: 13)])` measures a title drawn elsewhere.
    @Test func aFontThatOnlyMeasuresTextGetsAdviceNotAReplacement() throws {
        let report = audit("""
            import UIKit
            final class ActionIconButton: UIButton {
                var titleHeight: CGFloat {
                    (title(for: .normal)! as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 13)]).height
                }
            }
            """)
        let finding = try #require(report.findings.first)
        #expect(finding.rule == .fixedUIKitFont && finding.replacement == nil)
        #expect(finding.fix.contains("only measures text"))
    }

    /// Swiftfin's `UIFont(name: fontName, size: 1)`: a face handed to a player, no text.
    @Test func aOnePointFontIsAFaceNotText() {
        #expect(audit("import UIKit\nfunc configure(_ player: Player, _ name: String) { player.setFont(UIFont(name: name, size: 1)!) }").findings.isEmpty)
    }

    /// pocket-casts' `.frame(height: textFieldSize.height)` and Swiftfin's layout closure: sizes the view measures.
    @Test func aHeightTheViewMeasuresFromItsContentIsNotFixed() {
        let report = audit("""
            import SwiftUI
            struct TitleEditor: View {
                @State private var textFieldSize: CGSize = .zero
                @State private var rowHeight: CGFloat = 0
                @State private var open = false
                var body: some View {
                    VStack {
                        SizeReader(size: $textFieldSize) { Text("title") }
                        Text("title").frame(height: textFieldSize.height)
                        Text("row").frame(height: rowHeight).onPreferenceChange(HeightKey.self) { rowHeight = $0 }
                        AlternateLayout { Text("A") } content: { size in Text("A").frame(height: size.height) }
                        Text("folder").frame(height: open ? 120 : 48).onTapGesture { open = !open }
                    }
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_height:12"])
    }

    /// duckduckgo's sync instructions: an `AttributedString` SwiftUI's `Text` shows takes SwiftUI's font.
    @Test func aSwiftAttributedStringsFontIsFixedWithASwiftUIFont() throws {
        let report = audit("""
            import SwiftUI
            import UIKit
            struct PasteCodeView: View {
                var instructions: AttributedString {
                    var instructions = AttributedString("Open Settings > Sync")
                    if let range = instructions.range(of: "Settings") { instructions[range].font = .boldSystemFont(ofSize: 16) }
                    return instructions
                }
                var body: some View { Text(instructions) }
            }
            """)
        let finding = try #require(report.findings.first)
        #expect(finding.replacement == "Font.callout.bold()")
        #expect(!finding.fix.contains("adjustsFontForContentSizeCategory"))
    }

    /// Swiftcord's `Font.custom(_:size: NSFont.preferredFont(forTextStyle: .largeTitle).pointSize)`: macOS's 26 pt.
    @Test func anAppKitPreferredFontsSizeIsMacOSs() {
        let report = audit("""
            import SwiftUI
            import AppKit
            extension Font {
                static var heading: Font { Font.custom("Ginto Bold", size: NSFont.preferredFont(forTextStyle: .largeTitle).pointSize) }
            }
            """)
        #expect(report.findings.map(\.replacement) == ["Font.custom(\"Ginto Bold\", size: 26, relativeTo: .largeTitle)"])
    }

    /// Swiftcord redefines `Font.title3` as its Ginto face: the system style is `.system(.title3)` there.
    @Test func aTextStyleNameTheAppRedefinesIsSpelledAsTheSystemStyle() {
        let fonts = """
            import SwiftUI
            extension Font {
                public static var title3: Font { Font.custom("Ginto Medium", size: 15, relativeTo: .title3) }
            }
            """
        let view = "import SwiftUI\nstruct Row: View { var body: some View { Text(\"name\").font(.system(size: 20, weight: .light)) } }"
        #expect(audit(["Row.swift": view])["Row.swift"]!.findings.map(\.replacement) == [".title3.weight(.light)"])
        #expect(audit(["Row.swift": view, "Font+.swift": fonts])["Row.swift"]!.findings.map(\.replacement) == [".system(.title3).weight(.light)"])
    }

    /// Swiftfin's `UIDevice.isTV ? .system(size: 22) : .footnote`: tvOS's styles have other sizes.
    @Test func aTVsSizeIsNotGivenAnIOSStyle() {
        let report = audit("""
            import SwiftUI
            struct LetterBar: View {
                var body: some View {
                    Text("A").font(UIDevice.isTV ? .system(size: 22, weight: .semibold) : .footnote)
                    Text("B").font(!UIDevice.isTV ? .system(size: 22, weight: .semibold) : .footnote)
                }
            }
            """)
        #expect(report.findings.map(\.replacement) == [nil, ".title2.weight(.semibold)"])
    }

    /// duckduckgo's button label: a `RoundedRectangle` fills any height a
    /// frame without a maximum offers, and `fixedSize` would shrink it to the text.
    @Test func aFrameAroundAShapeIsFreedByHand() throws {
        let report = audit("""
            import SwiftUI
            struct Player: View {
                var body: some View {
                    Button(action: {}) { ZStack { RoundedRectangle(cornerRadius: 8); Text("Watch on YouTube") } }
                        .frame(height: 44)
                    Text("Bot").padding(4).background(RoundedRectangle(cornerRadius: 4).fill(Color.blue)).frame(height: 15)
                }
            }
            """)
        #expect(report.findings.map(\.replacement) == [nil, ".frame(minHeight: 15)"])
        #expect(try #require(report.findings.first).fix.contains("fills whatever room"))
    }
}
