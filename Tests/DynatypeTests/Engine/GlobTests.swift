import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

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
