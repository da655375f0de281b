import DynatypeReport
import Foundation
import Testing

/// Diffs `git apply` must accept, including the edges a fix can reach.
@Suite struct UnifiedDiffTests {
    private func applies(_ old: String, _ new: String) throws -> Bool {
        let repository = try GitFixture()
        try repository.write("File.swift", old)
        try repository.commit("Old")
        let patch = repository.folder.url.appendingPathComponent("change.patch")
        try Data(UnifiedDiff.render(path: "File.swift", old: old, new: new).utf8).write(to: patch)
        try repository.git(["apply", patch.path])
        return try String(contentsOf: repository.url.appendingPathComponent("File.swift"), encoding: .utf8) == new
    }

    @Test func changesFarApartBecomeSeparateHunks() throws {
        let old = (1...40).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 3\n", with: "line three\n").replacingOccurrences(of: "line 30\n", with: "line 30\nadded\n")
        #expect(UnifiedDiff.render(path: "File.swift", old: old, new: new).components(separatedBy: "\n@@ ").count == 3, "two hunks")
        #expect(try applies(old, new))
    }

    @Test func aMissingLastNewlineIsKeptOrAdded() throws {
        #expect(try applies("a\nb", "a\nc"))
        #expect(try applies("a\nb", "a\nb\nc\n"))
        #expect(try applies("a\n", "x\na\n"))
        #expect(UnifiedDiff.render(path: "File.swift", old: "same\n", new: "same\n").isEmpty)
    }
}
