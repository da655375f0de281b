/// Which repository a history belongs to: a name (configured, or the
/// folder's) and the first commit of its history. Two clones share the
/// root commit, so they are one repository; two repositories that happen
/// to share a name do not, so the second is refused.
public struct RepositoryIdentity: Sendable, Equatable {
    public let name: String
    /// The root commit, or "" while the repository has no commit.
    public let rootCommit: String
    /// The name was given (`--repository`, the daemon's `name`), not derived
    /// from the folder: a clone under another folder name is found by its
    /// root commit only when the name was derived.
    public let isNamedExplicitly: Bool

    public init(name: String, rootCommit: String, isNamedExplicitly: Bool) {
        self.name = name
        self.rootCommit = rootCommit
        self.isNamedExplicitly = isNamedExplicitly
    }

    /// Whether a repository recorded as `self` may be `other`: the same
    /// root, or one of them had no commit yet.
    func hasSameRoot(as other: RepositoryIdentity) -> Bool {
        rootCommit.isEmpty || other.rootCommit.isEmpty || rootCommit == other.rootCommit
    }
}

/// A repository a database holds.
public struct RegisteredRepository: Sendable, Equatable {
    public let id: Int64
    public let identity: RepositoryIdentity
}
