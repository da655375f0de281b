/// What auditing history cost, counted as it happens: where the time of a
/// long scan goes (full parses and why, incremental parses, files the
/// prefilter skipped, reused analyses, states moved or rebuilt). The scan
/// prints it, and the history benchmark breaks its timings down with it.
public struct HistoryWork: Sendable, Equatable {
    /// Commits audited, and how many of them were merges.
    public var commits = 0
    public var merges = 0
    /// Blobs analyzed (not found in the store or in memory).
    public var blobsAnalyzed = 0
    /// Blob analyses found in the store (an earlier scan, another branch).
    public var cacheHits = 0
    /// Parses from the tree of an earlier version of the file.
    public var incrementalParses = 0
    /// Full parses: no tree of any version of the file was cached…
    public var fullParsesWithoutBase = 0
    /// …or the file's chain of incremental parses was long enough to start over.
    public var fullParsesRestartingChain = 0
    /// Swift blobs analyzed without a parse (no rule could react to them).
    public var skippedByPrefilter = 0
    /// Syntax trees evicted to keep the cache within its budget, and times
    /// a large eviction's freed memory was handed back to the system.
    public var treesEvicted = 0
    public var heapReturns = 0
    /// The tree cache's budget at the reading (fitted to the last whole tree audited).
    public var treeBudgetBytes = 0
    /// Declarations whose analysis was reused from an earlier version.
    public var memoizedDeclarations = 0
    /// Times the audited state moved to another branch's commit by their diff,
    /// or was rebuilt from every file of a tree (a baseline, a configuration change).
    public var stateMoves = 0
    public var stateRebuilds = 0

    public init() {}

    public var fullParses: Int { fullParsesWithoutBase + fullParsesRestartingChain }

    /// The work done between two readings.
    public static func - (after: HistoryWork, before: HistoryWork) -> HistoryWork {
        var work = HistoryWork()
        work.commits = after.commits - before.commits
        work.merges = after.merges - before.merges
        work.blobsAnalyzed = after.blobsAnalyzed - before.blobsAnalyzed
        work.cacheHits = after.cacheHits - before.cacheHits
        work.incrementalParses = after.incrementalParses - before.incrementalParses
        work.fullParsesWithoutBase = after.fullParsesWithoutBase - before.fullParsesWithoutBase
        work.fullParsesRestartingChain = after.fullParsesRestartingChain - before.fullParsesRestartingChain
        work.skippedByPrefilter = after.skippedByPrefilter - before.skippedByPrefilter
        work.treesEvicted = after.treesEvicted - before.treesEvicted
        work.heapReturns = after.heapReturns - before.heapReturns
        work.treeBudgetBytes = after.treeBudgetBytes
        work.memoizedDeclarations = after.memoizedDeclarations - before.memoizedDeclarations
        work.stateMoves = after.stateMoves - before.stateMoves
        work.stateRebuilds = after.stateRebuilds - before.stateRebuilds
        return work
    }

    /// Where the work went, for `scan --verbose` and the history benchmark.
    public var breakdown: [String] {
        [
            "commits: \(commits) audited (\(merges) merges); the audited state moved between branches \(stateMoves) times "
                + "and was rebuilt from a whole tree \(stateRebuilds) times",
            "blobs: \(blobsAnalyzed) analyzed, \(cacheHits) found in the history's cache; parses: \(incrementalParses) incremental, "
                + "\(fullParses) full (\(fullParsesWithoutBase) with no cached tree of the file, \(fullParsesRestartingChain) restarting a chain), "
                + "\(skippedByPrefilter) blobs skipped by the prefilter; \(memoizedDeclarations) declarations reused",
            "syntax trees: \(treesEvicted) evicted for the cache's budget of \(treeBudgetBytes >> 20) MB; "
                + "freed memory handed back to the system \(heapReturns) times",
        ]
    }

    /// One line for a scan's summary.
    public var summary: String {
        "\(blobsAnalyzed) blobs analyzed (\(incrementalParses) parsed incrementally, \(fullParses) fully, \(skippedByPrefilter) skipped by the prefilter), "
            + "\(cacheHits) cache hits, \(memoizedDeclarations) declarations reused"
    }
}
