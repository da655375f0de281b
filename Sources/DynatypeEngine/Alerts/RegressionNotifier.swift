import DynatypeHistory
import DynatypeRules
import Foundation

/// Raises an alert when a commit regresses (by the policy), remembers the
/// regression, and raises a "resolved" alert at the first later commit of
/// the same ref where its severe findings are gone, its files pass again and
/// the ratio is back.
public final class RegressionNotifier: CommitObserver {
    public let repository: String
    public var policy: RegressionPolicy
    /// The sinks every new alert is queued for.
    public var sinks: [String]
    private let store: HistoryStore

    public init(repository: String, policy: RegressionPolicy, sinks: [String], store: HistoryStore) {
        self.repository = repository
        self.policy = policy
        self.sinks = sinks
        self.store = store
    }

    public func notifications(for audit: CommitAudit) throws -> CommitNotifications {
        var notifications = CommitNotifications()
        notifications.sinks = sinks
        let record = audit.record
        let ratioBefore = audit.base?.summary.complianceRatio ?? record.summary.complianceRatio
        let introduced = audit.changes.filter { $0.kind == .introduced }

        for regression in try store.openRegressions(ref: audit.ref) where isResolved(regression, by: audit) {
            notifications.resolved.append(regression.sha)
            let fingerprints = Set(regression.findings.map(\.fingerprint))
            let fixed = audit.changes.filter { $0.kind == .fixed && fingerprints.contains($0.fingerprint) }
            let raised = try store.commit(regression.sha)
            notifications.alerts.append(try alert(
                .resolved, key: "resolved:\(regression.sha)", audit: audit, ratioBefore: raised?.summary.complianceRatio ?? ratioBefore,
                reasons: ["the findings and failing files of \(regression.sha.prefix(10)) are gone"], introduced: introduced, fixed: fixed,
                regression: regression.sha
            ))
        }

        let reasons = policy.reasons(record, base: audit.base, changes: audit.changes)
        if !reasons.isEmpty {
            let severe = introduced.filter { (Severity(rawValue: $0.severity) ?? .note) >= policy.minimumSeverity }
            notifications.opened.append(OpenRegression(
                sha: record.sha, ref: audit.ref, findings: severe.map { .init(fingerprint: $0.fingerprint, path: $0.path) },
                failingPaths: audit.newlyFailing, ratioBefore: ratioBefore
            ))
            notifications.alerts.append(try alert(
                .regression, key: "regression:\(record.sha)", audit: audit, ratioBefore: ratioBefore, reasons: reasons,
                introduced: introduced, fixed: audit.changes.filter { $0.kind == .fixed }, regression: nil
            ))
        }
        return notifications
    }

    private func isResolved(_ regression: OpenRegression, by audit: CommitAudit) -> Bool {
        regression.sha != audit.record.sha
            && !regression.findings.contains { audit.hasFinding($0.fingerprint, at: $0.path) }
            && !regression.failingPaths.contains(where: audit.isFailing)
            && audit.record.summary.complianceRatio >= regression.ratioBefore - policy.maximumRatioDrop
    }

    private func alert(
        _ kind: OutboxAlert.Kind, key: String, audit: CommitAudit, ratioBefore: Double, reasons: [String],
        introduced: [FindingChange], fixed: [FindingChange], regression: String?
    ) throws -> OutboxAlert {
        let record = audit.record
        let document = AlertDocument(
            id: "\(repository):\(key)", kind: kind, repository: repository, ref: audit.ref, commit: record.sha, base: record.base,
            title: record.title, author: .init(name: record.authorName, email: record.authorEmail), committedAt: record.committedAt,
            ratioBefore: ratioBefore, ratioAfter: record.summary.complianceRatio, reasons: reasons,
            introduced: introduced, fixed: fixed, regression: regression
        )
        return OutboxAlert(key: key, kind: kind, ref: audit.ref, payload: try AlertDocument.encoder.encode(document))
    }
}
