import DynatypeRules
import Foundation

// What the history queries return; rendered by DynatypeReport.

/// A commit in `dynatype log`, with its regression verdict.
public struct LogEntry: Sendable {
    public let record: CommitRecord
    public let regression: [String]
    /// The repository, in a log of every repository of a shared history.
    public let repository: String?

    public init(record: CommitRecord, regression: [String], repository: String? = nil) {
        self.record = record
        self.regression = regression
        self.repository = repository
    }
}

/// One repository in `dynatype fleet`.
public struct FleetRow: Sendable {
    public let repository: String
    /// Its last audited commit (nil: none audited yet).
    public let latest: CommitRecord?
    /// Compliance at the end of each of the last days (oldest first), from
    /// the first day with an audited commit.
    public let daily: [Double]
    public let openRegressions: Int
    public let commits: Int
    public let lastAudit: Date?
    /// What went wrong with its newest commit (it failed, or its configuration is invalid).
    public let problem: String?

    public init(
        repository: String, latest: CommitRecord?, daily: [Double], openRegressions: Int, commits: Int, lastAudit: Date?, problem: String?
    ) {
        self.repository = repository
        self.latest = latest
        self.daily = daily
        self.openRegressions = openRegressions
        self.commits = commits
        self.lastAudit = lastAudit
        self.problem = problem
    }
}

/// `dynatype show`: a commit's record, changes and, on request, every finding.
public struct CommitDetail: Sendable {
    public let record: CommitRecord
    public let changes: [FindingChange]
    public let regression: [String]
    /// The audit of the whole tree (with `--all`), as `dynatype audit` would report it.
    public let reports: [FileReport]?

    public init(record: CommitRecord, changes: [FindingChange], regression: [String], reports: [FileReport]?) {
        self.record = record
        self.changes = changes
        self.regression = regression
        self.reports = reports
    }
}

/// `dynatype diff`: findings between two audited commits.
public struct HistoryDiff: Sendable {
    public let from: CommitRecord
    public let to: CommitRecord
    public let introduced: [FindingChange]
    public let fixed: [FindingChange]
    /// Findings of severity error present at both commits.
    public let stillFailing: [FindingChange]

    public init(from: CommitRecord, to: CommitRecord, introduced: [FindingChange], fixed: [FindingChange], stillFailing: [FindingChange]) {
        self.from = from
        self.to = to
        self.introduced = introduced
        self.fixed = fixed
        self.stillFailing = stillFailing
    }
}

/// One point of `dynatype trend`.
public struct TrendPoint: Sendable {
    /// The bucket's label: a day, a week's Monday, or a commit's short sha.
    public let label: String
    /// The last audited commit of the bucket, or of the bucket before it
    /// when no commit falls in this one (compliance stays what it was).
    public let record: CommitRecord
    /// No commit falls in this bucket.
    public let isEmpty: Bool
    /// Where the point stands on a time axis: its bucket's start, or its
    /// commit's date (a commit dated in the future at today's).
    public let date: Date

    public init(label: String, record: CommitRecord, isEmpty: Bool = false, date: Date? = nil) {
        self.label = label
        self.record = record
        self.isEmpty = isEmpty
        self.date = date ?? record.committedAt
    }
}

public enum TrendBucket: String, CaseIterable, Sendable {
    case commit, day, week, month
}

/// `dynatype blame`: who introduced each current finding of a file.
public struct BlameEntry: Sendable {
    /// The file, relative to the repository root.
    public let path: String
    public let finding: Finding
    public let fingerprint: String
    /// The commit that introduced it; nil when it predates the history (its baseline).
    public let commit: CommitRecord?

    public init(path: String, finding: Finding, fingerprint: String, commit: CommitRecord?) {
        self.path = path
        self.finding = finding
        self.fingerprint = fingerprint
        self.commit = commit
    }
}

