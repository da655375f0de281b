import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

@Suite struct TextStyleTests {
    @Test(arguments: [
        (11.0, nil, TextStyle.caption2), (12, nil, .caption), (13, nil, .footnote), (14, nil, .subheadline),
        (15, nil, .subheadline), (16, nil, .callout), (17, nil, .body), (17, "semibold", .headline),
        (17, "bold", .headline), (18, nil, .body), (19, nil, .title3), (21, nil, .title3), (25, nil, .title2),
        (31, nil, .title), (40, nil, .largeTitle), (9, nil, .caption2),
    ] as [(Double, String?, TextStyle)])
    func nearestStyle(size: Double, weight: String?, expected: TextStyle) {
        #expect(TextStyle.nearest(toPointSize: size, weight: weight) == expected)
    }

    @Test func fixSuggestionsKeepWeightAndDesign() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 14, weight: .bold, design: .rounded))
                    Text("b").font(Font.system(size: 17, weight: .semibold))
                    Text("c").font(.system(size: 22, weight: .medium))
                    Text("d").font(.custom("Inter", fixedSize: 13))
                }
            }
            """)
        #expect(report.findings.map(\.replacement) == [
            ".system(.subheadline, design: .rounded).weight(.bold)", "Font.headline", ".title2.weight(.medium)",
            ".custom(\"Inter\", size: 13, relativeTo: .footnote)",
        ])
    }
}

@Suite struct GlobTests {
    @Test(arguments: [
        ("Generated", "Generated/A.swift", true), ("Generated", "App/Generated/A.swift", false),
        ("**/Generated", "App/Generated/A.swift", true), ("*.generated.swift", "A.generated.swift", true),
        ("**/*.generated.swift", "x/y/A.generated.swift", true), ("App/*.swift", "App/A.swift", true),
        ("App/*.swift", "App/Sub/A.swift", false), ("App/?.swift", "App/A.swift", true), ("./App/", "App/B.swift", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    /// Thirty `**`s between components, against a deep path that misses at
    /// the end: backtracking took four times longer per `**` (here for ever).
    @Test func manyDoubleStarsAreDecidedInPolynomialTime() {
        let pattern = (0..<30).map { "**/d\($0 % 3)" }.joined(separator: "/") + "/**/*.swift"
        let path = (0..<60).map { "d\($0 % 3)" }.joined(separator: "/")
        #expect(!Glob(pattern).matches(path + "/A.txt"))
        #expect(Glob(pattern).matches(path + "/A.swift"))
        #expect(Glob("**/**/**/App").matches("x/App/B.swift"))
    }
}

@Suite struct ConfigurationTests {
    func parse(_ text: String) throws -> ProjectConfiguration {
        try ProjectConfiguration(data: Data(text.utf8), file: ".dynatype.json")
    }

    @Test func readsEveryKeyWithComments() throws {
        let configuration = try parse("""
            {
              // the app only
              "included": ["App"],
              "excluded": ["App/Generated"],
              "disabled_rules": ["no_layout_adaptation"],
              "severity": {"custom_font_without_relative_style": "error"},
              "platforms": ["iOS", "macOS"],
              "max_file_size_kb": 512,
            }
            """)
        #expect(configuration.included == ["App"])
        #expect(configuration.rules.disabledRules == [.noLayoutAdaptation])
        #expect(configuration.rules.severities[.customFontWithoutRelativeStyle] == .error)
        #expect(configuration.rules.platforms == [.iOS, .macOS])
        #expect(configuration.maximumFileBytes == 512 * 1024)
        #expect(configuration.includes(relativePath: "App/View.swift"))
        #expect(!configuration.includes(relativePath: "App/Generated/R.swift"))
        #expect(!configuration.includes(relativePath: "Other/View.swift"))
    }

    @Test func defaultExclusionsSkipDependencyAndTestFolders() {
        let configuration = ProjectConfiguration()
        for path in ["Pods/A/B.swift", "Carthage/C.swift", ".build/x.swift", "DerivedData/y.swift", "AppTests/T.swift", "Sources/UITests/U.swift"] {
            #expect(!configuration.includes(relativePath: path), "\(path)")
        }
        #expect(configuration.includes(relativePath: "Sources/App/Tested.swift"))
    }

    @Test(arguments: [
        ("{\"disabled_rule\": []}", "\"disabled_rule\": unknown key (did you mean \"disabled_rules\"?)"),
        ("{\"disabled_rules\": [\"fixed_size\"]}", "\"disabled_rules\": unknown rule id \"fixed_size\""),
        ("{\"disabled_rules\": [\"fixed_font_sise\"]}", "unknown rule id \"fixed_font_sise\" (did you mean \"fixed_font_size\"?)"),
        ("{\"severity\": {\"fixd_font_size\": \"note\"}}", "unknown rule id \"fixd_font_size\" (did you mean \"fixed_font_size\"?)"),
        ("{\n  // why\n  \"included\": [\"App\",],\n  \"excluded\": []\n  \"platforms\": [\"iOS\"]\n}", "unexpected text at line 5, column 3"),
        ("{\"severity\": {\"fixed_font_size\": \"fatal\"}}", "\"severity.fixed_font_size\": expected \"error\", \"warning\" or \"note\""),
        ("{\"included\": 3}", "\"included\": expected an array of strings, found a number"),
        ("{\"platforms\": [\"Android\"]}", "\"platforms\": unknown platform \"Android\""),
        ("{\"platforms\": []}", "\"platforms\": needs at least one platform"),
        ("[1, 2]", "expected an object, found an array"),
        ("{\"included\": [", "not valid JSON (comments and trailing commas are allowed): the file ends before the JSON does"),
    ])
    func errorsNameTheKey(text: String, message: String) {
        #expect {
            try parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

@Suite struct FingerprintTests {
    func fingerprints(_ code: String) -> [String] {
        let report = audit(code)
        return Fingerprint.of(report.findings, path: report.path)
    }

    @Test func survivesLineMovesAndDistinguishesRepeats() {
        let before = fingerprints("""
            struct A: View {
                var body: some View { VStack { Text("a").font(.system(size: 12)); Text("b").font(.system(size: 12)) } }
            }
            """)
        let after = fingerprints("""
            import SwiftUI

            // moved down
            struct A: View {
                var body: some View {
                    VStack { Text("a").font(.system(size: 12)); Text("b").font(.system(size: 12)) }
                }
            }
            """)
        #expect(before.count == 2)
        #expect(before == after)
        #expect(before[0] != before[1])
        #expect(before.allSatisfy { $0.count == 16 })
    }

    @Test func changesWithTheCode() {
        let a = fingerprints("struct A: View { var body: some View { Text(\"a\").font(.system(size: 12)) } }")
        let b = fingerprints("struct A: View { var body: some View { Text(\"a\").font(.system(size: 13)) } }")
        #expect(a != b)
    }
}

@Suite struct SuppressionTests {
    @Test func previousAndOpenEndedRangesAndAll() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 9))
                    // dynatype:disable:previous fixed_font_size
                    // dynatype:disable all - legacy screen, rewrite planned
                    Text("b").font(.system(size: 9)).frame(height: 10)
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    @Test func commentsInsideStringsDoNotSuppress() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("// dynatype:disable:next fixed_font_size")
                    Text("b").font(.system(size: 9))
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:4"])
    }

    @Test func superfluousPerRuleAndForUnknownIds() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    // dynatype:disable:next fixed_font_size fixed_text_height
                    Text("b").font(.system(size: 9))
                    // dynatype:disable:next fixed_fnt_size
                    Text("c")
                }
            }
            """)
        #expect(ruleLines(report) == ["superfluous_suppression:3", "superfluous_suppression:5"])
        #expect(report.findings[0].message.contains("fixed_text_height"))
        #expect(report.findings[1].message.contains("not a dynatype rule id"))
    }

    @Test func suppressingADisabledRuleIsNotSuperfluous() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    // dynatype:disable:next no_layout_adaptation
                    HStack { Text("a"); Text("b") }
                }
            }
            """, configuration: RuleConfiguration(disabledRules: [.noLayoutAdaptation]))
        #expect(report.findings.isEmpty)
    }

    @Test func reasonIsKept() {
        let parsed = SuppressionScanner.parse("// dynatype:disable:this all - logo lockup", at: SourcePosition(line: 1, column: 1))
        #expect(parsed?.scope == .this)
        #expect(parsed?.rules == ["all"])
        #expect(parsed?.reason == "logo lockup")
    }
}

@Suite struct ConfigurationEffectTests {
    @Test func severityOverrideChangesTheVerdict() {
        let code = "struct A: View { var body: some View { Text(\"a\").font(.custom(\"Inter\", size: 28)) } }"
        #expect(audit(code).verdict == .pass)
        let strict = RuleConfiguration(severities: [.customFontWithoutRelativeStyle: .error])
        #expect(audit(code, configuration: strict).verdict == .fail)
    }

    @Test func disabledRulesAndPlatformsRemoveFindings() {
        let code = """
            import UIKit
            let f = UIFont.systemFont(ofSize: 12)
            struct A: View { var body: some View { Text("a").font(.system(size: 9)) } }
            """
        #expect(ruleLines(audit(code)).sorted() == ["fixed_font_size:3", "fixed_uikit_font:2"])
        #expect(ruleLines(audit(code, configuration: RuleConfiguration(disabledRules: [.fixedFontSize]))) == ["fixed_uikit_font:2"])
        #expect(ruleLines(audit(code, configuration: RuleConfiguration(platforms: [.watchOS]))) == ["fixed_font_size:3"])
    }

    @Test func complianceRatioCountsPassingOverAllElements() {
        let report = audit("""
            struct A: View {
                let f: Font
                var body: some View {
                    Text("a").font(.body); Text("b").font(.system(size: 9)); Text("c").font(f); Text("d")
                }
            }
            """)
        let summary = AuditSummary(reports: [report])
        #expect(summary.textElements == 4)
        #expect(summary.textElementsPassing == 2)
        #expect(summary.complianceRatio == 0.5)
        #expect(AuditSummary().complianceRatio == 1)
    }
}

@Suite struct BadInputTests {
    let analyzer = FileAnalyzer(maximumBytes: 64 * 1024)

    @Test func binaryContentIsDeclined() {
        let data = Data([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x01, 0x02])
        guard case .declined(let reason) = analyzer.analyze(data, kind: .swift) else { Issue.record("not declined"); return }
        #expect(reason.contains("binary"))
    }

    @Test func oversizedFilesAreDeclinedWithTheLimit() {
        let data = Data(String(repeating: "let x = 1\n", count: 10_000).utf8)
        guard case .declined(let reason) = analyzer.analyze(data, kind: .swift) else { Issue.record("not declined"); return }
        #expect(reason.contains("max_file_size_kb"))
    }

    @Test func invalidUTF8IsAuditedWithARemark() {
        var data = Data("struct A: View { var body: some View { Text(\"caf".utf8)
        data.append(contentsOf: [0xE9, 0xFF])
        data.append(Data("\").font(.system(size: 9)) } }".utf8))
        guard case .analyzed(let analysis) = analyzer.analyze(data, kind: .swift) else { Issue.record("declined"); return }
        #expect(analysis.remarks.contains { $0.contains("not valid UTF-8") })
        #expect(analysis.findings.map(\.rule) == [.fixedFontSize])
    }

    @Test func halfUnderstoodSwiftGivesABestEffortResult() {
        let report = audit("""
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 9)
                    func ) {{{
            """)
        #expect(report.remarks.contains { $0.contains("best-effort") })
        #expect(ruleLines(report).contains("fixed_font_size:3"))
    }

    @Test func malformedInterfaceBuilderIsPartialNotACrash() {
        let data = Data("<document><objects><label id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>".utf8)
        guard case .analyzed(let analysis) = analyzer.analyze(data, kind: .interfaceBuilder) else { Issue.record("declined"); return }
        #expect(analysis.remarks.contains { $0.contains("not a well-formed") })
        #expect(analysis.findings.map(\.rule) == [.interfaceBuilderFixedFont])
    }
}

@Suite struct InterfaceBuilderTests {
    @Test func multiLineTagsAreLocatedAtTheirStartAndUnauditedAttributesIgnored() {
        let report = audit("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <label text="Total" numberOfLines="1" id="l1">
                        <fontDescription key="fontDescription"
                            type="boldSystem" pointSize="17"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="21" id="c1"/>
                        </constraints>
                    </label>
                    <button id="b1">
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </button>
                    <!-- dynatype:disable:next label_single_line -->
                    <textView id="t1">
                        <!-- dynatype:disable:next missing_adjusts_font - read-only legal text -->
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </textView>
                </objects>
            </document>
            """, fileName: "Form.storyboard")
        #expect(ruleLines(report) == ["interface_builder_fixed_font:5", "superfluous_suppression:14"])
        #expect(report.findings[0].position.column == 13)
        #expect(report.findings[0].replacement == "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleHeadline\"/>")
        #expect(report.elements.count == 3)
    }

    /// A text style in Interface Builder cannot be bold, italic, of another
    /// weight or of a custom face: such fonts get the code that keeps them.
    @Test func fontsATextStyleCannotKeepAreFixedInCode() {
        let report = audit("""
            <document><objects>
                <label text="A" id="a"><fontDescription key="fontDescription" type="boldSystem" pointSize="34"/></label>
                <label text="B" id="b"><fontDescription key="fontDescription" type="italicSystem" pointSize="14"/></label>
                <label text="C" id="c"><fontDescription key="fontDescription" name="AvenirNext-Bold" family="Avenir Next" pointSize="28"/></label>
                <label text="D" id="d"><fontDescription key="fontDescription" type="system" weight="light" pointSize="15"/></label>
                <label text="E" id="e"><fontDescription key="fontDescription" type="system" pointSize="34"/></label>
            </objects></document>
            """, fileName: "Traits.xib")
        #expect(ruleLines(report) == (2...6).map { "interface_builder_fixed_font:\($0)" })
        #expect(report.findings.map(\.replacement) == [nil, nil, nil, nil, "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleTitle0\"/>"])
        #expect(report.findings[0].fix.contains("UIFontMetrics(forTextStyle: .largeTitle).scaledFont(for: .boldSystemFont(ofSize: 34))"))
        #expect(report.findings[1].fix.contains("no italic"))
        #expect(report.findings[2].fix.contains("UIFont(name: \"AvenirNext-Bold\", size: 28) ?? .systemFont(ofSize: 28)"))
        #expect(report.findings[3].fix.contains(".systemFont(ofSize: 15, weight: .light)"))
        #expect(report.findings[4].fix.contains("the text style Large Title"))
    }

    /// Interface Builder's `pointSize="0.0"` is the default size UIKit draws at 17 pt, not 0 pt.
    @Test func aZeroPointSizeIsTheDefaultSize() {
        let report = audit("""
            <document><objects>
                <label text="Title" id="a"><fontDescription key="fontDescription" type="system" pointSize="0.0"/></label>
            </objects></document>
            """, fileName: "Cell.xib")
        #expect(report.findings.map(\.replacement) == ["<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"])
        #expect(report.findings.first?.message.contains("default size, 17pt") == true)
    }
}

@Suite struct InterfaceBuilderDocumentKindTests {
    @Test func buttonConfigurationsScaleAndMacDocumentsAreNotAudited() {
        let iOS = audit("""
            <document targetRuntime="iOS.CocoaTouch"><objects>
                <button id="b"><buttonConfiguration key="configuration" style="filled" title="Go"/></button>
            </objects></document>
            """, fileName: "A.xib")
        #expect(iOS.elements.map(\.verdict) == [.passing])
        let mac = audit("""
            <document targetRuntime="MacOSX.Cocoa"><objects>
                <textField id="t"><textFieldCell key="cell" title="x"><font key="font" metaFont="system"/></textFieldCell></textField>
            </objects></document>
            """, fileName: "B.xib")
        #expect(mac.elements.isEmpty)
        #expect(mac.remarks.contains { $0.contains("macOS Interface Builder document") })
    }
}

@Suite struct SampleConfigurationTests {
    @Test func theDocumentedSampleParses() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Config/dynatype.sample.json"))
        let configuration = try ProjectConfiguration(data: data, file: "dynatype.sample.json")
        #expect(configuration.rules.platforms == [.iOS, .macOS])
    }
}
