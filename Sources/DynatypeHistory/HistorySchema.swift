/// The history database's schema, as numbered steps. A database records
/// the version it has reached; opening applies the missing steps in one
/// transaction and refuses a database from a newer dynatype
/// (`SchemaMigrator`). Each step is written for both engines: SQLite's
/// tables hold one repository, PostgreSQL's many (every row keyed by
/// `repository_id`), and the shared queries are written for both.
enum HistorySchema {
    static let application = "dynatype-history"

    struct Step {
        /// What the step brings, recorded in `dynatype_meta` (`migration.<version>`) when it runs.
        let name: String
        let sqlite: String
        let postgresql: String

        func sql(_ dialect: SQLDialect) -> String { dialect == .sqlite ? sqlite : postgresql }
    }

    /// A step whose SQL both engines run as it is.
    private static func step(_ name: String, both sql: String) -> Step { Step(name: name, sqlite: sql, postgresql: sql) }

    /// Each entry moves the schema one version up (index 0 creates version 1).
    static let steps: [Step] = [
        Step(name: "blob analyses, commits, finding changes, renames, tracked refs", sqlite: """
            CREATE TABLE file_analyses (
                blob TEXT NOT NULL,
                analyzer TEXT NOT NULL,
                outcome TEXT NOT NULL CHECK (outcome IN ('analyzed', 'declined')),
                payload BLOB NOT NULL,
                PRIMARY KEY (blob, analyzer)
            ) WITHOUT ROWID;
            CREATE TABLE commits (
                sha TEXT PRIMARY KEY,
                seq INTEGER NOT NULL UNIQUE,
                parent TEXT,
                base TEXT,
                status TEXT NOT NULL CHECK (status IN ('audited', 'failed')),
                error TEXT,
                baseline INTEGER NOT NULL,
                author_name TEXT NOT NULL,
                author_email TEXT NOT NULL,
                committed_at INTEGER NOT NULL,
                title TEXT NOT NULL,
                config_hash TEXT,
                files_audited INTEGER NOT NULL,
                files_failing INTEGER NOT NULL,
                text_elements INTEGER NOT NULL,
                text_elements_passing INTEGER NOT NULL,
                errors INTEGER NOT NULL,
                warnings INTEGER NOT NULL,
                notes INTEGER NOT NULL,
                findings_by_rule TEXT NOT NULL,
                introduced INTEGER NOT NULL,
                fixed INTEGER NOT NULL,
                introduced_errors INTEGER NOT NULL,
                files_newly_failing INTEGER NOT NULL,
                duration_seconds REAL NOT NULL,
                audited_at INTEGER NOT NULL
            );
            CREATE TABLE finding_changes (
                sha TEXT NOT NULL REFERENCES commits(sha),
                change TEXT NOT NULL CHECK (change IN ('introduced', 'fixed')),
                fingerprint TEXT NOT NULL,
                rule TEXT NOT NULL,
                severity TEXT NOT NULL,
                path TEXT NOT NULL,
                line INTEGER NOT NULL,
                col INTEGER NOT NULL,
                message TEXT NOT NULL,
                fix TEXT NOT NULL,
                current TEXT NOT NULL
            );
            CREATE INDEX finding_changes_by_commit ON finding_changes (sha);
            CREATE INDEX finding_changes_by_fingerprint ON finding_changes (fingerprint);
            CREATE TABLE path_renames (
                sha TEXT NOT NULL REFERENCES commits(sha),
                old_path TEXT NOT NULL,
                new_path TEXT NOT NULL
            );
            CREATE INDEX path_renames_by_new_path ON path_renames (new_path);
            CREATE TABLE tracked_refs (
                name TEXT PRIMARY KEY,
                tip TEXT NOT NULL,
                updated_at INTEGER NOT NULL
            );
            """, postgresql: """
            CREATE TABLE repositories (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                root_commit TEXT NOT NULL,
                created_at BIGINT NOT NULL
            );
            -- Shared by every repository: a blob analysed once is analysed for all.
            CREATE TABLE file_analyses (
                blob TEXT NOT NULL,
                analyzer TEXT NOT NULL,
                outcome TEXT NOT NULL CHECK (outcome IN ('analyzed', 'declined')),
                payload BYTEA NOT NULL,
                PRIMARY KEY (blob, analyzer)
            );
            CREATE TABLE commits (
                repository_id BIGINT NOT NULL REFERENCES repositories(id),
                sha TEXT NOT NULL,
                seq BIGINT NOT NULL,
                parent TEXT,
                base TEXT,
                status TEXT NOT NULL CHECK (status IN ('audited', 'failed')),
                error TEXT,
                baseline INTEGER NOT NULL,
                author_name TEXT NOT NULL,
                author_email TEXT NOT NULL,
                committed_at BIGINT NOT NULL,
                title TEXT NOT NULL,
                config_hash TEXT,
                files_audited INTEGER NOT NULL,
                files_failing INTEGER NOT NULL,
                text_elements INTEGER NOT NULL,
                text_elements_passing INTEGER NOT NULL,
                errors INTEGER NOT NULL,
                warnings INTEGER NOT NULL,
                notes INTEGER NOT NULL,
                findings_by_rule TEXT NOT NULL,
                introduced INTEGER NOT NULL,
                fixed INTEGER NOT NULL,
                introduced_errors INTEGER NOT NULL,
                files_newly_failing INTEGER NOT NULL,
                duration_seconds DOUBLE PRECISION NOT NULL,
                audited_at BIGINT NOT NULL,
                PRIMARY KEY (repository_id, sha),
                UNIQUE (repository_id, seq)
            );
            CREATE TABLE finding_changes (
                repository_id BIGINT NOT NULL,
                sha TEXT NOT NULL,
                change TEXT NOT NULL CHECK (change IN ('introduced', 'fixed')),
                fingerprint TEXT NOT NULL,
                rule TEXT NOT NULL,
                severity TEXT NOT NULL,
                path TEXT NOT NULL,
                line INTEGER NOT NULL,
                col INTEGER NOT NULL,
                message TEXT NOT NULL,
                fix TEXT NOT NULL,
                current TEXT NOT NULL,
                FOREIGN KEY (repository_id, sha) REFERENCES commits (repository_id, sha)
            );
            CREATE INDEX finding_changes_by_commit ON finding_changes (repository_id, sha);
            CREATE INDEX finding_changes_by_fingerprint ON finding_changes (repository_id, fingerprint);
            CREATE TABLE path_renames (
                repository_id BIGINT NOT NULL,
                sha TEXT NOT NULL,
                old_path TEXT NOT NULL,
                new_path TEXT NOT NULL,
                FOREIGN KEY (repository_id, sha) REFERENCES commits (repository_id, sha)
            );
            CREATE INDEX path_renames_by_new_path ON path_renames (repository_id, new_path);
            CREATE TABLE tracked_refs (
                repository_id BIGINT NOT NULL REFERENCES repositories(id),
                name TEXT NOT NULL,
                tip TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (repository_id, name)
            );
            """),
        // 2: the alert outbox, and the regressions waiting to be resolved.
        Step(name: "alert outbox and open regressions", sqlite: """
            CREATE TABLE alerts (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                sha TEXT NOT NULL REFERENCES commits(sha),
                kind TEXT NOT NULL CHECK (kind IN ('regression', 'resolved')),
                ref TEXT NOT NULL,
                payload TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE alert_deliveries (
                alert_id INTEGER NOT NULL REFERENCES alerts(id),
                sink TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at REAL NOT NULL,
                delivered_at INTEGER,
                last_error TEXT,
                PRIMARY KEY (alert_id, sink)
            );
            CREATE INDEX alert_deliveries_pending ON alert_deliveries (delivered_at, next_attempt_at);
            CREATE TABLE open_regressions (
                sha TEXT PRIMARY KEY REFERENCES commits(sha),
                ref TEXT NOT NULL,
                findings TEXT NOT NULL,
                failing_paths TEXT NOT NULL,
                ratio_before REAL NOT NULL
            );
            """, postgresql: """
            CREATE TABLE alerts (
                id BIGSERIAL PRIMARY KEY,
                repository_id BIGINT NOT NULL,
                key TEXT NOT NULL,
                sha TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('regression', 'resolved')),
                ref TEXT NOT NULL,
                payload TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                UNIQUE (repository_id, key),
                FOREIGN KEY (repository_id, sha) REFERENCES commits (repository_id, sha)
            );
            CREATE TABLE alert_deliveries (
                alert_id BIGINT NOT NULL REFERENCES alerts(id),
                sink TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at DOUBLE PRECISION NOT NULL,
                delivered_at BIGINT,
                last_error TEXT,
                PRIMARY KEY (alert_id, sink)
            );
            CREATE INDEX alert_deliveries_pending ON alert_deliveries (sink, delivered_at, next_attempt_at);
            CREATE TABLE open_regressions (
                repository_id BIGINT NOT NULL,
                sha TEXT NOT NULL,
                ref TEXT NOT NULL,
                findings TEXT NOT NULL,
                failing_paths TEXT NOT NULL,
                ratio_before DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (repository_id, sha),
                FOREIGN KEY (repository_id, sha) REFERENCES commits (repository_id, sha)
            );
            """),
        // 3: audits started and not finished, so a commit that crashes the
        // process every time is recorded as failed instead of crashing it forever.
        Step(name: "audit attempts", sqlite: """
            CREATE TABLE audit_attempts (
                sha TEXT PRIMARY KEY,
                attempts INTEGER NOT NULL
            );
            """, postgresql: """
            CREATE TABLE audit_attempts (
                repository_id BIGINT NOT NULL REFERENCES repositories(id),
                sha TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                PRIMARY KEY (repository_id, sha)
            );
            """),
        // 4: the repository's identity (a name and its root commit), and rows
        // keyed by it as PostgreSQL's were from the start. SQLite's file holds
        // one repository, so its rows get id 1, and the unique indexes the
        // shared upserts name.
        Step(name: "repository identity", sqlite: """
            CREATE TABLE repositories (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                root_commit TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            ALTER TABLE commits ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE finding_changes ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE path_renames ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE tracked_refs ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE alerts ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE open_regressions ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE audit_attempts ADD COLUMN repository_id INTEGER NOT NULL DEFAULT 1;
            CREATE UNIQUE INDEX tracked_refs_by_repository ON tracked_refs (repository_id, name);
            CREATE UNIQUE INDEX audit_attempts_by_repository ON audit_attempts (repository_id, sha);
            CREATE UNIQUE INDEX open_regressions_by_repository ON open_regressions (repository_id, sha);
            """, postgresql: ""),
        // 5: where earlier limited scans began, read at every plan (a daemon
        // plans at each ref move): without it, a scan of all commits.
        step("index of limited scans' baselines", both: """
            CREATE INDEX commits_baselines ON commits (repository_id, parent) WHERE baseline = 1;
            """),
        // 6: the truth about configuration and moved code. Each commit
        // records the effective configuration it was audited with (kept once
        // per distinct configuration), why its own file could not be used,
        // and what its configuration change lowered; finding changes can be
        // moves and findings no longer checked; alerts say when a
        // configuration is invalid or weakened; a regression keeps the
        // commit that resolved it. SQLite cannot widen a CHECK, so it copies
        // the two tables (children first, then their parent).
        Step(name: "configurations, moved and unchecked findings, policy alerts", sqlite: """
            CREATE TABLE configurations (
                hash TEXT PRIMARY KEY,
                body TEXT NOT NULL
            ) WITHOUT ROWID;
            ALTER TABLE commits ADD COLUMN config_error TEXT;
            ALTER TABLE commits ADD COLUMN policy_change TEXT;
            ALTER TABLE commits ADD COLUMN unchecked INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE commits ADD COLUMN moved INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE open_regressions ADD COLUMN resolved_by TEXT;

            CREATE TABLE finding_changes_6 (
                sha TEXT NOT NULL REFERENCES commits(sha),
                change TEXT NOT NULL CHECK (change IN (\(findingChangeKinds))),
                fingerprint TEXT NOT NULL,
                rule TEXT NOT NULL,
                severity TEXT NOT NULL,
                path TEXT NOT NULL,
                line INTEGER NOT NULL,
                col INTEGER NOT NULL,
                message TEXT NOT NULL,
                fix TEXT NOT NULL,
                current TEXT NOT NULL,
                repository_id INTEGER NOT NULL DEFAULT 1,
                from_path TEXT,
                from_fingerprint TEXT
            );
            INSERT INTO finding_changes_6 (sha, change, fingerprint, rule, severity, path, line, col, message, fix, current, repository_id)
                SELECT sha, change, fingerprint, rule, severity, path, line, col, message, fix, current, repository_id FROM finding_changes;
            DROP TABLE finding_changes;
            ALTER TABLE finding_changes_6 RENAME TO finding_changes;
            CREATE INDEX finding_changes_by_commit ON finding_changes (sha);
            CREATE INDEX finding_changes_by_fingerprint ON finding_changes (fingerprint);

            CREATE TABLE alert_deliveries_5 AS SELECT * FROM alert_deliveries;
            DROP TABLE alert_deliveries;
            CREATE TABLE alerts_6 (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                sha TEXT NOT NULL REFERENCES commits(sha),
                kind TEXT NOT NULL CHECK (kind IN (\(alertKinds))),
                ref TEXT NOT NULL,
                payload TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                repository_id INTEGER NOT NULL DEFAULT 1
            );
            INSERT INTO alerts_6 (id, key, sha, kind, ref, payload, created_at, repository_id)
                SELECT id, key, sha, kind, ref, payload, created_at, repository_id FROM alerts;
            DROP TABLE alerts;
            ALTER TABLE alerts_6 RENAME TO alerts;
            CREATE TABLE alert_deliveries (
                alert_id INTEGER NOT NULL REFERENCES alerts(id),
                sink TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at REAL NOT NULL,
                delivered_at INTEGER,
                last_error TEXT,
                PRIMARY KEY (alert_id, sink)
            );
            INSERT INTO alert_deliveries (alert_id, sink, attempts, next_attempt_at, delivered_at, last_error)
                SELECT alert_id, sink, attempts, next_attempt_at, delivered_at, last_error FROM alert_deliveries_5;
            DROP TABLE alert_deliveries_5;
            CREATE INDEX alert_deliveries_pending ON alert_deliveries (delivered_at, next_attempt_at);
            """, postgresql: """
            CREATE TABLE configurations (
                hash TEXT PRIMARY KEY,
                body TEXT NOT NULL
            );
            ALTER TABLE commits ADD COLUMN config_error TEXT;
            ALTER TABLE commits ADD COLUMN policy_change TEXT;
            ALTER TABLE commits ADD COLUMN unchecked INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE commits ADD COLUMN moved INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE open_regressions ADD COLUMN resolved_by TEXT;
            ALTER TABLE finding_changes DROP CONSTRAINT finding_changes_change_check;
            ALTER TABLE finding_changes ADD CONSTRAINT finding_changes_change_check CHECK (change IN (\(findingChangeKinds)));
            ALTER TABLE finding_changes ADD COLUMN from_path TEXT;
            ALTER TABLE finding_changes ADD COLUMN from_fingerprint TEXT;
            ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
            ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (\(alertKinds)));
            """),
        // 7: files a commit's audit declined (binary, too large, over their
        // CPU budget) are said, not dropped: how many in its tree, and why
        // for those it added or changed (JSON, path → reason).
        step("files not audited", both: """
            ALTER TABLE commits ADD COLUMN files_not_audited INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE commits ADD COLUMN not_audited TEXT NOT NULL DEFAULT '{}';
            """),
    ]

    /// The values the CHECK constraints of step 6 allow, from the Swift enums.
    private static var findingChangeKinds: String { FindingChange.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
    private static var alertKinds: String { OutboxAlert.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }

    static var latestVersion: Int { steps.count }
}
