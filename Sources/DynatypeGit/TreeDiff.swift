import CGit2
import Foundation

/// The files two trees differ in, found by walking only the subtrees whose
/// ids differ. libgit2 1.5's tree-to-tree diff expands every directory of
/// both trees (about 4,700 tree lookups per commit of a 1,200-directory
/// app), which cost a history scan more time than parsing the commit's
/// changes. What this walk cannot decide as libgit2 would is left to
/// libgit2 (`isConclusive` false): a diff that both adds and deletes files
/// (renames need its similarity detection), and any kept path that is a
/// link or a submodule on either side.
struct TreeDiff {
    private let repository: OpaquePointer
    private let keep: (String) -> Bool
    private(set) var changes: [FileChange] = []
    private(set) var isConclusive = true

    /// Compares `old` (nil: the empty tree) with `new`.
    init(repository: OpaquePointer, old: OpaquePointer?, new: OpaquePointer, keep: @escaping (String) -> Bool) throws {
        self.repository = repository
        self.keep = keep
        try compare(old, new, under: [])
        if changes.contains(where: { $0.kind == .added }) && changes.contains(where: { $0.kind == .deleted }) { isConclusive = false }
    }

    private enum Side { case old, new }

    private mutating func compare(_ old: OpaquePointer?, _ new: OpaquePointer?, under prefix: [UInt8]) throws {
        let oldCount = old.map { git_tree_entrycount($0) } ?? 0
        let newCount = new.map { git_tree_entrycount($0) } ?? 0
        var oldIndex = 0, newIndex = 0
        while isConclusive, oldIndex < oldCount || newIndex < newCount {
            let oldEntry = oldIndex < oldCount ? git_tree_entry_byindex(old, oldIndex) : nil
            let newEntry = newIndex < newCount ? git_tree_entry_byindex(new, newIndex) : nil
            // Entries come in git's tree order, which `git_tree_entry_cmp` compares.
            let order: Int32 = switch (oldEntry, newEntry) {
            case (let o?, let n?): git_tree_entry_cmp(o, n)
            case (nil, _): 1
            case (_, nil): -1
            }
            if order < 0 {
                try collect(oldEntry!, under: prefix, as: .old)
                oldIndex += 1
            } else if order > 0 {
                try collect(newEntry!, under: prefix, as: .new)
                newIndex += 1
            } else {
                try match(oldEntry!, newEntry!, under: prefix)
                oldIndex += 1
                newIndex += 1
            }
        }
    }

    private mutating func match(_ old: OpaquePointer, _ new: OpaquePointer, under prefix: [UInt8]) throws {
        let oldMode = git_tree_entry_filemode(old), newMode = git_tree_entry_filemode(new)
        if oldMode == newMode, git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(new)) != 0 { return }
        if oldMode == GIT_FILEMODE_TREE, newMode == GIT_FILEMODE_TREE {
            let path = Self.path(prefix, old) + [UInt8(ascii: "/")]
            try withTree(old) { oldTree in try withTree(new) { newTree in try compare(oldTree, newTree, under: path) } }
        } else if Self.isRegular(oldMode), Self.isRegular(newMode) {
            let path = GitPath.decode(Self.path(prefix, new))
            guard keep(path) else { return }
            changes.append(FileChange(
                kind: .modified, oldPath: path, newPath: path, oldBlob: ObjectID(git_tree_entry_id(old).pointee),
                newBlob: ObjectID(git_tree_entry_id(new).pointee)
            ))
        } else {
            // A file that became a folder, a link or a submodule: a deletion and an addition.
            try collect(old, under: prefix, as: .old)
            try collect(new, under: prefix, as: .new)
        }
    }

    /// Every kept file of an entry only one side has.
    private mutating func collect(_ entry: OpaquePointer, under prefix: [UInt8], as side: Side) throws {
        let mode = git_tree_entry_filemode(entry)
        let bytes = Self.path(prefix, entry)
        if mode == GIT_FILEMODE_TREE {
            let path = bytes + [UInt8(ascii: "/")]
            try withTree(entry) { tree in
                switch side {
                case .old: try compare(tree, nil, under: path)
                case .new: try compare(nil, tree, under: path)
                }
            }
            return
        }
        let path = GitPath.decode(bytes)
        guard keep(path) else { return }
        guard Self.isRegular(mode) else {
            isConclusive = false
            return
        }
        let blob = ObjectID(git_tree_entry_id(entry).pointee)
        switch side {
        case .old: changes.append(FileChange(kind: .deleted, oldPath: path, newPath: nil, oldBlob: blob, newBlob: nil))
        case .new: changes.append(FileChange(kind: .added, oldPath: nil, newPath: path, oldBlob: nil, newBlob: blob))
        }
    }

    private func withTree(_ entry: OpaquePointer, _ body: (OpaquePointer) throws -> Void) throws {
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, git_tree_entry_id(entry)), "cannot read a tree")
        defer { git_tree_free(tree) }
        try body(tree!)
    }

    private static func path(_ prefix: [UInt8], _ entry: OpaquePointer) -> [UInt8] {
        let name = git_tree_entry_name(entry)!
        return prefix + UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))
    }

    private static func isRegular(_ mode: git_filemode_t) -> Bool { mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE }
}
