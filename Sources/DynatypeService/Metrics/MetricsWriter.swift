import DynatypeEngine
import DynatypeHistory
import DynatypeRules
import Foundation

/// How a commit's audit went, as metrics and `status` name it.
enum CommitOutcome: String, CaseIterable {
    case audited
    /// Audited with the last valid configuration: its own was invalid.
    case configurationInvalid = "configuration_invalid"
    case failed

    init(_ record: CommitRecord) {
        self = record.status == .failed ? .failed : record.configurationError != nil ? .configurationInvalid : .audited
    }
}

/// What the metrics file reports for one repository.
struct MetricsSnapshot {
    struct RefState {
        let ref: String
        let record: CommitRecord
    }

    let repository: String
    /// Each ref's last commit audited with a configuration (failed ones never give numbers).
    let refs: [RefState]
    /// How each ref's newest commit went.
    let outcomes: [String: CommitOutcome]
    let commitsAudited: Int
    let commitsFailed: Int
    let findingsNoLongerChecked: Int
    let alerts: [OutboxAlert.Kind: Int]
    let pendingDeliveries: Int
    /// Regressions not yet resolved, on every ref.
    let openRegressions: Int
    let lastAuditSeconds: Double?
}

/// The Prometheus textfile (node_exporter's textfile collector): written to
/// `<file>.tmp` in the same directory and renamed over the file, so the
/// collector never reads half a file. Labels are few and bounded (no sha
/// except in `dynatype_last_commit_info`).
struct MetricsWriter {
    let file: String

    func write(_ snapshot: MetricsSnapshot) throws {
        try AtomicFile.write(Data(Self.render(snapshot).utf8), to: file)
    }

    static func render(_ snapshot: MetricsSnapshot) -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(labels: [(String, String)], value: Double)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples {
                let labels = sample.labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",")
                out += "\(name){\(labels)} \(format(sample.value))\n"
            }
        }
        let repository = ("repository", snapshot.repository)
        let perRef = { (value: (CommitRecord) -> Double) in snapshot.refs.map { (labels: [repository, ("ref", $0.ref)], value: value($0.record)) } }
        family("dynatype_compliance_ratio", "gauge", "Passing text elements over all text elements at the ref's last audited commit.", perRef { $0.summary.complianceRatio })
        family("dynatype_text_elements", "gauge", "Text elements at the ref's last audited commit.", perRef { Double($0.summary.textElements) })
        family("dynatype_text_elements_passing", "gauge", "Passing text elements at the ref's last audited commit.", perRef { Double($0.summary.textElementsPassing) })
        family("dynatype_files_audited", "gauge", "Files audited at the ref's last audited commit.", perRef { Double($0.summary.filesAudited) })
        family("dynatype_files_failing", "gauge", "Files with an error at the ref's last audited commit.", perRef { Double($0.summary.filesFailing) })
        // Every rule has a sample, 0 included: a series that vanished when its
        // findings were fixed would read as "no data", not as "fixed".
        let findings = snapshot.refs.flatMap { state in
            RuleID.allCases.sorted().map { rule in
                let severity = RuleCatalogue.descriptor(rule).defaultSeverity.rawValue
                let count = state.record.summary.findingsByRule[rule.rawValue] ?? 0
                return (labels: [repository, ("ref", state.ref), ("rule", rule.rawValue), ("severity", severity)], value: Double(count))
            }
        }
        family("dynatype_findings", "gauge", "Active findings by rule at the ref's last audited commit (severity: the rule's default).", findings)
        family("dynatype_last_audit_timestamp_seconds", "gauge", "When the ref's last audited commit was audited (Unix time).", perRef { $0.auditedAt.timeIntervalSince1970 })
        family("dynatype_commits_audited_total", "counter", "Commits audited (including failed audits).", [(labels: [repository], value: Double(snapshot.commitsAudited))])
        family("dynatype_commits_failed_total", "counter", "Commits whose audit failed (recorded, never used as a base).", [(labels: [repository], value: Double(snapshot.commitsFailed))])
        family(
            "dynatype_findings_no_longer_checked_total", "counter",
            "Findings that configuration changes stopped checking (counted apart from fixed ones).",
            [(labels: [repository], value: Double(snapshot.findingsNoLongerChecked))]
        )
        family("dynatype_alerts_total", "counter", "Alerts raised, by kind.", OutboxAlert.Kind.allCases.map { (labels: [repository, ("kind", $0.rawValue)], value: Double(snapshot.alerts[$0] ?? 0)) })
        family("dynatype_alert_deliveries_pending", "gauge", "Alert deliveries waiting in the outbox (all sinks).", [(labels: [repository], value: Double(snapshot.pendingDeliveries))])
        family("dynatype_open_regressions", "gauge", "Regressions not yet resolved.", [(labels: [repository], value: Double(snapshot.openRegressions))])
        if let seconds = snapshot.lastAuditSeconds {
            family("dynatype_commit_audit_duration_seconds", "gauge", "How long the last commit's audit took.", [(labels: [repository], value: seconds)])
        }
        family(
            "dynatype_last_commit_status", "gauge",
            "How the ref's newest commit went (1 for its status): audited, configuration_invalid (audited with the last valid configuration) or failed.",
            snapshot.outcomes.sorted { $0.key < $1.key }.flatMap { ref, outcome in
                CommitOutcome.allCases.map { (labels: [repository, ("ref", ref), ("status", $0.rawValue)], value: $0 == outcome ? 1 : 0) }
            }
        )
        family("dynatype_last_commit_info", "gauge", "The ref's last audited commit.", snapshot.refs.map { state in
            (labels: [repository, ("ref", state.ref), ("commit", state.record.sha), ("status", state.record.status.rawValue)], value: 1)
        })
        return out
    }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
