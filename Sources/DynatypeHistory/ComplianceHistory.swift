import DynatypeRules
import Foundation

// What `dynatype report --html` shows of a ref's history; gathered by the
// engine's queries, rendered by DynatypeReport.

/// A ref's compliance over a period: the trend, the tree at its tip, the
/// commits that regressed or resolved a regression, and who changed what.
public struct ComplianceHistory: Sendable {
    /// The ref as given (`HEAD`, `main`).
    public let ref: String
    /// The ref's tip, audited.
    public let tip: CommitRecord
    /// Only commits made since this date, when given.
    public let since: Date?
    public let bucket: TrendBucket
    /// Compliance over the period, oldest first (as `dynatype trend`).
    public let trend: [TrendPoint]
    /// Every file's report at the tip.
    public let files: [FileReport]
    /// Each module folder's summary at commits spread over the period, oldest first.
    public let folderSamples: [FolderSample]
    /// Regressions and resolutions of the period, and older regressions still open, newest first.
    public let events: [RegressionEvent]
    /// Regressions and resolutions of the period left out of `events` to keep the page small.
    public let eventsLeftOut: Int
    /// Findings introduced and fixed per author over the period, most active first.
    public let authors: [AuthorTally]
    /// The ref's regressions not yet resolved, as the history's ledger counts them.
    public let openRegressionCount: Int
    /// What went wrong with the ref's newest commit (it failed, or its configuration is invalid).
    public let problem: String?

    public init(
        ref: String, tip: CommitRecord, since: Date?, bucket: TrendBucket, trend: [TrendPoint], files: [FileReport],
        folderSamples: [FolderSample], events: [RegressionEvent], eventsLeftOut: Int, authors: [AuthorTally], openRegressionCount: Int,
        problem: String?
    ) {
        self.ref = ref
        self.tip = tip
        self.since = since
        self.bucket = bucket
        self.trend = trend
        self.files = files
        self.folderSamples = folderSamples
        self.events = events
        self.eventsLeftOut = eventsLeftOut
        self.authors = authors
        self.openRegressionCount = openRegressionCount
        self.problem = problem
    }

    /// Regressions whose severe findings are still there at the tip.
    public var openRegressions: [RegressionEvent] { events.filter { $0.isRegression && $0.isOpen } }
}

/// The summaries of each module folder at one commit.
public struct FolderSample: Sendable {
    public let record: CommitRecord
    public let folders: [String: AuditSummary]

    public init(record: CommitRecord, folders: [String: AuditSummary]) {
        self.record = record
        self.folders = folders
    }
}

/// A commit that regressed, resolved earlier regressions, or both.
public struct RegressionEvent: Sendable {
    public let record: CommitRecord
    /// Why it regressed; empty when it only resolves.
    public let reasons: [String]
    public let introduced: [FindingChange]
    public let fixed: [FindingChange]
    /// Findings its configuration stopped checking (not fixed).
    public let noLongerChecked: [FindingChange]
    /// What its configuration did: it became invalid, or it lowers what is checked.
    public let configuration: [String]
    /// A regression the history's ledger has not resolved.
    public let isOpen: Bool
    /// The commit that removed the last of the regression's severe findings,
    /// when the history shows it (a finding that moved with a renamed file is
    /// fixed under another identity).
    public let resolvedBy: String?
    /// The regressions this commit resolved.
    public let resolves: [String]
    /// The trend point whose bucket holds the commit (nil before the period).
    public let trendIndex: Int?

    public init(
        record: CommitRecord, reasons: [String], introduced: [FindingChange], fixed: [FindingChange], noLongerChecked: [FindingChange],
        configuration: [String], isOpen: Bool, resolvedBy: String?, resolves: [String], trendIndex: Int?
    ) {
        self.record = record
        self.reasons = reasons
        self.introduced = introduced
        self.fixed = fixed
        self.noLongerChecked = noLongerChecked
        self.configuration = configuration
        self.isOpen = isOpen
        self.resolvedBy = resolvedBy
        self.resolves = resolves
        self.trendIndex = trendIndex
    }

    public var isRegression: Bool { !reasons.isEmpty }
}

/// What one author's commits did to the findings over a period.
public struct AuthorTally: Sendable, Equatable {
    public let name: String
    public let email: String
    public var commits: Int
    public var introduced: Int
    public var fixed: Int

    public init(name: String, email: String, commits: Int, introduced: Int, fixed: Int) {
        self.name = name
        self.email = email
        self.commits = commits
        self.introduced = introduced
        self.fixed = fixed
    }
}
