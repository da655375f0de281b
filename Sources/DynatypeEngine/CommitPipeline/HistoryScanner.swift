import DynatypeGit
import DynatypeHistory
import Foundation

/// How much history a scan covers.
public enum ScanLimit: Sendable, Equatable {
    /// New commits since the last scan (all history the first time); older
    /// history before a limited scan's window is left alone.
    case newCommits
    /// Everything reachable, including history before earlier limited scans.
    case everything
    /// The newest N commits not yet audited.
    case newest(Int)
    /// Commits made at or after a date.
    case since(Date)
}

/// Which commits a scan will audit, parents first.
public struct ScanPlan: Sendable {
    public struct Ref: Sendable {
        public let name: String
        public let tip: ObjectID?
    }

    public let refs: [Ref]
    public let commits: [ObjectID]
    /// The tracked ref each commit was planned for (the first that reaches it).
    public let refOf: [ObjectID: String]
    /// Things the user should know (a shallow clone, a missing ref).
    public let notes: [String]
}

public struct ScanResult: Sendable {
    public let audited: Int
    public let failed: Int
    public let interrupted: Bool
    public let seconds: Double
    /// What the scan's audits cost.
    public let work: HistoryWork
}

/// `dynatype scan`: plans the commits of the tracked refs that are not yet
/// audited and audits them parents first. Resumable: every commit is its own
/// transaction, and commits already in the store are never audited again.
public final class HistoryScanner {
    public let engine: HistoryEngine
    /// Commits whose blobs are queued for analysis together; the queue stays
    /// two windows ahead of the audits.
    public var prefetchWindow = 48
    /// Commits diffed ahead of the audits, so that the tree cache keeps the
    /// trees they will need (see `ChangeForecast`).
    public var forecastHorizon = 1024

    public init(engine: HistoryEngine) {
        self.engine = engine
    }

    private var repository: Repository { engine.repository }
    private var store: HistoryStore { engine.store }

    /// The full name of a ref as the user gives it (`main`, `HEAD` → its branch).
    public func referenceName(_ name: String) throws -> String {
        try repository.fullName(of: name)
    }

    public func plan(refs names: [String], limit: ScanLimit) throws -> ScanPlan {
        try engine.refreshRepository()
        var notes: [String] = []
        if repository.isShallow {
            notes.append("shallow clone: history starts at the oldest commit available here; older commits are not audited")
        }
        // What earlier scans covered: the tracked tips, and the parents of
        // baseline commits (where earlier limited scans began). `--all` walks
        // everything and relies on the store to skip audited commits.
        let tracked = try store.trackedRefs()
        var hidden: [ObjectID] = []
        if limit != .everything {
            hidden = tracked.values.compactMap(ObjectID.init(hex:))
            // Read without the commits' summaries: a daemon plans at every ref move.
            hidden += try store.baselineParents().compactMap(ObjectID.init(hex:))
        }
        var refs: [ScanPlan.Ref] = []
        var commits: [ObjectID] = []
        var refOf: [ObjectID: String] = [:]
        for name in names {
            let full: String
            do {
                full = try referenceName(name)
            } catch let error as GitError {
                // A tracked branch deleted (after a release): the other refs go on.
                guard let gone = [name, "refs/heads/\(name)", "refs/tags/\(name)"].first(where: { tracked[$0] != nil }) else { throw error }
                notes.append("\(gone) no longer exists; skipped while it is missing")
                refs.append(.init(name: gone, tip: nil))
                continue
            }
            guard let tip = try repository.referenceTarget(full) else {
                notes.append("\(full) has no commits (or does not exist); skipped")
                refs.append(.init(name: full, tip: nil))
                continue
            }
            refs.append(.init(name: full, tip: tip))
            let walked = try repository.newCommits(from: tip, hiding: hidden)
            let isNew = { (id: ObjectID) in refOf[id] == nil && (try? self.store.commit(id.hex)) == nil }
            var candidates: [ObjectID]
            switch limit {
            case .newest(let count):
                // From the newest back, so a long history is not looked up in the store commit by commit.
                candidates = []
                for id in walked.reversed() where candidates.count < count && isNew(id) { candidates.append(id) }
                candidates.reverse()
            case .since(let date): candidates = try walked.filter { try isNew($0) && repository.commit($0).time >= date }
            case .newCommits, .everything: candidates = walked.filter(isNew)
            }
            commits += candidates
            for commit in candidates { refOf[commit] = full }
        }
        return ScanPlan(refs: refs, commits: commits, refOf: refOf, notes: notes)
    }

    /// Audits the plan's commits in order; `shouldStop` is checked between
    /// commits (Ctrl-C finishes the current commit).
    public func run(
        _ plan: ScanPlan, progress: ((ScanProgress) -> Void)? = nil, shouldStop: () -> Bool = { false }
    ) throws -> ScanResult {
        let started = DispatchTime.now().uptimeNanoseconds
        let elapsed = { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        var tipsAt: [ObjectID: [String: String]] = [:]
        for ref in plan.refs { if let tip = ref.tip { tipsAt[tip, default: [:]][ref.name] = tip.hex } }
        var failed = 0
        var done = 0
        let initial = engine.work
        let commits = plan.commits
        let window = max(1, prefetchWindow)
        // After the first commit (a full audit whose trees the next ones
        // reuse), the blobs of the following commits are analyzed on all
        // cores ahead of their audits, which go in order: queued a window at
        // a time to stay two windows ahead, while each audit waits only for
        // its own commit's blobs. The first windows are small (1, 2, 4…
        // commits) so the cores have work as soon as the first is planned.
        var queued = 1
        func queueAhead(of offset: Int) throws {
            while queued < min(commits.count, offset + 2 * window) {
                let end = min(queued + min(window, queued), commits.count)
                try engine.prefetch(commits[queued..<end])
                queued = end
            }
        }
        // The forecast reaches past everything queued (a window at a time, up to two ahead).
        var forecast = 0
        func forecastAhead(of offset: Int) {
            engine.advanceForecast(to: offset)
            let end = min(commits.count, offset + max(forecastHorizon, 3 * window))
            guard end > forecast else { return }
            engine.expectChanges(of: commits[forecast..<end])
            forecast = end
        }
        engine.beginScan()
        defer { engine.cancelPrefetch() }
        for (offset, id) in commits.enumerated() {
            if shouldStop() { break }
            forecastAhead(of: offset)
            if offset > 0 {
                try queueAhead(of: offset)
                engine.awaitPrefetch(offset)
            }
            // The first commit's blobs are queued while it is being saved.
            let audited = try engine.audit(
                id, tips: tipsAt[id] ?? [:], ref: plan.refOf[id], beforeSaving: offset == 0 ? { try queueAhead(of: 0) } : nil
            )
            if audited.record.status == .failed { failed += 1 }
            done += 1
            progress?(ScanProgress(done: done, total: plan.commits.count, elapsed: elapsed(), last: audited))
        }
        let interrupted = done < plan.commits.count
        if !interrupted {
            // Tips audited by an earlier scan (or another ref) still move forward.
            for ref in plan.refs { if let tip = ref.tip, try store.commit(tip.hex) != nil { try store.setTrackedRef(ref.name, tip: tip.hex) } }
        }
        return ScanResult(audited: done, failed: failed, interrupted: interrupted, seconds: elapsed(), work: engine.work - initial)
    }
}
