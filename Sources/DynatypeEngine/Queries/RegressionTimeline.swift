import DynatypeHistory
import DynatypeRules

/// Which commits of a first-parent chain regressed, which resolved them,
/// and which changed what is checked (an invalid configuration, a lowering).
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
        /// What the commit's configuration did: it became invalid, or it lowers what is checked.
        var configuration: [String] = []
    }

    /// Commits that regressed or resolved, oldest first.
    private(set) var entries: [Entry] = []

    /// Walks the chain (newest first, as `firstParentChain` gives it).
    init(chain: [CommitRecord], queries: HistoryQueries) throws {
        var remaining: [String: Set<String>] = [:]
        var indexOf: [String: Int] = [:]
        var wasInvalid = false
        for record in chain.reversed() where !record.isBaseline {
            defer { wasInvalid = record.configurationError != nil }
            let configuration = [
                wasInvalid ? nil : record.configurationError.map { "its .dynatype.json is invalid, so it was audited with the last valid configuration: \($0)" },
                record.policyChange.map { "its configuration \($0)" },
            ].compactMap { $0 }
            let changes = try queries.store.findingChanges(of: record.sha)
            let fixed = Set(changes.filter { $0.kind == .fixed }.map(\.fingerprint))
            let moves = changes.filter { $0.kind == .moved }
            var resolves: [String] = []
            for (sha, fingerprints) in remaining {
                // A moved finding is followed under its new identity.
                var carried = fingerprints
                for move in moves where move.fromFingerprint.map(carried.contains) == true {
                    carried.remove(move.fromFingerprint!)
                    carried.insert(move.fingerprint)
                }
                let left = carried.subtracting(fixed)
                remaining[sha] = left.isEmpty ? nil : left
                if left.isEmpty { resolves.append(sha) }
            }
            let reasons = try queries.regression(of: record, changes: changes)
            guard !reasons.isEmpty || !resolves.isEmpty || !configuration.isEmpty else { continue }
            for sha in resolves { entries[indexOf[sha]!].resolvedBy = record.sha }
            let severe = queries.policy.severe(changes)
            if !reasons.isEmpty, !severe.isEmpty { remaining[record.sha] = Set(severe.map(\.fingerprint)) }
            indexOf[record.sha] = entries.count
            entries.append(Entry(
                record: record, changes: changes, reasons: reasons, resolves: resolves.sorted { indexOf[$0]! < indexOf[$1]! }, configuration: configuration
            ))
        }
    }
}
