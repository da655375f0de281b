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
        #expect(try #require(report.findings.first).fix.contains("takes whatever room"))
    }

    /// Brave's `resetListHeaderStyle()` applies `@Environment(\.font)` again: the font the text has already.
    @Test func aModifierThatAppliesTheEnvironmentsFontChangesNoFont() {
        let report = audit("""
            import SwiftUI
            private struct ResetHeaderStyle: ViewModifier {
                @Environment(\\.font) private var font
                func body(content: Content) -> some View { content.textCase(.none).font(font) }
            }
            extension View {
                func resetHeaderStyle() -> some View { modifier(ResetHeaderStyle()) }
            }
            struct BuyView: View {
                var body: some View { List { Section(header: Text("Header").resetHeaderStyle()) { Text("row") } } }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.allSatisfy { $0.verdict == .passing })
    }

    /// GitHawk: `static let font = Styles.Text.title.preferredFont`, and a
    /// style named `button` in the app's `Styles.Text` namespace, not a `UIButton`.
    @Test func aFontPropertyNamingAnAppFontIsFollowed() {
        let report = audit("""
            import UIKit
            extension UIContentSizeCategory { static let preferred = UIApplication.shared.preferredContentSizeCategory }
            enum Styles { enum Text {
                static let title = TextStyle(size: 16)
                static let button = TextStyle(size: 16)
            } }
            extension TextStyle {
                var preferredFont: UIFont { font(contentSizeCategory: UIContentSizeCategory.preferred) }
            }
            final class LabelCell: UICollectionViewCell {
                private static let font = Styles.Text.title.preferredFont
                let label = UILabel()
                let other = UILabel()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    label.font = LabelCell.font
                    other.font = Styles.Text.button.preferredFont
                    label.text = "a"
                    other.text = "b"
                }
            }
            """)
        #expect(ruleLines(report) == ["font_size_read_once:8"])
        #expect(report.elements.count == 2 && report.elements.allSatisfy { $0.verdict == .passing })
    }

    /// Brave's `DynamicFontHelper`: sizes its initializer reads from text styles, stored for its fonts.
    @Test func aSizeEveryInitializerReadsFromATextStyleIsReadOnce() {
        let report = audit("""
            import UIKit
            final class FontHelper {
                private var deviceFontSize: CGFloat
                init() {
                    deviceFontSize = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body).pointSize * 0.88
                }
                var deviceFont: UIFont { UIFont.systemFont(ofSize: deviceFontSize, weight: .medium) }
            }
            """)
        #expect(ruleLines(report) == ["font_size_read_once:7"])
        #expect(report.findings.first?.replacement == "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: (17 * 0.88), weight: .medium))")
    }

    /// GitHawk's `var attributes = [.font: …]` and Mullvad's `defaultTextAttributes`: the
    /// dictionary the string is made with, named where it is made.
    @Test func anAttributedStringsFontIsFoundInTheDictionaryItIsMadeWith() {
        let report = audit("""
            import UIKit
            final class FileCell: UICollectionViewCell {
                let changeLabel = UILabel()
                let infoLabel = UILabel()
                private let defaultTextAttributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13)]
                func configure(additions: Int) {
                    let changeString = NSMutableAttributedString()
                    var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.preferredFont(forTextStyle: .footnote)]
                    attributes[.foregroundColor] = UIColor.green
                    changeString.append(NSAttributedString(string: "+\\(additions)", attributes: attributes))
                    changeLabel.attributedText = changeString
                    changeLabel.adjustsFontForContentSizeCategory = true
                    infoLabel.attributedText = makeString()
                }
                private func makeString() -> NSAttributedString {
                    NSAttributedString(string: "Learn more", attributes: defaultTextAttributes)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:5"])
        #expect(!report.elements.contains { $0.verdict == .unresolved })
    }

    /// Swiftcord's `.monospaced(.system(size: 18))()`: `Font.monospaced` unapplied, then called.
    @Test func aFontModifierCalledInItsUnappliedFormIsItsFont() {
        let report = audit("""
            import SwiftUI
            struct Credits: View {
                var body: some View {
                    Text("a").font(.monospaced(.system(size: 18))())
                    Text("b").font(.monospaced(.body)())
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:4"])
    }

    /// PlayCover's settings: a `TextField` takes all the width a frame without a maximum offers.
    @Test func aTextFieldsFixedWidthIsFreedByHand() {
        let report = audit("""
            import SwiftUI
            struct Settings: View {
                @State private var width = ""
                var body: some View {
                    HStack { TextField("Width", text: $width).frame(width: 60); Text("pt").frame(width: 60); Slider(value: .constant(1)) }
                }
            }
            """)
        #expect(report.findings.filter { $0.rule == .fixedTextWidth }.map(\.replacement) == [nil, ".frame(minWidth: 60)"])
        let sizedToFit = audit("""
            import SwiftUI
            struct Feedback: View {
                @State private var text = ""
                var body: some View { TextEditor(text: $text).frame(height: 100).fixedSize(horizontal: false, vertical: true) }
            }
            """)
        #expect(sizedToFit.findings.map(\.replacement) == [".frame(minHeight: 100)"], "a later fixedSize keeps the editor to its own size")
    }

    /// duckduckgo's `extension View { func applyDescriptionAttributes() … { font(.NetworkProtection.description) } }`:
    /// the helper's own `font(…)` is judged where the helper is applied, not again inside it.
    @Test func aViewExtensionsOwnFontIsJudgedWhereItIsApplied() {
        let report = audit("""
            import SwiftUI
            extension Font {
                enum NetworkProtection { static let description = Font.system(size: 13) }
            }
            extension View {
                func applyDescriptionAttributes() -> some View {
                    font(.NetworkProtection.description).foregroundColor(.secondary)
                }
            }
            struct Row: View {
                var body: some View { Text("desc").applyDescriptionAttributes() }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:3", "fixed_font_token:11"])
    }

    /// Go Map!!: an iOS app's `#else` of `#if os(iOS)` is AppKit code that never compiles.
    @Test func aBranchForPlatformsTheProjectDoesNotBuildIsNotAudited() {
        let code = """
            import UIKit
            final class Legend: UIView {
                let label = UILabel()
                func setUp() {
                    #if os(iOS)
                    label.font = UIFont.preferredFont(forTextStyle: .caption1)
                    label.adjustsFontForContentSizeCategory = true
                    #else
                    label.font = NSFont.labelFont(ofSize: 12)
                    #endif
                    #if os(iOS) || os(macOS)
                    label.text = "scale"
                    #endif
                }
            }
            """
        #expect(ruleLines(audit(code, configuration: RuleConfiguration(platforms: [.iOS]))).isEmpty)
        #expect(ruleLines(audit(code)) == ["fixed_appkit_font:9"], "a project that names no platforms builds them all")
        #expect(ruleLines(audit(code, configuration: RuleConfiguration(platforms: [.iOS, .macOS]))) == ["fixed_appkit_font:9"])
    }
}
