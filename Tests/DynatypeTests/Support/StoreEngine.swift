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
}
