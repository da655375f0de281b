import Foundation

/// The SQLite history of one repository: WAL journal, one transaction per
/// commit, schema migrations. Default location: `$GIT_DIR/dynatype/history.sqlite`.
public final class SQLiteHistoryStore: SQLHistoryStore {
    public let path: String
    let database: SQLiteDatabase
    /// Held while this store records the history (`HistoryDatabase.openForWriting`).
    var lock: HistoryLock?

    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        if !readOnly {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true
            )
        }
        database = try SQLiteDatabase(path: path, readOnly: readOnly)
        do {
            if !readOnly {
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("PRAGMA synchronous = NORMAL")
            }
            try database.execute("PRAGMA foreign_keys = ON")
            try SchemaMigrator(connection: database, name: path).migrate(readOnly: readOnly)
        } catch let error as SQLiteError where error.isNotADatabase {
            throw HistoryError.notADatabase(path: path)
        } catch let error as SQLiteError where error.isCorrupt {
            throw HistoryError.corrupt(path: path, detail: error.message)
        }
        // The file holds one repository, whose rows the migration to
        // repository identities numbered 1.
        super.init(connection: database, name: path, repositoryID: 1)
    }
}
