import DynatypeRules
import Testing

/// RULES.md "Clarifications" → "Types and names (what real code needs)": the
/// shapes real apps have and labeled corpora avoid, one test each.
@Suite struct TypesAndNamesTests {
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
        #expect(report.findings.filter { $0.rule == .unresolvedFont }.isEmpty)
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
        #expect(report.findings.isEmpty)
    }

    // MARK: Ancestors through same-file view helpers

    // MARK: Font helpers that are views

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

    // MARK: Face-only fonts

    @Test func fixesReplaceOnlyTheConstructorAndKeepWeightDesignAndTraits() {
        let report = audit("""
            import UIKit
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 12).monospacedDigit())
                    Text("b").font(.system(size: 17, design: .rounded).bold())
                }
            }
            let heavy = UIFont.systemFont(ofSize: 14, weight: .heavy)
            """)
        #expect(report.findings.map(\.current) == [".system(size: 12)", ".system(size: 17, design: .rounded)", "UIFont.systemFont(ofSize: 14, weight: .heavy)"])
        #expect(report.findings.map(\.replacement) == [
            ".caption", ".system(.body, design: .rounded)",
            "UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont.systemFont(ofSize: 14, weight: .heavy))",
        ])
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
}
