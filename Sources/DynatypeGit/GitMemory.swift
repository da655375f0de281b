import CGit2

/// What libgit2 keeps in memory, process-wide. Its defaults map packs in
/// windows of 1 GB, up to 8 GB, and cache 256 MB of objects: auditing a
/// whole history reads most of a pack, so a scan's resident memory grew with
/// the repository (home-assistant iOS: 130 MB of mapped pack).
enum GitMemory {
    static let packWindowBytes = 32 << 20
    /// Windows past this are unmapped, least recently used first.
    static let mappedPackBytes = 32 << 20
    static let objectCacheBytes = 32 << 20

    static func limit() {
        dynatype_git_set_mwindow_size(packWindowBytes)
        dynatype_git_set_mwindow_mapped_limit(mappedPackBytes)
        dynatype_git_set_cache_max_size(objectCacheBytes)
    }
}
