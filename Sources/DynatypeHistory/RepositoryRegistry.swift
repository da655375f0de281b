import Foundation

/// The `repositories` table: which repositories a database holds, under
/// which id their rows are keyed. PostgreSQL holds many; an SQLite file one
/// (id 1), whatever it is named.
struct RepositoryRegistry {
    let connection: any SQLConnection
    /// The database as messages name it.
    let name: String

    private var holdsOne: Bool { connection.dialect == .sqlite }

    func all() throws -> [RegisteredRepository] {
        try connection.query("SELECT id, name, root_commit FROM repositories ORDER BY name", []) { row in
            RegisteredRepository(
                id: Int64(try row.int("id")),
                identity: RepositoryIdentity(name: try row.text("name"), rootCommit: try row.text("root_commit"), isNamedExplicitly: true)
            )
        }
    }

    /// The repository's id: found by name, or, when its name was only
    /// derived from a folder, by its root commit (a clone elsewhere). A
    /// repository of that name with another root commit is refused. Nil when
    /// the database does not hold it.
    func find(_ identity: RepositoryIdentity) throws -> Int64? {
        let registered = try all()
        let match = holdsOne ? registered.first : registered.first { $0.identity.name == identity.name }
            ?? (identity.isNamedExplicitly || identity.rootCommit.isEmpty ? nil : onlyClone(of: identity, in: registered))
        guard let match else { return nil }
        guard match.identity.hasSameRoot(as: identity) else {
            throw HistoryError.otherRepository(path: name, registered: match.identity, actualRoot: identity.rootCommit)
        }
        if match.identity.rootCommit.isEmpty, !identity.rootCommit.isEmpty {
            // Recorded before its first commit.
            try connection.run("UPDATE repositories SET root_commit = ? WHERE id = ?", [.text(identity.rootCommit), .integer(match.id)])
        }
        return match.id
    }

    private func onlyClone(of identity: RepositoryIdentity, in registered: [RegisteredRepository]) -> RegisteredRepository? {
        let clones = registered.filter { $0.identity.rootCommit == identity.rootCommit }
        return clones.count == 1 ? clones[0] : nil
    }

    /// The repository's id, recording it first when the database does not
    /// hold it yet (an SQLite history from before identities included: its
    /// rows are already numbered 1).
    func register(_ identity: RepositoryIdentity) throws -> Int64 {
        if let id = try find(identity) { return id }
        try connection.run(
            holdsOne
                ? "INSERT INTO repositories (id, name, root_commit, created_at) VALUES (1, ?, ?, ?) ON CONFLICT DO NOTHING"
                : "INSERT INTO repositories (name, root_commit, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [.text(identity.name), .text(identity.rootCommit), .seconds(Date())]
        )
        guard let id = try find(identity) else {
            throw HistoryError.corrupt(path: name, detail: "the repository \(identity.name) could not be recorded")
        }
        return id
    }
}
