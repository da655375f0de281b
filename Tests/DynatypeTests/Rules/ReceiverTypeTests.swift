import Foundation
import DynatypeRules
import Testing

/// Fonts and views found by the types and names of real code: font
/// positions, receivers by type, members through extensions; the shapes real
/// apps have and labeled corpora avoid, one test each.
@Suite struct ReceiverTypeTests {
    // MARK: Font positions

    @Test func customMembersOutsideFontPositionsAreNotFonts() {
        let report = audit("""
            enum Kind { case plain, custom(String) }
            struct A: View {
                let kind: Kind
                var body: some View {
                    switch kind {
                    case .custom(let name): Text(name)
                    case .plain: Text("p")
                    }
                    Label("a", systemImage: "x").labelStyle(.custom(spacing: 4))
                    Text("b").sheet(isPresented: .constant(true)) { Text("c").presentationDetents([.custom(MyDetent.self)]) }
                    Row(kind: .custom { Text("d") })
                }
                func make() -> Kind { .custom("x") }
            }
            """)
        #expect(report.findings.filter { $0.rule == .customFontWithoutRelativeStyle || $0.rule == .fixedFontSize }.isEmpty)
    }

    @Test func customAndSystemInFontPositionsAreFonts() {
        let report = audit("""
            struct A: View {
                let title: Font = .custom("Inter", size: 15)
                var body: some View { Text("a").font(.custom("Inter", size: 12)) }
                func heading() -> Font { .system(size: 20) }
            }
            """)
        #expect(ruleLines(report).sorted() == [
            "custom_font_without_relative_style:2", "custom_font_without_relative_style:3", "fixed_font_size:4",
        ])
    }

    // MARK: UIKit or AppKit by type

    @Test func implicitSystemFontOnAnAppKitReceiverIsAppKit() {
        let report = audit("""
            import AppKit
            final class C: NSViewController {
                let field = NSTextField()
                func setUp() { field.font = .systemFont(ofSize: 13) }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:4"])
        #expect(report.findings.first?.replacement?.contains("NSFont") == true)
    }

    @Test func implicitSystemFontInAMacOSBlockOrOnNSFontValueIsAppKit() {
        let report = audit("""
            import SwiftUI
            #if os(macOS)
            import AppKit
            let small: NSFont = .systemFont(ofSize: 11)
            #else
            import UIKit
            let small: UIFont = .systemFont(ofSize: 11)
            #endif
            """)
        #expect(ruleLines(report).sorted() == ["fixed_appkit_font:4", "fixed_uikit_font:7"])
    }

    // MARK: View receivers

    @Test func nonViewReceiversGetNoViewRules() {
        let report = audit("""
            import UIKit
            final class Control: UIControl {
                let title = UILabel()
                func setUp() {
                    var container = AttributeContainer()
                    container.font = UIFont.preferredFont(forTextStyle: .body)
                    var configuration = UIButton.Configuration.plain()
                    configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
                        var outgoing = incoming
                        outgoing.font = UIFont.preferredFont(forTextStyle: .headline)
                        return outgoing
                    }
                    title.font = .preferredFont(forTextStyle: .body)
                    title.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    @Test func aUIControlSubclassIsNotAButton() {
        let report = audit("""
            import UIKit
            final class Toggle: UIControl {
                func setUp() {
                    self.numberOfLines = 1
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    // MARK: Only fonts are unresolved fonts

    @Test func fontOfAScaledUIFontScales() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("a").font(Font(UIFontMetrics(forTextStyle: .title).scaledFont(for: .systemFont(ofSize: 20))))
                }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.verdict) == [.passing])
    }

    @Test func callsThatDoNotMakeFontsAreNeverUnresolvedFonts() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                func applyingBaseFont(_ text: String) -> NSAttributedString { NSAttributedString(string: text) }
                func setUp() {
                    label.attributedText = applyingBaseFont("x")
                    pushIntoRecentFonts("y")
                }
                func pushIntoRecentFonts(_ name: String) {}
            }
            """)
        // Only the label, whose font nothing here sets, is unresolved.
        #expect(report.findings.filter { $0.rule == .unresolvedFont }.map(\.current) == ["label"])
    }

    @Test func fontNamedCallsOnValuesOutsideViewsAreNoFonts() {
        let report = audit("""
            struct A: View {
                let store: FontStore
                var body: some View {
                    Text("a").onTapGesture { store.pushIntoRecentFonts("Inter") }
                }
                func apply() { store.applyingBaseFont(size: 12) }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.verdict) == [.passing])
    }

    @Test func wrappersOfAPlatformFontAreJudgedByTheirArgument() {
        let reports = audit([
            "Font+UIFont.swift": """
                import SwiftUI
                extension Font {
                    init(uiFont: UIFont) { self = Font(uiFont as CTFont) }
                }
                """,
            "A.swift": """
                import SwiftUI
                struct A: View {
                    var body: some View {
                        Text("a").font(Font(uiFont: .preferredFont(forTextStyle: .body)))
                        Text("b").font(Font(uiFont: .systemFont(ofSize: 12)))
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["A.swift"]!) == ["fixed_uikit_font:5"])
        #expect(reports["A.swift"]!.elements.map(\.verdict) == [.passing, .failing])
    }

    /// A function of the audited code that wraps its font in UIFontMetrics
    /// scales, called bare from its own type.
    @Test func aBareCallOfAScalingWrapperOfTheTypeScales() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                func scaled(_ font: UIFont) -> UIFont { UIFontMetrics.default.scaledFont(for: font) }
                func setUp() {
                    label.font = scaled(.systemFont(ofSize: 15))
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.verdict) == [.passing])
    }

    // MARK: Constants through stored properties

    @Test func sizesFromStoredConstantsAndOtherFontsAreFixed() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                let other = UILabel()
                var textFieldFontSize: CGFloat
                init() {
                    textFieldFontSize = 13
                    super.init(nibName: nil, bundle: nil)
                }
                func setUp(_ x: UILabel?) {
                    label.font = .systemFont(ofSize: textFieldFontSize)
                    other.font = .systemFont(ofSize: x?.font?.pointSize ?? 12)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:11", "fixed_uikit_font:12"])
    }

    @Test func everyUnresolvedElementHasAnUnresolvedFontNote() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                func setUp(_ size: CGFloat) {
                    label.font = .systemFont(ofSize: size)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        let unresolved = report.elements.filter { $0.verdict == .unresolved }.count
        #expect(unresolved == 0 || report.findings.contains { $0.rule == .unresolvedFont })
    }

    /// A stored size set by the initializer from a parameter is judged with
    /// the initializer's calls, by the font rule and `fixed_text_height` alike.
    @Test func storedSizesSetByInitializersAreJudgedWithTheirCalls() {
        let icon = """
            import SwiftUI
            struct NAME: View {
                private let text: String
                private let size: CGFloat
                init(text: String, size: CGFloat? = nil) {
                    self.text = text
                    self.size = size ?? 20
                }
                var body: some View {
                    Text(text)
                        .font(.system(size: size * 0.65))
                        .frame(width: size, height: size)
                }
            }
            """
        let reports = audit([
            "Fixed.swift": icon.replacingOccurrences(of: "NAME", with: "FixedIcon"),
            "Scaled.swift": icon.replacingOccurrences(of: "NAME", with: "ScaledIcon"),
            "Orphan.swift": icon.replacingOccurrences(of: "NAME", with: "OrphanIcon"),
            "Settings.swift": """
                import SwiftUI
                struct Settings: View {
                    @ScaledMetric var iconSize: CGFloat = 14
                    var body: some View {
                        FixedIcon(text: "A", size: 14)
                        ScaledIcon(text: "B", size: iconSize)
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Fixed.swift"]!) == ["fixed_font_size:11", "fixed_text_height:12"])
        #expect(ruleLines(reports["Scaled.swift"]!).isEmpty)
        #expect(reports["Scaled.swift"]!.elements.map(\.verdict) == [.passing])
        let orphan = reports["Orphan.swift"]!
        #expect(ruleLines(orphan) == ["unresolved_font:11"])
        #expect(orphan.findings.first?.message.contains("`OrphanIcon`'s initializer") == true)
        #expect(orphan.elements.first?.reason.contains("OrphanIcon") == true)
    }

    /// A view function's size parameter, with text inside: every call passes
    /// a constant, so its font is fixed.
    @Test func sizeParametersOfViewFunctionsAreJudgedWithTheirCalls() {
        let report = audit("""
            import SwiftUI
            struct StateRow: View {
                var body: some View {
                    VStack { stateIcon(size: 24); self.title(size: 13) }
                }
                private func stateIcon(size: CGFloat) -> some View {
                    Image(systemName: "checkmark.circle.fill").font(.system(size: size))
                }
                private func title(size: CGFloat) -> some View {
                    Text("Done").font(.system(size: size))
                }
            }
            """)
        #expect(ruleLines(report, severity: .warning) == ["fixed_symbol_size:7"])
        #expect(ruleLines(report, severity: .error) == ["fixed_font_size:10"])
    }

    /// A text view whose font nothing here sets is unresolved, and says so
    /// in a note; an icon button shows no text, and a label subclass that
    /// styles itself is judged in the subclass.
    @Test func textViewsWithNoFontSetKeepTheDefaultOrAreJudgedWhereTheirFontIs() {
        let report = audit("""
            import UIKit
            final class PillLabel: UILabel {
                override init(frame: CGRect) { super.init(frame: frame); font = .preferredFont(forTextStyle: .caption1); adjustsFontForContentSizeCategory = true }
            }
            final class C: UIViewController {
                let label = UILabel()
                let pill = PillLabel()
                let close = UIButton(type: .close)
                let pay = UIButton(type: .system)
                override func viewDidLoad() {
                    label.text = "Total"
                    pay.setTitle("Pay", for: .normal)
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:6", "unset_font:9"])
        #expect(report.elements.map(\.element.description) == ["self", "label", "pay"])
        #expect(report.elements.filter { $0.verdict == .failing }.count == 2)
        #expect(report.verdict == .pass, "a warning does not fail the file")
    }

    /// A namespace named like a view (`Metrics.Button`) holds the audited
    /// code's symbols; a value named like one (`titleLabel`) is a text view.
    @Test func aNamespaceNamedLikeAViewResolvesToItsOwnSymbols() {
        let report = audit("""
            import SwiftUI
            private enum Metrics {
                enum Button { static let messageFont = Font.system(size: 15) }
                enum Label { static let titleFont = Font.body }
            }
            struct Picker: View {
                var body: some View {
                    VStack {
                        Text("a").font(Metrics.Button.messageFont)
                        Text("b").font(Metrics.Label.titleFont)
                    }
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:3", "fixed_font_token:9"])
    }

    // MARK: Symbol configurations

    @Test func symbolConfigurationsInEverySpellingAreFixedSymbolSizes() {
        let report = audit("""
            import UIKit
            let a = UIImage
                .SymbolConfiguration(pointSize: 30)
            let b = NSImage.SymbolConfiguration(pointSize: 12, weight: .bold)
            let c: UIImage.SymbolConfiguration = .init(pointSize: 20)
            let d = UIImage.SymbolConfiguration(textStyle: .body)
            """)
        #expect(ruleLines(report) == ["fixed_symbol_size:2", "fixed_symbol_size:4", "fixed_symbol_size:5"])
    }

    /// The shorthand passed where the API's parameter is a symbol
    /// configuration; a same-named argument of another call is no symbol.
    @Test func theShorthandPassedToASymbolConfigurationParameterIsAFixedSymbolSize() {
        let report = audit("""
            import UIKit
            func style(_ button: UIButton, _ image: UIImage) -> UIImage? {
                button.setPreferredSymbolConfiguration(.init(pointSize: 15, weight: .semibold), forImageIn: .normal)
                let sized = image.applyingSymbolConfiguration(.init(pointSize: 20))
                button.setPreferredSymbolConfiguration(.init(textStyle: .body), forImageIn: .normal)
                let marker = Marker(.init(pointSize: 20))
                return sized ?? marker.image
            }
            """)
        #expect(ruleLines(report) == ["fixed_symbol_size:3", "fixed_symbol_size:4"])
        #expect(report.findings.first?.replacement == "UIImage.SymbolConfiguration(textStyle: .subheadline).applying(UIImage.SymbolConfiguration(weight: .semibold))")
    }

    /// RULES lists only `pointSize:` configurations under `fixed_symbol_size`;
    /// a fixed UIKit font stays a fixed font wherever it goes, an argument
    /// included. Its fix sets no `adjustsFontForContentSizeCategory`: no view
    /// gets the font. A plain system font's configuration becomes the text
    /// style's configuration (mastodon-ios: a `preferredFont` snapshot in a
    /// configuration would not follow the text size either); any other font
    /// is scaled in place.
    @Test func aFixedFontConfiguringASymbolIsAFixedFontWithASymbolFix() {
        let report = audit("""
            import UIKit
            let image = UIImage(systemName: "ellipsis", withConfiguration: UIImage.SymbolConfiguration(font: .systemFont(ofSize: 15)))
            let bold = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 13, weight: .bold), scale: .large)
            let face = UIImage.SymbolConfiguration(font: UIFont(name: "Avenir", size: 15)!)
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:2", "fixed_uikit_font:3", "fixed_uikit_font:4"])
        #expect(report.findings.allSatisfy { !$0.fix.contains("adjustsFontForContentSizeCategory") })
        #expect(report.findings.map(\.current) == [
            "UIImage.SymbolConfiguration(font: .systemFont(ofSize: 15))",
            "UIImage.SymbolConfiguration(font: .systemFont(ofSize: 13, weight: .bold), scale: .large)",
            "UIFont(name: \"Avenir\", size: 15)",
        ])
        #expect(report.findings.map(\.replacement) == [
            "UIImage.SymbolConfiguration(textStyle: .subheadline)",
            "UIImage.SymbolConfiguration(textStyle: .footnote, scale: .large).applying(UIImage.SymbolConfiguration(weight: .bold))",
            "UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont(name: \"Avenir\", size: 15) ?? .systemFont(ofSize: 15))",
        ])
        #expect(report.findings.last?.fix.contains("SymbolConfiguration(textStyle:") == true)
    }

    // MARK: Hiding is not a fixed height

    @Test func zeroAndNilHeightsHideOrFreeTheView() {
        let report = audit("""
            import AppKit
            struct A: View {
                let collapsed: Bool
                var body: some View {
                    Text("a").frame(height: 0)
                    Text("b").frame(height: collapsed ? 0 : nil)
                }
            }
            final class C: NSView {
                let field = NSTextField()
                func setUp() { field.heightAnchor.constraint(equalToConstant: 20).isActive = true }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:10"])
    }

    // MARK: Ancestors through same-file view helpers

    @Test func listAroundASameFileHelperCountsAsAnAncestor() {
        let report = audit("""
            struct A: View {
                let items: [String]
                var body: some View {
                    List(items, id: \\.self) { item in row(item) }
                    ScrollView { header }
                    Form { Cell(title: "x") }
                }
                func row(_ title: String) -> some View { Text(title).lineLimit(1) }
                var header: some View { Text(items.first ?? "").lineLimit(1) }
            }
            struct Cell: View {
                let title: String
                var body: some View { Text(title).lineLimit(1) }
            }
            """)
        #expect(report.findings.filter { $0.rule == .singleLineTruncation }.isEmpty)
    }

    // MARK: Font helpers that are views

    @Test func viewExtensionHelpersGiveTheirFont() {
        let reports = audit([
            "Styles.swift": """
                extension View {
                    func eyebrow() -> some View { font(.system(size: 11)) }
                    func bodyText() -> some View { self.font(.body) }
                }
                struct Caption: ViewModifier {
                    func body(content: Content) -> some View { content.font(.system(size: 10)) }
                }
                """,
            "A.swift": """
                struct A: View {
                    var body: some View {
                        Text("a").eyebrow()
                        Text("b").bodyText()
                        Text("c").modifier(Caption())
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Styles.swift"]!) == ["fixed_font_size:2", "fixed_font_size:6"])
        #expect(ruleLines(reports["A.swift"]!) == ["fixed_font_token:3", "fixed_font_token:5"])
        #expect(reports["A.swift"]!.elements.map(\.verdict) == [.failing, .passing, .failing])
    }

    @Test func aFontModifierWrappingAScalingViewModifierScales() {
        let reports = audit([
            "Styles.swift": """
                extension View {
                    func font(size: CGFloat, style: Font.TextStyle) -> some View { modifier(ScaledFont(size: size, style: style)) }
                }
                struct ScaledFont: ViewModifier {
                    @Environment(\\.sizeCategory) var sizeCategory
                    var size: CGFloat
                    var style: Font.TextStyle
                    func body(content: Content) -> some View {
                        content.font(.custom("Inter", size: UIFontMetrics(forTextStyle: .body).scaledValue(for: size), relativeTo: style))
                    }
                }
                """,
            "A.swift": "struct A: View { var body: some View { Text(\"a\").font(size: 14, style: .body) } }",
        ])
        #expect(reports["Styles.swift"]!.findings.isEmpty)
        #expect(reports["A.swift"]!.findings.isEmpty)
        #expect(reports["A.swift"]!.elements.map(\.verdict) == [.passing])
    }

    // MARK: Members through the receiver's type

    @Test func anUnrelatedScaledMetricOfTheSameNameDoesNotScale() {
        let reports = audit([
            "Card.swift": """
                struct Card: View {
                    @ScaledMetric var width: CGFloat = 20
                    var body: some View { Color.red.frame(width: width) }
                }
                """,
            "A.swift": """
                struct A: View {
                    var body: some View {
                        GeometryReader { geometry in
                            Text("a").font(.system(size: geometry.size.width * 0.5))
                        }
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["A.swift"]!) == ["fixed_font_size:4"])
    }

    @Test func aMemberIsResolvedThroughItsReceiversType() {
        let reports = audit([
            "Appearance.swift": """
                import UIKit
                struct CellAppearance { let titleFont: UIFont = .systemFont(ofSize: 15) }
                struct MacAppearance { let titleFont: UIFont = .preferredFont(forTextStyle: .body) }
                """,
            "Cell.swift": """
                import UIKit
                final class Cell: UITableViewCell {
                    let cellAppearance = CellAppearance()
                    let label = UILabel()
                    func setUp() {
                        label.font = cellAppearance.titleFont
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Cell.swift"]!) == ["fixed_font_token:6"])
    }

    @Test func anUnknownReceiverWithDisagreeingDefinitionsIsUnresolved() {
        let reports = audit([
            "Appearance.swift": """
                import UIKit
                struct CellAppearance { let titleFont: UIFont = .systemFont(ofSize: 15) }
                struct MacAppearance { let titleFont: UIFont = .preferredFont(forTextStyle: .body) }
                """,
            "Cell.swift": """
                import UIKit
                final class Cell: UITableViewCell {
                    let label = UILabel()
                    func setUp(_ appearance: Any) {
                        label.font = appearance.titleFont
                        label.adjustsFontForContentSizeCategory = true
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Cell.swift"]!) == ["unresolved_font:5"])
    }

    /// Issue 9's property: a file's findings depend only on the definitions
    /// it uses, so unrelated files whose types reuse its member names (a
    /// `width`, a `titleFont`, a `caption3` of another type) change nothing.
    @Test func aFilesFindingsAreTheSameAloneAndBesideUnrelatedFiles() throws {
        var random = SeededGenerator(seed: 9)
        let folder = corpusFolder.appendingPathComponent("cases")
        let subjects = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let names = ["width", "height", "spacing", "titleFont", "bodyFont", "caption3", "brand", "headline2", "size", "font"]
        let values = [
            ": CGFloat = 12", ": CGFloat = UIFontMetrics.default.scaledValue(for: 12)", ": Font = .system(size: 11)",
            ": Font = .body", ": UIFont = .systemFont(ofSize: 13)", ": UIFont = .preferredFont(forTextStyle: .body)",
        ]
        for round in 0..<6 {
            var extras: [String: String] = [:]
            for file in 0..<3 {
                var members = ["@ScaledMetric var \(names.randomElement(using: &random)!): CGFloat = 20"]
                for name in names.shuffled(using: &random).prefix(5) {
                    members.append("static let \(name)\(values.randomElement(using: &random)!)")
                }
                members.append("static func appFont(ofSize size: CGFloat) -> UIFont { .systemFont(ofSize: size) }")
                extras["Unrelated\(round)_\(file).swift"] = "import UIKit\nstruct Unrelated\(round)_\(file) {\n    " + members.joined(separator: "\n    ") + "\n}\n"
            }
            for subject in subjects {
                let code = try String(contentsOf: folder.appendingPathComponent(subject), encoding: .utf8)
                let alone = audit([subject: code])[subject]!
                let beside = audit(extras.merging([subject: code]) { $1 })[subject]!
                #expect(beside.findings == alone.findings, "\(subject) changed beside:\n\(extras.values.joined(separator: "\n"))")
                #expect(beside.elements.map(\.verdict) == alone.elements.map(\.verdict), "\(subject)")
            }
        }
    }

    // MARK: Face-only fonts

    @Test func aFontUsedOnlyAsAFaceIsNotAFixedFont() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                let dyslexic = UIFont(name: "OpenDyslexic", size: 1)!
                func setUp() {
                    let base = UIFont.systemFont(ofSize: 1)
                    label.font = UIFontMetrics.default.scaledFont(for: base.withSize(17))
                    label.font = dyslexic.withSize(UIFontMetrics.default.scaledValue(for: 17))
                    label.adjustsFontForContentSizeCategory = true
                    print(dyslexic.familyName)
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    /// A font stored in another type's property is followed to the
    /// property's reads across the audit: only faces (also through a local
    /// it is bound to) make it no fixed font; one read as a font keeps it.
    @Test func aFontStoredInAPropertyIsJudgedByTheReadsOfThatProperty() {
        let reports = audit([
            "Theme.swift": """
                import UIKit
                final class Theme {
                    static let shared = Theme()
                    var chosenFont: UIFont?
                    var titleFont: UIFont?
                }
                """,
            "Choice.swift": """
                import UIKit
                struct FontChoice {
                    func pick() {
                        Theme.shared.chosenFont = UIFont(name: "OpenDyslexic", size: 1)
                        Theme.shared.chosenFont = UIFont.systemFont(ofSize: 1).rounded()
                        Theme.shared.titleFont = UIFont(name: "OpenDyslexic", size: 1)
                    }
                }
                """,
            "Font.swift": """
                import SwiftUI
                extension Font {
                    static var appBody: Font {
                        if let chosen = Theme.shared.chosenFont { return .custom(chosen.fontName, size: 17, relativeTo: .body) }
                        return .body
                    }
                }
                final class Cell: UITableViewCell {
                    let label = UILabel()
                    func configure(theme: Theme) {
                        print(theme.chosenFont?.familyName ?? "", Theme.shared.titleFont?.familyName ?? "")
                        label.font = theme.titleFont
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Choice.swift"]!) == ["fixed_uikit_font:6"])
    }

    @Test func fixesReplaceOnlyTheConstructorAndKeepWeightDesignAndTraits() {
        let report = audit("""
            import UIKit
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 12).monospacedDigit())
                    Text("b").font(.system(size: 17, design: .rounded).bold())
                }
            }
            func heavy() -> UIFont { UIFont.systemFont(ofSize: 14, weight: .heavy) }
            """)
        #expect(report.findings.map(\.current) == [".system(size: 12)", ".system(size: 17, design: .rounded)", "UIFont.systemFont(ofSize: 14, weight: .heavy)"])
        #expect(report.findings.map(\.replacement) == [
            ".caption", ".system(.body, design: .rounded)",
            "UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont.systemFont(ofSize: 14, weight: .heavy))",
        ])
    }

    @Test func fontsOnlyMeasuredAreFacesAndAppKitFixesKeepTraitsOrAreNotOffered() {
        let report = audit("""
            import AppKit
            final class Scroller {
                func overlap(scale: CGFloat) -> CGFloat { 2 * NSFont.systemFont(ofSize: NSFont.systemFontSize).lineHeight * scale }
            }
            final class BadgeView: NSView {
                static let plain: NSFont = NSFont.systemFont(ofSize: 13)
                static let digits: NSFont = NSFont.monospacedDigitSystemFont(ofSize: 13, weight: .semibold)
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:6", "fixed_appkit_font:7"])
        // On macOS's table 13 pt is `.body`, and semibold 13 pt `.headline`, whose weight it already has.
        #expect(report.findings.map(\.replacement) == [
            "NSFont.preferredFont(forTextStyle: .body)",
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .headline).fontDescriptor.addingAttributes([.featureSettings: "
                + "[[NSFontDescriptor.FeatureKey.typeIdentifier: kNumberSpacingType, NSFontDescriptor.FeatureKey.selectorIdentifier: "
                + "kMonospacedNumbersSelector]]]), size: 0) ?? NSFont.preferredFont(forTextStyle: .headline)",
        ])
    }

    /// A font picker that builds a font to ask about its face (fixed pitch,
    /// glyph count) renders no text with it; a font bound the same way and
    /// set on a view is still fixed.
    @Test func aFontBuiltOnlyToQueryItsFaceIsNoFixedFont() {
        let queried = audit("""
            import AppKit
            struct FontFilter {
                func isMonospaced(_ family: String) -> Bool {
                    if let font = NSFont(name: family, size: 14) { return font.isFixedPitch && font.numberOfGlyphs > 26 }
                    guard let probe = NSFont(name: family, size: 12) else { return false }
                    return probe.coveredCharacterSet.hasMemberInPlane(0)
                }
            }
            """)
        #expect(queried.findings.isEmpty)
        let rendered = audit("""
            import AppKit
            final class Picker: NSView {
                let field = NSTextField()
                func show(_ family: String) {
                    if let font = NSFont(name: family, size: 14), font.isFixedPitch { field.font = font }
                }
            }
            """)
        #expect(ruleLines(rendered).contains("fixed_appkit_font:5"))
    }

    /// A package module sees its own helper, never the app target's helper of
    /// the same name; each definition is judged by the calls that reach it.
    @Test func aHelperDefinedInTwoModulesIsTheCallersModules() {
        let helper = { (size: String) in
            "import UIKit\nextension UIFont {\n    static func boldAppFont(ofSize size: CGFloat) -> UIFont { .systemFont(ofSize: \(size), weight: .bold) }\n}\n"
        }
        let reports = audit([
            "App/UIFontExtension.swift": helper("size"),
            "App/Screen.swift": "import UIKit\nfinal class Screen: UIViewController {\n    let label = UILabel()\n    func setUp() {\n        label.font = .boldAppFont(ofSize: UIFontMetrics.default.scaledValue(for: 16))\n        label.adjustsFontForContentSizeCategory = true\n    }\n}\n",
            "Packages/DuckUI/Sources/DuckUI/Font.swift": helper("size"),
            "Packages/DuckUI/Sources/DuckUI/Button.swift": """
                import SwiftUI
                struct PrimaryButton: View {
                    var body: some View { Text("Go").font(Font(UIFont.boldAppFont(ofSize: 16))) }
                }
                """,
        ])
        let button = reports["Packages/DuckUI/Sources/DuckUI/Button.swift"]!
        #expect(ruleLines(button) == ["fixed_font_token:3"])
        #expect(button.findings.first?.message.contains("Packages/DuckUI/Sources/DuckUI/Font.swift:3") == true, "\(button.findings)")
        #expect(ruleLines(reports["Packages/DuckUI/Sources/DuckUI/Font.swift"]!) == ["fixed_uikit_font:3"])
        #expect(reports["App/UIFontExtension.swift"]!.findings.isEmpty)
    }

    @Test func aFontOnAnAppKitControlIsAppKitAndAWidthFromGeometryIsNoConstant() {
        let report = audit("""
            import SwiftUI
            struct JumpBar: NSViewRepresentable {
                func makeNSView(context: Context) -> NSPopUpButton {
                    let button = NSPopUpButton()
                    button.font = .systemFont(ofSize: 11)
                    return button
                }
            }
            struct Banner: View {
                let title: String
                var body: some View { GeometryReader { geometry in Text(title).frame(width: geometry.size.width - 70) } }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:5"])
    }

    // MARK: Clamps

    @Test func dynamicTypeSizeClampsInEverySpelling() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Badge().dynamicTypeSize(...(.xxxLarge))
                    Badge().dynamicTypeSize(...DynamicTypeSize.xxxLarge)
                    Badge().dynamicTypeSize(.xSmall ... .xxxLarge)
                    Badge().dynamicTypeSize(.xSmall ... .accessibility5)
                }
            }
            """)
        #expect(ruleLines(report) == ["clamped_dynamic_type:3", "clamped_dynamic_type:4", "clamped_dynamic_type:5"])
    }

    /// the rule catalogue "Only fonts are unresolved fonts": a call passed as a value
    /// (`.font(rowFont(…))`, `.foregroundColor(fontColor())`) is no font modifier on `self`.
    @Test func aFreeFontFunctionPassedAsAValueIsJudgedOnce() {
        let report = audit("""
            func rowFont(_ kind: Int) -> Font { Font.system(size: 17) }
            struct Row: View {
                func fontColor() -> Color { .gray }
                var body: some View {
                    Text("a").font(rowFont(1))
                    Text("b").foregroundColor(fontColor())
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:1", "fixed_font_token:5"])
    }

    /// `Image(_:scale:label:)`: the `Text` is what VoiceOver reads; nothing draws it.
    @Test func anImagesAccessibilityLabelIsNoTextElement() {
        let report = audit("""
            struct QRCode: View {
                let address: String
                let image: CGImage
                var body: some View {
                    Image(image, scale: 1, label: Text(address)).resizable().frame(width: 220, height: 220)
                }
            }
            """)
        #expect(report.findings.filter { $0.severity != .note }.isEmpty)
        #expect(report.elements.isEmpty)
    }

    /// A helper whose only use is inside itself has no List around it to borrow.
    @Test func aHelperUsedOnlyInsideItselfDoesNotScroll() {
        let report = audit("""
            extension View {
                fileprivate func hint(_ text: String, when shown: Bool) -> some View {
                    hint(when: shown) { Text(text).lineLimit(1) }
                }
                fileprivate func hint<Content: View>(when shown: Bool, @ViewBuilder hint: () -> Content) -> some View {
                    ZStack { hint().opacity(shown ? 1 : 0); self }
                }
            }
            """)
        #expect(ruleLines(report) == ["single_line_truncation:3"])
    }

    /// `let label = …` in a builder: the view and a same-file view type it builds sit inside the
    /// builder's ScrollView; outside one, the line limit is still reported.
    @Test func aViewBoundToALocalInABuilderKeepsItsScrollView() {
        let report = audit("""
            struct TagView: View {
                let text: String
                var body: some View { Text(text).lineLimit(1) }
            }
            struct Header: View {
                let tags: [String]
                var body: some View {
                    ScrollView(.horizontal) {
                        HStack { ForEach(tags, id: \\.self) { tag in let label = TagView(text: tag); label } }
                    }
                    VStack { let subtitle = Text(tags.joined()).lineLimit(1); subtitle }
                }
            }
            """)
        #expect(ruleLines(report) == ["single_line_truncation:11"])
    }
}

