import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

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
