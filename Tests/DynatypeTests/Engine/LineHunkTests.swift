@testable import DynatypeEngine
import DynatypeGit
import Testing

/// Line hunks between two versions in hand: exact (they rebuild the new
/// version), and as small as git's where one line changed, however long the
/// lines shared around it.
@Suite struct LineHunkTests {
    static let lines = (1...400).map { "    let value\($0) = \($0 % 7)\n" }

    static func text(_ lines: [String], trailingNewline: Bool = true) -> [UInt8] {
        var text = lines.joined()
        if !trailingNewline, text.hasSuffix("\n") { text.removeLast() }
        return Array(text.utf8)
    }

    @Test func aChangedLineIsOneHunkAtItsLine() throws {
        var changed = Self.lines
        changed[199] = "    let value200 = 42\n"
        #expect(try LineHunk.between(Self.text(Self.lines), Self.text(changed)) == [LineHunk(oldStart: 200, oldLines: 1, newStart: 200, newLines: 1)])
    }

    @Test func insertionsAndDeletionsAtEitherEndKeepGitsLineNumbers() throws {
        let inserted = Array(Self.lines[..<10]) + ["// new\n"] + Array(Self.lines[10...])
        #expect(try LineHunk.between(Self.text(Self.lines), Self.text(inserted)) == [LineHunk(oldStart: 10, oldLines: 0, newStart: 11, newLines: 1)])
        #expect(try LineHunk.between(Self.text(inserted), Self.text(Self.lines)) == [LineHunk(oldStart: 11, oldLines: 1, newStart: 10, newLines: 0)])
        let atStart = ["// first\n"] + Self.lines
        #expect(try LineHunk.between(Self.text(Self.lines), Self.text(atStart)) == [LineHunk(oldStart: 0, oldLines: 0, newStart: 1, newLines: 1)])
        let atEnd = Self.lines + ["// last\n"]
        #expect(try LineHunk.between(Self.text(Self.lines), Self.text(atEnd)) == [LineHunk(oldStart: 400, oldLines: 0, newStart: 401, newLines: 1)])
        #expect(try LineHunk.between(Self.text(Self.lines), Self.text(Self.lines)).isEmpty)
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func hunksRebuildTheNewVersion(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pool = ["a\n", "b\n", "}\n", "\n", "    x\n", "a", "b", ""]
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in pool.randomElement(using: &random)! }
            var new = old
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0...new.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: new.insert(pool.randomElement(using: &random)!, at: index)
                case 1 where index < new.count: new.remove(at: index)
                default: if index < new.count { new[index] = pool.randomElement(using: &random)! }
                }
            }
            let trailing = Bool.random(using: &random)
            let (oldBytes, newBytes) = (Self.text(old, trailingNewline: trailing), Self.text(new, trailingNewline: Bool.random(using: &random)))
            let hunks = try LineHunk.between(oldBytes, newBytes)
            #expect(SourceEdits.edits(for: hunks, old: oldBytes, new: newBytes) != nil, "\(old) → \(new): \(hunks)")
        }
    }
}
