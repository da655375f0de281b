import CGit2

/// What libgit2 keeps in memory, process-wide. Its defaults map packs in
/// windows of 1 GB, up to 8 GB, and cache 256 MB of objects: auditing a
/// whole history reads most of a pack, so a scan's resident memory grew with
/// the repository (home-assistant iOS: 130 MB of mapped pack).
enum GitMemory {
    static let packWindowBytes = 32 << 20
    /// Windows past this are unmapped, least recently used first: 16 MB
    /// keeps one window mapped at a time. Home-assistant's scan peaked
    /// 30–60 MB lower than with 32, in the same time; smaller windows
    /// made it twice as slow (a window is mapped again for every object).
    static let mappedPackBytes = 16 << 20
    static let objectCacheBytes = 16 << 20

    static func limit() {
        dynatype_git_set_mwindow_size(packWindowBytes)
        dynatype_git_set_mwindow_mapped_limit(mappedPackBytes)
        dynatype_git_set_cache_max_size(objectCacheBytes)
    }
}
