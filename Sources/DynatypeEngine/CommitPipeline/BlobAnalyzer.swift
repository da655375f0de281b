import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// What a scan may reuse, so anyone can compare the three with the CLI alone.
public enum CacheMode: String, CaseIterable, Sendable {
    /// Every changed file fully parsed (no prefilter, no prefetch); nothing reused.
    case none
    /// Blob analyses reused from the store; full parses on a miss.
    case blobs
    /// Blob analyses, plus incremental parsing from cached syntax trees and
    /// memoized analyses of unchanged declarations.
    case all
}

/// Phase-one results for blobs, through the store's cache: a blob is parsed
/// once per analyzer version, ever. Misses are read from git and analyzed on
/// all cores by one queue, which a scan also fills with the blobs of many
/// commits ahead, one lane per file so each lane parses incrementally.
final class BlobAnalyzer {
    /// A blob to analyze, and the blob it replaces (for incremental parsing).
    struct Request {
        let blob: ObjectID
        let path: String
        let kind: SourceKind
        let previous: ObjectID?
    }

    let store: HistoryStore
    /// Analyses kept between `check` runs, asked after the store.
    var persistent: AnalysisCacheFile?
    let mode: CacheMode
    let trees: SyntaxTreeCache?
    let memo: AnalysisMemo?
    var threads = ParallelWork.defaultThreadCount
    /// Analyses computed since the last `takeNew()`, for the commit's transaction.
    private var fresh: [String: BlobAnalysis] = [:]
    /// Recently used analyses, so a commit does not go back to the store for
    /// blobs the previous commits touched. A thousand is as fast as four
    /// thousand and 20 MB smaller (duckduckgo-iOS's full history: 45 s either
    /// way; the store answers the rest from its cache).
    private var memory = OldestOut<String, CachedAnalysis>(limit: 1_024)
    private(set) var parsed = 0
    private(set) var swiftAnalyzed = 0
    private(set) var cacheHits = 0

    init(store: HistoryStore, mode: CacheMode, treeLimitBytes: Int, demand: TreeDemand? = nil) {
        self.store = store
        self.mode = mode
        trees = mode == .all ? SyntaxTreeCache(limitBytes: treeLimitBytes, demand: demand) : nil
        memo = mode == .all ? AnalysisMemo() : nil
    }

    private static func key(_ blob: ObjectID, _ kind: SourceKind) -> String { blob.hex + "|" + kind.analyzerVersion }

    /// Size limits depend on the commit's configuration, so the cache keeps
    /// the analysis of every blob and the caller applies the limit.
    private var fileAnalyzer: FileAnalyzer { FileAnalyzer(maximumBytes: .max, trees: trees, memo: memo, prefilter: mode != .none) }

    /// A known analysis, without parsing (nil in mode `none`: nothing is reused).
    private func known(_ blob: ObjectID, _ kind: SourceKind) throws -> CachedAnalysis? {
        guard mode != .none else { return nil }
        let key = Self.key(blob, kind)
        if let known = memory[key] ?? fresh[key]?.result { return known }
        let persisted = { self.persistent?.analyses(for: [.init(content: blob.hex, analyzer: kind.analyzerVersion)]).values.first }
        guard let cached = try store.analysis(blob: blob.hex, analyzer: kind.analyzerVersion) ?? persisted().map(CachedAnalysis.analyzed) else { return nil }
        cacheHits += 1
        remember(key, cached)
        return cached
    }

    /// The analyses of the requested blobs: misses are read and analyzed on
    /// the analysis queue's workers (largest first), ahead of any work queued
    /// for later commits. Blobs over the commit's size limit are declined by
    /// their header's size, never read (and not cached: the limit is the
    /// commit's, the cache is every commit's).
    func analyses(
        of requests: [Request], sizes: [ObjectID: Int], limit: Int, in repository: Repository
    ) throws -> [ObjectID: CachedAnalysis] {
        var result: [ObjectID: CachedAnalysis] = [:]
        var misses: [ObjectID: Request] = [:]
        let sizeLimit = FileAnalyzer(maximumBytes: limit)
        for request in requests where result[request.blob] == nil && misses[request.blob] == nil {
            if let reason = sizeLimit.sizeLimitReason(forSize: sizes[request.blob] ?? 0) {
                result[request.blob] = .declined(reason)
            } else if let known = try known(request.blob, request.kind) {
                result[request.blob] = known
            } else {
                misses[request.blob] = request
            }
        }
        guard !misses.isEmpty else { return result }
        let queue = queue(gitDirectory: repository.gitDirectory)
        queue.submit(misses.values.map { ("blob " + $0.blob.hex, [($0, AnalysisQueue.now, sizes[$0.blob] ?? 0)]) })
        var failure: Error?
        for (request, outcome) in queue.wait(for: AnalysisQueue.now) {
            switch outcome {
            case .success(let analysis):
                absorb(request, analysis)
                if misses[request.blob] != nil { result[request.blob] = analysis.result }
            case .failure(let error):
                if misses[request.blob] != nil { failure = failure ?? error }
            }
        }
        if let failure { throw failure }
        return result
    }

    /// The version to parse from: the previous version's tree, else the
    /// file's nearest cached one (another branch's), when cached (else a
    /// full parse is cheaper).
    private static func previousVersion(of request: Request, trees: SyntaxTreeCache?) -> PreviousVersion? {
        guard let trees, request.kind == .swift,
            let base = trees.baseBlob(previous: request.previous?.hex, path: request.path), base != request.blob.hex
        else { return nil }
        return PreviousVersion(blob: base)
    }

    /// Starts analyzing, in the background on all cores, the blobs of
    /// upcoming commits: lanes of one file's versions in order (see
    /// `AnalysisQueue`), each request in the batch `awaitPrefetch` waits for;
    /// only the store lookups happen on the calling thread.
    ///
    /// A blob already queued is not queued again: a merge brings the blobs
    /// its branch's commits made, and both are in the queue at once.
    func prefetch(_ lanes: [(file: String, requests: [AnalysisQueue.Queued])], gitDirectory: URL) throws {
        let pending = try lanes.map { lane in
            (lane.file, try lane.requests.filter { queued in
                let key = Self.key(queued.request.blob, queued.request.kind)
                return try known(queued.request.blob, queued.request.kind) == nil && prefetching.insert(key).inserted
            })
        }
        queue(gitDirectory: gitDirectory).submit(pending)
    }

    /// Blobs queued by `prefetch` and not yet taken in.
    private var prefetching: Set<String> = []

    /// Waits for a prefetched batch (and those before it) and keeps the
    /// analyses for the coming commits. A blob that could not be read is
    /// left out: the audit that needs it asks again and records the error.
    func awaitPrefetch(_ batch: Int) {
        absorb(analysisQueue?.wait(for: batch) ?? [])
    }

    /// Stops prefetching (a scan ended early); the analyses already made are kept.
    func cancelPrefetch() {
        absorb(analysisQueue?.cancel() ?? [])
        prefetching.removeAll()
    }

    private func absorb(_ outcomes: [(Request, Result<BlobAnalysis, any Error>)]) {
        for (request, outcome) in outcomes {
            switch outcome {
            case .success(let analysis): absorb(request, analysis)
            case .failure: prefetching.remove(Self.key(request.blob, request.kind))
            }
        }
    }

    private var analysisQueue: AnalysisQueue?

    private func queue(gitDirectory: URL) -> AnalysisQueue {
        if let analysisQueue { return analysisQueue }
        let analyzer = fileAnalyzer
        let queue = AnalysisQueue(gitDirectory: gitDirectory, threads: threads) { repository, request in
            let data = try repository.contents(of: request.blob)
            let previous = Self.previousVersion(of: request, trees: analyzer.trees)
            defer { AnalysisProgress.fileAnalysed() }
            return Self.record(request, analyzer.analyze(data, kind: request.kind, blob: request.blob.hex, path: request.path, previous: previous))
        }
        analysisQueue = queue
        return queue
    }

    /// The analysis as the store keeps it, encoded on the analyzing thread.
    private static func record(_ request: Request, _ outcome: FileAnalyzer.Outcome) -> BlobAnalysis {
        let (blob, analyzer) = (request.blob.hex, request.kind.analyzerVersion)
        switch outcome {
        case .analyzed(let analysis):
            do {
                return try BlobAnalysis(blob: blob, analyzer: analyzer, result: .analyzed(analysis))
            } catch {
                // Only a value JSON cannot hold (an infinite literal) gets here.
                return Self.declined(blob, analyzer, "its analysis could not be recorded (\(error))")
            }
        case .declined(let reason):
            return Self.declined(blob, analyzer, reason)
        }
    }

    private static func declined(_ blob: String, _ analyzer: String, _ reason: String) -> BlobAnalysis {
        BlobAnalysis(blob: blob, analyzer: analyzer, declined: reason)
    }

    private func absorb(_ request: Request, _ analysis: BlobAnalysis) {
        prefetching.remove(Self.key(request.blob, request.kind))
        parsed += 1
        if request.kind == .swift, case .analyzed = analysis.result { swiftAnalyzed += 1 }
        let key = Self.key(request.blob, request.kind)
        fresh[key] = analysis
        remember(key, analysis.result)
    }

    /// The analyses computed since the last call, to save with the commit.
    func takeNew() -> [BlobAnalysis] {
        defer { fresh.removeAll() }
        return Array(fresh.values)
    }

    private func remember(_ key: String, _ analysis: CachedAnalysis) {
        guard mode != .none else { return }
        memory.set(analysis, for: key)
    }
}
