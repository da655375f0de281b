import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype report`: the history of a ref gathered for one page, from the
/// same queries as `trend`, `show --all`, `log` and `blame`.
extension HistoryQueries {
    /// Commits whose per-folder summaries are rebuilt (each is a whole tree's audit from the blob cache).
    static let folderSampleCount = 12
    /// Regressions and resolutions shown in detail at most; open regressions are always shown.
    static let eventLimit = 150

    /// - Parameter bucket: nil picks one from the period: each commit up to
    ///   300 commits, else days up to 120 days, else weeks.
    public func complianceHistory(_ ref: String, since: Date?, by bucket: TrendBucket?) throws -> ComplianceHistory {
        _ = try audited(ref)
        let chain = try firstParentChain(ref, since: nil)
        guard let tip = chain.first else {
            throw QueryError(message: "\(ref) has no successfully audited commit on its first-parent history; run `dynatype scan`")
        }
        let period = since.map { since in Array(chain.prefix { $0.committedAt >= since }) } ?? chain
        guard let first = period.last else {
            throw QueryError(message: "no audited commit of \(ref) since \(ISO8601DateFormatter().string(from: since!)); the last is \(tip.sha.prefix(10))")
        }
        let span = TrendCalendar.plausible(tip.committedAt).timeIntervalSince(TrendCalendar.plausible(first.committedAt))
        let bucket = bucket ?? Self.bucket(commits: period.count, days: span / 86_400)

        let samples = try folderSamples(period)
        // The tip's tree was loaded last by the samples: the audit reuses it.
        let files = try fullAudit(of: tip)
        // Open regressions are the history's ledger (as `status`, `fleet` and metrics count them).
        let fullRef = (try? repository.fullName(of: ref)) ?? ref
        let ledger = try store.regressionLedger(ref: fullRef)
        let open = Set(ledger.filter { $0.value == nil }.keys)
        // As `trend` draws it: with a period, its buckets run to today.
        let carriedIn = since.flatMap { since in chain.first { $0.committedAt < since } }
        let trend = TrendCalendar.points(period.reversed(), by: bucket, since: since, carriedIn: carriedIn)
        let (events, leftOut) = try regressionEvents(
            chain, period: Set(period.map(\.sha)), ledger: ledger, trendIndex: Self.trendIndex(trend, bucket: bucket)
        )
        let newest = try store.commit(try repository.resolveCommit(ref).hex)
        return ComplianceHistory(
            ref: ref, tip: tip, since: since, bucket: bucket, trend: trend, files: files,
            folderSamples: samples, events: events, eventsLeftOut: leftOut, authors: authors(period), openRegressionCount: open.count,
            problem: newest.flatMap(Self.problem)
        )
    }

    /// What a ref's newest commit's record says went wrong, if anything.
    static func problem(_ record: CommitRecord) -> String? {
        if record.status == .failed {
            return "the newest commit \(record.sha.prefix(10)) could not be audited (\(record.error ?? "unknown error")); these numbers are those of the last audited commit"
        }
        return record.configurationError.map {
            "the newest commit \(record.sha.prefix(10)) has an invalid .dynatype.json and was audited with the last valid configuration: \($0)"
        }
    }

    /// Finds the trend point of a commit by its bucket's label.
    private static func trendIndex(_ points: [TrendPoint], bucket: TrendBucket) -> (CommitRecord) -> Int? {
        let indices = Dictionary(points.enumerated().map { ($1.label, $0) }) { first, _ in first }
        guard bucket != .commit else { return { indices[String($0.sha.prefix(10))] } }
        let calendar = TrendCalendar(bucket: bucket)
        return { indices[calendar.label(calendar.start(of: $0.committedAt))] }
    }

    static func bucket(commits: Int, days: Double) -> TrendBucket {
        commits <= 300 ? .commit : days <= 120 ? .day : .week
    }

    /// Per-folder summaries at commits spread evenly over the period (newest first in, oldest first out; the tip last).
    private func folderSamples(_ period: [CommitRecord]) throws -> [FolderSample] {
        let oldestFirst = Array(period.reversed())
        let count = min(Self.folderSampleCount, oldestFirst.count)
        let indices = count == 1 ? [oldestFirst.count - 1] : (0..<count).map { $0 * (oldestFirst.count - 1) / (count - 1) }
        return try Set(indices).sorted().map { index in
            let record = oldestFirst[index]
            return FolderSample(record: record, folders: ModuleFolder.summaries(try fullAudit(of: record)))
        }
    }

    /// The period's regressions and resolutions, and older regressions still
    /// open, newest first; past `eventLimit`, the oldest that are not open are left out (counted).
    private func regressionEvents(
        _ chain: [CommitRecord], period: Set<String>, ledger: [String: String?], trendIndex: (CommitRecord) -> Int?
    ) throws -> ([RegressionEvent], Int) {
        let timeline = try RegressionTimeline(chain: chain, queries: self)
        var events: [RegressionEvent] = []
        var leftOut = 0
        for entry in timeline.entries.reversed() {
            let isOpen = !entry.reasons.isEmpty && ledger[entry.record.sha] == .some(nil)
            guard period.contains(entry.record.sha) || isOpen else { continue }
            guard isOpen || events.count < Self.eventLimit else {
                leftOut += 1
                continue
            }
            events.append(RegressionEvent(
                record: entry.record, reasons: entry.reasons, introduced: entry.changes.filter { $0.kind == .introduced },
                fixed: entry.changes.filter { $0.kind == .fixed }, noLongerChecked: entry.changes.filter { $0.kind == .unchecked },
                configuration: entry.configuration, isOpen: isOpen, resolvedBy: (ledger[entry.record.sha] ?? nil) ?? entry.resolvedBy,
                resolves: entry.resolves,
                trendIndex: period.contains(entry.record.sha) ? trendIndex(entry.record) : nil
            ))
        }
        return (events, leftOut)
    }

    /// Findings each author's commits introduced and fixed over the period
    /// (a merge counts for whoever made it: it is compared with its first parent).
    /// Per author, as `.mailmap` names them: one person under two addresses is one row.
    private func authors(_ period: [CommitRecord]) -> [AuthorTally] {
        let mailmap = repository.mailmap
        var tallies: [String: AuthorTally] = [:]
        for record in period.reversed() where !record.isBaseline {
            let author = mailmap.resolve(name: record.authorName, email: record.authorEmail)
            let key = author.email.lowercased()
            var tally = tallies[key] ?? AuthorTally(name: author.name, email: author.email, commits: 0, introduced: 0, fixed: 0)
            tally.commits += 1
            tally.introduced += record.introduced
            tally.fixed += record.fixed
            tallies[key] = tally
        }
        return tallies.values.sorted {
            ($0.introduced + $0.fixed, $1.name, $1.email) > ($1.introduced + $1.fixed, $0.name, $0.email)
        }
    }
}
