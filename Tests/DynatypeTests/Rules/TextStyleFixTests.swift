import DynatypeRules
import Testing

/// Text-style sizes in fixes: a fix names the style nearest to the size the
/// code gives, however the code spells it, and keeps what the font had
/// ("Fixes keep weight, design and traits").
@Suite struct TextStyleFixTests {
    private func replacements(_ report: FileReport) -> [String] { report.findings.compactMap(\.replacement) }

    /// "Display sizes keep their size": a 48 pt emoji or a 135 pt banner never
    /// becomes `.largeTitle` (34 pt). SwiftUI gets advice, not a replacement
    /// `fix` would paste; UIKit keeps the size under `UIFontMetrics`.
    @Test func displaySizesKeepTheirSize() {
        let report = audit("""
            import SwiftUI
            import UIKit
            struct Hero: View {
                var body: some View {
                    VStack {
                        Text("🎉").font(.system(size: 48))
                        Text("Banner").font(.system(size: 135, weight: .bold))
                    }
                }
            }
            final class HeroView: UIView {
                let label = UILabel()
                func setUp() { label.font = .systemFont(ofSize: 40) }
            }
            """)
        #expect(report.findings.map(\.replacement) == [nil, nil, "UIFontMetrics(forTextStyle: .largeTitle).scaledFont(for: .systemFont(ofSize: 40))"])
        #expect(report.findings[1].fix.contains("@ScaledMetric(relativeTo: .largeTitle) private var displaySize135: CGFloat = 135"))
        #expect(report.findings[1].fix.contains(".system(size: displaySize135, weight: .bold)"))
    }

    @Test func aSizeFromANamedConstantGetsItsNearestStyle() {
        let report = audit("""
            import UIKit
            final class TitleBar {
                private enum Constants {
                    static let symbolPointSize: CGFloat = 13
                    static let titleSize: CGFloat = 20
                }
                let inset: CGFloat = 2
                func make() {
                    let symbol = UIImage.SymbolConfiguration(pointSize: Constants.symbolPointSize, weight: .regular)
                    let label = UILabel()
                    label.font = UIFont.systemFont(ofSize: Constants.titleSize)
                    label.font = .boldSystemFont(ofSize: 11 + inset)
                }
            }
            """)
        #expect(replacements(report) == [
            "UIImage.SymbolConfiguration(textStyle: .footnote)",
            "UIFont.preferredFont(forTextStyle: .title3)",
            "UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .boldSystemFont(ofSize: 11 + inset))",
        ])
    }

    @Test func aSwiftUISizeFromAConstantGetsItsNearestStyle() {
        let report = audit("""
            enum Metrics { static let caption: CGFloat = 12 }
            struct A: View {
                var body: some View { Text("a").font(.system(size: Metrics.caption, weight: .medium)) }
            }
            """)
        #expect(replacements(report) == [".caption.weight(.medium)"])
    }

    @Test func aSizeReadFromAPreferredFontIsNotScaledTwice() {
        let report = audit("""
            import UIKit
            final class Editor {
                static let font = UIFont.monospacedSystemFont(
                    ofSize: UIFont.preferredFont(forTextStyle: .callout).pointSize,
                    weight: .regular
                )
                func superscript(_ content: NSMutableAttributedString) {
                    let fontPointSize = UIFont.preferredFont(forTextStyle: .body).pointSize
                    content.addAttribute(.font, value: UIFont.systemFont(ofSize: fontPointSize * 0.7), range: NSRange())
                    content.addAttribute(.font, value: UIFont.systemFont(ofSize: fontPointSize), range: NSRange())
                }
            }
            """)
        // A `static let` is made once per process: it has to become computed, which is a person's edit.
        #expect(report.findings.first?.fix.contains("static var font: UIFont { … }") == true)
        #expect(replacements(report) == [
            "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17 * 0.7))",
            "UIFont.preferredFont(forTextStyle: .body)",
        ])
    }

    @Test func aSizeDerivedFromAPreferredFontThroughLocalsIsRebuiltOnTheStylesSize() {
        let report = audit("""
            import UIKit
            enum Headings {
                static func apply(_ content: NSMutableAttributedString, tag: String) {
                    let fontPointSize = UIFont.preferredFont(forTextStyle: .body).pointSize
                    let level = max(3, Int(String(tag.dropFirst())) ?? 1)
                    let size: CGFloat = fontPointSize + CGFloat(6 - level) * 2
                    content.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: size), range: NSRange())
                }
            }
            """)
        #expect(replacements(report) == [
            "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.boldSystemFont(ofSize: (17 + CGFloat(6 - level) * 2)))"
        ])
    }

    @Test func aConditionalWeightIsKept() {
        let report = audit("""
            struct CharacterCount: View {
                let remains: Int
                var isOverflow: Bool { remains < 0 }
                var body: some View {
                    Text("\\(remains)").font(.system(size: 12, weight: isOverflow ? .medium : .regular))
                    Text("b").font(.system(size: 28, weight: isOverflow ? .bold : .regular, design: .rounded))
                }
            }
            """)
        #expect(replacements(report) == [
            ".caption.weight(isOverflow ? .medium : .regular)",
            // `system(_:design:weight:)` needs iOS 16; `.weight(_:)` does not.
            ".system(.title, design: .rounded).weight(isOverflow ? .bold : .regular)",
        ])
    }

    @Test func theAdjustsFixNamesTheTitleLabelAsWritten() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let payButton = UIButton()
                func setUp() { payButton.titleLabel?.font = .preferredFont(forTextStyle: .body) }
            }
            """)
        #expect(report.findings.first { $0.rule == .missingAdjustsFont }?.replacement == "payButton.titleLabel?.adjustsFontForContentSizeCategory = true")
    }

    @Test func aHidingWidthIsNoFixedWidth() {
        let report = audit("""
            struct A: View {
                @State private var showText = false
                let text: String
                var body: some View { Text(text).frame(width: showText ? nil : 0).frame(width: 120) }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_width:4"])
    }

    @Test func uiKitAndAppKitSpellTheCaptionStyleCaption1() {
        let report = audit("""
            import UIKit
            final class C: UIViewController {
                let label = UILabel()
                func setUp() { label.font = UIFont.systemFont(ofSize: 12) }
            }
            """)
        #expect(replacements(report) == ["UIFont.preferredFont(forTextStyle: .caption1)"])
    }

    /// An AppKit fix that read `preferredFont(…).pointSize` would be a fixed size again.
    @Test func anAppKitFixKeepsWeightAndTraitsOnTheStylesDescriptor() throws {
        let report = audit("""
            import AppKit
            final class C: NSViewController {
                let a = NSTextField(), b = NSTextField(), c = NSTextField(), d = NSTextField()
                func setUp() {
                    a.font = NSFont.systemFont(ofSize: 12, weight: .regular)
                    b.font = NSFont.systemFont(ofSize: 10, weight: .light)
                    c.font = .boldSystemFont(ofSize: 13)
                    d.font = NSFont(name: "Menlo", size: 11)
                }
            }
            """)
        // macOS's own sizes: 12 pt is `.callout`, 10 pt `.footnote`, a bold 13 pt `.headline`, 11 pt `.subheadline`.
        #expect(replacements(report) == [
            "NSFont.preferredFont(forTextStyle: .callout)",
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .footnote).fontDescriptor"
                + ".addingAttributes([.traits: [NSFontDescriptor.TraitKey.weight: NSFont.Weight.light.rawValue]]), size: 0)"
                + " ?? NSFont.preferredFont(forTextStyle: .footnote)",
            "NSFont.preferredFont(forTextStyle: .headline)",
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .subheadline).fontDescriptor.addingAttributes([.name: \"Menlo\"]), size: 0)"
                + " ?? NSFont.preferredFont(forTextStyle: .subheadline)",
        ])
        let applied = report.findings.compactMap(\.replacement).enumerated().map { "    let f\($0.offset) = NSTextField()\n    func set\($0.offset)() { f\($0.offset).font = \($0.element) }" }
        let fixed = audit("import AppKit\nfinal class D: NSViewController {\n" + applied.joined(separator: "\n") + "\n}")
        #expect(fixed.findings.isEmpty)
    }

    /// Round-10 class P1 (duckduckgo-iOS UIFontExtension): `preferredFont` would
    /// drop a helper's size parameter, so every caller would get 17 pt; and
    /// reviewers rejected scaling the helper on one style for all its callers
    /// (icons drawn into images among them): advice, no hunk.
    @Test func aUIKitFixKeepsASizeKnownOnlyAtRunTime() {
        let report = audit("""
            import UIKit
            extension UIFont {
                static func appFont(ofSize size: CGFloat) -> UIFont { UIFont.systemFont(ofSize: size) }
            }
            final class Cell: UITableViewCell {
                let a = UILabel()
                func setUp() { a.font = .appFont(ofSize: 13); a.font = UIFont.systemFont(ofSize: 13) }
            }
            """)
        #expect(report.findings.filter { $0.rule == .fixedUIKitFont }.map(\.replacement) == [nil, "UIFont.preferredFont(forTextStyle: .footnote)"])
    }

    /// Round-10 class E (duckduckgo-iOS AutofillNoAuthAvailableView): a size read from a
    /// constant text-style descriptor is read once (`font_size_read_once`), rebuilt from its default size.
    @Test func aSizeReadFromAHeldDescriptorIsItsTextStyles() {
        let report = audit("""
            import UIKit
            final class V: UIView {
                let title = UILabel()
                func setUp() {
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title3)
                    title.font = UIFont.systemFont(ofSize: descriptor.pointSize, weight: .semibold)
                }
            }
            """)
        #expect(report.findings.filter { $0.rule == .fontSizeReadOnce }.map(\.replacement) == [
            "UIFontMetrics(forTextStyle: .title3).scaledFont(for: UIFont.systemFont(ofSize: 20, weight: .semibold))",
        ])
    }

    /// Round-11 class B (mastodon-ios, SwiftGen's Fonts.swift): a bare `custom(…)`
    /// in a `Font` extension stays bare; there `Font` may name SwiftGen's `UIFont` alias.
    @Test func aBareConstructorInAFontExtensionStaysBare() {
        let report = audit("""
            import SwiftUI
            public extension SwiftUI.Font {
                static func brand(fixedSize: CGFloat) -> SwiftUI.Font { custom("Inter", fixedSize: 12) }
                static func label() -> SwiftUI.Font { system(size: 15) }
            }
            """)
        #expect(report.findings.compactMap(\.replacement) == ["custom(\"Inter\", size: 12, relativeTo: .caption)", "subheadline"])
    }

    /// Round-12 class C1 (Aidoku): the symbol fix names what replaces the fixed size, so a
    /// chained weight visibly stays (`.font(.subheadline)` read as dropping it).
    @Test func aSymbolSizeFixReplacesOnlyTheFixedSize() {
        let report = audit("""
            struct A: View {
                var body: some View { Image(systemName: "checkmark").font(.system(size: 14).weight(.semibold)) }
            }
            """)
        #expect(report.findings.map(\.rule) == [.fixedSymbolSize])
        #expect(report.findings.first?.current == ".system(size: 14)")
        #expect(report.findings.first?.replacement == ".subheadline")
        #expect(report.findings.first?.fix == "use `.subheadline` in place of the fixed size, or `.imageScale(_:)`")
    }

    @Test func aFrameFixFreesOnlyTheSidesThatAreFindings() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("gauge").frame(width: 80, height: 60)
                    Text("banner").frame(height: 200, alignment: .top).frame(maxWidth: .infinity)
                }
            }
            struct B: View {
                var body: some View { HStack { Image(systemName: "a"); Text("row") }.frame(width: 300, height: 40, alignment: .leading) }
            }
            """)
        #expect(report.findings.map { "\($0.rule.rawValue) \($0.replacement ?? "")" } == [
            // A frame without an alignment centres its content; the fix keeps that.
            "fixed_text_height .frame(minWidth: 80, minHeight: 60)",
            "fixed_text_width .frame(minWidth: 80, minHeight: 60)",
            "fixed_text_height .frame(minHeight: 200, alignment: .top)",
            "fixed_text_height .frame(minWidth: 300, maxWidth: 300, minHeight: 40, alignment: .leading)",
        ])
    }

    @Test func aSymbolFixKeepsScaleAndWeight() {
        let report = audit("""
            import UIKit
            let large = UIImage.SymbolConfiguration(pointSize: 20, weight: .bold, scale: .large)
            """)
        #expect(replacements(report) == [
            "UIImage.SymbolConfiguration(textStyle: .title3, scale: .large).applying(UIImage.SymbolConfiguration(weight: .bold))"
        ])
    }

    /// `24 * fontScale`: the unknown factor multiplies the size the code names.
    @Test func aSizeTimesAnUnknownFactorIsNamedByItsKnownSize() {
        let report = audit("""
            enum Theme {
                static var headline: Font { Font.system(size: 24.0 * UserDefaults.standard.double(forKey: "scale")) }
                static var brand: Font { .custom("Brand", size: 21 * UserDefaults.standard.double(forKey: "scale")) }
                static var badge: Font { Font.system(size: UIScreen.main.bounds.width * 0.5) }
            }
            """)
        #expect(replacements(report) == [
            "Font.title2", ".custom(\"Brand\", size: 21 * UserDefaults.standard.double(forKey: \"scale\"), relativeTo: .title3)",
        ])
        // A ratio of the screen is no size a text style stands for: it is scaled, not replaced.
        #expect(report.findings.last?.replacement == nil)
        #expect(report.findings.last?.fix.contains("UIFontMetrics.default.scaledValue(for: UIScreen.main.bounds.width * 0.5)") == true)
    }

    @Test func aSizeNamedByANumberExtensionGetsItsNearestStyle() {
        let report = audit("""
            struct A: View {
                var body: some View { Text("Welcome").font(.system(size: .titleSize)) }
            }
            fileprivate extension CGFloat {
                static let titleSize: CGFloat = 26
            }
            """)
        #expect(replacements(report) == [".title"])
    }

    /// `Self.size`, a branch of `?:`, a computed property and a constant declared per platform
    /// name their style as a literal would.
    @Test func sizesThroughSelfBranchesGettersAndPlatformsGetTheirNearestStyle() {
        let report = audit("""
            #if os(iOS)
            private let iconSize: CGFloat = 72
            #else
            private let iconSize: CGFloat = 144
            #endif
            final class Node: UIView {
                private static let defaultFontSize: CGFloat = 16
                let label = UILabel()
                func setUp() {
                    label.font = UIFont.systemFont(ofSize: Self.defaultFontSize)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            struct Overlay: View {
                let isTV: Bool
                private var fontSize: CGFloat { isTV ? 30 : 28 }
                var body: some View {
                    Text("A").font(.system(size: isTV ? 128 : 64, design: .rounded))
                    Text("B").font(.system(size: fontSize))
                    Text("C").font(.system(size: iconSize))
                    // Branches of different styles: no one style stands for both.
                    Text("D").font(.system(size: isTV ? 30 : 24))
                }
            }
            """)
        // (A and C are display sizes: advice to keep them, no replacement; see displaySizesKeepTheirSize.)
        #expect(replacements(report) == ["UIFont.preferredFont(forTextStyle: .callout)", ".title"])
        #expect(report.findings.last?.fix.contains("each branch its own text style (.title and .title2)") == true)
    }

    /// `scaledFont(for:)` takes a `UIFont`; `UIFont(name:size:)` gives an optional one.
    @Test func aCustomFaceFixCompilesAndIsNotReportedAgain() {
        let report = audit("""
            import UIKit
            final class Cell: UITableViewCell {
                let nameLabel = UILabel()
                func configure() { nameLabel.font = UIFont(name: "Avenir-Book", size: 14) }
            }
            """)
        let fix = "UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont(name: \"Avenir-Book\", size: 14) ?? .systemFont(ofSize: 14))"
        #expect(replacements(report) == [fix])
        let fixed = audit("""
            import UIKit
            final class Cell: UITableViewCell {
                let nameLabel = UILabel()
                func configure() {
                    nameLabel.font = \(fix)
                    nameLabel.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(fixed.findings.isEmpty)
    }

    /// `if let font = UIFont(name:size:)` unwraps the face itself: the fix scales it inside the optional.
    @Test func aFaceBoundByIfLetIsScaledInsideTheOptional() {
        let code = """
            import UIKit
            final class Player { var subtitleFont: UIFont? }
            func apply(_ name: String, to player: Player) {
                if let font = UIFont(name: name, size: 16) { player.subtitleFont = font }
            }
            """
        let fix = "UIFont(name: name, size: 16).map(UIFontMetrics(forTextStyle: .callout).scaledFont(for:))"
        #expect(replacements(audit(code)) == [fix])
        #expect(audit(code.replacingOccurrences(of: "UIFont(name: name, size: 16)", with: fix)).findings.isEmpty)
    }

    /// AppKit has no weight-only symbol configuration: a fix would drop the weight, so none is offered.
    @Test func anAppKitSymbolWithAWeightGetsNoReplacement() {
        let report = audit("""
            import AppKit
            let bold = NSImage.SymbolConfiguration(pointSize: 12, weight: .bold)
            let plain = NSImage.SymbolConfiguration(pointSize: 12, weight: .regular)
            """)
        // macOS's 12 pt style is `.callout`.
        #expect(report.findings.map(\.replacement) == [nil, "NSImage.SymbolConfiguration(textStyle: .callout)"])
        #expect(report.findings.first?.fix.contains("no replacement is offered") == true)
    }

    /// Inside a property's initializer closure the label is the closure's local: `self` is not there yet.
    @Test func theAdjustsFixNamesTheReceiverAsTheAssignmentWritesIt() {
        let report = audit("""
            import UIKit
            final class TagCell: UIView {
                private let titleLabel: UILabel = {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .subheadline)
                    return label
                }()
            }
            """)
        #expect(report.findings.first { $0.rule == .missingAdjustsFont }?.replacement == "label.adjustsFontForContentSizeCategory = true")
    }
}

