import DynatypeRules
import Foundation

/// Replaces a range of a file's UTF-8 bytes, on behalf of one finding.
struct FixEdit: Sendable {
    let range: Range<Int>
    let text: String
    let finding: Finding

    /// Applies edits bottom-up, so each range still means what it meant in
    /// the original bytes. Edits that overlap an edit already taken are
    /// left out (and returned) for a later round, with every other edit of
    /// their finding: a finding's edits (its fix, and the local it leaves
    /// unread) go in together or not at all.
    static func apply(_ edits: [FixEdit], to bytes: [UInt8]) -> (result: [UInt8], applied: [FixEdit], skipped: [FixEdit]) {
        var postponed: Set<Finding> = []
        while true {
            let (result, applied, skipped) = applyEach(edits.filter { !postponed.contains($0.finding) }, to: bytes)
            let split = Set(skipped.map(\.finding)).subtracting(postponed)
            if split.isEmpty {
                return (result, applied, skipped + edits.filter { postponed.contains($0.finding) })
            }
            postponed.formUnion(split)
        }
    }

    private static func applyEach(_ edits: [FixEdit], to bytes: [UInt8]) -> (result: [UInt8], applied: [FixEdit], skipped: [FixEdit]) {
        var result = bytes
        var applied: [FixEdit] = []
        var skipped: [FixEdit] = []
        var floor = Int.max
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }) {
            guard edit.range.upperBound <= floor || (edit.range.isEmpty && edit.range.lowerBound <= floor) else {
                skipped.append(edit)
                continue
            }
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            applied.append(edit)
            floor = edit.range.lowerBound
        }
        return (result, applied, skipped)
    }
}
