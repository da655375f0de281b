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
    /// Lines the two versions share at their start and end are not handed
    /// to libgit2: it would hash every line of both files to find what a
    /// one-line commit changed.
    public static func between(_ old: [UInt8], _ new: [UInt8]) throws -> [LineHunk] {
        let shared = SharedEnds(old, new)
        let hunks = try diff(old[shared.prefixBytes..<(old.count - shared.suffixBytes)], new[shared.prefixBytes..<(new.count - shared.suffixBytes)])
        return hunks.map {
            LineHunk(oldStart: $0.oldStart + shared.prefixLines, oldLines: $0.oldLines, newStart: $0.newStart + shared.prefixLines, newLines: $0.newLines)
        }
    }

    private static func diff(_ old: ArraySlice<UInt8>, _ new: ArraySlice<UInt8>) throws -> [LineHunk] {
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

/// The whole lines two versions of a file begin and end with alike. Both
/// ends stop at a line start, and they never overlap, so what is left
/// between them is a pair of whole-line texts whose diff, shifted by the
/// shared lines, is a diff of the files.
struct SharedEnds {
    private(set) var prefixBytes = 0
    private(set) var prefixLines = 0
    private(set) var suffixBytes = 0

    init(_ old: [UInt8], _ new: [UInt8]) {
        let newline = UInt8(ascii: "\n")
        let shortest = min(old.count, new.count)
        var index = 0
        while index < shortest, old[index] == new[index] {
            if old[index] == newline {
                prefixBytes = index + 1
                prefixLines += 1
            }
            index += 1
        }
        // The suffix starts after a newline of the shared ending, or nowhere
        // (an ending reaching back into the prefix is the whole file only
        // when the versions are equal).
        let room = shortest - prefixBytes
        var length = 0
        while length < room, old[old.count - 1 - length] == new[new.count - 1 - length] {
            length += 1
            if length < room, old[old.count - 1 - length] == newline, new[new.count - 1 - length] == newline {
                suffixBytes = length
            }
        }
        if length == room, old.count == new.count { suffixBytes = room }
    }
}
