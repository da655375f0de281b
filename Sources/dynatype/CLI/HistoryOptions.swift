import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

/// `--repo`, `--db` and `--repository`, shared by the history commands.
struct HistoryLocation {
    let repository: Repository
    let database: HistoryDatabase
    /// The history's name for the repository and its root commit.
    let identity: RepositoryIdentity
    /// `--db` was given (the default database may simply not exist yet).
    let isDatabaseExplicit: Bool

    /// `--repo` as the queries and `check` word it (`scan` also reads bare repositories).
    static let repositoryOption = CommandOption.value("--repo", "DIR", "The repository. Default: the current folder.")
    static let databaseOptions: [CommandOption] = [
        .value(
            "--db", "FILE|URL",
            "The history: an SQLite file (default: $GIT_DIR/dynatype/history.sqlite) or a PostgreSQL database shared by many "
                + "repositories (postgresql://user@host/dbname; the password from PGPASSWORD or ~/.pgpass)."
        ),
        .value(
            "--repository", "NAME",
            "The repository's name in a shared history (default: its folder's name; a clone elsewhere is recognised by its root commit)."
        ),
    ]

    init(_ arguments: Arguments) throws {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let repositoryPath = URL(fileURLWithPath: arguments.value("--repo") ?? ".", relativeTo: current).standardizedFileURL
        do {
            repository = try Repository(at: repositoryPath)
            identity = try RepositoryIdentity.of(repository, at: repositoryPath, name: arguments.value("--repository"))
        } catch let error as GitError {
            throw InputError(message: error.message)
        }
        isDatabaseExplicit = arguments.value("--db") != nil
        database = HistoryDatabase.fromArguments(arguments) ?? .sqlite(path: HistoryPaths.defaultDatabase(gitDirectory: repository.gitDirectory))
    }

    /// A path given on the command line as a path in the repository (see `WorkTreePath`).
    func repositoryPath(_ argument: String) throws -> String {
        guard let workTree = repository.workTree else { return argument }
        do {
            return try WorkTreePath.resolve(argument, workTree: workTree, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } catch {
            throw InputError(message: error.description)
        }
    }

    /// The store for reading: an absent history is a clear error, not an empty one.
    func openForReading() throws -> SQLHistoryStore {
        try database.openForReading(identity)
    }
}

extension HistoryDatabase {
    /// The `--db` value (a file relative to the current folder, or a `postgresql://` URL), if given.
    static func fromArguments(_ arguments: Arguments) -> HistoryDatabase? {
        arguments.value("--db").map { HistoryDatabase($0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }
    }

    /// The history of queries across repositories: `--db`, else the
    /// repository's own (`--repo`, or the current folder's).
    static func forFleet(_ arguments: Arguments) throws -> HistoryDatabase {
        if let database = fromArguments(arguments) { return database }
        let folder = URL(fileURLWithPath: arguments.value("--repo") ?? FileManager.default.currentDirectoryPath)
        guard let repository = try? Repository(at: folder) else {
            throw UsageError(message: "give the shared history with --db postgresql://… (or run this inside a repository)")
        }
        return .sqlite(path: HistoryPaths.defaultDatabase(gitDirectory: repository.gitDirectory))
    }
}

/// `--since` and other dates on the command line (see `DateExpression`).
enum DateArgument {
    static func parse(_ text: String, option: String) throws -> Date {
        do {
            return try DateExpression.parse(text, option: option)
        } catch {
            throw UsageError(message: error.description)
        }
    }
}

/// Ctrl-C during long work: the first asks to stop after the current step,
/// the second ends the process.
enum Interruption {
    nonisolated(unsafe) private static var requested: Int32 = 0

    static func install() {
        signal(SIGINT) { _ in
            if Interruption.requested == 1 { _exit(130) }
            Interruption.requested = 1
        }
    }

    static var isRequested: Bool { requested == 1 }
}
