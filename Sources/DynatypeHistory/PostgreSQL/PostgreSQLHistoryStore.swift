import Foundation

/// One repository's history in a PostgreSQL database shared by many
/// repositories and hosts. As the recorder (`owner`), the store holds the
/// repository's advisory lock on its connection for as long as it lives,
/// and takes it again on the new connection after a reconnect.
public final class PostgreSQLHistoryStore: SQLHistoryStore {
    public enum Role: Sendable {
        /// Records the history: one per repository at a time.
        case owner
        /// Reads it, or delivers its outbox: any number.
        case reader
    }

    public let address: PostgreSQLAddress
    private let session: PostgreSQLConnection

    public init(address: PostgreSQLAddress, repository identity: RepositoryIdentity, role: Role, reconnectTimeout: Double = 60) throws {
        self.address = address
        let connection = try PostgreSQLConnection(address, reconnectTimeout: reconnectTimeout)
        let name = address.description
        try SchemaMigrator(connection: connection, name: name).migrate(readOnly: false)
        let registry = RepositoryRegistry(connection: connection, name: name)
        let id: Int64
        switch role {
        case .owner:
            id = try registry.register(identity)
            try RepositoryLock.take(id, on: connection, database: name, repository: identity.name)
            connection.afterReconnect = { try RepositoryLock.take(id, on: $0, database: name, repository: identity.name) }
        case .reader:
            guard let found = try registry.find(identity) else {
                throw HistoryError.unknownRepository(path: name, name: identity.name, known: try registry.all().map(\.identity.name))
            }
            id = found
        }
        session = connection
        super.init(connection: connection, name: name, repositoryID: id)
    }

    /// The session that records this repository now, if any.
    public func owner() throws -> String? {
        try RepositoryLock.holder(repositoryID, on: session)
    }
}
