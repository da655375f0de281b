import DynatypeGit
import Foundation

/// What the commits ahead of a scan will change, for the tree cache: a scan
/// audits its commits in a known order, so it knows which file versions will
/// be replaced and when, as far ahead as it has diffed. The cache keeps the
/// trees needed soonest; on a merge-heavy history most trees are never a base
/// again, and recency alone evicted the ones that were (duckduckgo-iOS: 1,100
/// of its 1,800 full parses).
final class ChangeForecast: TreeDemand, @unchecked Sendable {
    private let lock = NSLock()
    /// The scan positions (a commit's index in the scan) where each blob is
    /// replaced, ascending.
    private var replacements: [String: [Int]] = [:]
    /// The positions where each Swift path gets a new version (a tree is also
    /// the base of its path's next version when the version it replaces has no tree).
    private var edits: [String: [Int]] = [:]
    /// The position of the commit being audited: uses before it are past.
    private var now = 0
    /// Where the past was last dropped (see `pruneInterval`).
    private var prunedAt = 0
    /// Positions between two drops of the past: often enough that the
    /// forecast holds about the commits ahead only, rarely enough to cost nothing.
    private static let pruneInterval = 256

    /// Records a commit's changes at its scan position (called in ascending order).
    func expect(_ changes: [FileChange], at position: Int) {
        lock.withLock {
            for change in changes {
                guard let path = change.newPath, SourceKind(path: path) == .swift else { continue }
                if let old = change.oldBlob { replacements[old.hex, default: []].append(position) }
                edits[path, default: []].append(position)
            }
        }
    }

    /// Moves to the commit being audited; what came before it is forgotten
    /// now and then, so the forecast holds only the commits ahead.
    func advance(to position: Int) {
        lock.withLock {
            now = position
            guard position - prunedAt >= Self.pruneInterval else { return }
            prunedAt = position
            let ahead = { (positions: [Int]) -> [Int]? in
                let coming = positions.drop { $0 < position }
                return coming.isEmpty ? nil : Array(coming)
            }
            replacements = replacements.compactMapValues(ahead)
            edits = edits.compactMapValues(ahead)
        }
    }

    /// Forgets everything: a new scan numbers its commits from 0 again.
    func reset() {
        lock.withLock {
            replacements = [:]
            edits = [:]
            now = 0
            prunedAt = 0
        }
    }

    func nextUse(ofBlob blob: String, path: String?) -> Int? {
        lock.withLock {
            let ahead = { (positions: [Int]?) in positions?.first { $0 >= self.now } }
            switch (ahead(replacements[blob]), path.flatMap { ahead(edits[$0]) }) {
            case let (replaced?, edited?): return min(replaced, edited)
            case let (replaced, edited): return replaced ?? edited
            }
        }
    }
}
