@testable import DynatypeRules
import Testing

/// What hand-judged findings on KeePassium, Yattee, Delta and
/// MonitorControl, then TwidereX, Tinode, Clipy, eul, Pulse and Gifski (none
/// of them tuned on before) showed wrong: outlets
/// styled by code the tool could not see as outlets, locals and returns it
/// did not follow, and fixes a reviewer would not merge.
@Suite struct SixthRoundRulingsTests {
    private static func cellDocument(owner: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <tableViewCell id="cell-1" customClass="\(owner)">
            <textField text="value" id="field-1" customClass="ValidatingTextField"><fontDescription key="fontDescription" name="Menlo-Regular" family="Menlo" pointSize="16"/></textField>
            <connections>
                <outlet property="valueField" destination="field-1" id="o-1"/>
            </connections>
        </tableViewCell>
        </objects></document>
        """
    }

    private let fieldClass = """
        import UIKit
        class ValidatingTextField: UITextField {}
        """

    /// KeePassium's entry cells: the outlet's class is declared in another file.
    @Test func anOutletOfAClassDeclaredElsewhereStyledInCodeDropsTheDocumentsFont() {
        let code = """
            import UIKit
            final class EntryCell: UITableViewCell {
                @IBOutlet private weak var valueField: ValidatingTextField!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    valueField.font = UIFont.preferredFont(forTextStyle: .body)
                    valueField.adjustsFontForContentSizeCategory = true
                }
            }
            """
        #expect(ruleLines(audit(["Cell.xib": Self.cellDocument(owner: "EntryCell"), "Field.swift": fieldClass])["Cell.xib"]!)
            == ["interface_builder_fixed_font:4"])
        let reports = audit(["Cell.xib": Self.cellDocument(owner: "EntryCell"), "Field.swift": fieldClass, "EntryCell.swift": code])
        #expect(ruleLines(reports["Cell.xib"]!).isEmpty)
    }

    /// The outlet is declared and styled by a superclass; the document names the subclass.
    @Test func anOutletStyledByTheSuperclassIsTheSubclasssOutlet() {
        let code = """
            import UIKit
            class FieldCell: UITableViewCell {
                @IBOutlet weak var valueField: ValidatingTextField!
                func setupCell() {
                    valueField.font = UIFont.preferredFont(forTextStyle: .body)
                    valueField.adjustsFontForContentSizeCategory = true
                }
            }
            final class ProtectedFieldCell: FieldCell {}
            """
        let reports = audit(["Cell.xib": Self.cellDocument(owner: "ProtectedFieldCell"), "Field.swift": fieldClass, "FieldCell.swift": code])
        #expect(ruleLines(reports["Cell.xib"]!).isEmpty)
    }

    /// `setupValueScroll(valueText: valueText2, …)`: a function of the file sets its parameter's font.
    @Test func anOutletHandedToAFunctionThatSetsItsFontIsStyledInCode() {
        let code = """
            import UIKit
            final class EntryCell: UITableViewCell {
                @IBOutlet private weak var valueField: UITextField!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    setup(field: valueField)
                }
                private func setup(field: UITextField?) {
                    guard let field else { return }
                    field.font = UIFont.preferredFont(forTextStyle: .body)
                    field.adjustsFontForContentSizeCategory = true
                }
            }
            """
        let reports = audit(["Cell.xib": Self.cellDocument(owner: "EntryCell"), "Field.swift": fieldClass, "EntryCell.swift": code])
        #expect(ruleLines(reports["Cell.xib"]!).isEmpty)
    }

    /// KeePassium's `monospaceFont`: a local declared without a value, set in
    /// branches and then scaled, is no fixed font, also when another file
    /// reads some `font` member as a font (which once made it a stored property).
    @Test func aLocalSetInBranchesAndScaledIsNoFixedFont() {
        let helper = """
            import UIKit
            extension UIFont {
                static func monospaceFont(descriptor: UIFontDescriptor?, style: UIFont.TextStyle) -> UIFont {
                    let size = UIFont.preferredFont(forTextStyle: style).pointSize
                    let font: UIFont
                    if let descriptor {
                        font = UIFont(descriptor: descriptor, size: size)
                    } else {
                        font = UIFont.monospacedSystemFont(ofSize: size, weight: .regular)
                    }
                    return UIFontMetrics(forTextStyle: style).scaledFont(for: font)
                }
            }
            """
        let reader = """
            import UIKit
            final class ListCell: UICollectionViewListCell {
                func show(_ text: String) {
                    var configuration = UIListContentConfiguration.cell()
                    configuration.textProperties.font = .preferredFont(forTextStyle: .body)
                    configuration.attributedText = Decorator.decorate(text, font: configuration.textProperties.font)
                    contentConfiguration = configuration
                }
            }
            enum Decorator {
                static func decorate(_ text: String, font: UIFont?) -> NSAttributedString {
                    NSAttributedString(string: text, attributes: [.font: font ?? UIFont.monospaceFont(descriptor: nil, style: .body)])
                }
            }
            """
        #expect(ruleLines(audit(["Fonts.swift": helper, "ListCell.swift": reader])["Fonts.swift"]!).isEmpty)
    }

    /// Yattee's `ControlsFontStyle.font(size:weight:)`: each `return` of a
    /// `switch` is a definition, so the fixed sizes are found where they are
    /// written and the use is a design-system font, not "not defined".
    @Test func eachReturnOfASwitchDefinesTheHelper() {
        let style = """
            import SwiftUI
            enum ControlsFontStyle {
                case system, rounded
                func font(size: CGFloat) -> Font {
                    switch self {
                    case .system:
                        return .system(size: size)
                    case .rounded:
                        return .system(size: size, design: .rounded)
                    }
                }
            }
            """
        let bar = """
            import SwiftUI
            struct Bar: View {
                let style: ControlsFontStyle
                var body: some View {
                    Text("Live").font(style.font(size: 11))
                }
            }
            """
        let reports = audit(["Style.swift": style, "Bar.swift": bar])
        #expect(ruleLines(reports["Style.swift"]!) == ["fixed_font_size:7", "fixed_font_size:9"])
        #expect(ruleLines(reports["Bar.swift"]!) == ["fixed_font_token:5"])
    }

    /// Yattee's media sources: a local declared in each `#if` platform branch.
    @Test func aLocalDeclaredInPlatformBranchesIsFound() {
        let code = """
            import SwiftUI
            struct Row: View {
                var body: some View {
                    #if os(macOS)
                    let titleFont: Font = .body
                    #else
                    let titleFont: Font = .headline
                    #endif
                    return Text("Sources").font(titleFont)
                }
            }
            """
        #expect(ruleLines(audit(code)).isEmpty)
    }

    /// `#if os(iOS) || os(macOS)` is shared code: iOS's table, not macOS's.
    @Test func sharedPlatformCodeGetsTheIOSTable() {
        let code = """
            #if os(iOS) || os(macOS)
            import SwiftUI
            struct Pill: View {
                var body: some View {
                    Text("Next").font(.system(size: 12, weight: .semibold))
                }
            }
            #endif
            """
        let finding = audit(code).findings.first { $0.rule == .fixedFontSize }
        #expect(finding?.replacement == ".caption.weight(.semibold)")
    }

    /// KeePassium's `.init(pointSize: UIImage.kpIconMaxSize)` (32 pt, in
    /// another file) was replaced by `.body`; Delta's 100 pt AirPlay icon by
    /// `.largeTitle`. Neither size is replaced by a style.
    @Test func aSymbolSizeNoStyleStandsForKeepsItsSize() {
        let code = """
            import UIKit
            final class Icons {
                let imageView = UIImageView()
                let hero = UIImageView()
                func configure() {
                    imageView.preferredSymbolConfiguration = .init(pointSize: UIImage.iconMaxSize, weight: .light)
                    hero.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 100)
                }
            }
            """
        let findings = audit(code).findings.filter { $0.rule == .fixedSymbolSize }
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.replacement == nil })
        #expect(findings[0].fix.contains("scaledValue(for: UIImage.iconMaxSize)"))
        #expect(findings[1].fix.contains("UIFontMetrics(forTextStyle: .largeTitle).scaledValue(for: 100)"))
    }

    /// Yattee's tvOS buttons: a width fix keeps the design's width as the least.
    @Test func aFlexibleFrameKeepsTheDesignWidthAsItsLeast() {
        let code = """
            import SwiftUI
            struct Countdown: View {
                var body: some View {
                    Text("Play Next").frame(width: 250, height: 80)
                }
            }
            """
        let replacements = Set(audit(code).findings.compactMap(\.replacement))
        #expect(replacements == [".frame(minWidth: 250, minHeight: 80)"])
    }

    /// MonitorControl's menu: the attributed string it is made with carries the font.
    @Test func aLabelMadeWithAnAttributedStringHasAFont() {
        let code = """
            import AppKit
            final class Menu {
                func item(_ name: String) -> NSView {
                    let attributes: [NSAttributedString.Key: Any] = [.font: NSFont.preferredFont(forTextStyle: .body)]
                    let nameView = NSTextField(labelWithAttributedString: NSAttributedString(string: name, attributes: attributes))
                    return NSStackView(views: [nameView])
                }
            }
            """
        #expect(!ruleLines(audit(code)).contains { $0.hasPrefix("unset_font") })
    }

    /// KeePassium's icon button: a bare `.tinted()` configuration and an image show no text.
    @Test func aButtonWithABareConfigurationAndAnImageIsNoText() {
        let code = """
            import UIKit
            final class TitleCell: UITableViewCell {
                private lazy var iconButton: UIButton = {
                    let button = UIButton(configuration: .tinted())
                    button.accessibilityLabel = "Icon"
                    return button
                }()
                func setup(icon: UIImage?) {
                    iconButton.configuration?.image = icon
                    NSLayoutConstraint.activate([iconButton.heightAnchor.constraint(equalToConstant: 40)])
                }
            }
            """
        #expect(!ruleLines(audit(code)).contains { $0.hasPrefix("fixed_text_height") })
        let titled = code.replacingOccurrences(of: "button.accessibilityLabel = \"Icon\"", with: "button.configuration?.title = \"Icon\"")
        #expect(ruleLines(audit(titled)).contains("fixed_text_height:10"))
    }

    /// Interface Builder has no "Automatically Adjusts Font" box for buttons.
    @Test func aDocumentButtonsFixSaysToAdjustItsTitleLabelInCode() {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <button id="btn-1"><state key="normal" title="Cancel"/><fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/></button>
            </objects></document>
            """
        let finding = audit(["Sheet.xib": document])["Sheet.xib"]!.findings.first
        #expect(finding?.fix.contains("titleLabel?.adjustsFontForContentSizeCategory = true") == true)
        #expect(finding?.fix.contains("tick") == false)
    }

    /// The `single_line_truncation` lines of a SwiftUI view with one stored property and this body.
    private static func truncations(property: String, body: String) -> [String] {
        let code = "import SwiftUI\nstruct V: View {\n    let \(property)\n    var body: some View {\n\(body)\n    }\n}\n"
        return ruleLines(audit(code)).filter { $0.hasPrefix("single_line_truncation") }
    }

    /// Yattee's settings: a row in an `#if` platform branch of a `Form` is in the form.
    @Test func aViewInAPlatformBranchOfAFormScrolls() {
        let body = """
            Form {
                Section {
                    #if os(macOS)
                    Text(url.absoluteString).lineLimit(1)
                    #else
                    Text(url.absoluteString)
                    #endif
                }
            }
            """
        #expect(Self.truncations(property: "url: URL", body: body).isEmpty)
    }

    /// `String(localized: "search.title")` is a key, as `Text("search.title")` is;
    /// a marquee's `.lineLimit(1).fixedSize()` takes its whole width.
    @Test func aLocalizedKeyOrALineFixedToItsWidthIsNotTruncated() {
        let body = """
            HStack {
                Label(String(localized: "search.title"), systemImage: "magnifyingglass").lineLimit(1)
                Text(title).lineLimit(1).fixedSize()
                Text(title).lineLimit(1)
            }
            """
        #expect(Self.truncations(property: "title: String", body: body) == ["single_line_truncation:8"], "the plain title alone")
    }

    /// Delta's cells: a font's own face and size with a trait is that font,
    /// judged where it is set (here, by its Interface Builder document).
    @Test func aFontRestyledWithATraitIsTheFontItRestyles() {
        let code = """
            import UIKit
            final class NameCell: UITableViewCell {
                @IBOutlet var nameLabel: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    let descriptor = nameLabel.font.fontDescriptor.withSymbolicTraits(.traitBold)!
                    nameLabel.font = UIFont(descriptor: descriptor, size: nameLabel.font.pointSize)
                }
                func footer() -> UIListContentConfiguration {
                    var content = UIListContentConfiguration.groupedFooter()
                    let italic = content.textProperties.font.fontDescriptor.withSymbolicTraits(.traitItalic)!
                    content.textProperties.font = UIFont(descriptor: italic, size: content.textProperties.font.pointSize)
                    return content
                }
            }
            """
        #expect(ruleLines(audit(code)).isEmpty)
        let fixed = code.replacingOccurrences(of: "size: nameLabel.font.pointSize", with: "size: 17")
        #expect(ruleLines(audit(fixed)) == ["fixed_uikit_font:7"])
    }

    /// TwidereX's `TextStyle.font` switches over `self`: a use that names the
    /// case is that case's font, not every case's (one fixed case made every
    /// use a fixed design-system font).
    @Test func aUseThatNamesACaseIsThatCasesFont() {
        let code = """
            import UIKit
            enum TextStyle {
                case statusMetrics
                case sidebarAuthorName
                var font: UIFont {
                    switch self {
                    case .statusMetrics:
                        return .preferredFont(forTextStyle: .footnote)
                    case .sidebarAuthorName:
                        return .systemFont(ofSize: 16, weight: .regular)
                    }
                }
            }
            final class MetricView: UIView {
                let metric = UILabel()
                let name = UILabel()
                func setup(style: TextStyle) {
                    metric.font = TextStyle.statusMetrics.font
                    metric.adjustsFontForContentSizeCategory = true
                    name.font = TextStyle.sidebarAuthorName.font
                    name.adjustsFontForContentSizeCategory = true
                }
            }
            """
        let report = audit(code)
        #expect(ruleLines(report) == ["fixed_uikit_font:10", "fixed_font_token:20"])
        #expect(report.findings.first { $0.rule == .fixedFontToken }?.message.contains("Example.swift:9") == true)
    }

    /// eul's `extension Text { func inlineSection() -> some View { font(.system(size: 12)) } }`
    /// and Pulse's file-scope `#if os(macOS) private let valueFont: Font = .callout #else … #endif`.
    @Test func textHelpersAndFileScopePlatformConstantsAreDefinitions() {
        let helpers = """
            import SwiftUI
            extension Text {
                func inlineSection() -> some View { font(.system(size: 12, weight: .regular)) }
            }
            """
        let views = """
            import SwiftUI
            struct Row: View {
                var body: some View {
                    VStack {
                        Text("Headers").inlineSection()
                        Text("Body").font(valueFont)
                    }
                }
            }
            #if os(macOS)
            private let valueFont: Font = .callout
            #else
            private let valueFont: Font = .footnote
            #endif
            """
        let reports = audit(["Text.swift": helpers, "Row.swift": views])
        #expect(ruleLines(reports["Row.swift"]!) == ["fixed_font_token:5"])
    }

    /// Gifski's `alert2` overloads forward to each other and apply no font.
    @Test func aHelperForwardingToItsOwnOverloadsIsNoFontHelper() {
        let code = """
            import SwiftUI
            extension View {
                func alert2(_ title: String, isPresented: Binding<Bool>) -> some View {
                    alert2(title, isPresented: isPresented, actions: {})
                }
                func alert2(_ title: String, isPresented: Binding<Bool>, actions: () -> Void) -> some View {
                    background(EmptyView().alert(title, isPresented: isPresented) {})
                }
            }
            struct Done: View {
                @State private var shown = false
                var body: some View {
                    Text("Copied").alert2("Copied", isPresented: $shown)
                }
            }
            """
        #expect(!ruleLines(audit(code)).contains { $0.hasPrefix("unresolved_font") })
    }

    /// Tinode's `button.titleLabel?.font.withSize(15)` is optional: its fix compiles.
    @Test func anOptionalFontIsScaledWhereItIsThere() {
        let code = """
            import UIKit
            final class ListController: UIViewController {
                let button = UIButton(type: .system)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.setTitle("New", for: .normal)
                    button.titleLabel?.font = button.titleLabel?.font.withSize(15)
                }
            }
            """
        let finding = audit(code).findings.first { $0.rule == .fixedUIKitFont }
        #expect(finding?.replacement?.hasPrefix("(button.titleLabel?.font.withSize(15)).map(UIFontMetrics(forTextStyle: .subheadline).scaledFont(for:))") == true)
    }

    /// Pulse's status dot: `#if os(tvOS) .font(…) #else .font(…) #endif` after a
    /// view applies each platform's font to that view (here an icon's).
    @Test func aPostfixPlatformBranchModifiesTheViewBeforeIt() {
        let code = """
            import SwiftUI
            struct StatusDot: View {
                var body: some View {
                    Image(systemName: "circle.fill")
                        .foregroundStyle(.red)
            #if os(tvOS)
                        .font(.system(size: 12))
            #else
                        .font(.system(size: 9))
            #endif
                }
            }
            struct Title: View {
                var body: some View {
                    Text("Now Playing")
            #if os(tvOS)
                        .font(.system(size: 30))
            #else
                        .font(.headline)
            #endif
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["fixed_symbol_size:7", "fixed_symbol_size:9", "fixed_font_size:17"])
        // IceCubesApp's counter: a clamp in one platform's branch clamps the text before the `#if`.
        let clamped = """
            import SwiftUI
            struct Count: View {
                let count: Int
                var body: some View {
                    Text(count, format: .number)
                    #if targetEnvironment(macCatalyst)
                        .font(.footnote)
                    #else
                        .font(.footnote)
                        .dynamicTypeSize(.medium)
                    #endif
                }
            }
            """
        #expect(ruleLines(audit(clamped)) == ["clamped_dynamic_type:10"])
    }

    /// TwidereX's `view.avatarButton`: another view's property typed with a class
    /// of the audit that is a `UIControl` holds no text, whatever its name.
    @Test func anotherViewsPropertyIsJudgedByItsDeclaredClass() {
        let control = """
            import UIKit
            public class AvatarButton: UIControl {
                let badge = UILabel()
            }
            """
        let profile = """
            import UIKit
            final class ProfileAvatarView: UIView {
                let avatarButton: AvatarButton = AvatarButton()
                func layout(_ view: ProfileAvatarView) {
                    NSLayoutConstraint.activate([view.avatarButton.heightAnchor.constraint(equalToConstant: 40)])
                }
            }
            """
        #expect(!ruleLines(audit(["AvatarButton.swift": control, "Profile.swift": profile])["Profile.swift"]!).contains("fixed_text_height:5"))
        let label = control.replacingOccurrences(of: "UIControl", with: "UILabel")
        #expect(ruleLines(audit(["AvatarButton.swift": label, "Profile.swift": profile])["Profile.swift"]!).contains("fixed_text_height:5"))
    }

    /// RedditOS' award popover: a fixed frame around a `List` bounds what
    /// scrolls; the text in it is not clipped. Text beside the list is.
    @Test func aFixedFrameAroundWhatScrollsClipsNoText() {
        let code = """
            import SwiftUI
            struct Awards: View {
                let names: [String]
                var body: some View {
                    List(names, id: \\.self) { name in
                        Text(name)
                    }
                    .frame(width: 250, height: 300)
                    VStack {
                        Text("Awards")
                        List(names, id: \\.self) { Text($0) }
                    }
                    .frame(height: 300)
                }
            }
            """
        #expect(ruleLines(audit(code)).filter { $0.hasPrefix("fixed_text_height") } == ["fixed_text_height:13"])
        // RedditOS' settings: macOS's default Form style does not scroll, so a Form's fixed height clips.
        let form = code.replacingOccurrences(of: "List(names, id: \\.self) { name in", with: "Form { ForEach(names, id: \\.self) { name in")
            .replacingOccurrences(of: "Text(name)\n                    }", with: "Text(name) }\n                    }")
        #expect(ruleLines(audit(form)).filter { $0.hasPrefix("fixed_text_height") } == ["fixed_text_height:8", "fixed_text_height:13"])
        // CodeEdit's jump bar: a horizontal scroll still clips the text's height.
        let horizontal = code.replacingOccurrences(of: "List(names, id: \\.self) { name in", with: "ScrollView(.horizontal) { ForEach(names, id: \\.self) { name in")
            .replacingOccurrences(of: "Text(name)\n                    }", with: "Text(name) }\n                    }")
        #expect(ruleLines(audit(horizontal)).filter { $0.hasPrefix("fixed_text_height") } == ["fixed_text_height:8", "fixed_text_height:13"])
    }

    /// Zotero's lookup field: a height at `.defaultLow` is a preference the
    /// text's compression resistance wins; at the default priority it holds.
    @Test func aLowPriorityHeightHoldsNoText() {
        let code = """
            import UIKit
            final class LookupController: UIViewController {
                let textView = UITextView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let height = textView.heightAnchor.constraint(equalToConstant: 80)
                    height.priority = .defaultLow
                    height.isActive = true
                }
            }
            """
        #expect(!ruleLines(audit(code)).contains { $0.hasPrefix("fixed_text_height") })
        let required = code.replacingOccurrences(of: "height.priority = .defaultLow", with: "height.priority = .required")
        #expect(ruleLines(audit(required)).contains("fixed_text_height:6"))
    }
}
