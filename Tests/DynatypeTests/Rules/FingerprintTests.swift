import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

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
