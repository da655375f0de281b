import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

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
        // Tinode's localization catalogs repeat every storyboard for translators: 930 of its 1,143 findings.
        #expect(!configuration.includes(relativePath: "Localizations/de.xcloc/Source Contents/App/Base.lproj/Main.storyboard"))
        #expect(configuration.includes(relativePath: "Sources/App/Tested.swift"))
        #expect(configuration.includes(relativePath: "App/Base.lproj/Main.storyboard"))
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

@Suite struct SampleConfigurationTests {
    @Test func theDocumentedSampleParses() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Config/dynatype.sample.json"))
        let configuration = try ProjectConfiguration(data: data, file: "dynatype.sample.json")
        #expect(configuration.rules.platforms == [.iOS, .macOS])
    }
}
