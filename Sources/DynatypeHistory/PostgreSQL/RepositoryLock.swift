/// Who records a repository's history in a PostgreSQL database: the session
/// holding the advisory lock (`pg_try_advisory_lock(class, repository id)`).
/// The server releases it when that session ends, also when its process
/// dies by kill -9 or its host goes away, so the next daemon takes over.
enum RepositoryLock {
    /// The lock class of repository ownership ("dynt").
    static let lockClass: Int32 = 0x6479_6E74

    /// Takes the lock on `connection`'s session, or throws `.locked` naming the holder.
    static func take(_ repositoryID: Int64, on connection: PostgreSQLConnection, database: String, repository: String) throws {
        let taken = try connection.query("SELECT pg_try_advisory_lock(?::integer, ?::integer) AS taken", [.integer(Int64(lockClass)), .integer(repositoryID)]) {
            try $0.text("taken")
        }.first
        guard taken == "t" else {
            let holder = try self.holder(repositoryID, on: connection) ?? "another process"
            throw HistoryError.locked(path: "\(database) (repository \(repository))", holder: holder)
        }
    }

    /// The holder as it named itself (`application_name`: pid and host) with
    /// its client address; nil when nobody holds the lock.
    static func holder(_ repositoryID: Int64, on connection: PostgreSQLConnection) throws -> String? {
        try connection.query(
            """
            SELECT a.application_name AS name, COALESCE(host(a.client_addr), 'local socket') AS client
            FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = ? AND l.objid::bigint = ? AND l.objsubid = 2
            """,
            [.integer(Int64(lockClass)), .integer(repositoryID)]
        ) { row in
            let name = try row.optionalText("name").flatMap { $0.isEmpty ? nil : $0 } ?? "an unnamed session"
            return "\(name), connected from \(try row.text("client"))"
        }.first
    }
}
