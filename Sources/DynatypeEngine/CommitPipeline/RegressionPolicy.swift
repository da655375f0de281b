import DynatypeHistory
import DynatypeRules

/// When a commit makes compliance worse (as Codecov does: compared with
/// the nearest successful parent and allows a small drop).
public struct RegressionPolicy: Sendable, Equatable {
    /// A commit regresses when it introduces a finding at or above this severity.
    public var minimumSeverity: Severity = .error
    /// …or when its compliance ratio drops by more than this versus its base.
    public var maximumRatioDrop = 0.01
    /// …or when a file that passed fails.
    public var flagNewlyFailingFiles = true

    public init() {}

    /// The introduced findings that make a commit regress (moved and
    /// unchecked ones never do).
    public func severe(_ changes: [FindingChange]) -> [FindingChange] {
        changes.filter { $0.kind == .introduced && $0.severity >= minimumSeverity }
    }

    /// Why the commit regresses, empty when it does not. A failed commit or a
    /// baseline never regresses: there is nothing to compare.
    public func reasons(_ record: CommitRecord, base: CommitRecord?, changes: [FindingChange]) -> [String] {
        guard record.status == .audited, !record.isBaseline, let base else { return [] }
        return reasons(before: base.summary, after: record.summary, changes: changes, newlyFailingFiles: record.filesNewlyFailing)
    }

    /// Why a change from one tree to another regresses (a commit, or a pull request).
    public func reasons(before: AuditSummary, after: AuditSummary, changes: [FindingChange], newlyFailingFiles: Int) -> [String] {
        var reasons: [String] = []
        let severe = severe(changes)
        if !severe.isEmpty {
            reasons.append("introduced \(severe.count) finding\(severe.count == 1 ? "" : "s") of severity \(minimumSeverity.rawValue) or above")
        }
        let drop = before.complianceRatio - after.complianceRatio
        if drop > maximumRatioDrop {
            reasons.append(String(format: "compliance dropped from %.1f%% to %.1f%%", before.complianceRatio * 100, after.complianceRatio * 100))
        }
        if flagNewlyFailingFiles, newlyFailingFiles > 0 {
            reasons.append("\(newlyFailingFiles) file\(newlyFailingFiles == 1 ? "" : "s") went from PASS to FAIL")
        }
        return reasons
    }
}

extension RegressionPolicy {
    /// Why a recorded commit regressed, compared with its base as recorded
    /// (`changes`: its finding changes, when already read).
    func reasons(_ record: CommitRecord, in store: HistoryStore, changes: [FindingChange]? = nil) throws -> [String] {
        let base = try record.base.flatMap { try store.commit($0) }
        return reasons(record, base: base, changes: try changes ?? store.findingChanges(of: record.sha))
    }
}
