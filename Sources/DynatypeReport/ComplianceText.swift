import DynatypeRules
import Foundation

/// A compliance ratio as people read it in reports.
enum ComplianceText {
    /// `93.1%`
    static func percent(_ summary: AuditSummary) -> String {
        String(format: "%.1f%%", summary.complianceRatio * 100)
    }

    /// `▼ 0.3 pt`, `▲ 1.2 pt` or `±0`.
    static func change(from before: AuditSummary, to after: AuditSummary) -> String {
        let points = (after.complianceRatio - before.complianceRatio) * 100
        if abs(points) < 0.05 { return "±0" }
        return String(format: "%@ %.1f pt", points < 0 ? "▼" : "▲", abs(points))
    }
}
