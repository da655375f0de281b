import DynatypeGit
import SwiftParser
import SwiftSyntax

/// Line hunks (from libgit2) as byte edits of the old source, the form
/// SwiftParser's incremental parsing takes.
enum SourceEdits {
    /// The edits, or nil when they do not turn `old` into `new` exactly (an
    /// incremental parse from wrong edits would be wrong; a full parse is not).
    static func edits(for hunks: [LineHunk], old: [UInt8], new: [UInt8]) -> ConcurrentEdits? {
        let oldLines = lineStarts(old), newLines = lineStarts(new)
        func offset(_ starts: [Int], _ count: Int, line: Int) -> Int { line - 1 < starts.count ? starts[line - 1] : count }
        var edits: [SourceEdit] = []
        for hunk in hunks {
            let oldFirst = hunk.oldLines == 0 ? hunk.oldStart + 1 : hunk.oldStart
            let newFirst = hunk.newLines == 0 ? hunk.newStart + 1 : hunk.newStart
            let start = offset(oldLines, old.count, line: oldFirst)
            let end = offset(oldLines, old.count, line: oldFirst + hunk.oldLines)
            let newStart = offset(newLines, new.count, line: newFirst)
            let newEnd = offset(newLines, new.count, line: newFirst + hunk.newLines)
            guard start <= end, newStart <= newEnd else { return nil }
            edits.append(SourceEdit(
                range: AbsolutePosition(utf8Offset: start)..<AbsolutePosition(utf8Offset: end),
                replacement: Array(new[newStart..<newEnd])
            ))
        }
        guard apply(edits, to: old) == new else { return nil }
        return try? ConcurrentEdits(concurrent: edits)
    }

    /// Byte offsets where each line starts.
    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }

    private static func apply(_ edits: [SourceEdit], to source: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var cursor = 0
        for edit in edits {
            let start = edit.range.lowerBound.utf8Offset
            guard start >= cursor else { return [] }
            result += source[cursor..<start]
            result += edit.replacementBytes
            cursor = edit.range.upperBound.utf8Offset
        }
        return result + source[min(cursor, source.count)...]
    }
}
