import DynatypeHistory
import DynatypeRules

/// Which commits of a first-parent chain regressed and which resolved them.
/// A regression is resolved by the commit that removes the last of the
/// severe findings it introduced (by the policy's minimum severity); whether
/// it is still open is judged at the tip by `blame`, which follows renames
/// the finding changes alone cannot.
struct RegressionTimeline {
    struct Entry {
        let record: CommitRecord
        let changes: [FindingChange]
        let reasons: [String]
        var resolvedBy: String?
        var resolves: [String] = []
    }

    /// Commits that regressed or resolved, oldest first.
    private(set) var entries: [Entry] = []

    /// Walks the chain (newest first, as `firstParentChain` gives it).
    init(chain: [CommitRecord], queries: HistoryQueries) throws {
        var remaining: [String: Set<String>] = [:]
        var indexOf: [String: Int] = [:]
        for record in chain.reversed() where !record.isBaseline {
            let changes = try queries.store.findingChanges(of: record.sha)
            let fixed = Set(changes.filter { $0.kind == .fixed }.map(\.fingerprint))
            var resolves: [String] = []
            for (sha, fingerprints) in remaining {
                let left = fingerprints.subtracting(fixed)
                remaining[sha] = left.isEmpty ? nil : left
                if left.isEmpty { resolves.append(sha) }
            }
            let reasons = try queries.regression(of: record, changes: changes)
            guard !reasons.isEmpty || !resolves.isEmpty else { continue }
            for sha in resolves { entries[indexOf[sha]!].resolvedBy = record.sha }
            let severe = changes.filter { $0.kind == .introduced && (Severity(rawValue: $0.severity) ?? .note) >= queries.policy.minimumSeverity }
            if !reasons.isEmpty, !severe.isEmpty { remaining[record.sha] = Set(severe.map(\.fingerprint)) }
            indexOf[record.sha] = entries.count
            entries.append(Entry(record: record, changes: changes, reasons: reasons, resolves: resolves.sorted { indexOf[$0]! < indexOf[$1]! }))
        }
    }
}
