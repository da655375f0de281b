@testable import DynatypeRules
import Testing

/// The rule catalogue "What real apps showed": readings of the rules that
/// hand-judged findings on real apps asked for.
@Suite struct RealAppRulingsTests {
    @Test func anAppearanceProxyInAnotherFileGivesItsClassAFont() {
        let view = """
            import UIKit
            final class Row: UIView {
                let title = UILabel()
                let field = UITextField()
                func setUp() { title.text = "Name"; field.placeholder = "Name" }
            }
            """
        let alone = audit(["Row.swift": view])["Row.swift"]!
        #expect(ruleLines(alone) == ["unset_font:3", "unset_font:4"])
        let styled = audit([
            "Row.swift": view,
            "Theme.swift": "import UIKit\nfunc applyTheme() { UILabel.appearance(whenContainedInInstancesOf: [Row.self]).font = .preferredFont(forTextStyle: .body) }\n",
        ])["Row.swift"]!
        #expect(ruleLines(styled) == ["unset_font:4"])
    }

    @Test func attributedFontsAreTheViewsFont() {
        let report = audit("""
            import UIKit
            final class Row: UIView {
                let fixed = UILabel()
                let scaled = UILabel()
                let elsewhere = UILabel()
                func setUp(_ text: NSAttributedString) {
                    fixed.attributedText = NSAttributedString(string: "a", attributes: [.font: UIFont.systemFont(ofSize: 13)])
                    scaled.attributedText = NSAttributedString(string: "b", attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])
                    elsewhere.attributedText = text
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:7", "unresolved_font:9"])
        #expect(report.findings.first { $0.rule == .fixedUIKitFont }?.elements.count == 1, "the one finding is the label's")
        #expect(report.elements.map(\.verdict) == [.failing, .passing, .unresolved])
    }

    @Test func castsGiveTheReceiverTheirType() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                func style(_ view: UIView, _ other: UIView) {
                    if let label = view as? UILabel { label.font = .preferredFont(forTextStyle: .body) }
                    let text = other as! UITextView
                    text.font = .systemFont(ofSize: 12)
                }
            }
            """)
        #expect(ruleLines(report) == ["missing_adjusts_font:4", "fixed_uikit_font:6"])
        #expect(report.elements.map(\.element.description) == ["label", "text"])
    }

    @Test func aParametersDefaultFontIsJudgedWhereItIsWritten() {
        let report = audit("""
            import SwiftUI
            func badge(_ text: String, font: Font = .system(size: 13)) -> some View { Text(text).font(font) }
            func tag(_ text: String, font: Font = .caption) -> some View { Text(text).font(font) }
            """)
        #expect(ruleLines(report, severity: .error) == ["fixed_font_size:2"])
        #expect(report.findings.first { $0.rule == .fixedFontSize }?.replacement == ".footnote")
    }

    @Test func aSizeReadOnceFromATextStyleIsAWarningWithAFixThatKeepsTheStyle() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                let live = UILabel()
                func setUp() {
                    label.font = .systemFont(ofSize: UIFont.preferredFont(forTextStyle: .callout).pointSize, weight: .bold)
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title2)
                    live.font = UIFont(descriptor: descriptor, size: descriptor.pointSize)
                }
            }
            """)
        #expect(ruleLines(report) == ["font_size_read_once:6", "missing_adjusts_font:8"])
        #expect(report.findings.first?.replacement == "UIFontMetrics(forTextStyle: .callout).scaledFont(for: .systemFont(ofSize: 16, weight: .bold))")
        #expect(report.verdict == .fail, "the missing flag is an error; the read-once size only a warning")
        #expect(report.elements.first?.verdict == .failing)
    }

    @Test func onlyViewsMadeHereKeepTheDefaultFont() {
        let report = audit("""
            import UIKit
            final class Form: UIView {
                var given: UITextField!
                lazy var made = makeButton()
                let proxy = UILabel.appearance(whenContainedInInstancesOf: [UINavigationBar.self])
                @IBOutlet var info: UILabel! { didSet { info.font = info.font.monospacedDigit() } }
                let tab = TabButton(title: "Now")
                let plain = UITextField()
                func makeButton() -> UIButton { UIButton(configuration: .plain()) }
            }
            final class TabButton: UIButton {
                init(title: String) { super.init(frame: .zero); configuration = .plain() }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:8"])
    }

    @Test func aViewHelperThatCallsAnotherFontHelperHasItsFont() {
        let reports = audit([
            "Fonts.swift": """
                import SwiftUI
                extension View {
                    func font(size: Double, style: Font.TextStyle) -> some View { font(.system(size: size)) }
                    func buttonFont() -> some View { self.font(size: 18, style: .body) }
                    func header() -> some View { font(headerFont) }
                    private var headerFont: Font {
                        if #available(iOS 26.0, *) { .caption.bold() } else { .caption }
                    }
                }
                """,
            "Screen.swift": """
                import SwiftUI
                struct Screen: View {
                    var body: some View { VStack { Text("a").buttonFont(); Text("b").header() } }
                }
                """,
        ])
        #expect(ruleLines(reports["Screen.swift"]!) == ["fixed_font_token:3"])
        #expect(reports["Screen.swift"]!.elements.map(\.verdict) == [.failing, .passing])
    }

    @Test func anInterfaceBuilderFontTheOwnersCodeReplacesIsJudgedInTheCode() {
        let document = """
            <document><objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="PromptView">
                <connections><outlet property="messageLabel" destination="lbl-1" id="o-1"/></connections>
            </placeholder>
            <label text="Enjoying it?" id="lbl-1"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
            <label text="Other" id="lbl-2"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
            </objects></document>
            """
        let code = """
            import UIKit
            final class PromptView: UIView {
                @IBOutlet var messageLabel: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    messageLabel.font = .preferredFont(forTextStyle: .headline)
                    messageLabel.adjustsFontForContentSizeCategory = true
                }
            }
            """
        let alone = audit(["PromptView.xib": document])["PromptView.xib"]!
        #expect(ruleLines(alone) == ["interface_builder_fixed_font:5", "interface_builder_fixed_font:6"])
        let together = audit(["PromptView.xib": document, "PromptView.swift": code])
        #expect(ruleLines(together["PromptView.xib"]!) == ["interface_builder_fixed_font:6"])
        #expect(together["PromptView.swift"]!.findings.isEmpty)
    }

    @Test func aViewHandedToCodeThatStylesItIsNotUnset() {
        let report = audit("""
            import AppKit
            final class StatsView: NSView {
                let count = NSTextField(labelWithString: "0")
                let total = NSTextField(labelWithString: "0")
                func setUp() {
                    Layout.configureValue(count)
                    addSubview(count)
                    addSubview(total)
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:4"])
    }

    /// alt-tab-macos' feedback window: a stack view placing a button styles nothing.
    @Test func aViewPlacedInAnAppKitStackIsStillUnset() {
        let report = audit("""
            import AppKit
            final class Feedback: NSWindow {
                func header() -> NSView {
                    let goBack = NSButton(title: "Go back", target: nil, action: nil)
                    let row = NSStackView()
                    row.addView(goBack, in: .trailing)
                    return row
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:4"])
    }

    /// duckduckgo-iOS TabSwitcherButton: `attributes: attributes()` is the
    /// dictionary the type's function returns, whose `.font` is the label's.
    @Test func attributesAFunctionReturnsAreTheLabelsFont() {
        let report = audit("""
            import UIKit
            final class Counter: UIView {
                let label = UILabel()
                func refresh() {
                    label.attributedText = NSAttributedString(string: "3", attributes: attributes())
                }
                private func attributes() -> [NSAttributedString.Key: Any] {
                    let font = UIFont.systemFont(ofSize: 12, weight: .semibold)
                    return [NSAttributedString.Key.font: font, .foregroundColor: UIColor.red]
                }
            }
            """)
        #expect(report.findings.map(\.rule) == [.fixedUIKitFont])
        #expect(report.elements.map(\.verdict) == [.failing])
    }

    /// Ice's AnnotationView: `self.font = font` from `font: Font? = .subheadline`
    /// stores the default when a call passes no font, and a call that passes
    /// its own parameter on (`Annotation(font: font)`) passes that one's default.
    @Test func aStoredFontFromAParameterWithADefaultIsThatDefault() {
        let report = audit("""
            import SwiftUI
            struct Annotation: View {
                private let font: Font?
                init(font: Font? = .subheadline) { self.font = font }
                var body: some View { Text("Note").font(font) }
            }
            struct Screen: View {
                var body: some View { Annotation() }
            }
            extension View {
                func annotation(font: Font? = .caption) -> some View { Annotation(font: font) }
            }
            """)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.elements.map(\.verdict) == [.passing])
    }
}

@Suite struct NotTextTests {
    @Test func iconOnlyLabelsAndSingleLineFieldsAreNotTruncatedText() {
        let report = audit("""
            import SwiftUI
            struct Bar: View {
                @State var name = ""
                var body: some View {
                    HStack {
                        Label(title, systemImage: "play").labelStyle(.iconOnly).frame(width: 24)
                        TextField("Name", text: $name).lineLimit(1)
                        TextField("Notes", text: $name, axis: .vertical).lineLimit(1)
                    }
                }
                var title: String { "Run" }
            }
            """)
        #expect(ruleLines(report, severity: .error) + ruleLines(report, severity: .warning) == ["single_line_truncation:8"])
    }

    @Test func aButtonWithoutATitleIsNoTextForItsHeight() {
        let report = audit("""
            import UIKit
            final class Dots: UIStackView {
                func setUp() {
                    let dot = UIButton()
                    dot.setBackgroundImage(UIImage(), for: .normal)
                    dot.heightAnchor.constraint(equalToConstant: 12).isActive = true
                    let pay = UIButton()
                    pay.setTitle("Pay", for: .normal)
                    pay.titleLabel?.font = .preferredFont(forTextStyle: .body)
                    pay.titleLabel?.adjustsFontForContentSizeCategory = true
                    pay.heightAnchor.constraint(equalToConstant: 44).isActive = true
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_height:11"])
    }

    @Test func aButtonTitledWithNothingShowsNoText() {
        let report = audit("""
            import AppKit
            final class Settings: NSView {
                let toggle = NSButton()
                let labelled = NSButton(checkboxWithTitle: "", target: nil, action: nil)
                func setUp() { toggle.title = ""; toggle.setButtonType(.switch) }
            }
            """)
        #expect(report.findings.isEmpty && report.elements.isEmpty)
    }

    @Test func framesThatFollowTheContainerAreNoFixedTextHeight() {
        let report = audit("""
            import SwiftUI
            struct Widget: View {
                var body: some View {
                    GeometryReader { geometry in
                        VStack {
                            Text("Up next").frame(height: geometry.size.height * 82 / 345)
                            Text("Later").frame(width: .infinity, height: .infinity)
                            Text("Fixed").frame(height: 18)
                        }
                    }
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_height:8"])
    }

    @Test func aFixedFontOnIconOnlyLabelsSizesSymbols() {
        let report = audit("""
            import SwiftUI
            struct Play: View {
                var body: some View {
                    Group { Label("Play", systemImage: "play.fill") }
                        .font(.system(size: 36, weight: .bold))
                        .labelStyle(.iconOnly)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_symbol_size:5"])
        // UTM's tile label style sizes its icon.
        let style = audit("""
            import SwiftUI
            struct TileLabelStyle: LabelStyle {
                func makeBody(configuration: Configuration) -> some View {
                    VStack { configuration.icon.font(.system(size: 30)); configuration.title }
                }
            }
            """)
        #expect(ruleLines(style) == ["fixed_symbol_size:4"])
    }

    @Test func aCallInAButtonsActionIsNoFontHelper() {
        let report = audit("""
            import SwiftUI
            struct Picker: View {
                @State var recent: [String] = []
                var body: some View {
                    Button {
                        pushIntoRecentFonts("Menlo")
                    } label: {
                        Text("Menlo").font(.body)
                    }
                }
                private func pushIntoRecentFonts(_ name: String) { recent.insert(name, at: 0) }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    /// zotero-ios's AnnotationViewLayout: fonts a layout's initializer picks per kind.
    @Test func storedFontsSetByTheInitializersAreTheirDefinitions() {
        let reports = audit([
            "Layout.swift": """
                import UIKit
                struct Layout {
                    let font: UIFont
                    let small: UIFont
                    init(compact: Bool) {
                        switch compact {
                        case true: font = .preferredFont(forTextStyle: .subheadline); small = .systemFont(ofSize: 11)
                        case false: font = .preferredFont(forTextStyle: .body); small = .systemFont(ofSize: 12)
                        }
                    }
                }
                """,
            "Row.swift": """
                import UIKit
                final class Row: UIView {
                    let layout: Layout
                    let title = UILabel()
                    let detail = UILabel()
                    init(layout: Layout) {
                        self.layout = layout
                        super.init(frame: .zero)
                        title.font = layout.font
                        title.adjustsFontForContentSizeCategory = true
                        detail.font = layout.small
                    }
                    required init?(coder: NSCoder) { fatalError() }
                }
                """,
        ])
        #expect(ruleLines(reports["Layout.swift"]!) == ["fixed_uikit_font:7", "fixed_uikit_font:8"])
        #expect(ruleLines(reports["Row.swift"]!) == ["fixed_font_token:11"])
        #expect(reports["Row.swift"]!.elements.map(\.verdict) == [.passing, .failing])
    }

    @Test func layoutAdaptationCountsTheViewsSideBySide() {
        let report = audit("""
            import SwiftUI
            struct A: View {
                let flag: Bool
                let tags: [String]
                var body: some View {
                    HStack { VStack { Text("Title"); Text("Subtitle") }; Image(systemName: "star") }
                    HStack { Text("a") + Text("b"); Image(systemName: "x") }
                    HStack { if flag { Text("one") } else { Image(systemName: "x") }; Image(systemName: "y") }
                    HStack { Text("Left"); Spacer(); Text("Right") }
                    HStack { ForEach(tags, id: \\.self) { Text($0) } }
                    HStack { switch flag { case true: Text("a"); Text("b"); case false: EmptyView() } }
                    HStack { Text("hidden").accessibilityHidden(true); Text("shown") }
                }
            }
            """)
        #expect(ruleLines(report) == ["no_layout_adaptation:9", "no_layout_adaptation:10", "no_layout_adaptation:11"])
        #expect(report.findings.first?.message.contains("2 views with text side by side") == true)
    }

    @Test func textDrawnIntoAnImageIsNotOnScreenText() {
        let report = audit("""
            import UIKit
            final class Badge: UIView {
                let shown = UILabel()
                func image(_ count: Int) -> UIImage {
                    let label = UILabel()
                    label.text = "\\(count)"
                    label.font = .systemFont(ofSize: 20)
                    return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { context in
                        label.layer.render(in: context.cgContext)
                    }
                }
                func setUp() {
                    shown.font = .systemFont(ofSize: 20)
                    addSubview(shown)
                    shown.drawHierarchy(in: bounds, afterScreenUpdates: true)
                }
                func favicon(_ letter: String, in context: CGContext) {
                    let initial = UILabel()
                    initial.text = letter
                    initial.font = .boldSystemFont(ofSize: 18)
                    initial.layer.draw(in: context)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:13"], "a label also placed in a view is on screen")
        #expect(report.elements.map(\.element.description) == ["shown"])
    }

    /// A `#if DEBUG` block of `#Preview`s and the private helpers only they
    /// call is preview code, however it is grouped.
    @Test func aDebugBlockOfPreviewsAndTheirHelpersIsPreviewCode() {
        let report = audit("""
            import SwiftUI
            struct Row: View {
                let title: String
                var body: some View { Text(title) }
            }
            #if DEBUG
            private func face(_ title: String) -> some View {
                Row(title: title).font(.system(size: 15))
            }
            #Preview("Name") {
                face("a").padding()
            }
            #endif
            """)
        #expect(report.findings.isEmpty, "\(report.findings)")
        // Beside a sample model (home-assistant's complications): the model is audited, the preview code is not.
        let mixed = audit("""
            import SwiftUI
            struct Row: View {
                let title: String
                var body: some View { Text(title) }
            }
            #if DEBUG
            extension Row {
                static let sample = Row(title: "Battery")
                var debugLabel: some View { Text("debug").font(.system(size: 9)) }
            }
            private func face(_ row: Row) -> some View {
                row.font(.system(size: 15))
            }
            #Preview("Name") {
                face(.sample).padding()
            }
            #endif
            """)
        #expect(mixed.findings.map(\.position.line) == [9], "\(mixed.findings)")
    }

    @Test func helpersReachedOnlyFromPreviewsOrChromeAreNotJudged() {
        let report = audit("""
            import SwiftUI
            struct Inbox: View {
                var body: some View {
                    List { sharedRow }
                        .toolbar { toolbarTitle }
                        .navigationTitle("Inbox")
                }
                private var toolbarTitle: some View { Text("Inbox").font(.system(size: 15)) }
                var sharedRow: some View { Text("Row").font(.system(size: 14)) }
            }
            private var sampleRow: some View { Text("Sample").font(.system(size: 13)) }
            private func previewCard() -> some View { sampleRow.padding() }
            #if DEBUG
            struct SampleCard: View { var body: some View { Text("Card").font(.system(size: 12)) } }
            #endif
            #Preview { previewCard() }
            struct Inbox_Previews: PreviewProvider {
                static var previews: some View { VStack { SampleCard(); sharedRow2 } }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:9"], "only the row also shown in the list is judged")
        let exempt = report.elements.first { $0.element.description == "Text(\"Inbox\")" }
        #expect(exempt?.reason.contains("shown only in toolbar") == true)
    }

    @Test func aHelperAlsoUsedOutsidePreviewsIsJudged() {
        let report = audit("""
            import SwiftUI
            struct Inbox: View {
                var body: some View { List { sample } }
            }
            private var sample: some View { Text("Sample").font(.system(size: 13)) }
            #Preview { sample }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:5"])
    }

    @Test func valuesAreTracedThroughCastsLaterAssignmentsAndOtherViewsFonts() {
        let report = audit("""
            import UIKit
            import SwiftUI
            final class Cell: UITableViewCell {
                private let titleLabel = UILabel()
                private let versionLabel = UILabel()
                func setUp() {
                    titleLabel.font = UIFont.systemFont(ofSize: 16)
                    versionLabel.font = titleLabel.font
                }
            }
            final class Meta: UILabel {
                func setUp(large: Bool) {
                    let font: UIFont
                    switch large {
                    case true: font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 22))
                    case false: font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17))
                    }
                    self.font = font
                    adjustsFontForContentSizeCategory = true
                }
            }
            struct Step: View {
                var body: some View {
                    Text("1 of 4").font(Font(UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17)) as CTFont))
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:7"])
        #expect(report.findings.first?.elements.count == 2, "the label given the title's font fails with it")
        #expect(!report.elements.contains { $0.verdict == .unresolved })
    }

    /// NetNewsWire's theme alert: a text view's text storage given a string
    /// appended with `attrs[.font] = …` has that font, not the default one.
    @Test func aTextStorageStringsSubscriptedFontIsTheViewsFont() {
        let report = audit("""
            import AppKit
            final class Themes: NSObject {
                func accessory(_ alert: NSAlert) {
                    var attrs = [NSAttributedString.Key: Any]()
                    attrs[.font] = NSFont.systemFont(ofSize: NSFont.smallSystemFontSize)
                    let text = NSMutableAttributedString()
                    text.append(NSAttributedString(string: "Author", attributes: attrs))
                    let textView = NSTextView(frame: .zero)
                    textView.textStorage?.setAttributedString(text)
                    alert.accessoryView = textView
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:5"])
        #expect(report.elements.map(\.verdict) == [.failing])
    }

    /// Simplenote's navigation bar appearance: the inline title is system
    /// chrome at a fixed size (the UIKit side of `.navigationTitle`); the
    /// large title scales and is judged.
    @Test func aNavigationBarsInlineTitleFontIsChromeButItsLargeTitleIsNot() {
        let report = audit("""
            import UIKit
            extension UINavigationBar {
                func applyStyle(_ appearance: UINavigationBarAppearance) {
                    appearance.titleTextAttributes = [.font: UIFont.systemFont(ofSize: 17, weight: .semibold)]
                    appearance.largeTitleTextAttributes = [.font: UIFont.systemFont(ofSize: 34, weight: .bold)]
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:5"])
    }

    /// NetNewsWire's sidebar: a stored size set to a constant in each branch
    /// of the initializer's `switch` is a constant ("Constants through stored
    /// properties"), so the font made from it is fixed; its fix gives each
    /// branch its own macOS style, not `.body` for all three sizes.
    @Test func aStoredSizeEveryInitializerBranchSetsToAConstantIsFixed() {
        let report = audit("""
            import AppKit
            struct SidebarAppearance {
                let fontSize: CGFloat
                let font: NSFont
                init(style: NSTableView.RowSizeStyle) {
                    switch style {
                    case .small: fontSize = 11
                    case .large: fontSize = 15
                    default: fontSize = 13
                    }
                    self.font = NSFont.systemFont(ofSize: fontSize)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:11"])
        let finding = report.findings.first
        #expect(finding?.replacement == nil)
        #expect(finding?.fix.contains("own text style (.subheadline, .title3 and .body)") == true, "\(finding?.fix ?? "")")
    }

    /// Ice's settings sidebar: in a macOS project, each branch of a SwiftUI
    /// size gets macOS's style (13 pt is `.body` there, `.footnote` on iOS);
    /// sizes that share a style are scaled, with no UIKit API named on macOS.
    @Test func aSwiftUISizeOfSeveralBranchesNamesThePlatformsStyles() {
        let code = """
            import SwiftUI
            struct Sidebar: View {
                let rowSize: Int
                private var itemFontSize: CGFloat {
                    switch rowSize {
                    case 0: 13
                    case 1: 15
                    default: 17
                    }
                }
                var body: some View { Text("General").font(.system(size: itemFontSize)) }
            }
            """
        let macOS = audit(code, configuration: RuleConfiguration(platforms: [.macOS])).findings
        #expect(macOS.map(\.fix) == ["give each branch its own text style (.body, .title3 and .title2), choosing the font, not its size"])
        let iOS = audit(code, configuration: RuleConfiguration(platforms: [.iOS])).findings
        #expect(iOS.map(\.fix) == ["give each branch its own text style (.footnote, .subheadline and .body), choosing the font, not its size"])
        let shared = audit(code.replacingOccurrences(of: "default: 17", with: "default: 16"), configuration: RuleConfiguration(platforms: [.macOS])).findings
        #expect(shared.map(\.fix) == ["keep the branches' sizes (13, 15, 16 pt) and scale each one (`@ScaledMetric(relativeTo: .body)`): one text style would make them one size"])
    }

    /// CodeEdit's search panel: a font on a value declared as an `Image`
    /// sizes a symbol, not text the file cannot see.
    @Test func aFontOnAValueDeclaredAsAnImageSizesASymbol() {
        let report = audit("""
            import SwiftUI
            struct SearchPanel: View {
                let image: Image
                var body: some View {
                    HStack { image.font(.system(size: 18)) }
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_symbol_size:5"])
    }

    /// ownCloud's progress HUD: a label property the controller makes later
    /// (`progressLabel = UILabel()`) and never gives a font keeps UILabel's
    /// fixed default; pocket-casts' folder preview, which styles its label
    /// under another name (`if let label = nameLabel`), has its font there.
    @Test func aViewMadeAfterItsDeclarationIsMadeHere() {
        let report = audit("""
            import UIKit
            final class HUD: UIViewController {
                var progressLabel: UILabel?
                private var nameLabel: UILabel?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    progressLabel = UILabel()
                    view.addSubview(progressLabel!)
                    nameLabel = UILabel()
                    if let label = nameLabel {
                        label.font = UIFont.preferredFont(forTextStyle: .caption1)
                        label.adjustsFontForContentSizeCategory = true
                        view.addSubview(label)
                    }
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:7"])
    }

    /// isowords: `.custom(.matterMedium, size: 16)` calls the app's own
    /// `Font.custom(_: FontName, size:) -> Self`, which scales (SwiftUI's
    /// `custom(_:size:)` follows `.body`): its uses are judged by that
    /// definition, not as SwiftUI's constructor, and the definition (a font,
    /// as `-> Self` in `extension Font` says) carries the warning.
    @Test func aCustomFontNamedByTheAppsOwnTypeIsItsOverload() {
        let reports = audit([
            "Fonts.swift": """
                import SwiftUI
                struct FontName: RawRepresentable { let rawValue: String; static let matter = FontName(rawValue: "Matter-Regular") }
                extension Font {
                    static func custom(_ name: FontName, size: CGFloat) -> Self { .custom(name.rawValue, size: size) }
                }
                """,
            "Card.swift": """
                import SwiftUI
                struct Card: View { var body: some View { Text("Play").font(.custom(.matter, size: 16)) } }
                """,
        ])
        #expect(ruleLines(reports["Card.swift"]!).isEmpty)
        #expect(reports["Card.swift"]!.elements.allSatisfy { $0.verdict == .passing })
        // The overload's own `.custom(_:size:)` carries the warning, where a fix belongs.
        #expect(ruleLines(reports["Fonts.swift"]!) == ["custom_font_without_relative_style:4"])
    }

    /// UTM's font picker: a font made only to read its display name draws no text.
    @Test func aFontReadOnlyForItsDisplayNameIsNoFont() {
        let report = audit("""
            import AppKit
            func prettyNames(_ names: [String]) -> [String] { names.map { NSFont(name: $0, size: 1)?.displayName ?? $0 } }
            """)
        #expect(ruleLines(report).isEmpty)
    }

    /// WWDC's volume button: a button given an image and an empty title
    /// shows no text, so the font it is given sizes nothing.
    @Test func aFontGivenToAnImageButtonWithAnEmptyTitleSizesNoText() {
        let report = audit("""
            import AppKit
            final class Player: NSView {
                private lazy var volumeButton: NSButton = {
                    let b = NSButton(frame: .zero)
                    b.image = NSImage(named: "volume")
                    b.font = NSFont.systemFont(ofSize: 16, weight: .medium)
                    b.title = ""
                    return b
                }()
                private lazy var playButton: NSButton = {
                    let b = NSButton(frame: .zero)
                    b.font = NSFont.systemFont(ofSize: 16, weight: .medium)
                    b.title = "Play"
                    return b
                }()
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:12"])
    }
}

/// Rulings from the third round of untuned apps (EhPanda, MovieSwiftUI,
/// focus-ios, alt-tab-macos, Ice).
@Suite struct ThirdRoundRulingsTests {
    /// EhPanda's "Read more" toggle: a choice between two literals is a
    /// literal of known length.
    @Test func aChoiceBetweenTwoLiteralsIsLiteralText() {
        let code = """
            import SwiftUI
            struct Overview: View {
                let expanded: Bool
                let summary: String
                var body: some View {
                    Text(expanded ? "Less" : "Read more").lineLimit(1)
                    Text(expanded ? summary : "Read more").lineLimit(1)
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["single_line_truncation:7"])
    }

    /// EhPanda's live-text overlay: UIKit documents no font of size 0, and
    /// the rule names sizes that are not zero.
    @Test func aUIKitFontOfSizeZeroIsNoFixedSize() {
        let report = audit("""
            import UIKit
            final class Overlay: UIView {
                let textView = UITextView()
                func setUp() { textView.font = .systemFont(ofSize: 0) }
            }
            """)
        #expect(report.findings.map(\.rule) == [.unresolvedFont])
    }

    /// EhPanda's settings columns: a share of the window's width follows the
    /// window, not the text.
    @Test func aShareOfTheWindowsWidthIsNoFixedWidth() {
        let code = """
            import SwiftUI
            struct Row: View {
                let name: String
                var body: some View {
                    Text(name).frame(width: DeviceUtil.windowW * 0.25)
                    Text(name).frame(width: Layout.column)
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["fixed_text_width:6"])
    }

    /// MovieSwiftUI's tvOS poster row: a navigation link's destination is
    /// pushed on its own screen, not laid out in the framed row.
    @Test func aNavigationLinksDestinationIsNotInTheFrame() {
        let code = """
            import SwiftUI
            struct Posters: View {
                let ids: [Int]
                var body: some View {
                    HStack {
                        ForEach(ids, id: \\.self) { id in
                            NavigationLink(destination: Text("Detail")) { Image("poster") }
                        }
                    }.frame(height: 250)
                    HStack {
                        NavigationLink { Text("Detail") } label: { Image("poster") }
                    }.frame(height: 250)
                    HStack {
                        NavigationLink(destination: Text("Detail")) { Text("Open") }
                    }.frame(height: 250)
                }
            }
            """
        #expect(ruleLines(audit(code), severity: .error) == ["fixed_text_height:15"])
    }
}

extension ThirdRoundRulingsTests {
    /// focus-ios' URL bar: a text field of a class whose superclass another
    /// file declares gets a design-system font that does not scale.
    @Test func aFixedTokenGivenToAViewOfAnotherFilesClassIsReported() {
        let reports = audit([
            "Fonts.swift": """
                import UIKit
                public extension UIFont { static let body15 = UIFont.systemFont(ofSize: 15) }
                """,
            "Autocomplete.swift": """
                import UIKit
                public class AutocompleteTextField: UITextField {}
                """,
            "URLBar.swift": """
                import UIKit
                final class URLBar: UIView {
                    private lazy var urlTextField: URLTextField = {
                        let textField = URLTextField()
                        textField.font = .body15
                        return textField
                    }()
                }
                private class URLTextField: AutocompleteTextField {}
                """,
        ])
        #expect(ruleLines(reports["URLBar.swift"]!) == ["fixed_font_token:5"])
    }
}

extension ThirdRoundRulingsTests {
    /// isowords' onboarding and UTM's tiles: text a view is given as a value
    /// (`let text: Text`, `Label<Text, Image>`) is a text element where the
    /// view shows it; a generic `Title: View` is not known to be text.
    @Test func textGivenAsAValueIsATextElementWhereItIsShown() {
        let code = """
            import SwiftUI
            struct Card<Title: View>: View {
                let text: Text
                let label: Label<Text, Image>
                let title: Title
                let subtitle: Text?
                var body: some View {
                    VStack {
                        self.text.lineLimit(1)
                        label.frame(height: 40)
                        title.lineLimit(1)
                        subtitle
                    }
                }
            }
            """
        let report = audit(code)
        #expect(ruleLines(report, severity: .error) == ["single_line_truncation:9", "fixed_text_height:10"])
        #expect(report.elements.map(\.element.kind).sorted() == ["Label", "Text", "Text"])
    }

    /// UTM's toolbar buttons: a style's bare `Label` is its configuration's
    /// view, and a `Label<Text, Image>` shown as an icon only shows no text.
    @Test func aStylesLabelAndAnIconOnlyLabelAreNoTextValues() {
        let report = audit("""
            import SwiftUI
            protocol ToolbarStyle { func base(label: Label) -> some View }
            struct Tile: View {
                let label: Label<Text, Image>
                var body: some View {
                    label.labelStyle(.iconOnly).frame(width: 48, height: 48)
                }
            }
            extension ToolbarStyle {
                func base(label: Label) -> some View {
                    ZStack { label }.frame(width: 48, height: 48)
                }
            }
            """)
        #expect(ruleLines(report, severity: .error).isEmpty)
    }

    /// A local made from `Text(…)` here is that call's element, not a second one.
    @Test func aTextLocalMadeHereIsOneElement() {
        let report = audit("""
            import SwiftUI
            struct Row: View {
                let name: String
                var body: some View {
                    let title: Text = Text(name)
                    title.lineLimit(1)
                }
            }
            """)
        #expect(report.elements.count == 1)
    }
}

extension ThirdRoundRulingsTests {
    /// MovieSwiftUI's `titleFont(size:)` applies its `ViewModifier` through
    /// `ModifiedContent(content: self, modifier:)`, as `.modifier(_:)` does:
    /// its uses are judged by the modifier's font, not left unresolved.
    @Test func aModifierAppliedThroughModifiedContentIsAFontHelper() {
        let reports = audit([
            "Font.swift": """
                import SwiftUI
                struct TitleFont: ViewModifier {
                    let size: CGFloat
                    func body(content: Content) -> some View { content.font(.system(size: size)) }
                }
                extension View {
                    func titleFont(size: CGFloat) -> some View { ModifiedContent(content: self, modifier: TitleFont(size: size)) }
                }
                """,
            "Grid.swift": """
                import SwiftUI
                struct Grid: View {
                    var body: some View { Text("Popular").titleFont(size: 23) }
                }
                """,
        ])
        #expect(ruleLines(reports["Grid.swift"]!) == ["fixed_font_token:3"])
    }
}

extension ThirdRoundRulingsTests {
    /// AltStore's widget countdown reads `@Environment(\.font)`: the note says
    /// where the font comes from instead of calling it undefined.
    @Test func theEnvironmentsFontIsNamedAsSuch() {
        let report = audit("""
            import SwiftUI
            struct Countdown: View {
                @Environment(\\.font) private var font
                var body: some View { Text("3").font((font ?? .title).monospacedDigit()) }
            }
            """)
        #expect(report.findings.map(\.rule) == [.unresolvedFont])
        #expect(report.findings.first?.message.contains("the font of the environment the view is placed in") == true)
    }
}

extension ThirdRoundRulingsTests {
    /// Rectangle's settings: a label handed to a function of the file that
    /// neither styles it nor hands it on, and a checkbox kept in a property
    /// nothing styles, keep AppKit's default font; one handed to a function
    /// that styles it does not.
    @Test func aViewHandedToCodeThatDoesNotStyleItIsStillUnset() {
        let report = audit("""
            import AppKit
            final class Settings: NSViewController {
                var combined: NSButton?
                func build() -> NSView {
                    let ninths = NSTextField(labelWithString: "Ninths")
                    let styled = NSTextField(labelWithString: "Styled")
                    let checkbox = NSButton(checkboxWithTitle: "Combined", target: nil, action: nil)
                    combined = checkbox
                    let stack = NSStackView(views: [stack(ninths), caption(styled), checkbox])
                    return stack
                }
                private func stack(_ label: NSTextField) -> NSView {
                    label.alignment = .right
                    return NSStackView(views: [label])
                }
                private func caption(_ label: NSTextField) -> NSView {
                    label.font = .preferredFont(forTextStyle: .caption1)
                    return NSStackView(views: [label])
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:5", "unset_font:7"])
    }
}

extension ThirdRoundRulingsTests {
    /// alt-tab-macos' feedback cards: a button class of the file that draws
    /// its title with a label it styles is no button in the default font.
    @Test func aButtonClassThatStylesTheLabelItDrawsWithIsNotUnset() {
        let report = audit("""
            import AppKit
            final class Card: NSButton {
                private let titleLabel: NSTextField
                init(title: String) {
                    let label = NSTextField(labelWithString: title)
                    label.font = .preferredFont(forTextStyle: .headline)
                    titleLabel = label
                    super.init(frame: .zero)
                    self.title = ""
                }
                required init?(coder: NSCoder) { nil }
            }
            final class Feedback: NSWindow {
                var card: Card?
                func build() { let bug = Card(title: "Report a bug"); card = bug }
            }
            """)
        #expect(report.findings.filter { $0.rule == .unsetFont }.isEmpty)
    }
}

extension ThirdRoundRulingsTests {
    /// Checks from judging the findings the third round added: CodeEdit's
    /// `@State var font` is a value the view hands on; Stats' `LabelField`
    /// styles itself though the local is typed `NSTextField`; ownCloud's
    /// labels are styled by a theme method called on them.
    @Test func fontsAndViewsStyledWhereTheyAreKeptOrMade() {
        let reports = audit([
            "Fonts.swift": """
                import AppKit
                enum Editor { static let mono = NSFont.monospacedSystemFont(ofSize: 12, weight: .regular) }
                """,
            "CodeView.swift": """
                import SwiftUI
                struct CodeView: View {
                    @State private var font: NSFont?
                    var body: some View { Color.clear.onAppear { font = Editor.mono } }
                }
                """,
            "Fields.swift": """
                import AppKit
                public class LabelField: NSTextField {
                    public init(_ text: String) {
                        super.init(frame: .zero)
                        self.stringValue = text
                        self.font = NSFont.systemFont(ofSize: 12)
                    }
                    required init?(coder: NSCoder) { nil }
                }
                final class Row: NSStackView {
                    func addUnit(_ unit: String) {
                        let symbol: NSTextField = LabelField(unit)
                        addArrangedSubview(symbol)
                    }
                }
                """,
            "MessageView.swift": """
                import UIKit
                final class MessageView: UIView {
                    var titleLabel: UILabel!
                    func show(_ title: String) {
                        titleLabel = UILabel()
                        titleLabel.text = title
                        titleLabel.applyThemeCollection(Theme.shared.activeCollection, itemStyle: .bigTitle)
                        addSubview(titleLabel)
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["CodeView.swift"]!).isEmpty)
        #expect(ruleLines(reports["Fields.swift"]!) == ["fixed_appkit_font:6"])
        #expect(ruleLines(reports["MessageView.swift"]!).isEmpty)
    }
}

extension ThirdRoundRulingsTests {
    /// Nextcloud Talk's chat overlay makes a height constraint only to switch it off.
    @Test func aHeightConstraintSwitchedOffHoldsNothing() {
        let code = """
            import UIKit
            final class Overlay: UIView {
                let label = UILabel()
                func layout() {
                    label.font = .preferredFont(forTextStyle: .body)
                    label.adjustsFontForContentSizeCategory = true
                    label.heightAnchor.constraint(equalToConstant: 44).isActive = false
                }
            }
            """
        #expect(ruleLines(audit(code)).isEmpty)
        #expect(ruleLines(audit(code.replacingOccurrences(of: "isActive = false", with: "isActive = true"))) == ["fixed_text_height:7"])
    }
}

extension ThirdRoundRulingsTests {
    /// Nextcloud Talk's `NCButton` gives itself a button configuration in
    /// its initializer, in another file: an instance made here is styled.
    @Test func anInstanceOfAClassThatStylesItselfWhenMadeIsNotUnset() {
        let reports = audit([
            "NCButton.swift": """
                import UIKit
                class NCButton: UIButton {
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        setUp()
                    }
                    required init?(coder: NSCoder) { nil }
                    private func setUp() { configuration = .filled() }
                }
                """,
            "Separator.swift": """
                import UIKit
                final class SeparatorCell: UITableViewCell {
                    let button: UIButton = NCButton(frame: .zero)
                    let plain = UIButton(type: .system)
                    func setUp() {
                        button.setTitle("Show more", for: .normal)
                        plain.setTitle("Hide", for: .normal)
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Separator.swift"]!) == ["unset_font:4"])
    }
}

extension ThirdRoundRulingsTests {
    /// Nextcloud Talk builds attributed strings with SwiftyAttributes'
    /// `withFont(_:)` in locals it joins: the label's font is theirs, fixed
    /// here, not "made elsewhere".
    @Test func fontsOfJoinedAttributedLocalsAreTheLabelsFont() {
        let report = audit("""
            import UIKit
            final class Share: UIViewController {
                let toLabel = UILabel()
                func show(_ room: String) {
                    let toString = "To:".withFont(.boldSystemFont(ofSize: 15))
                    let roomString = room.withFont(.systemFont(ofSize: 15))
                    toLabel.attributedText = toString + " " + roomString
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:5", "fixed_uikit_font:6"])
    }
}
