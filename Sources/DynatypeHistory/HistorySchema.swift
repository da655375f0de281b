/// The history database's schema, as numbered migrations. A database records
/// the version it has reached; opening applies the missing ones in one
/// transaction and refuses a database from a newer dynatype.
enum HistorySchema {
    static let application = "dynatype-history"

    /// Each entry moves the schema one version up (index 0 creates version 1).
    static let migrations: [String] = [
        """
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
        """,
        // 2: the alert outbox, and the regressions waiting to be resolved.
        """
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
        """,
        // 3: audits started and not finished, so a commit that crashes the
        // process every time is recorded as failed instead of crashing it forever.
        """
        CREATE TABLE audit_attempts (
            sha TEXT PRIMARY KEY,
            attempts INTEGER NOT NULL
        );
        """,
    ]

    static var latestVersion: Int { migrations.count }
}
