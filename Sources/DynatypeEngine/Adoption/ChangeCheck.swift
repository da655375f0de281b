import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype check`: what a change introduces and fixes compared with the
/// merge base of a base revision and its head, computed from git objects by
/// the history's per-commit engine — the base tree's state from the blob
/// cache (a history database's analyses are reused), updated by the change.
/// Both sides are judged by the head's configuration as the rule policy
/// lets it stand against the merge base's, so a change that enables a rule
/// is not blamed for the code it now flags, and a change cannot pass its
/// gate by lowering what the gate checks.
public struct ChangeCheck {
    public enum Head: Sendable {
        /// The files on disk, committed or not.
        case workTree
        case revision(String)
    }

    public let repository: Repository
    public let store: HistoryStore
    public var policy = RegressionPolicy()
    public var rulePolicy = RulePolicy()
    public var threads = ParallelWork.defaultThreadCount
    /// Analyses kept between runs, for the blobs the store does not have.
    public var cache: AnalysisCacheFile?
    /// Called with what the change's configuration lowers, when the rule policy ignores it.
    public var onIgnoredLowering: ([String]) -> Void = { _ in }
    /// Called when a shallow clone lacks the merge base and the base tip stands in for it.
    public var onShallowFallback: (String) -> Void = { _ in }

    public init(repository: Repository, store: HistoryStore) {
        self.repository = repository
        self.store = store
    }

    /// The reports of the files the change touches, each finding `new`
    /// (introduced) or `unchanged`, with the fixed findings as `absent` and
    /// both trees' summaries in the comparison.
    public func run(base revision: String, head: Head) throws -> AuditOutcome {
        let baseTip = try resolve(revision, fetchHint: true)
        let headCommit = try resolve(head.revision ?? "HEAD", fetchHint: false)
        let mergeBase = try self.mergeBase(of: baseTip, revision, and: headCommit)
        let resolved = try configuration(head, commit: headCommit, mergeBase: mergeBase)
        if !resolved.loweringApplied, !resolved.lowered.isEmpty { onIgnoredLowering(resolved.lowered) }
        let configuration = CommitConfiguration(resolved.effective)
        // A check parses each changed file once: only their merge-base trees are of use.
        let analyzer = BlobAnalyzer(store: store, mode: .all, treeLimitBytes: SyntaxTreeCache.smallestFittedBudgetBytes)
        analyzer.threads = threads
        analyzer.persistent = cache
        defer { cache?.store(analyzer.takeNew().compactMap(AnalysisCacheFile.Entry.init)) }

        var state = try TreeState.build(commit: mergeBase, configuration: configuration, repository: repository, analyzer: analyzer)
        let before = state.summary
        let prepared: TreeState.PreparedChanges
        let root: URL
        switch head {
        case .workTree:
            guard let workTree = repository.workTree else {
                throw ChangeCheckError(message: "\(repository.gitDirectory.path) is a bare repository: it has no work tree; pass --head REV")
            }
            root = workTree
            prepared = try WorkTreeChanges(workTree: workTree, configuration: configuration.configuration, threads: threads, cache: cache).prepare(against: state)
        case .revision:
            root = repository.workTree ?? repository.gitDirectory
            let changes = try repository.changes(from: mergeBase, to: headCommit, patterns: HistoryPaths.diffPatterns)
            prepared = try state.prepare(changes, commit: headCommit, repository: repository, analyzer: analyzer)
        }
        let delta = state.apply(prepared)
        var regressions = policy.reasons(
            before: before, after: state.summary, changes: delta.changes, newlyFailingFiles: delta.newlyFailing.count
        )
        if resolved.loweringApplied { regressions += resolved.lowered.map { "its .dynatype.json \($0)" } }

        let touched = Set(prepared.additions.map(\.path) + delta.introduced.map(\.path)).filter { state.files[$0] != nil }
        let introduced = Set(delta.introduced.map(\.fingerprint))
        var states: [String: [FindingComparison.State]] = [:]
        let reports = touched.sorted().map { path -> FileReport in
            let file = state.files[path]!
            states[path] = file.fingerprints.map { introduced.contains($0) ? .new : .unchanged }
            return file.report
        }
        let absent = delta.fixed.map {
            AbsentFinding(path: $0.path, rule: $0.rule, fingerprint: $0.fingerprint, current: $0.current, line: $0.line, severity: $0.severity)
        }
        let headName: String
        switch head {
        case .workTree: headName = "work tree"
        case .revision: headName = headCommit.hex
        }
        let reference = FindingComparison.Reference.change(
            base: mergeBase.hex, head: headName, before: before, after: state.summary, regressions: regressions
        )
        let outcome = AuditOutcome(root: root.standardizedFileURL.path, reports: reports, skipped: [])
        return outcome.comparing(FindingComparison(reference: reference, states: states, absent: absent))
    }

    private func resolve(_ revision: String, fetchHint: Bool) throws -> ObjectID {
        do {
            return try repository.resolveCommit(revision)
        } catch let error as GitError {
            var message = "\(error.message) in \(repository.workTree?.path ?? repository.gitDirectory.path)"
            if fetchHint, repository.isShallow {
                let branch = revision.hasPrefix("origin/") ? String(revision.dropFirst("origin/".count)) : revision
                message += "; this is a shallow clone: fetch the base first (git fetch --no-tags --depth=1 origin "
                    + "\(branch):refs/remotes/origin/\(branch)), or check out with fetch-depth: 0 (actions/checkout)"
            }
            throw ChangeCheckError(message: message)
        }
    }

    /// The merge base; in a shallow clone whose history stops before it,
    /// the base tip itself (said through `onShallowFallback`): the change is
    /// then judged against the base branch as it is now, which is what the
    /// merge would produce unless the base moved since the branch point.
    private func mergeBase(of baseTip: ObjectID, _ revision: String, and head: ObjectID) throws -> ObjectID {
        do {
            return try repository.mergeBase(baseTip, head)
        } catch let error as GitError {
            guard repository.isShallow else { throw error }
            onShallowFallback(
                "this shallow clone does not reach the merge base of \(revision) and the head, so the change is compared with "
                    + "\(revision) (\(baseTip.short)) itself; fetch more history (git fetch --deepen=100, or fetch-depth: 0) for the exact merge base"
            )
            return baseTip
        }
    }

    /// The head's configuration (its commit's `.dynatype.json`, or the work
    /// tree's) as the rule policy lets it stand against the merge base's. An
    /// invalid file at the head is an error: its author is the one reading.
    private func configuration(_ head: Head, commit: ObjectID, mergeBase: ObjectID) throws -> ResolvedConfiguration {
        let baseFile = try RepositoryConfigurationFile.read(at: mergeBase, in: repository)
        let base = rulePolicy.resolve(baseFile.contents, base: nil, fileChanged: false).effective
        let headFile: RepositoryConfigurationFile
        if case .workTree = head, let workTree = repository.workTree {
            let file = workTree.appendingPathComponent(ProjectConfiguration.fileName)
            if let data = FileManager.default.contents(atPath: file.path) {
                headFile = RepositoryConfigurationFile(
                    contents: .success(try ProjectConfiguration(data: data, file: file.path)), blob: try Repository.blobID(of: data)
                )
            } else {
                headFile = RepositoryConfigurationFile(contents: .success(nil), blob: nil)
            }
        } else {
            headFile = try RepositoryConfigurationFile.read(at: commit, in: repository)
            _ = try headFile.contents.get()
        }
        return rulePolicy.resolve(headFile.contents, base: base, fileChanged: headFile.blob != baseFile.blob)
    }
}

extension ChangeCheck.Head {
    var revision: String? {
        if case .revision(let name) = self { return name }
        return nil
    }
}

/// A check that cannot run (an unknown revision, a bare repository).
public struct ChangeCheckError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
