import DynatypeRules
import Foundation

/// The history in SQL, one repository's view of it: every query is written
/// once for both engines and scoped to `repositoryID` (SQLite's file holds
/// one repository, PostgreSQL's database many), except the blob cache,
/// which every repository of a database shares. The engines' subclasses
/// open the connection and take ownership of the repository.
public class SQLHistoryStore: HistoryStore {
    let connection: any SQLConnection
    /// The database as messages name it (a path, or a URL without its password).
    public let name: String
    public let repositoryID: Int64
    /// Sorted keys: the same value is stored as the same bytes.
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// A value as a JSON column holds it.
    func storedJSON<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

    init(connection: any SQLConnection, name: String, repositoryID: Int64) {
        self.connection = connection
        self.name = name
        self.repositoryID = repositoryID
    }

    var repository: SQLValue { .integer(repositoryID) }

    /// Rows of a query. A damaged row (see `SQLRow`) or page is a damaged
    /// history, reported as such with what to do.
    func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (any SQLRow) throws -> T) throws -> [T] {
        do {
            return try connection.query(sql, values, row)
        } catch let error as SQLDamage where error.isCorrupt {
            throw HistoryError.corrupt(path: name, detail: error.message)
        }
    }

    // MARK: Blob analyses

    /// A cached analysis that cannot be decoded (a damaged row) is a miss:
    /// the blob is analysed again and the row replaced, where before one bad
    /// row stopped every scan with a DecodingError naming nothing.
    public func analysis(blob: String, analyzer: String) throws -> CachedAnalysis? {
        try rows(
            "SELECT outcome, payload FROM file_analyses WHERE blob = ? AND analyzer = ?", [.text(blob), .text(analyzer)]
        ) { row -> CachedAnalysis? in
            let payload = try row.data("payload")
            if try row.text("outcome") == "declined" { return .declined(String(decoding: payload, as: UTF8.self)) }
            return (try? decoder.decode(FileAnalysis.self, from: payload)).map(CachedAnalysis.analyzed)
        }.first ?? nil
    }

    private func insert(_ analysis: BlobAnalysis) throws {
        try connection.run(
            """
            INSERT INTO file_analyses (blob, analyzer, outcome, payload) VALUES (?, ?, ?, ?)
            ON CONFLICT (blob, analyzer) DO UPDATE SET outcome = excluded.outcome, payload = excluded.payload
            """,
            [.text(analysis.blob), .text(analysis.analyzer), .text(analysis.outcome), .blob(analysis.payload)]
        )
    }

    // MARK: Commits

    public func save(
        _ record: CommitRecord, configuration: StoredConfiguration?, changes: [FindingChange], renames: [PathRename], analyses: [BlobAnalysis],
        tips: [String: String], notifications: CommitNotifications
    ) throws {
        try connection.transaction {
            // A transaction run again after a lost connection may find that
            // its first run did commit: then there is nothing left to do.
            guard try commit(record.sha) == nil else { return }
            // In blob order, so that two repositories saving the same new
            // blobs at once wait for each other instead of deadlocking.
            for analysis in analyses.sorted(by: { ($0.blob, $0.analyzer) < ($1.blob, $1.analyzer) }) { try insert(analysis) }
            let sequence = try rows("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM commits WHERE repository_id = ?", [repository]) {
                try $0.int("next")
            }.first ?? 1
            let summary = record.summary
            let byRule = try storedJSON(summary.findingsByRule)
            let notAudited = try storedJSON(record.notAudited)
            try connection.insert(into: "commits", [
                "repository_id": repository, "sha": .text(record.sha), "seq": .int(sequence), "parent": .optional(record.parent),
                "base": .optional(record.base), "status": .text(record.status.rawValue), "error": .optional(record.error),
                "baseline": .int(record.isBaseline ? 1 : 0), "author_name": .text(record.authorName), "author_email": .text(record.authorEmail),
                "committed_at": .seconds(record.committedAt), "title": .text(record.title), "config_hash": .optional(record.configurationHash),
                "files_audited": .int(summary.filesAudited), "files_failing": .int(summary.filesFailing),
                "text_elements": .int(summary.textElements), "text_elements_passing": .int(summary.textElementsPassing),
                "errors": .int(summary.errors), "warnings": .int(summary.warnings), "notes": .int(summary.notes),
                "findings_by_rule": .text(byRule), "introduced": .int(record.introduced), "fixed": .int(record.fixed),
                "introduced_errors": .int(record.introducedErrors), "files_newly_failing": .int(record.filesNewlyFailing),
                "duration_seconds": .real(record.durationSeconds), "audited_at": .seconds(record.auditedAt),
                "config_error": .optional(record.configurationError), "policy_change": .optional(record.policyChange),
                "unchecked": .int(record.unchecked), "moved": .int(record.moved), "files_not_audited": .int(record.filesNotAudited),
                "not_audited": .text(notAudited),
            ])
            if let configuration {
                try connection.run(
                    "INSERT INTO configurations (hash, body) VALUES (?, ?) ON CONFLICT DO NOTHING", [.text(configuration.hash), .text(configuration.body)]
                )
            }
            for change in changes {
                try connection.insert(into: "finding_changes", [
                    "repository_id": repository, "sha": .text(record.sha), "change": .text(change.kind.rawValue),
                    "fingerprint": .text(change.fingerprint), "rule": .text(change.rule), "severity": .text(change.severity.rawValue),
                    "path": .text(change.path), "line": .int(change.line), "col": .int(change.column), "message": .text(change.message),
                    "fix": .text(change.fix), "current": .text(change.current), "from_path": .optional(change.fromPath),
                    "from_fingerprint": .optional(change.fromFingerprint),
                ])
            }
            for rename in renames {
                try connection.run(
                    "INSERT INTO path_renames (repository_id, sha, old_path, new_path) VALUES (?, ?, ?, ?)",
                    [repository, .text(record.sha), .text(rename.oldPath), .text(rename.newPath)]
                )
            }
            for (name, tip) in tips { try setTrackedRef(name, tip: tip) }
            try enqueue(notifications, commit: record.sha)
            try connection.run("DELETE FROM audit_attempts WHERE repository_id = ? AND sha = ?", [repository, .text(record.sha)])
        }
    }

    public func beginAttempt(_ sha: String) throws -> Int {
        try connection.run(
            """
            INSERT INTO audit_attempts (repository_id, sha, attempts) VALUES (?, ?, 1)
            ON CONFLICT (repository_id, sha) DO UPDATE SET attempts = audit_attempts.attempts + 1
            """,
            [repository, .text(sha)]
        )
        return try rows("SELECT attempts FROM audit_attempts WHERE repository_id = ? AND sha = ?", [repository, .text(sha)]) {
            try $0.int("attempts")
        }.first ?? 1
    }

    public func renames(to path: String) throws -> [(commit: String, rename: PathRename)] {
        try rows(
            """
            SELECT r.sha, r.old_path FROM path_renames r JOIN commits c ON c.repository_id = r.repository_id AND c.sha = r.sha
            WHERE r.repository_id = ? AND r.new_path = ? ORDER BY c.seq DESC
            """,
            [repository, .text(path)]
        ) { (commit: try $0.text("sha"), rename: PathRename(oldPath: try $0.text("old_path"), newPath: path)) }
    }

    private static let commitColumns = """
        sha, seq, parent, base, status, error, baseline, author_name, author_email, committed_at, title, config_hash,
        files_audited, files_failing, text_elements, text_elements_passing, errors, warnings, notes, findings_by_rule,
        introduced, fixed, duration_seconds, audited_at, introduced_errors, files_newly_failing, config_error, policy_change, unchecked, moved,
        files_not_audited, not_audited
        """

    private func commitRecord(_ row: any SQLRow) throws -> CommitRecord {
        var summary = AuditSummary()
        summary.filesAudited = try row.int("files_audited")
        summary.filesFailing = try row.int("files_failing")
        summary.textElements = try row.int("text_elements")
        summary.textElementsPassing = try row.int("text_elements_passing")
        summary.errors = try row.int("errors")
        summary.warnings = try row.int("warnings")
        summary.notes = try row.int("notes")
        summary.findingsByRule = try row.json("findings_by_rule")
        var record = CommitRecord(
            sha: try row.text("sha"), parent: try row.optionalText("parent"), base: try row.optionalText("base"),
            status: try row.value("status"), error: try row.optionalText("error"), isBaseline: try row.int("baseline") == 1,
            authorName: try row.text("author_name"), authorEmail: try row.text("author_email"),
            committedAt: try row.date("committed_at"), title: try row.text("title"),
            configurationHash: try row.optionalText("config_hash"), summary: summary, introduced: try row.int("introduced"),
            fixed: try row.int("fixed"), durationSeconds: try row.double("duration_seconds"), auditedAt: try row.date("audited_at")
        )
        record.sequence = try row.int("seq")
        record.introducedErrors = try row.int("introduced_errors")
        record.filesNewlyFailing = try row.int("files_newly_failing")
        record.configurationError = try row.optionalText("config_error")
        record.policyChange = try row.optionalText("policy_change")
        record.unchecked = try row.int("unchecked")
        record.moved = try row.int("moved")
        record.filesNotAudited = try row.int("files_not_audited")
        record.notAudited = try row.json("not_audited")
        return record
    }

    public func commit(_ sha: String) throws -> CommitRecord? {
        try rows("SELECT \(Self.commitColumns) FROM commits WHERE repository_id = ? AND sha = ?", [repository, .text(sha)], commitRecord).first
    }

    public func allCommits() throws -> [CommitRecord] {
        try rows("SELECT \(Self.commitColumns) FROM commits WHERE repository_id = ? ORDER BY seq", [repository], commitRecord)
    }

    public func baselineParents() throws -> [String] {
        try rows("SELECT parent FROM commits WHERE repository_id = ? AND baseline = 1 AND parent IS NOT NULL", [repository]) {
            try $0.text("parent")
        }
    }

    public func findingChanges(of sha: String) throws -> [FindingChange] {
        try rows(
            """
            SELECT \(Self.changeColumns) FROM finding_changes
            WHERE repository_id = ? AND sha = ? ORDER BY change DESC, path, line, col
            """,
            [repository, .text(sha)],
            findingChange
        )
    }

    private static let changeColumns = "change, fingerprint, rule, severity, path, line, col, message, fix, current, from_path, from_fingerprint"

    private func findingChange(_ row: any SQLRow) throws -> FindingChange {
        FindingChange(
            kind: try row.value("change"), fingerprint: try row.text("fingerprint"), rule: try row.text("rule"),
            severity: try row.value("severity"), path: try row.text("path"), line: try row.int("line"), column: try row.int("col"),
            message: try row.text("message"), fix: try row.text("fix"), current: try row.text("current"),
            fromPath: try row.optionalText("from_path"), fromFingerprint: try row.optionalText("from_fingerprint")
        )
    }

    public func arrivals(of fingerprint: String) throws -> [(commit: String, change: FindingChange)] {
        try rows(
            """
            SELECT c.sha, \(Self.changeColumns.split(separator: ",").map { "f." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
            FROM finding_changes f JOIN commits c ON c.repository_id = f.repository_id AND c.sha = f.sha
            WHERE f.repository_id = ? AND f.fingerprint = ? AND f.change IN ('introduced', 'moved') ORDER BY c.seq DESC
            """,
            [repository, .text(fingerprint)]
        ) { (commit: try $0.text("sha"), change: try findingChange($0)) }
    }

    public func configuration(hash: String) throws -> String? {
        try rows("SELECT body FROM configurations WHERE hash = ?", [.text(hash)]) { try $0.text("body") }.first
    }

    // MARK: Refs and statistics

    public func trackedRefs() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try rows("SELECT name, tip FROM tracked_refs WHERE repository_id = ?", [repository]) {
            (try $0.text("name"), try $0.text("tip"))
        })
    }

    public func setTrackedRef(_ name: String, tip: String) throws {
        try connection.run(
            """
            INSERT INTO tracked_refs (repository_id, name, tip, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (repository_id, name) DO UPDATE SET tip = excluded.tip, updated_at = excluded.updated_at
            """,
            [repository, .text(name), .text(tip), .seconds(Date())]
        )
    }

    public func statistics() throws -> HistoryStatistics {
        let commits = try rows(
            """
            SELECT COUNT(*) AS count, COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) AS failed,
                COALESCE(SUM(unchecked), 0) AS unchecked
            FROM commits WHERE repository_id = ?
            """,
            [repository]
        ) { (try $0.int("count"), try $0.int("failed"), try $0.int("unchecked")) }.first ?? (0, 0, 0)
        let blobs = try rows("SELECT COUNT(*) AS count FROM file_analyses") { try $0.int("count") }.first ?? 0
        let bytes = try rows(connection.dialect.databaseSizeQuery) { try $0.int("bytes") }.first ?? 0
        return HistoryStatistics(commits: commits.0, failedCommits: commits.1, findingsNoLongerChecked: commits.2, blobs: blobs, databaseBytes: bytes)
    }
}
