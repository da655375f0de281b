import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// Phase-one results for blobs, through the store's cache: a blob is parsed
/// once per analyzer version, ever. Misses are read from git on the calling
/// thread and analyzed in parallel.
final class BlobAnalyzer {
    let store: HistoryStore
    var threads = ParallelWork.defaultThreadCount
    /// Analyses computed since the last `takeNew()`, for the commit's transaction.
    private var fresh: [String: BlobAnalysis] = [:]
    /// Recently used analyses, so a commit does not go back to the store for
    /// blobs the previous commits touched.
    private var memory: [String: CachedAnalysis] = [:]
    private var memoryOrder: [String] = []
    private let memoryLimit = 4_096
    private(set) var parsed = 0
    private(set) var cacheHits = 0

    init(store: HistoryStore) {
        self.store = store
    }

    private static func key(_ blob: ObjectID, _ kind: SourceKind) -> String { blob.hex + "|" + kind.analyzerVersion }

    /// The analyses of `blobs` (each with the kind its path gives).
    func analyses(of blobs: [(blob: ObjectID, kind: SourceKind)], in repository: Repository) throws -> [ObjectID: CachedAnalysis] {
        var result: [ObjectID: CachedAnalysis] = [:]
        var misses: [(blob: ObjectID, kind: SourceKind, data: Data)] = []
        for (blob, kind) in blobs where result[blob] == nil {
            let key = Self.key(blob, kind)
            if let known = memory[key] ?? fresh[key]?.result {
                result[blob] = known
            } else if let cached = try store.analysis(blob: blob.hex, analyzer: kind.analyzerVersion) {
                cacheHits += 1
                remember(key, cached)
                result[blob] = cached
            } else if !misses.contains(where: { $0.blob == blob }) {
                misses.append((blob, kind, try repository.contents(of: blob)))
            }
        }
        // Size limits depend on the commit's configuration, so the cache keeps
        // the analysis of every blob and the caller applies the limit.
        let analyzer = FileAnalyzer(maximumBytes: .max)
        let work = misses
        let computed = ParallelWork.map(count: work.count, threads: threads) { index -> CachedAnalysis in
            switch analyzer.analyze(work[index].data, kind: work[index].kind) {
            case .analyzed(let analysis): return .analyzed(analysis)
            case .declined(let reason): return .declined(reason)
            }
        }
        parsed += misses.count
        for (miss, analysis) in zip(misses, computed) {
            let key = Self.key(miss.blob, miss.kind)
            fresh[key] = BlobAnalysis(blob: miss.blob.hex, analyzer: miss.kind.analyzerVersion, result: analysis)
            remember(key, analysis)
            result[miss.blob] = analysis
        }
        return result
    }

    /// The analyses computed since the last call, to save with the commit.
    func takeNew() -> [BlobAnalysis] {
        defer { fresh.removeAll() }
        return Array(fresh.values)
    }

    /// Forgets analyses that were computed but not saved (a failed commit).
    func discardNew() { fresh.removeAll() }

    private func remember(_ key: String, _ analysis: CachedAnalysis) {
        if memory[key] == nil { memoryOrder.append(key) }
        memory[key] = analysis
        // Evict in batches so the order list is not shifted on every insert.
        if memoryOrder.count > memoryLimit + 512 {
            let overflow = memoryOrder.count - memoryLimit
            for key in memoryOrder.prefix(overflow) { memory[key] = nil }
            memoryOrder.removeFirst(overflow)
        }
    }
}
