import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeReport
import Foundation

/// `dynatype status`: what each configured repository's history says, read
/// without disturbing a running daemon.
public struct RepositoryStatus: Encodable {
    public struct Ref: Encodable {
        let name: String
        let tip: String?
        let audited: String?
        let pendingCommits: Int

        enum CodingKeys: String, CodingKey {
            case name, tip, audited
            case pendingCommits = "pending_commits"
        }
    }

    public struct LastCommit: Encodable {
        let sha: String
        let title: String
        /// audited, configuration_invalid or failed.
        let status: String
        /// Why it failed, or why its configuration could not be used.
        let problem: String?
        let auditedAt: Date
        /// The compliance it was audited with; for a failed commit, that of
        /// the audited commit it was compared with (nil when there is none).
        let complianceRatio: Double?

        enum CodingKeys: String, CodingKey {
            case sha, title, status, problem
            case auditedAt = "audited_at"
            case complianceRatio = "compliance_ratio"
        }
    }

    public struct Sink: Encodable {
        let name: String
        let pending: Int
        let attempts: Int?
        let lastError: String?

        enum CodingKeys: String, CodingKey {
            case name, pending, attempts
            case lastError = "last_error"
        }
    }

    public struct Alert: Encodable {
        let kind: String
        let commit: String
        let createdAt: Date

        enum CodingKeys: String, CodingKey {
            case kind, commit
            case createdAt = "created_at"
        }
    }

    let name: String
    let path: String
    let database: String?
    /// Who holds the database (the daemon), if anyone.
    let daemon: String?
    let refs: [Ref]
    let lastAudited: LastCommit?
    let sinks: [Sink]
    let lastAlert: Alert?
    /// Regressions not yet resolved (the count `fleet`, metrics and the report show).
    let openRegressions: Int?
    var problem: String?

    enum CodingKeys: String, CodingKey {
        case name, path, database, daemon, refs, sinks, problem
        case lastAudited = "last_audited"
        case lastAlert = "last_alert"
        case openRegressions = "open_regressions"
    }

    public static func collect(_ configuration: DaemonConfiguration, environment: [String: String]) -> [RepositoryStatus] {
        configuration.repositories.map { settings in
            do {
                return try collect(settings, environment: environment)
            } catch {
                return problem("\(error)", settings, database: settings.database?.description, daemon: nil)
            }
        }
    }

    /// A repository whose history cannot be reported, and why.
    private static func problem(
        _ problem: String, _ settings: DaemonConfiguration.Repository, database: String?, daemon: String?
    ) -> RepositoryStatus {
        RepositoryStatus(
            name: settings.name, path: settings.path.path, database: database, daemon: daemon, refs: [], lastAudited: nil,
            sinks: [], lastAlert: nil, openRegressions: nil, problem: problem
        )
    }

    private static func collect(_ settings: DaemonConfiguration.Repository, environment: [String: String]) throws -> RepositoryStatus {
        if settings.trustOwner { Repository.trustRepositoryOwners() }
        let repository = try Repository(at: settings.path)
        let database = settings.historyDatabase(environment: environment)
        let identity = try settings.identity(of: repository)
        let noHistory = "no history yet (the daemon creates it when it starts)"
        switch database {
        case .sqlite(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                return problem(noHistory, settings, database: path, daemon: nil)
            }
            // Asked first, so a history the daemon holds but that cannot be read
            // is still reported as the daemon's.
            let daemon = HistoryLock.holder(database: path)
            let held = daemon.map { HeldHistory(database: path, daemon: $0) }
            do {
                let store = try database.openForReading(identity, readOnly: true)
                var status = try read(settings, repository: repository, store: store, daemon: daemon?.description)
                status.problem = held?.staleProblem
                return status
            } catch {
                guard let held else { throw error }
                return problem(held.problem(reading: error), settings, database: path, daemon: daemon?.description)
            }
        case .postgresql(let address):
            let store: PostgreSQLHistoryStore
            do {
                store = try PostgreSQLHistoryStore(address: address, repository: identity, role: .reader)
            } catch HistoryError.unknownRepository {
                return problem(noHistory, settings, database: address.description, daemon: nil)
            }
            return try read(settings, repository: repository, store: store, daemon: try store.owner())
        }
    }

    private static func read(
        _ settings: DaemonConfiguration.Repository, repository: Repository, store: SQLHistoryStore, daemon: String?
    ) throws -> RepositoryStatus {
        let scanner = HistoryScanner(engine: HistoryEngine(repository: repository, store: store))
        let tracked = try store.trackedRefs()
        let refs = settings.refs.map { ref -> Ref in
            let full = (try? scanner.referenceName(ref)) ?? ref
            let tip = (try? repository.referenceTarget(full)) ?? nil
            let pending = (try? scanner.plan(refs: [full], limit: .newCommits).commits.count) ?? 0
            return Ref(name: full, tip: tip?.hex, audited: tracked[full], pendingCommits: tip == nil ? 0 : pending)
        }
        let last = try store.allCommits().last.map { record in
            let numbers = record.status == .audited ? record : try record.base.flatMap { try store.commit($0) }
            return LastCommit(
                sha: record.sha, title: record.title, status: CommitOutcome(record).rawValue, problem: record.error ?? record.configurationError,
                auditedAt: record.auditedAt, complianceRatio: numbers?.summary.complianceRatio
            )
        }
        let outbox = try store.outboxStatus(sinks: settings.alerts.sinkNames)
        let sinks = settings.alerts.sinkNames.map {
            Sink(name: $0, pending: outbox.pending[$0] ?? 0, attempts: outbox.failing[$0]?.attempts, lastError: outbox.failing[$0]?.error)
        }
        return RepositoryStatus(
            name: settings.name, path: settings.path.path, database: store.name, daemon: daemon, refs: refs,
            lastAudited: last, sinks: sinks,
            lastAlert: outbox.lastAlert.map { Alert(kind: $0.kind.rawValue, commit: $0.commit, createdAt: $0.createdAt) },
            openRegressions: try store.openRegressionCount(), problem: nil
        )
    }

    /// The human form.
    public var text: String {
        var lines = ["\(name)  \(path)  (\(daemon.map { "watched by \($0)" } ?? "no daemon running"))"]
        if let database { lines.append("  database      \(database)") }
        if let problem { lines.append("  problem       \(problem)") }
        for ref in refs {
            let tip = ref.tip.map { String($0.prefix(10)) } ?? "missing"
            let audited = ref.audited.map { String($0.prefix(10)) } ?? "never"
            lines.append("  \(ref.name)  tip \(tip) · audited up to \(audited) · \(ref.pendingCommits) pending")
        }
        if let last = lastAudited {
            let compliance = last.complianceRatio.map { String(format: "%.1f%%", $0 * 100) } ?? "no audited commit yet"
            let numbers = last.status == CommitOutcome.failed.rawValue ? "\(compliance) (before it)" : compliance
            lines.append("  last audited  \(last.sha.prefix(10)) \(last.auditedAt.formatted(.iso8601)) · \(last.status) · \(numbers) · "
                + DisplayPath.escaped(last.title))
            if let problem = last.problem { lines.append("                \(DisplayPath.escaped(problem))") }
        }
        if let openRegressions { lines.append("  regressions   \(openRegressions) open") }
        if !sinks.isEmpty {
            let described = sinks.map { sink in
                sink.lastError.map { "\(sink.name) \(sink.pending) pending, failing after \(sink.attempts ?? 0) attempts: \($0)" }
                    ?? "\(sink.name) \(sink.pending) pending"
            }
            lines.append("  outbox        " + described.joined(separator: "; "))
        }
        if let alert = lastAlert {
            lines.append("  last alert    \(alert.kind) at \(alert.commit.prefix(10)), \(alert.createdAt.formatted(.iso8601))")
        }
        return lines.joined(separator: "\n")
    }
}
