import CGit2

/// A changed range of lines between two versions of a file (1-based; a
/// count of 0 means an insertion or deletion after `start - 1`… as git
/// writes them: the range then names the line before the change).
public struct LineHunk: Sendable, Hashable {
    public let oldStart: Int
    public let oldLines: Int
    public let newStart: Int
    public let newLines: Int

    public init(oldStart: Int, oldLines: Int, newStart: Int, newLines: Int) {
        self.oldStart = oldStart
        self.oldLines = oldLines
        self.newStart = newStart
        self.newLines = newLines
    }
}

extension Repository {
    /// The hunks that turn one blob into another, without context lines.
    public func hunks(from old: ObjectID, to new: ObjectID) throws -> [LineHunk] {
        var oldOid = old.oid, newOid = new.oid
        var oldBlob: OpaquePointer?, newBlob: OpaquePointer?
        try check(git_blob_lookup(&oldBlob, pointer, &oldOid), "cannot read blob \(old.short)")
        defer { git_blob_free(oldBlob) }
        try check(git_blob_lookup(&newBlob, pointer, &newOid), "cannot read blob \(new.short)")
        defer { git_blob_free(newBlob) }
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        options.context_lines = 0
        options.interhunk_lines = 0
        var patch: OpaquePointer?
        try check(git_patch_from_blobs(&patch, oldBlob, nil, newBlob, nil, &options), "cannot diff \(old.short)..\(new.short)")
        defer { git_patch_free(patch) }
        var hunks: [LineHunk] = []
        for index in 0..<git_patch_num_hunks(patch) {
            var hunk: UnsafePointer<git_diff_hunk>?
            var lines = 0
            try check(git_patch_get_hunk(&hunk, &lines, patch, index), "cannot read a hunk")
            guard let value = hunk?.pointee else { continue }
            hunks.append(LineHunk(oldStart: Int(value.old_start), oldLines: Int(value.old_lines), newStart: Int(value.new_start), newLines: Int(value.new_lines)))
        }
        return hunks
    }
}
