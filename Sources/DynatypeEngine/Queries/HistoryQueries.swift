import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// Reads the history: the store for records, git for ancestry, and the
/// engine to rebuild a commit's full audit from the blob cache.
public struct HistoryQueries {
    public let engine: HistoryEngine
    let policy = RegressionPolicy()

    public init(engine: HistoryEngine) {
        self.engine = engine
    }

    var repository: Repository { engine.repository }
    var store: HistoryStore { engine.store }

    /// An audited commit named by a revision, or a clear error.
    public func audited(_ revision: String) throws -> CommitRecord {
        let id = try repository.resolveCommit(revision)
        guard let record = try store.commit(id.hex) else {
            throw QueryError(message: "\(revision) (\(id.short)) is not audited yet; run `dynatype scan` (with --all or --since to cover older commits)")
        }
        return record
    }

    func regression(of record: CommitRecord, changes: [FindingChange]? = nil) throws -> [String] {
        try policy.reasons(record, in: store, changes: changes)
    }

    /// Audited commits reachable from `ref` that `filter` keeps, newest first.
    public func log(_ ref: String, limit: Int?, filter: LogFilter = LogFilter()) throws -> [LogEntry] {
        let tip = try repository.resolveCommit(ref)
        var entries: [LogEntry] = []
        for id in try repository.newCommits(from: tip, hiding: []).reversed() {
            if let limit, entries.count >= limit { break }
            guard let record = try store.commit(id.hex), filter.matchesAuthor(record), try filter.touchesPath(id, in: repository) else { continue }
            let regression = try regression(of: record)
            if filter.regressionsOnly, regression.isEmpty { continue }
            entries.append(LogEntry(record: record, regression: regression))
        }
        return entries
    }

    public func show(_ revision: String, allFindings: Bool) throws -> CommitDetail {
        let record = try audited(revision)
        let changes = try store.findingChanges(of: record.sha)
        let reports = allFindings && record.status == .audited ? try fullAudit(of: record) : nil
        return CommitDetail(record: record, changes: changes, regression: try regression(of: record, changes: changes), reports: reports)
    }

    /// Every file's report at an audited commit, rebuilt from the blob cache.
    public func fullAudit(of record: CommitRecord) throws -> [FileReport] {
        guard let id = ObjectID(hex: record.sha) else { return [] }
        return try engine.state(of: id).files.values.map(\.report).sorted { $0.path < $1.path }
    }

    public func diff(_ fromRevision: String, _ toRevision: String) throws -> HistoryDiff {
        let from = try audited(fromRevision), to = try audited(toRevision)
        for record in [from, to] where record.status == .failed {
            throw QueryError(message: "\(record.sha.prefix(10)) failed to audit (\(record.error ?? "unknown error")); compare audited commits")
        }
        let before = try engine.state(of: ObjectID(hex: from.sha)!)
        let after = try engine.state(of: ObjectID(hex: to.sha)!)
        let delta = TreeState.compare(before, after)
        var still: [FindingChange] = []
        for (path, file) in after.files.sorted(by: { $0.key < $1.key }) {
            let old = Set(before.files[path]?.fingerprints ?? [])
            for (finding, fingerprint) in zip(file.report.findings, file.fingerprints) where finding.severity == .error && old.contains(fingerprint) {
                still.append(FindingChange(kind: .introduced, finding: finding, path: path, fingerprint: fingerprint))
            }
        }
        return HistoryDiff(from: from, to: to, introduced: delta.introduced, fixed: delta.fixed, stillFailing: still)
    }

    /// Compliance over the first-parent history of `ref`, oldest first.
    public func trend(_ ref: String, since: Date?, by bucket: TrendBucket) throws -> [TrendPoint] {
        let chain = try firstParentChain(ref, since: since)
        let carriedIn = try since.flatMap { try lastAuditedCommit(ref, before: $0) }
        return TrendCalendar.points(chain.reversed(), by: bucket, since: since, carriedIn: carriedIn)
    }

    /// The newest audited commit of `ref`'s first-parent history dated before `date`.
    func lastAuditedCommit(_ ref: String, before date: Date) throws -> CommitRecord? {
        var next: ObjectID? = try repository.resolveCommit(ref)
        while let id = next, repository.hasCommit(id) {
            let commit = try repository.commit(id)
            if commit.time < date, let record = try store.commit(id.hex), record.status == .audited { return record }
            next = commit.firstParent
        }
        return nil
    }

    /// The audited commits of `ref`'s first-parent history made since
    /// `since` (all without it), newest first.
    func firstParentChain(_ ref: String, since: Date?) throws -> [CommitRecord] {
        var chain: [CommitRecord] = []
        var next: ObjectID? = try repository.resolveCommit(ref)
        while let id = next, repository.hasCommit(id) {
            let commit = try repository.commit(id)
            if let since, commit.time < since { break }
            if let record = try store.commit(id.hex), record.status == .audited { chain.append(record) }
            next = commit.firstParent
        }
        return chain
    }

    /// The commit that introduced each current finding of `path` (a file,
    /// or every audited file below a folder) at `revision`.
    public func blame(_ path: String, at revision: String) throws -> [BlameEntry] {
        let record = try audited(revision)
        guard record.status == .audited, let id = ObjectID(hex: record.sha) else {
            throw QueryError(message: "\(revision) failed to audit; blame an audited commit")
        }
        let state = try engine.state(of: id)
        if let file = state.files[path] { return try blame(file, path: path, at: id) }
        let folder = path.isEmpty || path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
        let below = state.files.keys.filter { $0.hasPrefix(folder) }.sorted()
        guard !below.isEmpty else {
            throw QueryError(message: "\(path) is not an audited file or folder at \(id.short)")
        }
        return try below.flatMap { name in try state.files[name].map { try blame($0, path: name, at: id) } ?? [] }
    }

    private func blame(_ file: TrackedFile, path: String, at id: ObjectID) throws -> [BlameEntry] {
        // A fingerprint holds the path: follow the file's renames back, so a
        // finding keeps its introducer under its older names.
        var names = [path]
        while names.count < 64, let rename = try store.renames(to: names.last!).first(where: {
            ObjectID(hex: $0.commit).map { repository.isAncestor($0, of: id) } ?? false
        }), !names.contains(rename.rename.oldPath) {
            names.append(rename.rename.oldPath)
        }
        let fingerprintsByName = names.map { Fingerprint.of(file.report.findings, path: $0) }
        return try file.report.findings.indices.map { index in
            var introducer: ObjectID?
            for fingerprints in fingerprintsByName where introducer == nil {
                introducer = try origin(of: fingerprints[index], before: id)
            }
            return BlameEntry(
                path: path, finding: file.report.findings[index], fingerprint: file.fingerprints[index],
                commit: try introducer.flatMap { try store.commit($0.hex) }
            )
        }
    }
}

extension HistoryQueries {
    /// The commit that introduced a finding seen at `id`: the nearest
    /// ancestor where it arrived, followed back through the commits that
    /// moved it from another file or declaration or copied its file.
    func origin(of fingerprint: String, before id: ObjectID) throws -> ObjectID? {
        var fingerprint = fingerprint
        var tip = id
        var followed = Set<String>()
        while followed.insert(fingerprint).inserted {
            guard let arrival = try store.arrivals(of: fingerprint).first(where: { arrival in
                ObjectID(hex: arrival.commit).map { repository.isAncestor($0, of: tip) } ?? false
            }), let commit = ObjectID(hex: arrival.commit) else { return nil }
            guard let from = arrival.change.fromFingerprint else { return commit }
            fingerprint = from
            tip = commit
        }
        return nil
    }
}

public struct QueryError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
