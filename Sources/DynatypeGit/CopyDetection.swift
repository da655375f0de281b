import CGit2
import Foundation

extension Repository {
    /// The files a commit added as copies of files its parent already had
    /// (git's copy detection, unmodified sources included), new path → source
    /// path. It compares every kept file of both trees, so it is asked only
    /// about commits that add files whose findings need an origin.
    public func copySources(from parent: ObjectID, to commit: ObjectID, added: Set<String>, patterns: [String]) throws -> [String: String] {
        guard !added.isEmpty else { return [:] }
        let newTree = try tree(of: commit)
        defer { git_tree_free(newTree) }
        let oldTree = try tree(of: parent)
        defer { git_tree_free(oldTree) }
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        options.flags = GIT_DIFF_INCLUDE_UNMODIFIED.rawValue
        var diff: OpaquePointer?
        try withStringArray(patterns) { pathspec in
            options.pathspec = pathspec
            try check(git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options), "cannot diff \(commit.short)")
        }
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
        find.flags = GIT_DIFF_FIND_COPIES.rawValue | GIT_DIFF_FIND_COPIES_FROM_UNMODIFIED.rawValue
        try check(git_diff_find_similar(diff, &find), "cannot detect copies in \(commit.short)")
        var sources: [String: String] = [:]
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee, delta.status == GIT_DELTA_COPIED,
                let oldPath = delta.old_file.path.map({ GitPath.decode($0) }), let newPath = delta.new_file.path.map({ GitPath.decode($0) }),
                added.contains(newPath)
            else { continue }
            sources[newPath] = oldPath
        }
        return sources
    }
}
