import DynatypeRules
import Foundation

/// What the history knows about one audited commit: its summary (the whole
/// tree's compliance) and how it compares with the commit it was measured against.
public struct CommitRecord: Sendable, Equatable {
    public enum Status: String, Sendable {
        case audited
        /// The audit could not be completed (a bad configuration, an unreadable
        /// object); recorded so it is not retried forever, never used as a base.
        case failed
    }

    public var sha: String
    /// Order of auditing, assigned by the store.
    public var sequence: Int = 0
    public var parent: String?
    /// The audited commit this one is compared with: the first parent, or its
    /// nearest audited ancestor when the parent failed.
    public var base: String?
    public var status: Status
    public var error: String?
    /// No base existed (the first commit of a scan, a shallow boundary):
    /// nothing is "introduced" or "fixed".
    public var isBaseline: Bool
    public var authorName: String
    public var authorEmail: String
    public var committedAt: Date
    public var title: String
    /// The effective configuration the commit was audited with (see `configurations`).
    public var configurationHash: String?
    /// Why the repository's `.dynatype.json` at this commit could not be
    /// used; the commit was then audited with the last valid configuration.
    public var configurationError: String?
    /// What this commit's configuration change would lower in what is
    /// checked, and whether it took effect; nil when it lowers nothing.
    public var policyChange: String?
    public var summary: AuditSummary
    public var introduced: Int
    public var fixed: Int
    /// Introduced findings of severity error.
    public var introducedErrors: Int = 0
    /// Files that passed at the base and fail here.
    public var filesNewlyFailing: Int = 0
    /// Findings that left the audit because the configuration stopped checking them (not fixed).
    public var unchecked: Int = 0
    /// Findings that moved to another file or declaration (neither introduced nor fixed).
    public var moved: Int = 0
    /// Files of the commit's tree that could not be audited (binary, too
    /// large, over their CPU budget): how many, and why for those this
    /// commit added or changed, by path.
    public var filesNotAudited: Int = 0
    public var notAudited: [String: String] = [:]
    public var durationSeconds: Double
    public var auditedAt: Date

    public init(
        sha: String, parent: String?, base: String?, status: Status, error: String? = nil, isBaseline: Bool,
        authorName: String, authorEmail: String, committedAt: Date, title: String, configurationHash: String?,
        summary: AuditSummary, introduced: Int, fixed: Int, durationSeconds: Double, auditedAt: Date
    ) {
        self.sha = sha
        self.parent = parent
        self.base = base
        self.status = status
        self.error = error
        self.isBaseline = isBaseline
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.committedAt = committedAt
        self.title = title
        self.configurationHash = configurationHash
        self.summary = summary
        self.introduced = introduced
        self.fixed = fixed
        self.durationSeconds = durationSeconds
        self.auditedAt = auditedAt
    }
}

/// A finding that a commit introduced or fixed, identified by its
/// line-independent fingerprint.
public struct FindingChange: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case introduced, fixed
        /// The same finding in another file or declaration: code that moved.
        case moved
        /// Gone because the configuration no longer checks it, not because it was fixed.
        case unchecked
    }

    public var kind: Kind
    public var fingerprint: String
    public var rule: String
    public var severity: Severity
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    public var fix: String
    public var current: String
    /// For a moved finding: where it was, and its identity there.
    public var fromPath: String?
    public var fromFingerprint: String?

    public init(kind: Kind, finding: Finding, path: String, fingerprint: String) {
        self.kind = kind
        self.fingerprint = fingerprint
        rule = finding.rule.rawValue
        severity = finding.severity
        self.path = path
        line = finding.position.line
        column = finding.position.column
        message = finding.message
        fix = finding.fix
        current = finding.current
    }

    init(
        kind: Kind, fingerprint: String, rule: String, severity: Severity, path: String, line: Int, column: Int, message: String, fix: String,
        current: String, fromPath: String?, fromFingerprint: String?
    ) {
        self.kind = kind
        self.fingerprint = fingerprint
        self.rule = rule
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
        self.current = current
        self.fromPath = fromPath
        self.fromFingerprint = fromFingerprint
    }

    /// The change as a move from another finding (`from`, one the commit no longer has).
    public func moved(from origin: FindingChange) -> FindingChange {
        var change = self
        change.kind = .moved
        change.fromPath = origin.path
        change.fromFingerprint = origin.fingerprint
        return change
    }
}

/// A blob's phase-one result as the cache keeps it.
public enum CachedAnalysis: Sendable {
    case analyzed(FileAnalysis)
    /// Not source text (binary content), with the reason.
    case declined(String)
}

/// A problem with the history database itself, with what to do about it.
/// `path` names the database: a file, or a PostgreSQL URL without its password.
public enum HistoryError: Error, CustomStringConvertible, Sendable {
    case notADatabase(path: String)
    case foreign(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case corrupt(path: String, detail: String)
    case locked(path: String, holder: String)
    case noHistory(path: String)
    /// The database holds `registered` (a name and a root commit), and this
    /// repository has another root commit.
    case otherRepository(path: String, registered: RepositoryIdentity, actualRoot: String)
    case unknownRepository(path: String, name: String, known: [String])

    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "\(path) is not an SQLite database (or it is damaged); move it away and run `dynatype scan` to rebuild the history"
        case .foreign(let path):
            return PostgreSQLAddress.isAddress(path)
                ? "\(path) holds tables that are not a dynatype history; choose another database with --db"
                : "\(path) is an SQLite database but not a dynatype history; choose another file with --db"
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer dynatype (history schema \(found); this one understands up to \(supported)); upgrade dynatype"
        case .corrupt(let path, let detail):
            return "\(path) is damaged (\(detail)); move it away and run `dynatype scan` to rebuild the history"
        case .locked(let path, let holder):
            return "\(path) is in use by another dynatype (\(holder)); stop it first, or use another --db"
        case .noHistory(let path):
            return "no history at \(path); run `dynatype scan` first (or pass --db)"
        case .otherRepository(let path, let registered, let actualRoot):
            let remedy = PostgreSQLAddress.isAddress(path)
                ? "give this one another name (--repository NAME, or \"name\" in the daemon configuration)"
                : "use another --db"
            return "\(path) holds the history of the repository \"\(registered.name)\" (root commit \(registered.rootCommit.prefix(10))), "
                + "and this repository's root commit is \(actualRoot.prefix(10)): it is a different repository; \(remedy)"
        case .unknownRepository(let path, let name, let known):
            let listed = known.isEmpty ? "none yet" : known.joined(separator: ", ")
            return "\(path) has no history of a repository named \"\(name)\" (it has: \(listed)); run `dynatype scan --db …` first, or pick one with --repository NAME"
        }
    }
}
