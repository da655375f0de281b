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

    /// anytype's `AnytypeLabel: UIView`, which forwards `numberOfLines` to the label it wraps: no text view by its name.
    @Test func aViewThatAnotherFileDeclaresIsJudgedByItsDeclarationNotItsName() {
        let cell = """
            import UIKit
            final class SearchCell: UITableViewCell {
                let subtitle = AnytypeLabel(style: .caption)
                func setUp() { subtitle.numberOfLines = 1 }
            }
            """
        let wrapper = "import UIKit\nclass AnytypeLabel: UIView { var numberOfLines: Int = 0 }"
        #expect(audit(["Cell.swift": cell, "Label.swift": wrapper])["Cell.swift"]!.findings.isEmpty)
        let subclass = "import UIKit\nclass AnytypeLabel: UILabel {}"
        #expect(ruleLines(audit(["Cell.swift": cell, "Label.swift": subclass])["Cell.swift"]!) == ["label_single_line:4"])
    }

    /// Trio's `heightAnchor.constraint(equalToConstant: titleLabel.font.lineHeight)` and
    /// `capsuleSize = UIFont.preferredFont(forTextStyle: .subheadline).pointSize * 1.3`.
    @Test func aSizeComputedFromAFontsMetricsIsNoFixedSize() {
        let header = audit("""
            import UIKit
            final class Header: UIView {
                let titleLabel = UILabel(frame: .zero)
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(titleLabel)
                    titleLabel.font = .preferredFont(forTextStyle: .headline)
                    titleLabel.heightAnchor.constraint(equalToConstant: titleLabel.font.lineHeight).isActive = true
                }
                required init?(coder: NSCoder) { fatalError("not used") }
            }
            """)
        #expect(!ruleLines(header).contains { $0.hasPrefix("fixed_text_height") })
        let chapter = audit("""
            import SwiftUI
            import UIKit
            struct Chapter: View {
                let number: Int
                private var capsuleSize: CGFloat { UIFont.preferredFont(forTextStyle: .subheadline).pointSize * 1.3 }
                var body: some View {
                    Text("\\(number)").font(.subheadline).frame(width: capsuleSize, height: capsuleSize)
                }
            }
            """)
        #expect(ruleLines(chapter).isEmpty)
    }

    /// Trio's `solutionStyle()`: text laid out at its ideal width never shrinks.
    @Test func aScaleFactorOnTextKeptAtItsIdealWidthIsNoFinding() {
        let view = """
            import SwiftUI
            struct Solution: View {
                let answer: String
                var body: some View {
                    Text(answer)
                        .fixedSize(horizontal: true, vertical: true)
                        .minimumScaleFactor(0.5)
                }
            }
            """
        #expect(ruleLines(audit(view)).isEmpty)
        let verticalOnly = view.replacingOccurrences(of: "horizontal: true", with: "horizontal: false")
        #expect(ruleLines(audit(verticalOnly)) == ["minimum_scale_factor:7"])
    }

    /// CotEditor's delimiter `Table` in `.frame(height: 100)`: its rows scroll.
    @Test func aFixedHeightAroundATableBoundsWhatScrolls() {
        let report = audit("""
            import SwiftUI
            struct Delimiters: View {
                @State var rows: [String] = []
                var body: some View {
                    Table(rows, id: \\.self) {
                        TableColumn("Begin") { Text($0) }
                    }
                    .frame(height: 100)
                }
            }
            """)
        #expect(!ruleLines(report).contains { $0.hasPrefix("fixed_text_height") })
    }

    /// CotEditor's command bar: a `.resizable()` symbol is as large as its frame.
    @Test func aFontOnAResizableImageSizesNothing() {
        let icon = """
            import SwiftUI
            struct Command: View {
                var body: some View {
                    Image(systemName: "command").resizable().aspectRatio(contentMode: .fit).font(.system(size: 23)).frame(width: 26, height: 22)
                }
            }
            """
        #expect(!ruleLines(audit(icon)).contains { $0.hasPrefix("fixed_symbol_size") })
        let fixedSymbol = icon.replacingOccurrences(of: ".resizable().aspectRatio(contentMode: .fit)", with: "")
        #expect(ruleLines(audit(fixedSymbol)).contains("fixed_symbol_size:4"))
    }

    /// Mlem's `.frame(height: infoCapsuleHeight)`, a sum with a `@ScaledMetric` that another file declares.
    @Test func aHeightNamedInAnotherFileIsJudgedByItsDefinition() {
        let editor = """
            import SwiftUI
            struct Editor: View {
                @ScaledMetric(relativeTo: .body) var baseInfoCapsuleHeight: CGFloat = 24
                var infoCapsuleHeight: CGFloat { baseInfoCapsuleHeight + 8 }
                var body: some View { info }
            }
            """
        let views = """
            import SwiftUI
            extension Editor {
                var info: some View { Text("Drag to reorder").frame(height: infoCapsuleHeight) }
            }
            """
        #expect(audit(["Editor.swift": editor, "Editor+Views.swift": views])["Editor+Views.swift"]!.findings.isEmpty)
        let fixed = editor.replacingOccurrences(of: "baseInfoCapsuleHeight + 8", with: "32")
        #expect(ruleLines(audit(["Editor.swift": fixed, "Editor+Views.swift": views])["Editor+Views.swift"]!) == ["fixed_text_height:3"])
    }

    /// woocommerce's `.font(POSFontStyle.posTitleEmphasized)`, applied by the app's `View.font(_: POSFontStyle)` overload.
    @Test func aStyleEnumGivenToFontIsAppliedByTheAppsOverload() {
        let styles = """
            import SwiftUI
            import UIKit
            enum POSFontStyle {
                case posTitle
                func font() -> Font {
                    switch self {
                    case .posTitle: Font.system(size: UIFontMetrics.default.scaledValue(for: 36), weight: .bold)
                    }
                }
            }
            private struct POSScaledFont: ViewModifier {
                var style: POSFontStyle
                func body(content: Content) -> some View { content.font(style.font()) }
            }
            extension View {
                func font(_ style: POSFontStyle) -> some View { modifier(POSScaledFont(style: style)) }
            }
            """
        let alert = "import SwiftUI\nstruct Alert: View { var body: some View { Text(\"Bluetooth\").font(POSFontStyle.posTitle) } }"
        let scaling = audit(["Styles.swift": styles, "Alert.swift": alert])["Alert.swift"]!
        #expect(scaling.findings.isEmpty)
        #expect(scaling.elements.map(\.verdict) == [.passing])
        let withoutOverload = styles.components(separatedBy: "extension View").first!
        #expect(ruleLines(audit(["Styles.swift": withoutOverload, "Alert.swift": alert])["Alert.swift"]!) == ["unresolved_font:2"])
    }

    /// woocommerce's `topLine.applySubheadlineStyle()` in `awakeFromNib`: the app's styling method replaces the document's font.
    @Test func anOutletStyledByTheAppsStylingMethodDropsTheDocumentsFont() {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <tableViewCell id="cell-1" customClass="TrackingCell">
                <label text="Carrier" id="label-1"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                <connections>
                    <outlet property="topLine" destination="label-1" id="o-1"/>
                </connections>
            </tableViewCell>
            </objects></document>
            """
        let styles = """
            import UIKit
            extension UILabel {
                func applySubheadlineStyle() {
                    adjustsFontForContentSizeCategory = true
                    font = .preferredFont(forTextStyle: .subheadline)
                }
            }
            """
        let cell = """
            import UIKit
            final class TrackingCell: UITableViewCell {
                @IBOutlet private weak var topLine: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    topLine.applySubheadlineStyle()
                }
            }
            """
        #expect(ruleLines(audit(["Cell.xib": document, "Styles.swift": styles, "TrackingCell.swift": cell])["Cell.xib"]!).isEmpty)
        let unstyled = cell.replacingOccurrences(of: "topLine.applySubheadlineStyle()", with: "topLine.isHidden = false")
        #expect(ruleLines(audit(["Cell.xib": document, "Styles.swift": styles, "TrackingCell.swift": unstyled])["Cell.xib"]!)
            == ["interface_builder_fixed_font:4"])
    }

    /// CotEditor's `Button(titleResource) { NSFontPanel.shared.setPanelFont(self.font, isMultiple: false) }`: the closure is the action.
    @Test func aTitledButtonsClosureIsItsActionNotItsLabel() {
        let picker = """
            import SwiftUI
            import AppKit
            struct FontPicker: View {
                let font: NSFont
                var body: some View {
                    Button("Select…") {
                        NSFontPanel.shared.setPanelFont(font, isMultiple: false)
                    }
                }
            }
            """
        #expect(ruleLines(audit(picker)).isEmpty)
        let labelled = picker.replacingOccurrences(of: "Button(\"Select…\") {", with: "Button(action: {}) {")
        #expect(ruleLines(audit(labelled)) == ["unresolved_font:7"], "with an action: argument, the closure is the label")
    }

    /// Rocket.Chat's `UILabel.heightForView(_:font:width:)`: a label made only to measure text shows none.
    @Test func aLabelMadeOnlyToMeasureTextIsNoTextElement() {
        let measuring = """
            import UIKit
            extension UILabel {
                static func heightForView(_ text: String, font: UIFont, width: CGFloat) -> CGFloat {
                    let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude))
                    label.numberOfLines = 0
                    label.font = font
                    label.text = text
                    label.sizeToFit()
                    return label.frame.height
                }
            }
            """
        let report = audit(measuring)
        #expect(report.findings.isEmpty)
        #expect(report.elements.isEmpty)
        let placed = measuring.replacingOccurrences(of: "label.sizeToFit()", with: "label.sizeToFit()\n        UIView().addSubview(label)")
        #expect(ruleLines(audit(placed)) == ["unresolved_font:6"])
    }

    /// threema's `ChatViewConfiguration.Profile.nameFont`, beside a protocol extension's default `nameFont`.
    @Test func aTypesOwnMemberShadowsAProtocolExtensionsDefault() {
        let configuration = """
            import UIKit
            protocol DetailsConfiguration {}
            extension DetailsConfiguration {
                var nameFont: UIFont { UIFont.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .title2).pointSize + 2) }
            }
            enum ChatViewConfiguration {
                enum Profile {
                    static let nameFont = UIFont.systemFont(ofSize: 16, weight: .semibold)
                }
            }
            """
        let view = """
            import UIKit
            final class ChatProfileView: UIView {
                let nameLabel = UILabel()
                func setUp() { nameLabel.font = ChatViewConfiguration.Profile.nameFont }
            }
            """
        #expect(ruleLines(audit(["Configuration.swift": configuration, "ChatProfileView.swift": view])["ChatProfileView.swift"]!) == ["fixed_font_token:4"])
    }

    /// Hackers' `.scaledFont(.caption)`: its own `View` extension, which sets `.system(size: 12 * textScaling)`
    /// with `@Environment(\.textScaling)`, the app's text-size setting, in place of the text style.
    @Test func anAppsOwnScaledFontModifierWithItsSettingIsAFixedFont() {
        let scaling = """
            import SwiftUI
            struct ScaledFont: ViewModifier {
                @Environment(\\.textScaling) private var textScaling
                let font: Font
                func body(content: Content) -> some View { content.font(.system(size: 12 * textScaling)) }
            }
            extension View {
                func scaledFont(_ font: Font) -> some View { modifier(ScaledFont(font: font)) }
            }
            """
        let row = "import SwiftUI\nstruct Row: View {\n    var body: some View { Text(\"12 comments\").scaledFont(.caption) }\n}\n"
        #expect(ruleLines(audit(["Scaling.swift": scaling, "Row.swift": row])["Row.swift"]!) == ["fixed_font_token:3"])
        let dynamicType = scaling.replacingOccurrences(of: "12 * textScaling", with: "UIFontMetrics.default.scaledValue(for: 12) * textScaling")
        #expect(audit(["Scaling.swift": dynamicType, "Row.swift": row])["Row.swift"]!.findings.isEmpty)
    }

    /// woocommerce's AI button: a configuration made with an image and no title shows no text.
    @Test func aButtonConfiguredWithOnlyAnImageIsNoTextElement() {
        let factory = """
            import UIKit
            struct AIViewFactory {
                func aiButton() -> UIView {
                    let configuration: UIButton.Configuration = {
                        var configuration = UIButton.Configuration.borderless()
                        configuration.image = UIImage(systemName: "sparkles")
                        return configuration
                    }()
                    let button = UIButton(type: .system)
                    button.configuration = configuration
                    let containerView = UIView(frame: .zero)
                    containerView.addSubview(button)
                    NSLayoutConstraint.activate([
                        button.heightAnchor.constraint(equalToConstant: 24),
                    ])
                    return containerView
                }
            }
            """
        #expect(!ruleLines(audit(factory)).contains { $0.hasPrefix("fixed_text_height") })
        let titled = factory.replacingOccurrences(of: "return configuration\n", with: "configuration.title = \"Write with AI\"\n            return configuration\n")
        #expect(ruleLines(audit(titled)).contains("fixed_text_height:15"))
    }

    /// Nostur's `.fontWeightBold()`: a modifier named for a weight sets no size, so the element keeps the font from further out.
    @Test func aModifierNamedForAFontWeightSetsNoFont() {
        let compatibility = """
            import SwiftUI
            extension View {
                @ViewBuilder
                func fontWeightBold() -> some View {
                    if #available(iOS 16.0, *) { self.fontWeight(.bold) } else { self }
                }
            }
            """
        let sheet = "import SwiftUI\nstruct LogoutSheet: View {\n    var body: some View { Text(\"Log out\").font(.headline).fontWeightBold() }\n}\n"
        let report = audit(["Compatibility.swift": compatibility, "LogoutSheet.swift": sheet])["LogoutSheet.swift"]!
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.verdict) == [.passing])
        let italic = sheet.replacingOccurrences(of: "fontWeightBold()", with: "fontItalic()")
        #expect(audit(["Compatibility.swift": compatibility, "LogoutSheet.swift": italic])["LogoutSheet.swift"]!.findings.isEmpty)
    }

    /// Amperfy's `.font(intentResultViewHeaderImageFont)`: a property of `extension View`, named bare inside a view.
    @Test func aBareNameInAViewFindsTheViewExtensionsMember() {
        let fonts = "import SwiftUI\nextension View {\n    var headerFont: Font { .system(size: 30, weight: .bold) }\n}\n"
        let result = "import SwiftUI\nstruct ResultView: View {\n    var body: some View { Text(\"Shuffle on\").font(headerFont) }\n}\n"
        #expect(ruleLines(audit(["Fonts.swift": fonts, "ResultView.swift": result])["ResultView.swift"]!) == ["fixed_font_token:3"])
    }

    /// Strongbox's coloured dots: storyboard labels with no text that no outlet reaches.
    @Test func anEmptyLabelNoOutletReachesShowsNoText() {
        func document(outlet: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><objects>
            <viewController id="vc-1" customClass="DatabaseCell"><view key="view" id="v-1"><subviews>
                <label text="" id="dot-1"><fontDescription key="fontDescription" type="system" pointSize="40"/></label>
            </subviews></view>
            <connections>\(outlet)</connections>
            </viewController>
            </objects></document>
            """
        }
        let dot = audit(document(outlet: ""), fileName: "Main.storyboard")
        #expect(dot.findings.isEmpty)
        #expect(dot.elements.map(\.verdict) == [.passing])
        let connected = audit(document(outlet: "<outlet property=\"statusLabel\" destination=\"dot-1\" id=\"o-1\"/>"), fileName: "Main.storyboard")
        #expect(ruleLines(connected) == ["interface_builder_fixed_font:4"], "code can give a connected label its text")
        let cellLabel = document(outlet: "").replacingOccurrences(of: "<label text=\"\" id=\"dot-1\">", with: "<tableViewCell textLabel=\"dot-1\" id=\"c-1\"/><label text=\"\" id=\"dot-1\">")
        #expect(ruleLines(audit(cellLabel, fileName: "Main.storyboard")) == ["interface_builder_fixed_font:4"], "a system cell shows its text label's text")
    }

    /// Nostur's tab button: a `.fixedSize()` container lays its one line out at its whole width.
    @Test func aLineInAFixedSizeContainerIsNeverCut() {
        let tab = """
            import SwiftUI
            struct TabButton: View {
                let title: String
                var body: some View {
                    HStack { Text(title).lineLimit(1) }
                        .frame(height: 41)
                        .fixedSize()
                }
            }
            """
        #expect(!ruleLines(audit(tab)).contains { $0.hasPrefix("single_line_truncation") })
        let unfixed = tab.replacingOccurrences(of: ".fixedSize()", with: "")
        #expect(ruleLines(audit(unfixed)).contains("single_line_truncation:5"))
    }

    /// Strongbox's scanner close button: `setTitle("", for: .normal)` beside its image gives no title.
    @Test func anEmptySetTitleGivesAButtonNoText() {
        let scanner = """
            import UIKit
            final class ScannerViewController: UIViewController {
                let closeButton = UIButton(type: .system)
                override func viewDidLoad() {
                    closeButton.setImage(UIImage(systemName: "x.circle"), for: .normal)
                    closeButton.setTitle("", for: .normal)
                    closeButton.heightAnchor.constraint(equalToConstant: 32).isActive = true
                }
            }
            """
        #expect(ruleLines(audit(scanner)).isEmpty)
        let titled = scanner.replacingOccurrences(of: "setTitle(\"\"", with: "setTitle(\"Close\"")
        #expect(ruleLines(audit(titled)).contains("fixed_text_height:7"))
    }

    /// An unresolved note on a defined font says which definitions say what (r16-r18 judges: "disagree or
    /// cannot be classified" said neither).
    @Test func anUnresolvedNoteOnADefinedFontSaysWhatEachDefinitionGives() {
        let themes = """
            import SwiftUI
            struct Light { var accent: Font { .body } }
            struct Dark { var accent: Font { .system(size: 15) } }
            """
        let view = "import SwiftUI\nstruct Badge: View {\n    let theme = currentTheme()\n    var body: some View { Text(\"New\").font(theme.accent) }\n}\n"
        let note = audit(["Themes.swift": themes, "Badge.swift": view])["Badge.swift"]!.findings.first { $0.rule == .unresolvedFont }
        #expect(note?.message == "`theme.accent` is defined in the audited code, but its 2 definitions disagree: Themes.swift:2 scales, Themes.swift:3 is fixed")
    }
}
