import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

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
