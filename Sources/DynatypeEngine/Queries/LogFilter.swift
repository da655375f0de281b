import DynatypeGit
import DynatypeHistory

/// Which audited commits `dynatype log` lists.
public struct LogFilter: Sendable {
    /// A case-insensitive part of the author's name or email.
    public var author: String?
    /// A file or folder, relative to the repository root: commits that
    /// changed it (compared with their first parent).
    public var path: String?
    /// Only commits that regressed.
    public var regressionsOnly = false

    public init(author: String? = nil, path: String? = nil, regressionsOnly: Bool = false) {
        self.author = author
        self.path = path
        self.regressionsOnly = regressionsOnly
    }

    func matchesAuthor(_ record: CommitRecord) -> Bool {
        guard let author, !author.isEmpty else { return true }
        return record.authorName.localizedCaseInsensitiveContains(author) || record.authorEmail.localizedCaseInsensitiveContains(author)
    }

    func touchesPath(_ commit: ObjectID, in repository: Repository) throws -> Bool {
        guard let path, !path.isEmpty, path != "." else { return true }
        // A git pathspec: a folder matches everything below it.
        let parent = try repository.commit(commit).firstParent
        return try !repository.changes(from: parent, to: commit, patterns: [path]).isEmpty
    }
}
