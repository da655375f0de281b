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
