import Foundation

/// The SQL the history needs from an engine: statements with `?`
/// parameters, rows read by column name, and all-or-nothing transactions.
/// The history's queries are written once, in the SQL both engines accept;
/// what differs is named by `SQLDialect`.
public protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs statements without parameters (several, separated by `;`).
    func execute(_ sql: String) throws
    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// Rows of a query, mapped.
    func query<T>(_ sql: String, _ values: [SQLValue], _ row: (any SQLRow) throws -> T) throws -> [T]
    /// All of `body` or nothing. An engine that can lose its connection runs
    /// `body` again on a new one, so `body` must be safe to repeat.
    func transaction<T>(_ body: () throws -> T) throws -> T
}

extension SQLConnection {
    public func run(_ sql: String) throws { try run(sql, []) }

    /// `INSERT INTO table (a, b, …) VALUES (?, ?, …)` from column–value pairs:
    /// each value is written beside its column's name, so none can land in
    /// another column's place. `suffix` follows the values (`ON CONFLICT …`).
    public func insert(into table: String, _ row: KeyValuePairs<String, SQLValue>, suffix: String = "") throws {
        let columns = row.map(\.key).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: row.count).joined(separator: ", ")
        try run("INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))" + suffix, row.map(\.value))
    }
}

/// What the two engines spell differently.
public enum SQLDialect: String, Sendable {
    case sqlite, postgresql

    /// Appended to a query that claims the rows it returns until the
    /// transaction ends, letting other processes skip them. SQLite has a
    /// single writer, so there is nobody to skip.
    var claimRows: String {
        switch self {
        case .sqlite: return ""
        case .postgresql: return " FOR UPDATE OF d SKIP LOCKED"
        }
    }

    /// The size of the whole database (every repository's history and the shared blob cache), as `bytes`.
    var databaseSizeQuery: String {
        switch self {
        case .sqlite: return "SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()"
        case .postgresql: return "SELECT pg_database_size(current_database()) AS bytes"
        }
    }
}

/// A failure of the engine that means the history itself is damaged (a NULL
/// or foreign value in a required column, a corrupt page).
public protocol SQLDamage: Error {
    var isCorrupt: Bool { get }
    var message: String { get }
}
