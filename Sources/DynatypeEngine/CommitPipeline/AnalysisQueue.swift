import DynatypeGit
import DynatypeHistory
import Foundation

/// Reads and analyzes blobs on all cores: the ones an audit needs now, and
/// the changed blobs of upcoming commits, ahead of the commits' audits (a
/// scan's prefetch). The versions of one file form a chain analyzed in order,
/// so each parse can start from the previous version's tree; chains of
/// different files run in parallel, earliest commit first, and a file's
/// chain continues across the scan's windows, so there is no barrier between
/// windows. Each worker has its own libgit2 handle.
final class AnalysisQueue: @unchecked Sendable {
    typealias Request = BlobAnalyzer.Request
    typealias Analyze = @Sendable (Repository, Request) throws -> BlobAnalysis
    typealias Outcome = (Request, Result<BlobAnalysis, any Error>)
    /// A request in its batch, with its size when known (larger first within a batch, so the cores finish together).
    typealias Queued = (request: Request, batch: Int, bytes: Int)

    /// The batch of blobs an audit needs now: taken before any work queued
    /// for later commits.
    static let now = Int.min

    /// One file's versions still to analyze, in commit order.
    private final class Chain {
        var requests: [Queued] = []
        var running = false
    }

    private let condition = NSCondition()
    private let gitDirectory: URL
    private let threads: Int
    private let analyze: Analyze
    /// Chains with work queued or running, by file.
    private var chains: [String: Chain] = [:]
    /// The chains neither running nor empty, next request first.
    private var ready = ReadyChains<Chain>()
    private var workers = 0
    /// Requests not yet analyzed, by batch.
    private var pending: [Int: Int] = [:]
    private var results: [Outcome] = []
    private var cancelled = false

    init(gitDirectory: URL, threads: Int, analyze: @escaping Analyze) {
        self.gitDirectory = gitDirectory
        self.threads = max(1, threads)
        self.analyze = analyze
    }

    /// Queues lanes (a file's versions, in order, keyed by file), each
    /// request in a batch numbered by the caller for `wait` (a scan numbers
    /// them by commit, in the order it audits them).
    func submit(_ lanes: [(file: String, requests: [Queued])]) {
        condition.lock()
        defer { condition.unlock() }
        for lane in lanes where !lane.requests.isEmpty {
            let chain = chains[lane.file] ?? Chain()
            chains[lane.file] = chain
            // An idle chain without requests is not in `ready` yet; a running one returns when it finishes.
            let becomesReady = chain.requests.isEmpty && !chain.running
            chain.requests += lane.requests
            for queued in lane.requests { pending[queued.batch, default: 0] += 1 }
            if becomesReady { markReady(lane.file, chain) }
        }
        while workers < min(threads, ready.count) {
            workers += 1
            WorkerPool.shared.submit { [self] in work() }
        }
    }

    /// Waits until every batch up to `batch` is analyzed and returns the
    /// analyses finished so far (some may belong to later batches).
    func wait(for batch: Int) -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        while pending.contains(where: { $0.key <= batch && $0.value > 0 }) { condition.wait() }
        pending = pending.filter { $0.key > batch && $0.value > 0 }
        defer { results.removeAll() }
        return results
    }

    /// Drops the work not started yet, waits for the running analyses (so
    /// nothing runs on after a scan stops) and returns the analyses finished.
    func cancel() -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        while workers > 0 { condition.wait() }
        chains.removeAll()
        ready.removeAll()
        pending.removeAll()
        cancelled = false
        defer { results.removeAll() }
        return results
    }

    /// Each worker takes the waiting request of the earliest commit (a
    /// file's versions in order), one at a time: audits wait for commits in
    /// order, so finishing commits in order keeps them going, and the scan
    /// queues more work as they go.
    private func work() {
        let repository = Result { try Repository(at: gitDirectory) }
        condition.lock()
        while let (file, chain) = nextChain() {
            let (request, batch, _) = chain.requests.removeFirst()
            chain.running = true
            condition.unlock()
            let analysis = repository.flatMap { repository in Result { try analyze(repository, request) } }
            condition.lock()
            chain.running = false
            results.append((request, analysis))
            pending[batch, default: 0] -= 1
            if chain.requests.isEmpty {
                if chains[file] === chain { chains[file] = nil }
            } else {
                markReady(file, chain)
            }
            condition.broadcast()
        }
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The waiting chain whose next request belongs to the earliest commit
    /// (the largest such request). Called with the lock held.
    private func nextChain() -> (String, Chain)? {
        guard !cancelled else { return nil }
        return ready.popFirst()
    }

    private func markReady(_ file: String, _ chain: Chain) {
        let next = chain.requests[0]
        ready.insert(file: file, chain: chain, batch: next.batch, bytes: next.bytes)
    }
}
