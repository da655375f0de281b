import CGit2
import Foundation

/// A file that a commit changed, as far as its blob goes.
public struct FileChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case added, modified, deleted, renamed
    }

    public let kind: Kind
    /// Path before the change (nil when added).
    public let oldPath: String?
    /// Path after the change (nil when deleted).
    public let newPath: String?
    public let oldBlob: ObjectID?
    public let newBlob: ObjectID?
}

/// A regular file of a tree: its path from the root and its blob.
public struct TreeFile: Sendable, Hashable {
    public let path: String
    public let blob: ObjectID
}

extension Repository {
    /// The tree of a commit, freed by the caller.
    func tree(of commit: ObjectID) throws -> OpaquePointer {
        var oid = commit.oid
        var object: OpaquePointer?
        try check(git_commit_lookup(&object, pointer, &oid), "cannot read commit \(commit.short)")
        defer { git_commit_free(object) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, object), "cannot read the tree of \(commit.short)")
        return tree!
    }

    /// Files the pathspec `patterns` keeps that changed from `parent` (or
    /// from nothing) to `commit`, with renames detected whatever
    /// `diff.renames` says.
    public func changes(from parent: ObjectID?, to commit: ObjectID, patterns: [String]) throws -> [FileChange] {
        let newTree = try tree(of: commit)
        defer { git_tree_free(newTree) }
        let oldTree = try parent.map { try tree(of: $0) }
        defer { if let oldTree { git_tree_free(oldTree) } }
        if !comparesPathsIgnoringCase, let keep = SimplePathspec.filter(patterns) {
            let walk = try TreeDiff(repository: pointer, old: oldTree, new: newTree, keep: keep)
            if walk.isConclusive { return walk.changes }
        }
        return try libgit2Changes(from: oldTree, to: newTree, of: commit, patterns: patterns)
    }

    /// libgit2's diff of two trees, with its rename detection.
    private func libgit2Changes(from oldTree: OpaquePointer?, to newTree: OpaquePointer, of commit: ObjectID, patterns: [String]) throws -> [FileChange] {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var diff: OpaquePointer?
        try withStringArray(patterns) { pathspec in
            options.pathspec = pathspec
            try check(git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options), "cannot diff \(commit.short)")
        }
        defer { git_diff_free(diff) }
        // A rename pairs a deletion with an addition; most commits only modify files.
        let statuses = (0..<git_diff_num_deltas(diff)).compactMap { git_diff_get_delta(diff, $0)?.pointee.status }
        if statuses.contains(GIT_DELTA_ADDED), statuses.contains(GIT_DELTA_DELETED) {
            var find = git_diff_find_options()
            git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
            find.flags = GIT_DIFF_FIND_RENAMES.rawValue
            try check(git_diff_find_similar(diff, &find), "cannot detect renames in \(commit.short)")
        }

        var changes: [FileChange] = []
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            let old = delta.old_file, new = delta.new_file
            let oldPath = old.path.map { GitPath.decode($0) }
            let newPath = new.path.map { GitPath.decode($0) }
            // Only regular files count: links and submodules are not source.
            let regular = { (mode: UInt16) in mode == UInt16(GIT_FILEMODE_BLOB.rawValue) || mode == UInt16(GIT_FILEMODE_BLOB_EXECUTABLE.rawValue) }
            switch delta.status {
            case GIT_DELTA_ADDED where regular(new.mode):
                changes.append(FileChange(kind: .added, oldPath: nil, newPath: newPath, oldBlob: nil, newBlob: ObjectID(new.id)))
            case GIT_DELTA_DELETED where regular(old.mode):
                changes.append(FileChange(kind: .deleted, oldPath: oldPath, newPath: nil, oldBlob: ObjectID(old.id), newBlob: nil))
            case GIT_DELTA_MODIFIED, GIT_DELTA_TYPECHANGE:
                changes.append(FileChange(
                    kind: .modified, oldPath: regular(old.mode) ? oldPath : nil, newPath: regular(new.mode) ? newPath : nil,
                    oldBlob: regular(old.mode) ? ObjectID(old.id) : nil, newBlob: regular(new.mode) ? ObjectID(new.id) : nil
                ))
            case GIT_DELTA_RENAMED, GIT_DELTA_COPIED:
                changes.append(FileChange(kind: .renamed, oldPath: oldPath, newPath: newPath, oldBlob: ObjectID(old.id), newBlob: ObjectID(new.id)))
            default:
                continue
            }
        }
        return changes
    }

    /// Every regular file of a commit's tree whose path `keep` accepts.
    public func files(of commit: ObjectID, keep: @escaping (String) -> Bool) throws -> [TreeFile] {
        let root = try tree(of: commit)
        defer { git_tree_free(root) }
        final class Collector {
            var files: [TreeFile] = []
            let keep: (String) -> Bool
            init(keep: @escaping (String) -> Bool) { self.keep = keep }
        }
        let collector = Collector(keep: keep)
        let payload = Unmanaged.passUnretained(collector).toOpaque()
        let result = git_tree_walk(root, GIT_TREEWALK_PRE, { root, entry, payload in
            guard let entry, let payload, git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return 0 }
            let mode = git_tree_entry_filemode(entry)
            guard mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue()
            let path = GitPath.decode(root!) + GitPath.decode(git_tree_entry_name(entry))
            if collector.keep(path) {
                collector.files.append(TreeFile(path: path, blob: ObjectID(git_tree_entry_id(entry).pointee)))
            }
            return 0
        }, payload)
        try check(result, "cannot list the files of \(commit.short)")
        return collector.files
    }

    /// The blob of a path in a commit's tree, or nil when there is none.
    public func blob(at path: String, in commit: ObjectID) throws -> ObjectID? {
        let root = try tree(of: commit)
        defer { git_tree_free(root) }
        var entry: OpaquePointer?
        let result = git_tree_entry_bypath(&entry, root, path)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "cannot read \(path) in \(commit.short)")
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
        return ObjectID(git_tree_entry_id(entry).pointee)
    }

    /// A blob's bytes, read from the object database (no checkout needed).
    public func contents(of blob: ObjectID) throws -> Data {
        var oid = blob.oid
        var object: OpaquePointer?
        try check(git_blob_lookup(&object, pointer, &oid), "cannot read blob \(blob.short)")
        defer { git_blob_free(object) }
        let size = Int(git_blob_rawsize(object))
        guard size > 0, let bytes = git_blob_rawcontent(object) else { return Data() }
        return Data(bytes: bytes, count: size)
    }
}

/// Passes Swift strings to libgit2 as a `git_strarray` for the duration of `body`.
func withStringArray<T>(_ strings: [String], _ body: (git_strarray) throws -> T) rethrows -> T {
    var pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return try pointers.withUnsafeMutableBufferPointer { buffer in
        try body(git_strarray(strings: buffer.baseAddress, count: strings.count))
    }
}

extension Repository {
    /// A blob's size from its object header, without inflating its contents.
    public func size(of blob: ObjectID) throws -> Int {
        var database: OpaquePointer?
        try check(git_repository_odb(&database, pointer), "cannot open the object database")
        defer { git_odb_free(database) }
        var oid = blob.oid
        var length = 0
        var type = GIT_OBJECT_ANY
        try check(git_odb_read_header(&length, &type, database, &oid), "cannot read blob \(blob.short)")
        return length
    }
}
