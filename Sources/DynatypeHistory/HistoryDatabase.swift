import Foundation

/// Where a history lives, from a `--db` value or the daemon's `database`:
/// an SQLite file (the default, beside the repository), or a PostgreSQL
/// database (`postgresql://…`) that a fleet of repositories and hosts
/// shares. The one place that picks the engine.
public enum HistoryDatabase: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgresql(PostgreSQLAddress)

    /// A path is relative to `base`; `passwordFile` applies to PostgreSQL only.
    public init(_ text: String, relativeTo base: URL, passwordFile: String? = nil) {
        if PostgreSQLAddress.isAddress(text) {
            self = .postgresql(PostgreSQLAddress(url: text, passwordFile: passwordFile))
        } else {
            self = .sqlite(path: URL(fileURLWithPath: (text as NSString).expandingTildeInPath, relativeTo: base).standardizedFileURL.path)
        }
    }

    /// The database for messages: a path, or the URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgresql(let address): return address.description
        }
    }

    /// The history of `identity`, to record it: its ownership taken (the lock
    /// file beside an SQLite database, an advisory lock in PostgreSQL), the
    /// schema brought up to date, the repository recorded. Another recorder
    /// is refused (`HistoryError.locked`, naming it).
    public func openForWriting(_ identity: RepositoryIdentity) throws -> SQLHistoryStore {
        switch self {
        case .sqlite(let path):
            let lock = try HistoryLock(database: path)
            let store = try SQLiteHistoryStore(path: path)
            _ = try RepositoryRegistry(connection: store.database, name: path).register(identity)
            store.lock = lock
            return store
        case .postgresql(let address):
            return try PostgreSQLHistoryStore(address: address, repository: identity, role: .owner)
        }
    }

    /// The history of `identity`, to read it (or deliver its outbox) beside
    /// its recorder. A history not recorded yet is an error.
    public func openForReading(_ identity: RepositoryIdentity, readOnly: Bool = false) throws -> SQLHistoryStore {
        switch self {
        case .sqlite(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw HistoryError.noHistory(path: path) }
            let store = try SQLiteHistoryStore(path: path, readOnly: readOnly)
            _ = try RepositoryRegistry(connection: store.database, name: path).find(identity)
            return store
        case .postgresql(let address):
            return try PostgreSQLHistoryStore(address: address, repository: identity, role: .reader)
        }
    }

    /// Every repository the database holds, for queries across them.
    public func openFleet() throws -> HistoryFleet {
        switch self {
        case .sqlite(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw HistoryError.noHistory(path: path) }
            return HistoryFleet(connection: try SQLiteHistoryStore(path: path).database, name: path)
        case .postgresql(let address):
            let connection = try PostgreSQLConnection(address)
            try SchemaMigrator(connection: connection, name: address.description).migrate(readOnly: false)
            return HistoryFleet(connection: connection, name: address.description)
        }
    }

    /// Whether another process can record the same repository meanwhile and
    /// take over when this one stops (PostgreSQL), rather than being refused
    /// for as long as this one runs (SQLite's lock file).
    public var allowsStandby: Bool {
        if case .postgresql = self { return true }
        return false
    }
}

/// Every repository of a database, each read through a store of its own
/// over one connection.
public struct HistoryFleet {
    let connection: any SQLConnection
    let name: String

    /// The repositories, by name. An SQLite history recorded before
    /// identities were kept is its single unnamed repository.
    public func repositories() throws -> [(identity: RepositoryIdentity, store: SQLHistoryStore)] {
        var registered = try RepositoryRegistry(connection: connection, name: name).all()
        if registered.isEmpty, connection.dialect == .sqlite {
            registered = [RegisteredRepository(id: 1, identity: RepositoryIdentity(name: "repository", rootCommit: "", isNamedExplicitly: false))]
        }
        return registered.map { ($0.identity, SQLHistoryStore(connection: connection, name: name, repositoryID: $0.id)) }
    }
}
