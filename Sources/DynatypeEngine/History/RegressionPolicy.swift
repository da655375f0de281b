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

    /// Why the commit regresses, empty when it does not. A failed commit or a
    /// baseline never regresses: there is nothing to compare.
    public func reasons(_ record: CommitRecord, base: CommitRecord?, changes: [FindingChange]) -> [String] {
        guard record.status == .audited, !record.isBaseline, let base else { return [] }
        var reasons: [String] = []
        let severe = changes.filter { $0.kind == .introduced && (Severity(rawValue: $0.severity) ?? .note) >= minimumSeverity }
        if !severe.isEmpty {
            reasons.append("introduced \(severe.count) finding\(severe.count == 1 ? "" : "s") of severity \(minimumSeverity.rawValue) or above")
        }
        let drop = base.summary.complianceRatio - record.summary.complianceRatio
        if drop > maximumRatioDrop {
            reasons.append(String(format: "compliance dropped from %.1f%% to %.1f%%", base.summary.complianceRatio * 100, record.summary.complianceRatio * 100))
        }
        if flagNewlyFailingFiles, record.filesNewlyFailing > 0 {
            reasons.append("\(record.filesNewlyFailing) file\(record.filesNewlyFailing == 1 ? "" : "s") went from PASS to FAIL")
        }
        return reasons
    }
}
