import DynatypeRules
import Foundation

/// The SQLite history: WAL journal, one transaction per commit, schema
/// migrations. Default location: `$GIT_DIR/dynatype/history.sqlite`.
public final class SQLiteHistoryStore: HistoryStore {
    public let path: String
    let database: SQLiteDatabase
    /// Sorted keys: the same summary is stored as the same bytes.
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    private let decoder = JSONDecoder()

    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        if !readOnly {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true
            )
        }
        database = try SQLiteDatabase(path: path, readOnly: readOnly)
        do {
            try prepare(readOnly: readOnly)
        } catch let error as SQLiteError where error.isNotADatabase {
            throw HistoryError.notADatabase(path: path)
        } catch let error as SQLiteError where error.isCorrupt {
            throw HistoryError.corrupt(path: path, detail: error.message)
        }
    }

    /// Brings the schema to the latest version, refusing foreign and newer databases.
    private func prepare(readOnly: Bool) throws {
        if !readOnly {
            try database.execute("PRAGMA journal_mode = WAL")
            try database.execute("PRAGMA synchronous = NORMAL")
        }
        try database.execute("PRAGMA foreign_keys = ON")
        let tables = try rows("SELECT name FROM sqlite_master WHERE type = 'table'") { try $0.text("name") }
        var version = 0
        if tables.contains("dynatype_meta") {
            let application = try rows("SELECT value FROM dynatype_meta WHERE key = 'application'") { try $0.text("value") }.first
            guard application == HistorySchema.application else { throw HistoryError.foreign(path: path) }
            let recorded = try rows("SELECT value FROM dynatype_meta WHERE key = 'schema_version'") { try $0.text("value") }.first
            guard let recorded, let number = Int(recorded), number >= 1 else {
                throw HistoryError.corrupt(path: path, detail: "its schema version is \(recorded.map { "\"\($0)\"" } ?? "missing"), not a version number")
            }
            version = number
        } else if !tables.isEmpty {
            throw HistoryError.foreign(path: path)
        }
        if version > HistorySchema.latestVersion {
            throw HistoryError.newerSchema(path: path, found: version, supported: HistorySchema.latestVersion)
        }
        guard version < HistorySchema.latestVersion else { return }
        guard !readOnly else { throw HistoryError.corrupt(path: path, detail: "schema \(version) needs a migration; open it for writing once") }
        try database.transaction {
            if version == 0 {
                try database.execute("CREATE TABLE dynatype_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                try database.run("INSERT INTO dynatype_meta (key, value) VALUES ('application', ?)", [.text(HistorySchema.application)])
            }
            for migration in HistorySchema.migrations[version...] {
                try database.execute(migration)
            }
            try database.run(
                "INSERT OR REPLACE INTO dynatype_meta (key, value) VALUES ('schema_version', ?)",
                [.text(String(HistorySchema.latestVersion))]
            )
        }
    }

    /// Rows of a query. A damaged row (see `SQLiteRow`) or page is a damaged
    /// history, reported as such with what to do.
    func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (SQLiteRow) throws -> T) throws -> [T] {
        do {
            return try database.query(sql, values, row)
        } catch let error as SQLiteError where error.isCorrupt {
            throw HistoryError.corrupt(path: path, detail: error.message)
        }
    }

    // MARK: Blob analyses

    public func analysis(blob: String, analyzer: String) throws -> CachedAnalysis? {
        try rows(
            "SELECT outcome, payload FROM file_analyses WHERE blob = ? AND analyzer = ?", [.text(blob), .text(analyzer)]
        ) { row -> CachedAnalysis in
            let payload = try row.data("payload")
            if try row.text("outcome") == "declined" { return .declined(String(decoding: payload, as: UTF8.self)) }
            return .analyzed(try decoder.decode(FileAnalysis.self, from: payload))
        }.first
    }

    private func insert(_ analysis: BlobAnalysis) throws {
        try database.run(
            "INSERT OR IGNORE INTO file_analyses (blob, analyzer, outcome, payload) VALUES (?, ?, ?, ?)",
            [.text(analysis.blob), .text(analysis.analyzer), .text(analysis.outcome), .blob(analysis.payload)]
        )
    }

    // MARK: Commits

    public func save(
        _ record: CommitRecord, changes: [FindingChange], renames: [PathRename], analyses: [BlobAnalysis], tips: [String: String],
        notifications: CommitNotifications
    ) throws {
        try database.transaction {
            for analysis in analyses { try insert(analysis) }
            let sequence = try rows("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM commits") { try $0.int("next") }.first ?? 1
            let summary = record.summary
            let byRule = String(decoding: try encoder.encode(summary.findingsByRule), as: UTF8.self)
            try database.run(
                """
                INSERT INTO commits (sha, seq, parent, base, status, error, baseline, author_name, author_email, committed_at,
                    title, config_hash, files_audited, files_failing, text_elements, text_elements_passing, errors, warnings,
                    notes, findings_by_rule, introduced, fixed, introduced_errors, files_newly_failing, duration_seconds, audited_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(record.sha), .integer(Int64(sequence)), record.parent.map(SQLValue.text) ?? .null,
                    record.base.map(SQLValue.text) ?? .null, .text(record.status.rawValue), record.error.map(SQLValue.text) ?? .null,
                    .integer(record.isBaseline ? 1 : 0), .text(record.authorName), .text(record.authorEmail),
                    .integer(Int64(record.committedAt.timeIntervalSince1970)), .text(record.title),
                    record.configurationHash.map(SQLValue.text) ?? .null,
                    .integer(Int64(summary.filesAudited)), .integer(Int64(summary.filesFailing)), .integer(Int64(summary.textElements)),
                    .integer(Int64(summary.textElementsPassing)), .integer(Int64(summary.errors)), .integer(Int64(summary.warnings)),
                    .integer(Int64(summary.notes)), .text(byRule), .integer(Int64(record.introduced)), .integer(Int64(record.fixed)),
                    .integer(Int64(record.introducedErrors)), .integer(Int64(record.filesNewlyFailing)),
                    .real(record.durationSeconds), .integer(Int64(record.auditedAt.timeIntervalSince1970)),
                ]
            )
            for change in changes {
                try database.run(
                    """
                    INSERT INTO finding_changes (sha, change, fingerprint, rule, severity, path, line, col, message, fix, current)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(record.sha), .text(change.kind.rawValue), .text(change.fingerprint), .text(change.rule),
                        .text(change.severity), .text(change.path), .integer(Int64(change.line)), .integer(Int64(change.column)),
                        .text(change.message), .text(change.fix), .text(change.current),
                    ]
                )
            }
            for rename in renames {
                try database.run(
                    "INSERT INTO path_renames (sha, old_path, new_path) VALUES (?, ?, ?)",
                    [.text(record.sha), .text(rename.oldPath), .text(rename.newPath)]
                )
            }
            for (name, tip) in tips { try setTrackedRef(name, tip: tip) }
            try enqueue(notifications, commit: record.sha)
            try database.run("DELETE FROM audit_attempts WHERE sha = ?", [.text(record.sha)])
        }
    }

    public func beginAttempt(_ sha: String) throws -> Int {
        try database.run(
            "INSERT INTO audit_attempts (sha, attempts) VALUES (?, 1) ON CONFLICT(sha) DO UPDATE SET attempts = attempts + 1", [.text(sha)]
        )
        return try rows("SELECT attempts FROM audit_attempts WHERE sha = ?", [.text(sha)]) { try $0.int("attempts") }.first ?? 1
    }

    public func renames(to path: String) throws -> [(commit: String, rename: PathRename)] {
        try rows(
            "SELECT r.sha, r.old_path FROM path_renames r JOIN commits c ON c.sha = r.sha WHERE r.new_path = ? ORDER BY c.seq DESC",
            [.text(path)]
        ) { (commit: try $0.text("sha"), rename: PathRename(oldPath: try $0.text("old_path"), newPath: path)) }
    }

    private static let commitColumns = """
        sha, seq, parent, base, status, error, baseline, author_name, author_email, committed_at, title, config_hash,
        files_audited, files_failing, text_elements, text_elements_passing, errors, warnings, notes, findings_by_rule,
        introduced, fixed, duration_seconds, audited_at, introduced_errors, files_newly_failing
        """

    private func commitRecord(_ row: SQLiteRow) throws -> CommitRecord {
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
            committedAt: Date(timeIntervalSince1970: TimeInterval(try row.int("committed_at"))), title: try row.text("title"),
            configurationHash: try row.optionalText("config_hash"), summary: summary, introduced: try row.int("introduced"),
            fixed: try row.int("fixed"), durationSeconds: try row.double("duration_seconds"),
            auditedAt: Date(timeIntervalSince1970: TimeInterval(try row.int("audited_at")))
        )
        record.sequence = try row.int("seq")
        record.introducedErrors = try row.int("introduced_errors")
        record.filesNewlyFailing = try row.int("files_newly_failing")
        return record
    }

    public func commit(_ sha: String) throws -> CommitRecord? {
        try rows("SELECT \(Self.commitColumns) FROM commits WHERE sha = ?", [.text(sha)], commitRecord).first
    }

    public func allCommits() throws -> [CommitRecord] {
        try rows("SELECT \(Self.commitColumns) FROM commits ORDER BY seq", [], commitRecord)
    }

    public func findingChanges(of sha: String) throws -> [FindingChange] {
        try rows(
            "SELECT change, fingerprint, rule, severity, path, line, col, message, fix, current FROM finding_changes WHERE sha = ? ORDER BY change DESC, path, line, col",
            [.text(sha)]
        ) { row in
            FindingChange(
                kind: try row.value("change"), fingerprint: try row.text("fingerprint"), rule: try row.text("rule"),
                severity: try row.text("severity"), path: try row.text("path"), line: try row.int("line"), column: try row.int("col"),
                message: try row.text("message"), fix: try row.text("fix"), current: try row.text("current")
            )
        }
    }

    public func introductions(of fingerprint: String) throws -> [String] {
        try rows(
            """
            SELECT c.sha FROM finding_changes f JOIN commits c ON c.sha = f.sha
            WHERE f.fingerprint = ? AND f.change = 'introduced' ORDER BY c.seq DESC
            """,
            [.text(fingerprint)]
        ) { try $0.text("sha") }
    }

    // MARK: Refs and statistics

    public func trackedRefs() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try rows("SELECT name, tip FROM tracked_refs") { (try $0.text("name"), try $0.text("tip")) })
    }

    public func setTrackedRef(_ name: String, tip: String) throws {
        try database.run(
            "INSERT INTO tracked_refs (name, tip, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET tip = excluded.tip, updated_at = excluded.updated_at",
            [.text(name), .text(tip), .integer(Int64(Date().timeIntervalSince1970))]
        )
    }

    public func statistics() throws -> HistoryStatistics {
        let commits = try rows("SELECT COUNT(*) AS count, COALESCE(SUM(status = 'failed'), 0) AS failed FROM commits") {
            (try $0.int("count"), try $0.int("failed"))
        }.first ?? (0, 0)
        let blobs = try rows("SELECT COUNT(*) AS count FROM file_analyses") { try $0.int("count") }.first ?? 0
        let pages = try rows("PRAGMA page_count") { try $0.int("page_count") }.first ?? 0
        let pageSize = try rows("PRAGMA page_size") { try $0.int("page_size") }.first ?? 0
        return HistoryStatistics(commits: commits.0, failedCommits: commits.1, blobs: blobs, databaseBytes: pages * pageSize)
    }
}
