import CGit2
import Foundation

/// What the history records about a commit.
public struct Commit: Sendable, Hashable {
    public let id: ObjectID
    public let parents: [ObjectID]
    public let authorName: String
    public let authorEmail: String
    public let time: Date
    public let summary: String

    public var firstParent: ObjectID? { parents.first }
}

extension Repository {
    public func commit(_ id: ObjectID) throws -> Commit {
        var oid = id.oid
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "cannot read commit \(id.short)")
        defer { git_commit_free(commit) }
        let count = git_commit_parentcount(commit)
        let parents = (0..<count).compactMap { git_commit_parent_id(commit, $0).map { ObjectID($0.pointee) } }
        let author = git_commit_author(commit).pointee
        return Commit(
            id: id, parents: parents,
            authorName: author.name.map { String(cString: $0) } ?? "",
            authorEmail: author.email.map { String(cString: $0) } ?? "",
            time: Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit))),
            summary: git_commit_summary(commit).map { String(cString: $0) } ?? ""
        )
    }

    /// Whether the object database holds the commit (a shallow clone's
    /// boundary parents and garbage-collected commits are missing).
    public func hasCommit(_ id: ObjectID) -> Bool {
        var oid = id.oid
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, pointer, &oid) == 0 else { return false }
        git_commit_free(commit)
        return true
    }

    /// Commits reachable from `tip` but not from any of `hidden`, parents
    /// first (`git rev-list --topo-order --reverse tip ^hidden…`). A hidden
    /// commit that no longer exists (garbage-collected after a force-push) is ignored.
    public func newCommits(from tip: ObjectID, hiding hidden: [ObjectID]) throws -> [ObjectID] {
        let present = Set(hidden).filter(hasCommit)
        // libgit2 1.5 does not know shallow boundaries and fails walking past them.
        if isShallow { return try walkStoppingAtMissingParents(from: tip, hiding: present) }
        // A first scan walks the whole history twice, for the repository's
        // root commit and for its plan: the second walk is the first one's.
        if present.isEmpty, let walked = WholeHistory.commits(from: tip) { return walked }
        let commits = try walk(from: tip, hiding: present)
        if present.isEmpty { WholeHistory.remember(commits, from: tip) }
        return commits
    }

    private func walk(from tip: ObjectID, hiding present: Set<ObjectID>) throws -> [ObjectID] {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "cannot walk history")
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue), "cannot sort history")
        var start = tip.oid
        try check(git_revwalk_push(walk, &start), "cannot walk from \(tip.short)")
        for id in present {
            var oid = id.oid
            try check(git_revwalk_hide(walk, &oid), "cannot hide \(id.short)")
        }
        var commits: [ObjectID] = []
        var oid = git_oid()
        while true {
            let result = git_revwalk_next(&oid, walk)
            if result == GIT_ITEROVER.rawValue { break }
            try check(result, "cannot walk history")
            commits.append(ObjectID(oid))
        }
        return commits
    }
}

extension Repository {
    /// The same walk done by hand, for shallow clones: parents that are not in
    /// the object database end the history there.
    func walkStoppingAtMissingParents(from tip: ObjectID, hiding hidden: Set<ObjectID>) throws -> [ObjectID] {
        var excluded = Set<ObjectID>()
        var stack = Array(hidden)
        while let id = stack.popLast() {
            guard excluded.insert(id).inserted else { continue }
            stack += try commit(id).parents.filter(hasCommit)
        }
        // Iterative post-order: a commit is emitted after all its parents.
        var order: [ObjectID] = []
        var visited = Set<ObjectID>()
        var pending: [(id: ObjectID, expanded: Bool)] = [(tip, false)]
        while let (id, expanded) = pending.popLast() {
            if expanded {
                order.append(id)
                continue
            }
            guard !excluded.contains(id), visited.insert(id).inserted else { continue }
            pending.append((id, true))
            for parent in try commit(id).parents.reversed() where hasCommit(parent) && !visited.contains(parent) {
                pending.append((parent, false))
            }
        }
        return order
    }
}

extension Repository {
    /// The first commit of HEAD's history (with several roots, the one a
    /// topological walk reaches first): what every clone of the repository
    /// shares. Nil while HEAD has no commit.
    public func rootCommit() throws -> ObjectID? {
        guard let head = try? resolveCommit("HEAD") else { return nil }
        return try newCommits(from: head, hiding: []).first
    }
}

/// The last walk of a commit's whole history, for every handle of the
/// process: a commit's id fixes its ancestry (it hashes the parents' ids), so
/// a walk from the same tip is the same walk in any repository.
enum WholeHistory {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: (tip: ObjectID, commits: [ObjectID])?

    static func commits(from tip: ObjectID) -> [ObjectID]? {
        lock.withLock { last?.tip == tip ? last?.commits : nil }
    }

    static func remember(_ commits: [ObjectID], from tip: ObjectID) {
        lock.withLock { last = (tip, commits) }
    }
}
