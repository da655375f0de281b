import DynatypeRules
import Foundation

/// The developer loop's persistent cache (`audit`, `check`, `fix`): phase-one analyses
/// of files by content (their git blob id) and analyzer version, in an SQLite
/// file of its own. Phase one reads nothing but the file's bytes, so a cached
/// analysis is the analysis; what other files define is resolved on every run
/// from all the analyses, cached or not.
///
/// It is an optimisation and is never trusted: a file at the path that is not
/// this cache, an older one, or a damaged one is replaced (or, where the user
/// named a path that holds something else, left alone and not used); a row
/// that does not decode is a miss; a cache that cannot be read or written is
/// no cache. Runs that share it (two editors' hooks, CI jobs) take turns
/// through SQLite's locks; a run that cannot get its turn in time skips writing.
public final class AnalysisCacheFile {
    /// A file's content and the analyzer that reads it.
    public struct Key: Hashable, Sendable {
        public let content: String
        public let analyzer: String

        public init(content: String, analyzer: String) {
            self.content = content
            self.analyzer = analyzer
        }
    }

    /// An analysis to add, encoded on the thread that made it.
    public struct Entry: Sendable {
        let key: Key
        let payload: Data

        public init(key: Key, analysis: FileAnalysis) throws {
            self.key = key
            payload = try AnalysisJSONEncoder.encode(analysis)
        }

        /// What the entry takes of the budget.
        public var bytes: Int { payload.count }

        /// A history's blob analysis, already encoded the same way (nil for a decline).
        public init?(_ analysis: BlobAnalysis) {
            guard case .analyzed = analysis.result else { return nil }
            key = Key(content: analysis.blob, analyzer: analysis.analyzer)
            payload = analysis.payload
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case foreign(path: String)

        public var description: String {
            switch self {
            case .foreign(let path): return "\(path) is not a dynatype analysis cache; it is left as it is and no cache is used"
            }
        }
    }

    public let path: String
    /// What the cached analyses may take; the least recently used go first.
    public let budgetBytes: Int
    private var database: SQLiteDatabase?
    private let decoder = JSONDecoder()
    /// This run's stamp for the rows it reads or writes (least recently used = lowest).
    private var stamp = 0
    /// Rows read since the last `store`, whose stamp it updates.
    private var used: Set<Key> = []

    public static let defaultBudgetBytes = 256 << 20
    /// "dytc" in SQLite's header, so a file is known to be this cache before its tables are read.
    static let applicationID = 0x6479_7463
    static let formatVersion = 1

    /// Opens the cache at `path`, creating it. A file there that is an older
    /// or damaged cache is replaced; one that is something else is replaced
    /// only when `replacingForeignFiles` (the default location, which only
    /// dynatype writes), else `Failure.foreign` is thrown. A cache another
    /// run holds too long (`SQLiteError.isBusy`) or that cannot be read is
    /// left as it is and the error thrown: this run goes without.
    public init(path: String, budgetBytes: Int = defaultBudgetBytes, replacingForeignFiles: Bool) throws {
        self.path = path
        self.budgetBytes = budgetBytes
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let database = try Self.open(path)
            stamp = try database.query("SELECT coalesce(max(used), 0) + 1 AS next FROM analyses") { try $0.int("next") }.first ?? 1
            self.database = database
        } catch Failure.foreign(let path) where !replacingForeignFiles {
            throw Failure.foreign(path: path)
        } catch let error as SQLiteError where error.isBusy || error.isIOError {
            throw error
        } catch {
            Self.remove(path)
            database = try Self.open(path)
            stamp = 1
        }
    }

    private static func open(_ path: String) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        do {
            // Under the write lock, so of runs that start together one creates the tables and the others find them.
            try database.transaction {
                let id = try pragma("application_id", database)
                if id == 0, try isEmpty(database) {
                    try database.execute("""
                        CREATE TABLE analyses (
                            content TEXT NOT NULL,
                            analyzer TEXT NOT NULL,
                            payload BLOB NOT NULL,
                            used INTEGER NOT NULL,
                            PRIMARY KEY (content, analyzer)
                        ) WITHOUT ROWID;
                        CREATE INDEX analyses_by_use ON analyses (used);
                        PRAGMA application_id = \(applicationID);
                        PRAGMA user_version = \(formatVersion);
                        """)
                } else if id != applicationID {
                    throw Failure.foreign(path: path)
                }
            }
        } catch let error as SQLiteError where error.isNotADatabase {
            // The first statement that reads the header fails on bytes that are no database.
            throw Failure.foreign(path: path)
        }
        guard try pragma("user_version", database) == formatVersion else { throw CacheOutdated() }
        let journal = try database.query("PRAGMA journal_mode") { try $0.text("journal_mode") }.first
        if journal != "wal" {
            try database.execute("PRAGMA journal_mode = WAL")
        }
        try database.execute("PRAGMA synchronous = NORMAL")
        return database
    }

    private struct CacheOutdated: Error {}

    private static func pragma(_ name: String, _ database: SQLiteDatabase) throws -> Int {
        try database.query("PRAGMA \(name)") { try $0.int(name) }.first ?? 0
    }

    private static func isEmpty(_ database: SQLiteDatabase) throws -> Bool {
        try database.query("SELECT count(*) AS tables FROM sqlite_master") { try $0.int("tables") }.first == 0
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// The cached analyses of `keys` (misses are absent); `store` marks them used.
    public func analyses(for keys: [Key]) -> [Key: FileAnalysis] {
        guard let database else { return [:] }
        var found: [Key: FileAnalysis] = [:]
        do {
            for key in Set(keys) {
                let payloads = try database.query(
                    "SELECT payload FROM analyses WHERE content = ? AND analyzer = ?", [.text(key.content), .text(key.analyzer)]
                ) { try $0.data("payload") }
                if let payload = payloads.first, let analysis = try? decoder.decode(FileAnalysis.self, from: payload) {
                    found[key] = analysis
                }
            }
        } catch {
            discard(after: error)
            return [:]
        }
        used.formUnion(found.keys)
        return found
    }

    /// Adds analyses and marks the ones read as used, in one transaction,
    /// then drops the least recently used past the budget.
    public func store(_ entries: [Entry]) {
        guard let database, !(entries.isEmpty && used.isEmpty) else { return }
        defer { used.removeAll() }
        do {
            try database.transaction {
                for key in used {
                    try database.run(
                        "UPDATE analyses SET used = ? WHERE content = ? AND analyzer = ?", [.integer(Int64(stamp)), .text(key.content), .text(key.analyzer)]
                    )
                }
                for entry in entries {
                    try database.run(
                        """
                        INSERT INTO analyses (content, analyzer, payload, used) VALUES (?, ?, ?, ?)
                        ON CONFLICT (content, analyzer) DO UPDATE SET payload = excluded.payload, used = excluded.used
                        """,
                        [.text(entry.key.content), .text(entry.key.analyzer), .blob(entry.payload), .integer(Int64(stamp))]
                    )
                }
                try evictPastBudget(database)
            }
        } catch {
            discard(after: error)
        }
    }

    /// Oldest first until what is left fits in the budget.
    private func evictPastBudget(_ database: SQLiteDatabase) throws {
        let total = try database.query("SELECT coalesce(sum(length(payload)), 0) AS bytes FROM analyses") { try $0.int("bytes") }.first ?? 0
        guard total > budgetBytes else { return }
        var excess = total - budgetBytes
        var oldest: [Key] = []
        let rows = try database.query("SELECT content, analyzer, length(payload) AS bytes FROM analyses ORDER BY used") {
            (Key(content: try $0.text("content"), analyzer: try $0.text("analyzer")), try $0.int("bytes"))
        }
        for (key, bytes) in rows where excess > 0 {
            oldest.append(key)
            excess -= bytes
        }
        for key in oldest {
            try database.run("DELETE FROM analyses WHERE content = ? AND analyzer = ?", [.text(key.content), .text(key.analyzer)])
        }
    }

    /// After a failure: a damaged cache is replaced by an empty one (or none,
    /// if that fails too); one that another run holds, or that cannot be read
    /// now, is left to the other runs and not used by this one.
    private func discard(after error: Error) {
        database = nil
        guard let failure = error as? SQLiteError, failure.isCorrupt || failure.isNotADatabase else { return }
        Self.remove(path)
        database = try? Self.open(path)
    }
}
