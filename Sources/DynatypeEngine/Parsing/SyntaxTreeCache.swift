import Foundation
import SwiftParser

/// When a cached tree will next be the base of a parse, as far as the owner
/// of the cache knows the work ahead (a scan knows the commits it will audit).
protocol TreeDemand: AnyObject, Sendable {
    /// The position in the work ahead (smaller is sooner) where a version
    /// replacing `blob`, or a new version of `path`, will be parsed; nil
    /// when none is known.
    func nextUse(ofBlob blob: String, path: String?) -> Int?
}

/// Recently parsed syntax trees by blob id, so the next version of a file is
/// parsed incrementally from its previous tree. Bounded by an estimate of
/// the trees' memory: the trees needed last (or never, as far as `demand`
/// knows) go first, the least recently used among equals. Thread-safe.
public final class SyntaxTreeCache: @unchecked Sendable {
    /// Bytes of memory per byte of source a fully parsed tree holds (its
    /// arena, and the source kept beside it).
    static let bytesPerSourceByte = 48

    /// What an incremental parse adds to its base's memory is known once it
    /// is done: its own arena holds a copy of the whole source and the nodes
    /// parsed again (`bytesPerSourceByte` per byte not reused), while the
    /// nodes it reused keep every earlier arena of its chain alive, even once
    /// the trees they were parsed for are gone (its lookahead entries add a
    /// few percent more, not counted). Before it starts, this much per byte
    /// of source is reserved, or more when its edits rewrite more: on
    /// duckduckgo-iOS's history a parse added from about 1 byte per byte (one
    /// string changed in a 200 KB file of strings) to about 30 (SwiftUI
    /// views), so a parse under way may briefly hold more than it reserved;
    /// the stored cost is what it added.
    static let bytesReservedPerIncrementalSourceByte = 8

    /// Incremental parses in a row from one full parse. A reparsed tree
    /// shares the nodes it reused, and with them the memory of every earlier
    /// tree they came from; a full parse now and then lets that memory go.
    static let maximumGenerations = 16

    struct Entry {
        let result: IncrementalParseResult
        let source: [UInt8]
        let path: String?
        /// The nodes of its chain's earlier parses: the lookahead entries it
        /// carries (see `InheritedLookahead`) name them by address.
        let earlier: [ParsedNodes]
        /// Incremental parses since the last full parse of this file.
        let generation: Int
        /// The memory the tree keeps alive: its own and its chain's.
        let cost: Int
        var used: UInt64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var total = 0
    /// What the parses under way will add (see `reserve`).
    private var reserved = 0
    /// The most the cache may keep (the operator's memory bound).
    public let limitBytes: Int
    /// What it keeps now: the limit, until `fittingBudget` fits it to a
    /// whole tree's trees.
    public private(set) var budgetBytes: Int
    private let demand: TreeDemand?
    /// The latest cached blob of each path: a version whose own predecessor's
    /// tree is gone (another branch's edit superseded it) still parses
    /// incrementally from the file's nearest cached version.
    private var latestByPath: [String: String] = [:]
    /// Parses that started from a cached tree, and full parses by why.
    public private(set) var incrementalParses = 0
    public private(set) var fullParsesWithoutBase = 0
    public private(set) var fullParsesRestartingChain = 0
    /// Trees evicted to stay within the budget.
    public private(set) var evictions = 0
    /// Evicting this much for one parse is followed by handing the freed
    /// pages back to the system: the trees' small slabs leave holes in the
    /// heap that stay resident, while the large parse that made room maps
    /// its larger slabs anew (home-assistant iOS: 50 MB above the scan's
    /// plateau at each full parse of its 1.2 MB generated icon file).
    let largeEviction: Int
    public private(set) var heapReturns = 0

    init(
        limitBytes: Int, demand: TreeDemand? = nil, largeEviction: Int = 16 << 20,
        smallestFittedBytes: Int = SyntaxTreeCache.smallestFittedBudgetBytes
    ) {
        self.limitBytes = limitBytes
        budgetBytes = limitBytes
        self.smallestFittedBytes = smallestFittedBytes
        self.demand = demand
        self.largeEviction = largeEviction
    }

    /// The least a fitted budget is: what a small app's history needs for its
    /// chains of incremental parses (duckduckgo-iOS's and home-assistant
    /// iOS's whole histories, which start from a few files, run at it).
    public static let smallestFittedBudgetBytes = 64 << 20
    private let smallestFittedBytes: Int

    /// Parses a whole tree (`body`) within the limit, then fits the budget to
    /// the trees it left, and half as much again for the chains their next
    /// versions grow: the commits after a whole tree edit its files, and a
    /// budget below its trees thrashes (element-x-ios's 400 newest commits,
    /// 9 MB of Swift: 1,366 full parses and 37 s with 64 MB, 394 and 21 s
    /// with room for them all), while one fixed for large apps wastes memory
    /// on small ones.
    func fittingBudget<Result>(toWholeTree body: () throws -> Result) rethrows -> Result {
        lock.withLock { budgetBytes = limitBytes }
        let result = try body()
        let evictedMuch = lock.withLock {
            budgetBytes = min(limitBytes, max(smallestFittedBytes, total + total / 2))
            return evictOverBudgetFreeingMuch()
        }
        if evictedMuch { HeapReturn.releaseFreePages() }
        return result
    }

    /// The cached blob a new version of `path` can be parsed from: its
    /// previous version's when cached, else the path's latest cached one.
    func baseBlob(previous: String?, path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let previous, entries[previous] != nil { return previous }
        return latestByPath[path].flatMap { entries[$0] != nil ? $0 : nil }
    }

    /// The tree a new version of this blob can be parsed from: nil when it
    /// is not cached, or when its chain of incremental parses is long enough
    /// that a full parse should start a new one.
    func base(for blob: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        guard var entry = entries[blob], entry.generation < Self.maximumGenerations else { return nil }
        entry.used = clock
        entries[blob] = entry
        return entry
    }

    /// Counts a full parse: `hadBase` when a cached tree was there but its
    /// chain was too long (or, rarely, the diff could not be mapped onto it).
    func countFullParse(hadBase: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if hadBase { fullParsesRestartingChain += 1 } else { fullParsesWithoutBase += 1 }
    }

    /// Makes room for a parse about to start, so that the trees kept and the
    /// trees being parsed fit the budget together: a giant generated file
    /// parsed while the cache was full added its whole tree on top of it
    /// (home-assistant iOS: 1.2 MB of icon names, 68 MB while parsed).
    /// An incremental parse reserves at least what its edits' new text will
    /// take as new nodes: a generated file rewritten whole is a full parse's
    /// worth even when it starts from a base (home-assistant iOS's icon list
    /// replaced by a hand-written one).
    /// Returns what it reserved, for `store` or `release`.
    func reserve(forParsing sourceBytes: Int, from base: Entry?, rewriting rewrittenBytes: Int = 0) -> Int {
        let bytes = base == nil
            ? sourceBytes * Self.bytesPerSourceByte
            : max(sourceBytes * Self.bytesReservedPerIncrementalSourceByte, sourceBytes + rewrittenBytes * Self.bytesPerSourceByte)
        let evictedMuch = lock.withLock {
            reserved += bytes
            return evictOverBudgetFreeingMuch()
        }
        // Outside the lock: other parses go on while the arenas are walked.
        if evictedMuch { HeapReturn.releaseFreePages() }
        return bytes
    }

    /// Ends a reservation whose tree is not stored.
    func release(_ reservation: Int) {
        lock.lock()
        defer { lock.unlock() }
        reserved -= reservation
    }

    /// Stores a blob's tree, parsed from `base`'s (nil: a full parse) with
    /// `reusedBytes` of its source in nodes reused from it; the tree carries
    /// its base's lookahead entries, with the nodes they name (see
    /// `InheritedLookahead`). The tree of the version it replaces goes: only
    /// the newest version of a file is the base of its next edit, and keeping
    /// one tree per file lets a budget hold a whole app.
    func store(
        _ result: IncrementalParseResult, source: [UInt8], base: Entry?, reusedBytes: Int = 0, for blob: String, path: String?,
        superseding previous: String?, reservation: Int = 0
    ) {
        // Merging the entries is the costly part: done before the lock, so other parses go on.
        let carried = base.map { InheritedLookahead.carrying($0.result.lookaheadRanges, into: result) } ?? result
        let earlier = base.map { $0.earlier + [ParsedNodes($0.result)] } ?? []
        lock.lock()
        defer { lock.unlock() }
        reserved -= reservation
        clock += 1
        if let previous, previous != blob, let old = entries.removeValue(forKey: previous) { total -= old.cost }
        if let path { latestByPath[path] = blob }
        if base != nil { incrementalParses += 1 }
        let entry = Entry(
            result: carried, source: source, path: path, earlier: earlier, generation: base.map { $0.generation + 1 } ?? 0,
            cost: Self.cost(ofParsing: source.count, from: base, reusing: reusedBytes), used: clock
        )
        guard entry.cost <= budgetBytes else { return }
        if let old = entries.updateValue(entry, forKey: blob) { total -= old.cost }
        total += entry.cost
        evictOverBudget()
    }

    /// Evicts until the budget is kept; true (and counted) when so much went
    /// that the freed pages are to be handed back.
    private func evictOverBudgetFreeingMuch() -> Bool {
        guard evictOverBudget() >= largeEviction else { return false }
        heapReturns += 1
        return true
    }

    /// Until the kept and reserved memory fits: the tree needed last first
    /// (never needed, as far as is known, is last of all), the least
    /// recently used among equals. Returns the estimated bytes evicted. With
    /// many trees kept, an eighth of the budget is left spare, so ranking
    /// them all is rare: a wide commit (20,000 new files) evicted a tree per
    /// parse, ranking thousands each time (60 s for a 9 s audit).
    @discardableResult
    private func evictOverBudget() -> Int {
        guard total + reserved > budgetBytes else { return 0 }
        let target = entries.count > Self.treesRankedExactly ? budgetBytes - budgetBytes / 8 : budgetBytes
        var evicted = 0
        var ranked = entries.map { blob, entry in
            (blob: blob, nextUse: demand?.nextUse(ofBlob: blob, path: entry.path) ?? .max, used: entry.used)
        }
        ranked.sort { ($0.nextUse, $1.used) > ($1.nextUse, $0.used) }
        for victim in ranked {
            guard total + reserved > target else { break }
            let cost = entries.removeValue(forKey: victim.blob)!.cost
            total -= cost
            evicted += cost
            evictions += 1
        }
        return evicted
    }

    /// Below this many trees, ranking them is cheap: the budget is kept exactly.
    private static let treesRankedExactly = 256

    /// The memory a tree of `sourceBytes` keeps alive, parsed from `base`'s
    /// tree reusing `reusedBytes` of it: an incremental parse keeps its
    /// base's memory too, so a chain costs more with every generation. Trees
    /// of two branches that share a chain count it twice: the estimate errs
    /// on the side of the budget.
    static func cost(ofParsing sourceBytes: Int, from base: Entry?, reusing reusedBytes: Int) -> Int {
        guard let base else { return sourceBytes * bytesPerSourceByte }
        return base.cost + sourceBytes + (sourceBytes - min(reusedBytes, sourceBytes)) * bytesPerSourceByte
    }

    /// The estimated memory of the cached trees: what the budget bounds.
    var estimatedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
