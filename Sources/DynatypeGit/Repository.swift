import CGit2
import Foundation

/// A git repository opened through libgit2: a work tree or a bare one. Not
/// thread-safe (libgit2 objects are not): open one per thread.
public final class Repository {
    let pointer: OpaquePointer
    /// The git directory (`.git` of a work tree, or the bare repository).
    public let gitDirectory: URL
    public let workTree: URL?

    public init(at path: URL) throws {
        _ = GitLibrary.initialized
        if let refusal = Self.unsupportedStorage(near: path) { throw refusal }
        var handle: OpaquePointer?
        // The exact folder first: a search upward would treat a repository
        // owned by another user as absent instead of reporting GIT_EOWNER.
        var result = git_repository_open_ext(&handle, path.path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        if result == GIT_ENOTFOUND.rawValue {
            result = git_repository_open_ext(&handle, path.path, 0, nil)
        }
        // Debian's libgit2 1.5.1 reports the ownership refusal as "not found"
        // with a message about safe.directory.
        let ownership = result == GIT_ENOTFOUND.rawValue
            && (git_error_last()?.pointee.message.map { String(cString: $0).contains("safe.directory") } ?? false)
        if result == GIT_EOWNER.rawValue || ownership {
            throw GitError(code: result, message: """
                \(path.path) is owned by another user, and git refuses to open it (CVE-2022-24765). \
                If you trust it, run: git config --global --add safe.directory \(path.path)
                """)
        }
        if result == GIT_ENOTFOUND.rawValue {
            throw GitError(code: result, message: "\(path.path) is not a git repository (or inside one)")
        }
        guard result >= 0, let handle else {
            let error = GitError.last(result, "cannot open the repository at \(path.path)")
            if error.message.contains("refstorage") || error.message.contains("extension") {
                throw GitError(code: result, message: "\(error.message). Refs stored as reftable are not readable by libgit2 1.5: convert the repository with `git refs migrate --ref-format=files`")
            }
            throw error
        }
        pointer = handle
        gitDirectory = URL(fileURLWithPath: String(cString: git_repository_path(handle)), isDirectory: true).standardizedFileURL
        workTree = git_repository_workdir(handle).map { URL(fileURLWithPath: String(cString: $0), isDirectory: true).standardizedFileURL }
    }

    deinit { git_repository_free(pointer) }

    /// `core.ignorecase` (a repository made on macOS): libgit2 then matches
    /// and orders paths without case.
    private(set) lazy var comparesPathsIgnoringCase: Bool = {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, pointer) >= 0 else { return false }
        defer { git_config_free(config) }
        var value: Int32 = 0
        return git_config_get_bool(&value, config, "core.ignorecase") >= 0 && value != 0
    }()

    /// Where the refs live: the git directory, or for a linked work tree the
    /// main repository's.
    public var commonDirectory: URL {
        URL(fileURLWithPath: String(cString: git_repository_commondir(pointer)), isDirectory: true).standardizedFileURL
    }

    /// Opens repositories owned by other users (for the whole process: every
    /// thread opens its own handle). For a daemon told so by its
    /// administrator; dynatype only reads repositories and runs none of their hooks.
    public static func trustRepositoryOwners() {
        _ = GitLibrary.initialized
        _ = dynatype_git_set_owner_validation(0)
    }

    public var isBare: Bool { git_repository_is_bare(pointer) == 1 }
    public var isShallow: Bool { git_repository_is_shallow(pointer) == 1 }

    /// git ≥ 2.45 can keep refs as reftable (`extensions.refstorage`), which
    /// libgit2 1.5 cannot read: refuse with a message that says what to do.
    private static func unsupportedStorage(near path: URL) -> GitError? {
        for config in [path.appendingPathComponent(".git/config"), path.appendingPathComponent("config")] {
            guard let text = try? String(contentsOf: config, encoding: .utf8) else { continue }
            let compact = text.lowercased().filter { !$0.isWhitespace }
            if compact.contains("refstorage=reftable") {
                return GitError(code: -1, message: """
                    \(path.path) keeps its refs as reftable, which libgit2 1.5 cannot read. \
                    Convert it with `git refs migrate --ref-format=files`, or audit a clone made with the files backend
                    """)
            }
        }
        return nil
    }

    // MARK: References and revisions

    /// The commit a revision names (`HEAD`, `main`, `v1.2`, `abc123^`, a full sha).
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, pointer, revision), "unknown revision \"\(revision)\"")
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "\"\(revision)\" does not name a commit")
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit).pointee)
    }

    /// The full name of the branch HEAD points to (`refs/heads/main`), even when it has no commit yet.
    public func headReferenceName() throws -> String {
        var reference: OpaquePointer?
        try check(git_reference_lookup(&reference, pointer, "HEAD"), "cannot read HEAD")
        defer { git_reference_free(reference) }
        if let target = git_reference_symbolic_target(reference) { return String(cString: target) }
        return "HEAD"
    }

    /// Expands a short ref name (`main` → `refs/heads/main`); full names are kept.
    /// The full name of a ref as a user gives it (`main`, `HEAD` → its branch).
    public func fullName(of name: String) throws -> String {
        name == "HEAD" ? try headReferenceName() : try fullReferenceName(name)
    }

    public func fullReferenceName(_ name: String) throws -> String {
        if name == "HEAD" || name.hasPrefix("refs/") { return name }
        var reference: OpaquePointer?
        try check(git_reference_dwim(&reference, pointer, name), "unknown ref \"\(name)\"")
        defer { git_reference_free(reference) }
        return String(cString: git_reference_name(reference))
    }

    /// The commit a ref points to now, or nil when the ref does not exist (deleted, unborn).
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let result = git_reference_name_to_id(&oid, pointer, name)
        if result == GIT_ENOTFOUND.rawValue || result == GIT_EUNBORNBRANCH.rawValue { return nil }
        try check(result, "cannot resolve \(name)")
        var commit: OpaquePointer?
        try check(git_object_lookup(&commit, pointer, &oid, GIT_OBJECT_ANY), "cannot read \(name)")
        defer { git_object_free(commit) }
        var peeled: OpaquePointer?
        try check(git_object_peel(&peeled, commit, GIT_OBJECT_COMMIT), "\(name) does not point to a commit")
        defer { git_object_free(peeled) }
        return ObjectID(git_object_id(peeled).pointee)
    }

    /// Whether `descendant` has `ancestor` in its history (or is it).
    public func isAncestor(_ ancestor: ObjectID, of descendant: ObjectID) -> Bool {
        guard ancestor != descendant else { return true }
        var a = descendant.oid, b = ancestor.oid
        return git_graph_descendant_of(pointer, &a, &b) == 1
    }
}
