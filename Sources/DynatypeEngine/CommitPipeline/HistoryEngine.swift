import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// A commit as the history recorded it, with what it introduced and fixed.
public struct AuditedCommit: Sendable {
    public let record: CommitRecord
    public let changes: [FindingChange]
}

/// Audits commits one at a time, each as its base's state updated by the
/// commit's changes, and records each in one store transaction.
public final class HistoryEngine {
    public private(set) var repository: Repository
    public let store: HistoryStore
    let analyzer: BlobAnalyzer
    /// The state of the last commit audited or loaded; the next commit usually builds on it.
    private var current: TreeState?
    /// Sees each commit audited against a base; what it returns (alerts) is
    /// saved in the commit's transaction.
    public weak var observer: CommitObserver?
    /// Diffs computed ahead of the audits (for the forecast and the
    /// prefetch), by commit, with the parent they are against; each is
    /// taken by its audit.
    private var knownChanges: [ObjectID: (parent: ObjectID, changes: [FileChange])] = [:]
    /// What the commits ahead will change, for the tree cache.
    private let forecast = ChangeForecast()
    /// Who decides each commit's rules (the operator, and how far the repository may change them).
    public var rulePolicy = RulePolicy()

    /// The most the syntax-tree cache may keep by default; below it, its
    /// budget fits the whole trees the engine audits (see
    /// `SyntaxTreeCache.fittingBudget`), so a history that starts small
    /// (`scan --all` of duckduckgo-iOS or home-assistant iOS) stays at the
    /// smallest budget, and element-x-ios's 400 newest commits get room for
    /// the trees of its 9 MB of Swift (see docs/guide/history.md).
    public static let defaultTreeLimitBytes = 384 << 20

    public init(
        repository: Repository, store: HistoryStore, threads: Int = ParallelWork.defaultThreadCount,
        cache: CacheMode = .all, treeLimitBytes: Int = defaultTreeLimitBytes
    ) {
        HeapReturn.configured
        self.repository = repository
        self.store = store
        analyzer = BlobAnalyzer(store: store, mode: cache, treeLimitBytes: treeLimitBytes, demand: forecast)
        analyzer.threads = threads
    }

    public var cacheMode: CacheMode { analyzer.mode }

    /// Opens the repository again when objects may have gone: a long-lived
    /// libgit2 handle keeps objects that `git gc` has since removed. A
    /// daemon plans at every ref move, and opening costs a millisecond.
    public func refreshRepository() throws {
        let stamp = ObjectStoreStamp(repository)
        if let openedStamp, !stamp.mayHaveLostObjects(since: openedStamp) { return }
        repository = try Repository(at: repository.gitDirectory)
        openedStamp = stamp
    }

    /// The object store when `repository` was last opened by `refreshRepository`.
    private var openedStamp: ObjectStoreStamp?

    /// The work done so far (counts since the engine was made).
    public var work: HistoryWork {
        var work = statistics
        work.blobsAnalyzed = analyzer.parsed
        work.cacheHits = analyzer.cacheHits
        work.memoizedDeclarations = analyzer.memo?.hits ?? 0
        if let trees = analyzer.trees {
            work.incrementalParses = trees.incrementalParses
            work.fullParsesWithoutBase = trees.fullParsesWithoutBase
            work.fullParsesRestartingChain = trees.fullParsesRestartingChain
            work.treesEvicted = trees.evictions
            work.heapReturns = trees.heapReturns
            work.treeBudgetBytes = trees.budgetBytes
            work.skippedByPrefilter = analyzer.swiftAnalyzed - trees.incrementalParses - work.fullParses
        }
        return work
    }

    /// The counts the engine keeps itself (commits, state moves).
    private var statistics = HistoryWork()

    /// The audited commit `id` is compared with: its first parent when that
    /// was audited successfully, else the parent's own base (a failed commit
    /// is never a base); nil when the parent was never audited or is missing.
    func base(of commit: Commit) throws -> ObjectID? {
        guard let parent = commit.firstParent, repository.hasCommit(parent), let record = try store.commit(parent.hex) else {
            return nil
        }
        if record.status == .audited { return parent }
        return record.base.flatMap(ObjectID.init(hex:))
    }

    /// Audits of one commit that may die (crash, kill -9) before it is given
    /// up: a commit that crashes dynatype is then recorded as failed, and the
    /// history goes on.
    static let maximumAttempts = 3

    /// Audits and records one commit. A commit whose own `.dynatype.json` is
    /// invalid is audited with the last valid configuration and says so; a
    /// commit that cannot be audited (an object is unreadable, earlier
    /// attempts died) is recorded as failed; only store errors (and
    /// `beforeSaving`'s) are thrown. `beforeSaving` runs once the commit's blobs are analyzed:
    /// a scan queues the next commits' blobs there, so the cores parse them
    /// while this commit is saved.
    @discardableResult
    public func audit(
        _ id: ObjectID, tips: [String: String] = [:], ref: String? = nil, beforeSaving: (() throws -> Void)? = nil
    ) throws -> AuditedCommit {
        let started = DispatchTime.now().uptimeNanoseconds
        let commit = try repository.commit(id)
        let base = try self.base(of: commit)
        statistics.commits += 1
        if commit.parents.count > 1 { statistics.merges += 1 }
        var record = CommitRecord(
            sha: id.hex, parent: commit.firstParent?.hex, base: base?.hex, status: .audited, isBaseline: base == nil,
            authorName: commit.authorName, authorEmail: commit.authorEmail, committedAt: commit.time, title: commit.summary,
            configurationHash: nil, summary: AuditSummary(), introduced: 0, fixed: 0, durationSeconds: 0, auditedAt: Date()
        )
        var changes: [FindingChange] = []
        var renames: [PathRename] = []
        var notifications = CommitNotifications.none
        var stored: StoredConfiguration?
        do {
            let attempt = try store.beginAttempt(id.hex)
            guard attempt <= Self.maximumAttempts else { throw AbandonedAudit(attempts: attempt - 1) }
            let resolved = try resolveConfiguration(of: id, base: base)
            stored = resolved.effective.stored
            record.configurationHash = stored?.hash
            record.configurationError = resolved.error
            record.policyChange = resolved.policyChange
            let delta = try advance(to: id, configuration: CommitConfiguration(resolved.effective), from: base)
            record.summary = current!.summary
            record.introduced = delta.introduced.count
            record.fixed = delta.fixed.count
            record.moved = delta.moved.count
            record.unchecked = delta.unchecked.count
            record.filesNotAudited = current!.declined.count
            record.notAudited = current!.newlyDeclined
            record.introducedErrors = delta.introduced.filter { $0.severity == .error }.count
            record.filesNewlyFailing = delta.newlyFailing.count
            changes = delta.changes
            renames = delta.renames
            if let observer, let ref, let base {
                record.durationSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                notifications = try observer.notifications(for: CommitAudit(
                    record: record, base: try store.commit(base.hex), ref: ref, changes: changes, newlyFailing: delta.newlyFailing,
                    configuration: resolved, renames: delta.renames, state: current!
                ))
            }
        } catch let error as ConfigurationError {
            // A stored configuration that no longer parses: the history is damaged, the commit is not.
            record.status = .failed
            record.error = "the configuration of its base cannot be read: \(error)"
        } catch let error as GitError {
            record.status = .failed
            record.error = error.message
        } catch let error as AbandonedAudit {
            record.status = .failed
            record.error = "\(error)"
        }
        record.durationSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        try beforeSaving?()
        try store.save(
            record, configuration: stored, changes: changes, renames: renames, analyses: analyzer.takeNew(), tips: tips, notifications: notifications
        )
        observer?.saved(record.sha)
        return AuditedCommit(record: record, changes: changes)
    }

    /// Moves `current` to the commit's state and returns what changed from the base.
    private func advance(to id: ObjectID, configuration: CommitConfiguration, from base: ObjectID?) throws -> TreeState.Delta {
        guard let base else {
            current = try rebuiltState(of: id, configuration: configuration)
            return TreeState.Delta()
        }
        try load(base)
        guard current!.configuration == configuration else {
            let next = try rebuiltState(of: id, configuration: configuration)
            var delta = TreeState.compare(current!, next)
            delta.separateUnchecked(by: configuration.configuration, in: next)
            current = next
            return delta
        }
        let known = knownChanges.removeValue(forKey: id)
        let changes = try known?.parent == base ? known!.changes : repository.changes(from: base, to: id, patterns: HistoryPaths.diffPatterns)
        // Everything that can fail happens in `prepare`; `apply` then updates
        // the state in place (no copy of the tree).
        let prepared = try current!.prepare(changes, commit: id, repository: repository, analyzer: analyzer)
        var delta = current!.apply(prepared)
        // Findings of files the commit added may be copies of findings elsewhere: blame follows them to their origin.
        let added = Set(changes.filter { $0.kind == .added }.compactMap(\.newPath)).intersection(delta.introduced.map(\.path))
        if !added.isEmpty {
            delta.traceCopies(try repository.copySources(from: base, to: id, added: added, patterns: HistoryPaths.diffPatterns), in: current!)
        }
        return delta
    }

    /// Makes `current` the state of an audited commit. When the last audited
    /// commit was another one with the same configuration (a scan moving
    /// between branches), the state moves there by the diff between the two
    /// commits, as a commit's own changes do: a merge-heavy history switches
    /// branches at most commits, and rebuilding the whole tree each time cost
    /// more than parsing. Otherwise it is rebuilt from the blob cache.
    private func load(_ id: ObjectID) throws {
        if current?.commit == id { return }
        let configuration = CommitConfiguration(try effectiveConfiguration(of: id))
        // (The last audited commit may be gone: a force push, then `git gc`.)
        if let state = current, state.configuration == configuration, repository.hasCommit(state.commit) {
            let changes = try repository.changes(from: state.commit, to: id, patterns: HistoryPaths.diffPatterns)
            let prepared = try state.prepare(changes, commit: id, repository: repository, analyzer: analyzer)
            _ = current!.apply(prepared)
            statistics.stateMoves += 1
            return
        }
        current = nil
        current = try rebuiltState(of: id, configuration: configuration)
    }

    /// A commit's state from every file of its tree, with the tree cache's
    /// budget fitted to it.
    private func rebuiltState(of id: ObjectID, configuration: CommitConfiguration) throws -> TreeState {
        statistics.stateRebuilds += 1
        let build = { try TreeState.build(commit: id, configuration: configuration, repository: self.repository, analyzer: self.analyzer) }
        return try analyzer.trees?.fittingBudget(toWholeTree: build) ?? build()
    }

    /// The configuration a commit is audited with, from its own file, the
    /// configuration of the commit it builds on and the rule policy.
    private func resolveConfiguration(of id: ObjectID, base: ObjectID?) throws -> ResolvedConfiguration {
        let file = try RepositoryConfigurationFile.read(at: id, in: repository)
        guard let base else { return rulePolicy.resolve(file.contents, base: nil, fileChanged: file.blob != nil) }
        let baseBlob = try repository.blob(at: ProjectConfiguration.fileName, in: base)
        return rulePolicy.resolve(file.contents, base: try effectiveConfiguration(of: base), fileChanged: file.blob != baseBlob)
    }

    /// The configuration an audited commit was audited with: the state's,
    /// the one its record names, or (recorded before dynatype kept them)
    /// its own file's.
    private func effectiveConfiguration(of id: ObjectID) throws -> ProjectConfiguration {
        if let current, current.commit == id { return current.configuration.configuration }
        if let hash = try store.commit(id.hex)?.configurationHash, let body = try store.configuration(hash: hash) {
            return try ProjectConfiguration(stored: body)
        }
        return try RepositoryConfigurationFile.read(at: id, in: repository).contents.get() ?? rulePolicy.pinned ?? ProjectConfiguration()
    }

    /// A scan begins: its commits are numbered from 0, so what an earlier
    /// scan of this engine (the daemon's last catch-up) foresaw or diffed is dropped.
    func beginScan() {
        forecast.reset()
        knownChanges.removeAll()
    }

    /// Diffs upcoming commits with their first parents, ahead of their
    /// prefetch, so that the tree cache knows which trees they will need. A
    /// commit's position is its index in `commits` (the scan's order). A
    /// commit that cannot be diffed is left to its audit, which records why.
    func expectChanges(of commits: ArraySlice<ObjectID>) {
        guard analyzer.mode == .all else { return }
        for (position, id) in zip(commits.indices, commits) {
            if let known = try? changes(of: id) { forecast.expect(known.changes, at: position) }
        }
    }

    /// The scan is auditing the commit at `position`: the forecast's earlier uses are past.
    func advanceForecast(to position: Int) { forecast.advance(to: position) }

    /// A commit's changes from its first parent (nil for a root commit or a
    /// missing parent), computed once for the forecast, the prefetch and the audit.
    private func changes(of id: ObjectID) throws -> (parent: ObjectID, changes: [FileChange])? {
        if let known = knownChanges[id] { return known }
        let commit = try repository.commit(id)
        guard let parent = commit.firstParent, repository.hasCommit(parent) else { return nil }
        let known = (parent, try repository.changes(from: parent, to: id, patterns: HistoryPaths.diffPatterns))
        knownChanges[id] = known
        return known
    }

    /// Starts analyzing the changed blobs of upcoming commits on all cores,
    /// in the background, before the commits are audited (in order) one by
    /// one; each file's versions form a lane parsed in order, so incremental
    /// parsing still applies. A commit's blobs are in the batch numbered by
    /// its index in `commits`, for `awaitPrefetch`.
    func prefetch(_ commits: ArraySlice<ObjectID>) throws {
        guard analyzer.mode != .none, !commits.isEmpty else { return }
        var lanes: [(file: String, requests: [AnalysisQueue.Queued])] = []
        var laneOf: [String: Int] = [:]
        for (batch, id) in zip(commits.indices, commits) {
            // The commit's own file guesses its configuration well enough to choose what to parse ahead.
            guard let (_, changes) = try changes(of: id),
                case .success(let file) = (try? RepositoryConfigurationFile.read(at: id, in: repository))?.contents
            else { continue }
            let configuration = rulePolicy.repositoryConfiguration == .ignore ? nil : file ?? rulePolicy.pinned ?? ProjectConfiguration()
            for change in changes {
                guard let path = change.newPath, let blob = change.newBlob, let kind = SourceKind(path: path),
                    configuration?.includes(relativePath: path) ?? true,
                    // An unreadable blob is left to the commit's audit, which records the error.
                    (try? repository.size(of: blob)).map({ $0 <= configuration?.maximumFileBytes ?? ProjectConfiguration.defaultMaximumFileBytes }) ?? true
                else { continue }
                // A lane is named by the path its file had before these
                // commits, so the file's lane of earlier commits continues it.
                let lane = change.oldPath.flatMap { laneOf[$0] } ?? laneOf[path] ?? {
                    lanes.append((change.oldPath ?? path, []))
                    return lanes.count - 1
                }()
                laneOf[path] = lane
                lanes[lane].requests.append((.init(blob: blob, path: path, kind: kind, previous: change.oldBlob), batch, 0))
            }
        }
        try analyzer.prefetch(lanes, gitDirectory: repository.gitDirectory)
    }

    /// Takes in the analyses of prefetched commits up to `batch` once they are done.
    func awaitPrefetch(_ batch: Int) { analyzer.awaitPrefetch(batch) }

    /// Stops prefetching, keeping what is done.
    func cancelPrefetch() { analyzer.cancelPrefetch() }

    /// The audit of an audited commit's whole tree (for `show`, `diff`, `blame`).
    func state(of id: ObjectID) throws -> TreeState {
        try load(id)
        return current!
    }
}

/// Earlier audits of a commit died before saving it.
struct AbandonedAudit: Error, CustomStringConvertible {
    let attempts: Int
    var description: String {
        "dynatype stopped \(attempts) times while auditing this commit (a crash, or killed); it is recorded as failed so the history can go on — please report it"
    }
}
