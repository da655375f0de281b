import Foundation
import SwiftParser

/// Recently parsed syntax trees by blob id, so the next version of a file is
/// parsed incrementally from its previous tree. Bounded by an estimate of
/// the trees' memory; the least recently used go first. Thread-safe.
public final class SyntaxTreeCache: @unchecked Sendable {
    /// Bytes of memory per byte of source a fully parsed tree holds (its
    /// arena, and the source kept beside it).
    static let bytesPerSourceByte = 48

    /// Bytes of memory per byte of source an incremental parse adds to its
    /// base's: its own arena holds a copy of the whole source and the nodes
    /// parsed again, while the nodes it reused keep every earlier arena of
    /// its chain alive, even once the trees they were parsed for are gone.
    static let bytesPerReparsedSourceByte = 8

    /// Incremental parses in a row from one full parse. A reparsed tree
    /// shares the nodes it reused, and with them the memory of every earlier
    /// tree they came from; a full parse now and then lets that memory go.
    static let maximumGenerations = 16

    struct Entry {
        let result: IncrementalParseResult
        let source: [UInt8]
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
    public let budgetBytes: Int
    /// The latest cached blob of each path: a version whose own predecessor's
    /// tree is gone (another branch's edit superseded it) still parses
    /// incrementally from the file's nearest cached version.
    private var latestByPath: [String: String] = [:]
    /// Parses that started from a cached tree, and full parses by why.
    public private(set) var incrementalParses = 0
    public private(set) var fullParsesWithoutBase = 0
    public private(set) var fullParsesRestartingChain = 0

    public init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
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
    /// Returns what it reserved, for `store` or `release`.
    func reserve(forParsing sourceBytes: Int, from base: Entry?) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let bytes = Self.cost(ofParsing: sourceBytes, from: base) - (base?.cost ?? 0)
        reserved += bytes
        evictOverBudget()
        return bytes
    }

    /// Ends a reservation whose tree is not stored.
    func release(_ reservation: Int) {
        lock.lock()
        defer { lock.unlock() }
        reserved -= reservation
    }

    /// Stores a blob's tree, parsed from `base`'s (nil: a full parse). The
    /// tree of the version it replaces goes: only the newest version of a
    /// file is the base of its next edit, and keeping one tree per file lets
    /// a budget hold a whole app.
    func store(
        _ result: IncrementalParseResult, source: [UInt8], base: Entry?, for blob: String, path: String?, superseding previous: String?,
        reservation: Int = 0
    ) {
        lock.lock()
        defer { lock.unlock() }
        reserved -= reservation
        clock += 1
        if let previous, previous != blob, let old = entries.removeValue(forKey: previous) { total -= old.cost }
        if let path { latestByPath[path] = blob }
        if base != nil { incrementalParses += 1 }
        let entry = Entry(
            result: result, source: source, generation: base.map { $0.generation + 1 } ?? 0,
            cost: Self.cost(ofParsing: source.count, from: base), used: clock
        )
        guard entry.cost <= budgetBytes else { return }
        if let old = entries.updateValue(entry, forKey: blob) { total -= old.cost }
        total += entry.cost
        evictOverBudget()
    }

    /// Least recently used first, until the kept and reserved memory fits.
    private func evictOverBudget() {
        while total + reserved > budgetBytes, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            total -= oldest.value.cost
            entries[oldest.key] = nil
        }
    }

    /// The memory a tree of `sourceBytes` keeps alive, parsed from `base`'s
    /// tree: an incremental parse keeps its base's memory too, so a chain
    /// costs more with every generation. Trees of two branches that share a
    /// chain count it twice: the estimate errs on the side of the budget.
    static func cost(ofParsing sourceBytes: Int, from base: Entry?) -> Int {
        guard let base else { return sourceBytes * bytesPerSourceByte }
        return base.cost + sourceBytes * bytesPerReparsedSourceByte
    }

    /// The estimated memory of the cached trees: what the budget bounds.
    var estimatedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
