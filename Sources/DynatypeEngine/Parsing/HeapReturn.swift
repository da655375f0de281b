#if canImport(Glibc)
import CMalloc
#endif
import Foundation

/// Makes freed syntax trees go back to the system. glibc serves a large
/// block from its own mapping and unmaps it when freed, but after the first
/// such free it raises that threshold up to 32 MB: the arena slabs of later
/// trees then come from the heap, where the holes they leave when freed stay
/// resident. A history scan frees trees all the time, so its resident memory
/// grew with its length (home-assistant iOS: 60 MB of holes).
enum HeapReturn {
    /// Blocks from this size up get their own mapping (glibc's initial threshold).
    static let ownMappingBytes: Int32 = 128 << 10

    /// Also caps glibc's arenas at one per core and one for the thread that
    /// records: by default each thread that meets contention gets an arena
    /// of its own (up to 8 per core), and freed trees leave holes in every
    /// one of them (a full-history scan of duckduckgo-iOS: 251 MB resident
    /// with the default, 235 MB with three arenas on two cores, in the same time).
    static let configured: Void = {
        #if canImport(Glibc)
        mallopt(M_MMAP_THRESHOLD, ownMappingBytes)
        mallopt(M_ARENA_MAX, Int32(ProcessInfo.processInfo.activeProcessorCount + 1))
        #endif
    }()

    /// Returns the free pages inside the heap's arenas to the system. It
    /// walks every arena's free chunks, so it is for after large frees only.
    static func releaseFreePages() {
        #if canImport(Glibc)
        malloc_trim(0)
        #endif
    }
}
