@testable import DynatypeHistory
import Foundation
import Testing

/// The two history engines the store conformance suite runs on: an SQLite
/// file in a temporary folder, and a fresh database on the test run's
/// PostgreSQL server.
enum StoreEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    /// A new, empty history database (the folder keeps an SQLite file alive).
    func emptyDatabase(in folder: TemporaryDirectory) throws -> HistoryDatabase {
        switch self {
        case .sqlite: return .sqlite(path: folder.url.appendingPathComponent("history-\(UUID().uuidString.prefix(6)).sqlite").path)
        case .postgresql: return .postgresql(try PostgresServer.shared.createDatabase())
        }
    }
}

extension RepositoryIdentity {
    static func test(_ name: String = "app", root: String = String(repeating: "a", count: 40), explicit: Bool = true) -> RepositoryIdentity {
        RepositoryIdentity(name: name, rootCommit: root, isNamedExplicitly: explicit)
    }
}

extension SQLHistoryStore {
    /// Statements a test needs beside the store's own (damage, a newer schema).
    func executeForTest(_ sql: String) throws { try connection.execute(sql) }

    /// The schema steps the database records as run, by version.
    func migrationsForTest() throws -> [String: String] {
        let rows = try connection.query("SELECT key, value FROM dynatype_meta WHERE key LIKE 'migration.%'", []) { (try $0.text("key"), try $0.text("value")) }
        return Dictionary(uniqueKeysWithValues: rows)
    }

    /// Every `table.column` of the schema, as the engine's own catalogue lists them.
    func columnsForTest() throws -> Set<String> {
        let query = switch connection.dialect {
        case .sqlite:
            """
            SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m JOIN pragma_table_info(m.name) p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
            """
        case .postgresql:
            "SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        }
        return Set(try connection.query(query, []) { try $0.text("table_name") + "." + $0.text("column_name") })
    }
}
