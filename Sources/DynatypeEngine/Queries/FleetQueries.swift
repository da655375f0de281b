import DynatypeHistory
import Foundation

/// Queries across every repository of a shared history. They read the
/// history alone, not git: a fleet's repositories live on other hosts, so
/// a repository's commits are taken in the order they were audited.
public struct FleetQueries {
    private let fleet: HistoryFleet
    private let policy = RegressionPolicy()

    public init(fleet: HistoryFleet) {
        self.fleet = fleet
    }

    /// Audited commits of every repository that `filter` keeps (its path
    /// needs git, so it is not applied), newest audit first.
    public func log(limit: Int?, filter: LogFilter = LogFilter()) throws -> [LogEntry] {
        var entries: [LogEntry] = []
        for (identity, store) in try fleet.repositories() {
            for record in try store.allCommits().reversed() where filter.matchesAuthor(record) {
                let regression = try policy.reasons(record, in: store)
                if filter.regressionsOnly, regression.isEmpty { continue }
                entries.append(LogEntry(record: record, regression: regression, repository: identity.name))
            }
        }
        entries.sort { ($0.record.auditedAt, $0.record.sequence) > ($1.record.auditedAt, $1.record.sequence) }
        return limit.map { Array(entries.prefix($0)) } ?? entries
    }

    /// Compliance of the named repositories over their audited commits.
    public func trends(_ names: [String], since: Date?, by bucket: TrendBucket) throws -> [(repository: String, points: [TrendPoint])] {
        let repositories = try fleet.repositories()
        return try names.map { name in
            guard let store = repositories.first(where: { $0.identity.name == name })?.store else {
                throw QueryError(message: "the history has no repository named \"\(name)\" (it has: \(repositories.map(\.identity.name).joined(separator: ", ")))")
            }
            let audited = try store.allCommits().filter { $0.status == .audited }
            let chain = audited.filter { record in since.map { record.committedAt >= $0 } ?? true }
            let carriedIn = since.flatMap { since in audited.filter { $0.committedAt < since }.max { $0.committedAt < $1.committedAt } }
            return (name, TrendCalendar.points(chain, by: bucket, since: since, carriedIn: carriedIn))
        }
    }

    /// Each repository's compliance now, over the last `days`, its open
    /// regressions and its last audit.
    public func overview(days: Int = 30, now: Date = Date()) throws -> [FleetRow] {
        try fleet.repositories().map { identity, store in
            let commits = try store.allCommits()
            let audited = commits.filter { $0.status == .audited }
            let daily = (0..<days).reversed().compactMap { daysAgo -> Double? in
                let end = now.addingTimeInterval(-Double(daysAgo) * 86_400)
                return audited.last { $0.committedAt <= end }?.summary.complianceRatio
            }
            return FleetRow(
                repository: identity.name, latest: audited.last, daily: daily, openRegressions: try store.openRegressionCount(),
                commits: commits.count, lastAudit: commits.map(\.auditedAt).max(), problem: commits.last.flatMap(HistoryQueries.problem)
            )
        }
    }
}
