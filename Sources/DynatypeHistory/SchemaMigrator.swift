/// Brings a history database to `HistorySchema.latestVersion`, in either
/// engine: the version is recorded in `dynatype_meta`, a database that is
/// not a dynatype history or comes from a newer dynatype is refused.
struct SchemaMigrator {
    let connection: any SQLConnection
    /// The database as messages name it (a path, or a URL without its password).
    let name: String
    /// The version to reach: the latest, except where a database an older
    /// dynatype wrote is made (the migration tests).
    var target = HistorySchema.latestVersion

    func migrate(readOnly: Bool) throws {
        let version = try recordedVersion()
        guard version < target else { return }
        guard !readOnly else { throw HistoryError.corrupt(path: name, detail: "schema \(version) needs a migration; open it for writing once") }
        try connection.transaction {
            if connection.dialect == .postgresql {
                // Two daemons starting at once: one migrates, the other waits and finds it done.
                try connection.run("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", [])
            }
            let current = try recordedVersion()
            guard current < target else { return }
            if current == 0 {
                try connection.execute("CREATE TABLE dynatype_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                try connection.run("INSERT INTO dynatype_meta (key, value) VALUES ('application', ?)", [.text(HistorySchema.application)])
            }
            for (version, step) in zip((current + 1)...target, HistorySchema.steps[current..<target]) {
                if !step.sql(connection.dialect).isEmpty { try connection.execute(step.sql(connection.dialect)) }
                try connection.run(
                    "INSERT INTO dynatype_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [.text("migration.\(version)"), .text(step.name)]
                )
            }
            try connection.run(
                """
                INSERT INTO dynatype_meta (key, value) VALUES ('schema_version', ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """,
                [.text(String(target))]
            )
        }
    }

    /// An advisory lock key of its own ("dyns"), apart from repositories' ownership.
    static let migrationLockKey: Int64 = 0x6479_6E73

    /// The version the database reached; 0 for an empty database.
    private func recordedVersion() throws -> Int {
        let tables = try connection.query(tablesQuery, []) { try $0.text("name") }
        guard tables.contains("dynatype_meta") else {
            if !tables.isEmpty { throw HistoryError.foreign(path: name) }
            return 0
        }
        let application = try connection.query("SELECT value FROM dynatype_meta WHERE key = 'application'", []) { try $0.text("value") }.first
        guard application == HistorySchema.application else { throw HistoryError.foreign(path: name) }
        let recorded = try connection.query("SELECT value FROM dynatype_meta WHERE key = 'schema_version'", []) { try $0.text("value") }.first
        guard let recorded, let number = Int(recorded), number >= 1 else {
            throw HistoryError.corrupt(path: name, detail: "its schema version is \(recorded.map { "\"\($0)\"" } ?? "missing"), not a version number")
        }
        if number > HistorySchema.latestVersion {
            throw HistoryError.newerSchema(path: name, found: number, supported: HistorySchema.latestVersion)
        }
        return number
    }

    private var tablesQuery: String {
        switch connection.dialect {
        case .sqlite: return "SELECT name FROM sqlite_master WHERE type = 'table'"
        case .postgresql: return "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()"
        }
    }
}
