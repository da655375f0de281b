@testable import DynatypeHistory
import DynatypeEngine
import DynatypeRules
import Foundation
import Testing

/// The cache writes analyses with its own encoder and reads them with
/// `JSONDecoder`: every analysis the tests know must come back equal.
@Suite struct AnalysisEncodingTests {
    @Test(arguments: [SourceKind.swift, .interfaceBuilder])
    func everyKnownAnalysisComesBackFromTheCacheEqual(kind: SourceKind) throws {
        let analyzer = FileAnalyzer()
        var checked = 0
        for input in try AnalyzerVersionTests.inputs(of: kind) {
            guard case .analyzed(let analysis) = analyzer.analyze(input.code, kind: kind) else { continue }
            let decoded = try JSONDecoder().decode(FileAnalysis.self, from: AnalysisJSONEncoder.encode(analysis))
            #expect(decoded == analysis, "\(input.name)")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func stringsAreEscapedAndNumbersAreJSONNumbers() throws {
        struct Sample: Codable, Equatable {
            var text: String
            var lines: [String]
            var ratio: Double
            var whole: Double
            var count: Int
            var flag: Bool
            var missing: String?
            var table: [String: [Int]]
        }
        let sample = Sample(
            text: "quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂", lines: ["a", ""], ratio: 0.127, whole: 17, count: -3,
            flag: true, missing: nil, table: ["x": [1, 2], "y": []]
        )
        let data = try AnalysisJSONEncoder.encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: data) == sample)
        #expect(String(decoding: data, as: UTF8.self).contains("\"whole\":17,"))
        #expect(throws: EncodingError.self) { try AnalysisJSONEncoder.encode([Double.nan]) }
    }
}
