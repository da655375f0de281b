import DynatypeRules
import Testing

/// The edge cases the rules decide one way (frames on text, fonts in odd
/// positions, suppressions at a distance), one test each: the shapes the
/// labeled corpus avoids.
@Suite struct RuleEdgeCaseTests {
    @Test func frameWithWidthAndHeightOnTextGivesBothRulesAtTheFrame() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("Gate")
                        .frame(width: 120, height: 30)
                }
            }
            """)
        #expect(ruleLines(report).sorted() == ["fixed_text_height:4", "fixed_text_width:4"])
        #expect(report.findings.first { $0.rule == .fixedTextWidth }?.severity == .warning)
    }

    @Test func frameWithWidthAndHeightOnAContainerGivesOnlyTheHeight() {
        let report = audit("""
            struct A: View {
                var body: some View { VStack { Text("a") }.frame(width: 100, height: 40) }
            }
            """)
        #expect(ruleLines(report) == ["fixed_text_height:2"])
    }

    @Test func uiKitShrinkingPropertiesOnOneLabelAreOneFindingAtTheFirst() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.minimumScaleFactor = 0.5
                    label.adjustsFontSizeToFitWidth = true
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:3", "minimum_scale_factor:5"])
        #expect(report.findings.first { $0.rule == .minimumScaleFactor }?.severity == .warning)
    }

    @Test func uiKitShrinkingWithOneLineIsAnErrorAndReportsTheLineLimit() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.adjustsFontSizeToFitWidth = true
                    label.minimumScaleFactor = 0.5
                    label.numberOfLines = 1
                }
            }
            """)
        #expect(ruleLines(report).sorted() == ["label_single_line:7", "minimum_scale_factor:5", "unset_font:3"])
        #expect(report.findings.first { $0.rule == .minimumScaleFactor }?.severity == .error)
        #expect(report.verdict == .fail)
    }

    @Test func hStackCountsTextInNestedStacksAndForEachAndJudgesNestedHStacksToo() {
        let report = audit("""
            struct A: View {
                let items: [String]
                var body: some View {
                    HStack {
                        VStack { Text("a") }
                        ForEach(items, id: \\.self) { Text($0) }
                        HStack { Text("b"); Label("c", systemImage: "x") }
                    }
                }
            }
            """)
        #expect(ruleLines(report).sorted() == ["no_layout_adaptation:4", "no_layout_adaptation:7"])
    }

    @Test func hStackWithOneTextIsNotFlaggedAndTheClampModifierIsNotAdapting() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    HStack { Image(systemName: "x"); Text("a") }
                    HStack { Text("a"); Text("b") }.dynamicTypeSize(...DynamicTypeSize.accessibility5)
                }
            }
            """)
        #expect(ruleLines(report) == ["no_layout_adaptation:4"])
    }

    @Test func computedPropertyTokensAreResolvedByWhatTheyReturn() {
        let reports = audit([
            "Theme.swift": """
                enum Theme {
                    static var title: Font { .system(size: 24, weight: .bold) }
                    static var body: Font { Font.body.weight(.medium) }
                }
                """,
            "View.swift": """
                struct A: View {
                    var body: some View {
                        Text("a").font(Theme.title)
                        Text("b").font(Theme.body)
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Theme.swift"]!) == ["fixed_font_size:2"])
        #expect(ruleLines(reports["View.swift"]!) == ["fixed_font_token:3"])
        #expect(reports["View.swift"]!.elements.map(\.verdict) == [.failing, .passing])
    }

    static let helper = """
        import UIKit
        extension UIFont {
            static func appFont(ofSize size: CGFloat) -> UIFont {
                UIFont(name: "Avenir", size: size)!
            }
        }
        enum Metrics {
            static let body = UIFontMetrics.default.scaledValue(for: 17)
            static var caption: CGFloat { body * 0.8 }
        }
        """

    @Test func parameterizedHelperCalledWithAFixedSizeFailsAtDefinitionAndUse() {
        let reports = audit([
            "Fonts.swift": Self.helper,
            "Cell.swift": """
                import UIKit
                final class Cell: UITableViewCell {
                    let a = UILabel()
                    let b = UILabel()
                    func setUp() {
                        a.font = .appFont(ofSize: 14)
                        b.font = UIFont.appFont(ofSize: Metrics.caption)
                        a.adjustsFontForContentSizeCategory = true
                        b.adjustsFontForContentSizeCategory = true
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Fonts.swift"]!) == ["fixed_uikit_font:4"])
        #expect(ruleLines(reports["Cell.swift"]!) == ["fixed_font_token:6"])
    }

    @Test func parameterizedHelperWhoseCallsAllScaleHasNoFinding() {
        let reports = audit([
            "Fonts.swift": Self.helper,
            "Cell.swift": """
                import UIKit
                final class Cell: UITableViewCell {
                    let a = UILabel()
                    func setUp() {
                        a.font = .appFont(ofSize: Metrics.caption)
                        a.adjustsFontForContentSizeCategory = true
                    }
                }
                """,
        ])
        #expect(reports["Fonts.swift"]!.findings.isEmpty)
        #expect(reports["Cell.swift"]!.findings.isEmpty)
        #expect(reports["Cell.swift"]!.elements.map(\.verdict) == [.passing])
    }

    @Test func helperThatScalesItsSizeMakesEveryUsePassAndStillNeedsAdjusts() {
        let reports = audit([
            "Fonts.swift": """
                import UIKit
                extension UIFont {
                    static func appFont(ofSize size: CGFloat) -> UIFont {
                        UIFont(name: "Avenir", size: UIFontMetrics.default.scaledValue(for: size))!
                    }
                }
                """,
            "Cell.swift": """
                import UIKit
                final class Cell: UITableViewCell {
                    let a = UILabel()
                    func setUp() { a.font = .appFont(ofSize: 14) }
                }
                """,
        ])
        #expect(reports["Fonts.swift"]!.findings.isEmpty)
        #expect(ruleLines(reports["Cell.swift"]!) == ["missing_adjusts_font:4"])
    }

    @Test func viewExtensionFontModifierIsJudgedWithItsCalls() {
        let reports = audit([
            "Font+View.swift": """
                extension View {
                    func font(size: CGFloat, style: Font.TextStyle) -> some View {
                        font(.system(size: size))
                    }
                }
                """,
            "A.swift": """
                struct A: View {
                    var body: some View {
                        Text("a")
                            .font(size: 14, style: .body)
                    }
                }
                """,
        ])
        #expect(ruleLines(reports["Font+View.swift"]!) == ["fixed_font_size:3"])
        #expect(ruleLines(reports["A.swift"]!) == ["fixed_font_token:4"])
    }

    @Test func aFontArrivingAsAParameterIsUnresolved() {
        let report = audit("""
            struct Tile: View {
                let title: String
                let font: Font
                var body: some View { Text(title).font(font) }
            }
            struct Row: View {
                func label(_ font: Font) -> some View { Text("x").font(font) }
                var body: some View { label(.system(size: 30)) }
            }
            """)
        #expect(ruleLines(report).sorted() == ["fixed_font_size:8", "unresolved_font:4", "unresolved_font:7"])
        #expect(report.elements.map(\.verdict) == [.unresolved, .unresolved])
    }

    @Test func customTokenWithoutRelativeStyleWarnsAtDefinitionAndUsesPass() {
        let reports = audit([
            "Font+Brand.swift": "extension Font { static let brand = Font.custom(\"Inter\", size: 15) }",
            "A.swift": "struct A: View { var body: some View { Text(\"a\").font(.brand) } }",
        ])
        #expect(ruleLines(reports["Font+Brand.swift"]!) == ["custom_font_without_relative_style:1"])
        #expect(reports["A.swift"]!.findings.isEmpty)
        #expect(reports["A.swift"]!.elements.map(\.verdict) == [.passing])
    }

    @Test func uiKitConstructorsAreJudgedWhereverTheirValueGoes() {
        let report = audit("""
            import UIKit
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]
            func make() -> NSAttributedString {
                NSAttributedString(string: "x", attributes: [.font: UIFont.boldSystemFont(ofSize: 11)])
            }
            let base = UIFont(name: "Avenir", size: 15)!
            let scaled = UIFontMetrics(forTextStyle: .body).scaledFont(for: base)
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:2", "fixed_uikit_font:4"])
    }

    @Test func conditionalFontsAreJudgedBranchByBranch() {
        let report = audit("""
            struct A: View {
                let compact: Bool
                let size: Int
                var body: some View {
                    Text("a").font(compact ? .caption : .system(size: 12))
                    Text("b").font(compact ? .system(size: 10) : .custom("Inter", fixedSize: 12))
                    Text("c").font({
                        switch size {
                        case 0: return .caption
                        default: return .system(size: 20)
                        }
                    }())
                    Text("d").font(if compact { .system(size: 9) } else { .body })
                }
            }
            """)
        #expect(ruleLines(report).contains("fixed_font_size:5"))
        #expect(ruleLines(report).contains("fixed_font_size:6"))
        #expect(ruleLines(report).contains("fixed_custom_font:6"))
        #expect(ruleLines(report).contains("fixed_font_size:13"))
    }

    @Test func previewCodeIsNotAuditedByAnyRule() {
        let report = audit("""
            struct Row: View { var body: some View { Text("a") } }
            #Preview {
                HStack { Text("p").frame(height: 10); Text("q").lineLimit(1).minimumScaleFactor(0.5) }
                    .dynamicTypeSize(.xSmall)
            }
            struct Row_Previews: PreviewProvider {
                static var previews: some View { HStack { Text("x").font(.system(size: 8)); Text("y") } }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.count == 1)
    }

    @Test func findingsSitOnTheLineOfTheirTriggeringExpression() {
        let report = audit("""
            struct A: View {
                let title: String
                var body: some View {
                    Text(title)
                        .font(
                            .system(size: 12)
                        )
                        .lineLimit(1)
                }
            }
            """)
        #expect(ruleLines(report).sorted() == ["fixed_font_size:6", "single_line_truncation:8"])
    }

    @Test func accessibilityHiddenContainersAndChromeAreExempt() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    NavigationStack {
                        VStack { Text("a").font(.system(size: 40)).frame(height: 20) }
                            .accessibilityHidden(true)
                            .toolbar { ToolbarItem { Text("Edit").font(.system(size: 11)) } }
                    }
                }
            }
            """)
        #expect(report.findings.isEmpty)
        #expect(report.elements.allSatisfy { $0.verdict == .passing })
    }

    @Test func largeContentViewerExemptsOnlyItsThreeRules() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("3")
                        .font(.custom("Inter", fixedSize: 10))
                        .frame(height: 14)
                        .accessibilityShowsLargeContentViewer()
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_custom_font:4"])
    }

    @Test func scaledMetricOutsideAnyViewHostIsFlagged() {
        let report = audit("""
            @Observable final class Model { @ScaledMetric var size: CGFloat = 20 }
            struct Card: View {
                @ScaledMetric(relativeTo: .body) var inset: CGFloat = 8
                var body: some View { Text("a").padding(inset) }
            }
            struct Spacing: DynamicProperty { @ScaledMetric var gap: CGFloat = 4 }
            """)
        #expect(ruleLines(report) == ["scaled_metric_outside_view:1"])
    }
}
