#if canImport(Glibc)
import CMalloc
#endif

/// Makes freed syntax trees go back to the system. glibc serves a large
/// block from its own mapping and unmaps it when freed, but after the first
/// such free it raises that threshold up to 32 MB: the arena slabs of later
/// trees then come from the heap, where the holes they leave when freed stay
/// resident. A history scan frees trees all the time, so its resident memory
/// grew with its length (home-assistant iOS: 60 MB of holes).
enum HeapReturn {
    /// Blocks from this size up get their own mapping (glibc's initial threshold).
    static let ownMappingBytes: Int32 = 128 << 10

    static let configured: Void = {
        #if canImport(Glibc)
        mallopt(M_MMAP_THRESHOLD, ownMappingBytes)
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
