import DynatypeHistory
import DynatypeRules
import Foundation

/// Keeps a ref's regressions: opens one when a commit regresses (by the
/// policy), follows its findings when they move, and resolves it at the
/// first later commit of the same ref where its severe findings are fixed
/// (not merely no longer checked), its files pass again and the ratio is
/// back. Every audit with a base keeps this ledger, so `status`, `fleet`,
/// metrics and the report count the same open regressions; alerts are
/// raised for them, and for a configuration that became invalid or lowers
/// what is checked, only while `raisesAlerts` (not for a first backfill,
/// not for `scan`).
public final class RegressionNotifier: CommitObserver {
    public let repository: String
    public var policy: RegressionPolicy
    /// The sinks every new alert is queued for.
    public var sinks: [String]
    public var raisesAlerts = true
    private let store: HistoryStore
    /// The open regressions of the ref of the last commit saved, as it left
    /// them: a backfill reads them once, not once per commit (duckduckgo-iOS's
    /// history keeps up to 79 open, with findings of up to 14 KB each). Only
    /// the last commit's: a commit saved again may move its regression to
    /// another ref.
    private var openAfterLastSaved: OpenLedger?
    /// What it becomes once the commit being audited is saved.
    private var pending: OpenLedger?

    private struct OpenLedger {
        let ref: String
        let sha: String
        let regressions: [OpenRegression]
    }

    public init(repository: String, policy: RegressionPolicy, sinks: [String], store: HistoryStore) {
        self.repository = repository
        self.policy = policy
        self.sinks = sinks
        self.store = store
    }

    public func notifications(for audit: CommitAudit) throws -> CommitNotifications {
        var notifications = CommitNotifications()
        notifications.sinks = sinks
        // Alerts are made only when raised: a scan keeps the ledger alone.
        func raise(_ make: () throws -> OutboxAlert) rethrows {
            if raisesAlerts { notifications.alerts.append(try make()) }
        }
        let record = audit.record
        let ratioBefore = audit.base?.summary.complianceRatio ?? record.summary.complianceRatio
        let introduced = audit.changes.filter { $0.kind == .introduced }
        let fixed = audit.changes.filter { $0.kind == .fixed }

        var stillOpen: [OpenRegression] = []
        defer { pending = OpenLedger(ref: audit.ref, sha: record.sha, regressions: stillOpen + notifications.opened) }
        for open in try openRegressions(before: audit) {
            let regression = open.followed(through: audit)
            guard isResolved(regression, by: audit) else {
                if regression != open { notifications.moved.append(regression) }
                stillOpen.append(regression)
                continue
            }
            notifications.resolved.append(regression.sha)
            try raise {
                let fingerprints = Set(regression.findings.map(\.fingerprint))
                let raised = try store.commit(regression.sha)
                return try alert(
                    .resolved, key: "resolved:\(regression.sha)", audit: audit, ratioBefore: raised?.summary.complianceRatio ?? ratioBefore,
                    reasons: ["the findings and failing files of \(regression.sha.prefix(10)) are gone"], introduced: introduced,
                    fixed: fixed.filter { fingerprints.contains($0.fingerprint) }, regression: regression.sha
                )
            }
        }

        if let error = audit.configuration.error, audit.configuration.errorIsNew {
            try raise {
                try alert(
                    .configurationInvalid, key: "configuration_invalid:\(record.sha)", audit: audit, ratioBefore: ratioBefore,
                    reasons: [error, "audited with the last valid configuration until it is repaired"], introduced: [], fixed: [], regression: nil
                )
            }
        }
        if !audit.configuration.lowered.isEmpty {
            let outcome = audit.configuration.loweringApplied
                ? "applied: the repository's configuration decides (repository_config is full)"
                : "ignored: the operator's rules stand (repository_config is tighten_only)"
            let unchecked = audit.changes.filter { $0.kind == .unchecked }
            try raise {
                try alert(
                    .policyWeakened, key: "policy_weakened:\(record.sha)", audit: audit, ratioBefore: ratioBefore,
                    reasons: audit.configuration.lowered + [outcome], introduced: [], fixed: [], regression: nil,
                    noLongerChecked: unchecked.isEmpty ? nil : unchecked
                )
            }
        }

        let reasons = policy.reasons(record, base: audit.base, changes: audit.changes)
        if !reasons.isEmpty {
            notifications.opened.append(OpenRegression(
                sha: record.sha, ref: audit.ref,
                findings: policy.severe(audit.changes).map { .init(fingerprint: $0.fingerprint, path: $0.path, rule: $0.rule) },
                failingPaths: audit.newlyFailing, ratioBefore: ratioBefore
            ))
            try raise {
                try alert(
                    .regression, key: "regression:\(record.sha)", audit: audit, ratioBefore: ratioBefore, reasons: reasons,
                    introduced: introduced, fixed: fixed, regression: nil
                )
            }
        }
        return notifications
    }

    public func saved(_ sha: String) {
        openAfterLastSaved = pending?.sha == sha ? pending : nil
        pending = nil
    }

    /// The ref's open regressions as its base left them: remembered when the
    /// base is the last commit saved, on this ref, else read from the history.
    private func openRegressions(before audit: CommitAudit) throws -> [OpenRegression] {
        if let ledger = openAfterLastSaved, ledger.ref == audit.ref, ledger.sha == audit.base?.sha { return ledger.regressions }
        return try store.openRegressions(ref: audit.ref)
    }

    /// The cheap tests first: a backfill asks this of every open regression at every commit.
    private func isResolved(_ regression: OpenRegression, by audit: CommitAudit) -> Bool {
        regression.sha != audit.record.sha
            && audit.record.summary.complianceRatio >= regression.ratioBefore - policy.maximumRatioDrop
            && !regression.failingPaths.contains(where: audit.isFailing)
            && !regression.findings.contains { audit.hasFinding($0.fingerprint, at: $0.path) || audit.isUnchecked($0) }
    }

    private func alert(
        _ kind: OutboxAlert.Kind, key: String, audit: CommitAudit, ratioBefore: Double, reasons: [String],
        introduced: [FindingChange], fixed: [FindingChange], regression: String?, noLongerChecked: [FindingChange]? = nil
    ) throws -> OutboxAlert {
        let record = audit.record
        let document = AlertDocument(
            id: "\(repository):\(key)", kind: kind, repository: repository, ref: audit.ref, commit: record.sha, base: record.base,
            title: record.title, author: .init(name: record.authorName, email: record.authorEmail), committedAt: record.committedAt,
            ratioBefore: ratioBefore, ratioAfter: record.summary.complianceRatio, reasons: reasons,
            introduced: introduced, fixed: fixed, noLongerChecked: noLongerChecked, regression: regression
        )
        return OutboxAlert(key: key, kind: kind, ref: audit.ref, payload: try AlertDocument.encoder.encode(document))
    }
}

extension OpenRegression {
    /// The regression with its findings followed to where a commit moved or renamed them.
    func followed(through audit: CommitAudit) -> OpenRegression {
        OpenRegression(sha: sha, ref: ref, findings: findings.map(audit.follow), failingPaths: failingPaths.map { path in
            audit.renames.first { $0.oldPath == path }?.newPath ?? path
        }, ratioBefore: ratioBefore)
    }
}
