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

extension LineHunk {
    /// The hunks that turn one version of a file into another, without
    /// context lines, from the bytes in hand: neither blob is read again.
    public static func between(_ old: [UInt8], _ new: [UInt8]) throws -> [LineHunk] {
        _ = GitLibrary.initialized
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        options.context_lines = 0
        options.interhunk_lines = 0
        var patch: OpaquePointer?
        let status = old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                git_patch_from_buffers(&patch, old.baseAddress, old.count, nil, new.baseAddress, new.count, nil, &options)
            }
        }
        try check(status, "cannot diff two versions of a file")
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
