import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

/// One repository the daemon keeps audited: its history (recorded by this
/// process alone: see `HistoryDatabase.openForWriting`), the engine with its caches, the ref watcher, the alert
/// outbox's dispatcher and the metrics file.
final class WatchedRepository {
    let settings: DaemonConfiguration.Repository
    private let store: SQLHistoryStore
    private let engine: HistoryEngine
    private let scanner: HistoryScanner
    private let notifier: RegressionNotifier
    private let dispatcher: AlertDispatcher
    private let metrics: MetricsWriter?
    private let report: ReportPublisher?
    private var reportSchedule: ReportSchedule
    /// Readable when a delivery changed the outbox: the metrics file's
    /// pending count must follow the outbox, not wait for the next commit.
    let outboxChanged = WakeupPipe()
    private(set) var watcher: (any RefMovementSource)?
    /// When the refs are to be compared next (nil: nothing pending).
    var checkDeadline: Double?
    /// Each ref's last commit audited as configured or with the last valid configuration (never a failed one:
    /// its numbers would read 100 %), and how its last commit went.
    private var lastRecords: [String: CommitRecord] = [:]
    private var lastOutcomes: [String: CommitOutcome] = [:]
    private var counts: (audited: Int, failed: Int, noLongerChecked: Int)
    private var lastDuration: Double?
    private var reportedNotes = Set<String>()

    init(_ settings: DaemonConfiguration.Repository, environment: [String: String]) throws {
        self.settings = settings
        if settings.trustOwner { Repository.trustRepositoryOwners() }
        let repository = try Repository(at: settings.path)
        try SetupCheck.verify(settings, environment: environment)
        let database = settings.historyDatabase(environment: environment)
        let identity = try settings.identity(of: repository)
        store = try database.openForWriting(identity)
        engine = HistoryEngine(repository: repository, store: store, treeLimitBytes: settings.treeCacheBytes)
        engine.rulePolicy = settings.rulePolicy
        scanner = HistoryScanner(engine: engine)
        notifier = RegressionNotifier(repository: settings.name, policy: settings.policy, sinks: settings.alerts.sinkNames, store: store)
        engine.observer = notifier
        dispatcher = AlertDispatcher(
            database: database, identity: identity, sinks: try settings.alerts.makeSinks(environment: environment),
            settings: settings.alerts, outboxChanged: outboxChanged
        )
        metrics = settings.metricsFile.map(MetricsWriter.init)
        report = settings.reportFile.map {
            ReportPublisher(file: $0, repository: settings.name, gitDirectory: repository.gitDirectory, refs: settings.refs)
        }
        reportSchedule = ReportSchedule(interval: settings.reportIntervalSeconds)
        let statistics = try store.statistics()
        counts = (statistics.commits, statistics.failedCommits, statistics.findingsNoLongerChecked)
        for (ref, tip) in try store.trackedRefs() {
            guard let record = try store.commit(tip) else { continue }
            note(record, ref: ref)
        }
        do {
            watcher = try RefMovementSources.watching(gitDirectory: repository.gitDirectory, commonDirectory: repository.commonDirectory)
        } catch {
            Journal.warning("\(settings.name): \(error); relying on polling")
        }
        if let degraded = watcher?.degraded { Journal.warning("\(settings.name): \(degraded)") }
        dispatcher.start()
    }

    var name: String { settings.name }

    /// Polling is the only signal when inotify is unavailable or incomplete.
    var needsFastPolling: Bool { watcher == nil || watcher?.degraded != nil }

    /// Reads the watcher's events; true when the refs may have moved.
    func takeEvents() -> RefMovements {
        guard let watcher else { return RefMovements() }
        let events = watcher.drain()
        if events.overflowed { Journal.notice("\(name): the inotify queue overflowed; comparing every ref with the history") }
        return events
    }

    /// Audits every commit of the tracked refs that the history lacks, in
    /// order. A ref seen for the first time gets a baseline (its tip, plus
    /// `backfill` older commits) without alerts: that is history, not news.
    /// `onCommit` hears the progress of each plan after every commit.
    /// Returns the number of commits audited.
    @discardableResult
    func catchUp(onCommit: @escaping (ScanProgress) -> Void) throws -> Int {
        let tracked = try store.trackedRefs()
        var newRefs: [String] = []
        for ref in settings.refs {
            let full = try? scanner.referenceName(ref)
            if let full, tracked[full] == nil, try engine.repository.referenceTarget(full) != nil { newRefs.append(full) }
        }
        var audited = 0
        if !newRefs.isEmpty {
            // The backfill keeps the regression ledger but raises no alert: it is history, not news.
            notifier.raisesAlerts = false
            defer { notifier.raisesAlerts = true }
            let plan = try scanner.plan(refs: newRefs, limit: .newest(settings.backfill + 1))
            audited += try run(plan, onCommit: onCommit)
        }
        audited += try run(try scanner.plan(refs: settings.refs, limit: .newCommits), onCommit: onCommit)
        return audited
    }

    private func run(_ plan: ScanPlan, onCommit: @escaping (ScanProgress) -> Void) throws -> Int {
        for note in plan.notes where reportedNotes.insert(note).inserted { Journal.notice("\(name): \(note)") }
        guard !plan.commits.isEmpty else { return 0 }
        let result = try scanner.run(plan, progress: { progress in
            let record = progress.last.record
            self.counts.audited += 1
            self.counts.noLongerChecked += record.unchecked
            if record.status == .failed {
                self.counts.failed += 1
                Journal.error("\(self.name): the audit of \(record.sha.prefix(10)) failed and is recorded as failed: \(record.error ?? "unknown error")")
            }
            if let ref = plan.refOf[ObjectID(hex: record.sha)!] { self.note(record, ref: ref) }
            self.lastDuration = record.durationSeconds
            self.dispatcher.wake()
            self.writeMetrics()
            self.invalidateReport()
            onCommit(progress)
        }, shouldStop: { SignalRelay.stopRequested })
        return result.audited
    }

    /// Takes a ref's newest commit: its outcome, and its numbers unless it failed
    /// (then the numbers stay those of the audited commit it was compared with).
    private func note(_ record: CommitRecord, ref: String) {
        lastOutcomes[ref] = CommitOutcome(record)
        if record.status == .audited {
            lastRecords[ref] = record
        } else if lastRecords[ref] == nil, let base = record.base, let audited = try? store.commit(base) {
            lastRecords[ref] = audited
        }
    }

    /// Writes the metrics file (after every commit, and at start).
    func writeMetrics() {
        guard let metrics else { return }
        do {
            let outbox = try store.outboxStatus(sinks: settings.alerts.sinkNames)
            try metrics.write(MetricsSnapshot(
                repository: name, refs: lastRecords.sorted { $0.key < $1.key }.map { .init(ref: $0.key, record: $0.value) },
                outcomes: lastOutcomes, commitsAudited: counts.audited, commitsFailed: counts.failed, findingsNoLongerChecked: counts.noLongerChecked,
                alerts: outbox.alertsByKind,
                pendingDeliveries: outbox.pending.values.reduce(0, +), openRegressions: try store.openRegressionCount(), lastAuditSeconds: lastDuration
            ))
        } catch {
            Journal.warning("\(name): cannot write the metrics file \(metrics.file): \(error)")
        }
    }

    /// The history changed (or the daemon started): the report is to be written again.
    func invalidateReport() {
        guard report != nil else { return }
        reportSchedule.invalidate(at: ProcessInfo.processInfo.systemUptime)
    }

    /// When the report is to be written next (nil: it is up to date).
    var reportDue: Double? { reportSchedule.due }

    /// Writes the report when its time has come. A failure is logged and
    /// tried again after the next audited commit.
    func writeReportIfDue() {
        let now = ProcessInfo.processInfo.systemUptime
        guard let report, reportSchedule.isDue(at: now) else { return }
        reportSchedule.wrote(at: now)
        do {
            try report.write(store: store)
            Journal.info("\(name): wrote the report \(report.file)")
        } catch {
            Journal.warning("\(name): cannot write the report \(report.file): \(error)")
        }
    }

    /// One line for systemd's STATUS=.
    var statusLine: String {
        let refs = lastRecords.sorted { $0.key < $1.key }.map { ref, record in
            String(format: "%@ at %@ %.1f%%", ref.replacingOccurrences(of: "refs/heads/", with: ""), String(record.sha.prefix(7)), record.summary.complianceRatio * 100)
                + (lastOutcomes[ref].map { $0 == .audited ? "" : " (last commit: \($0.rawValue))" } ?? "")
        }
        return "\(name): " + (refs.isEmpty ? "no commits yet" : refs.joined(separator: ", "))
    }

    /// Abandons the alert deliveries in flight (see `shutdown`).
    func cancelDeliveries() {
        dispatcher.cancel()
    }

    /// Stops the dispatcher, waiting for the deliveries in flight until
    /// `deadline` at most; the lock goes with this object.
    func shutdown(waitingUntil deadline: Date = Date().addingTimeInterval(AlertDispatcher.stopGrace)) {
        dispatcher.cancel()
        dispatcher.waitUntilStopped(before: deadline)
    }
}
