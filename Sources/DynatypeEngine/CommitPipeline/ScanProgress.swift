import Foundation

/// How far a scan is, after each commit: what `scan` shows on a terminal and
/// `watch` in systemd's STATUS= while it catches up with a history.
public struct ScanProgress: Sendable {
    public let done: Int
    public let total: Int
    public let elapsed: Double
    public let last: AuditedCommit

    public var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }
    public var remaining: Double { rate > 0 ? Double(total - done) / rate : 0 }

    /// "120/4551 commits · 37.5 commits/s · ETA 1m58s"
    public var summary: String {
        String(format: "%d/%d commits · %.1f commits/s · ETA %@", done, total, rate, Self.duration(remaining))
    }

    /// A duration as 45s, 2m05s or 1h20m; a dash while unknown.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "–" }
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600)h\(total % 3600 / 60)m" : total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}
