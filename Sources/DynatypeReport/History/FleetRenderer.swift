import DynatypeHistory
import Foundation

/// Renders `dynatype fleet`: one row per repository of a shared history.
public enum FleetRenderer {
    public static func render(_ rows: [FleetRow], days: Int, format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.encode(rows.map(FleetDocument.init))
        case .csv:
            var table = TextTable(["repository", "commit", "compliance", "change_\(days)d", "errors", "open_regressions", "commits", "last_audit", "problem"])
            for row in rows {
                table.add([
                    row.repository, row.latest?.sha ?? "", row.latest.map { HistoryRenderer.ratio($0.summary.complianceRatio) } ?? "",
                    change(row).map(HistoryRenderer.ratio) ?? "", row.latest.map { "\($0.summary.errors)" } ?? "", "\(row.openRegressions)",
                    "\(row.commits)", row.lastAudit.map(HistoryRenderer.timestamp) ?? "", row.problem ?? "",
                ])
            }
            return table.csv
        case .table:
            guard !rows.isEmpty else { return "no repository in this history yet\n" }
            // One scale for every row, fitted to the fleet's values, so rows compare.
            let scale = Sparkline.fittedRange(rows.flatMap(\.daily), floor: 0.05, within: 0...1)
            let width = min(days, Sparkline.maximumWidth)
            let heading = "\(days) days (\(HistoryRenderer.percent(scale.lowerBound))–\(HistoryRenderer.percent(scale.upperBound)))"
            var table = TextTable(["repository", "compliance", heading, "change", "errors", "open regressions", "last audit"])
            for row in rows {
                table.add([
                    row.repository, row.latest.map { HistoryRenderer.percent($0.summary.complianceRatio) } ?? "–",
                    Sparkline.render(Sparkline.fitted(row.daily, width: width), range: scale).padding(toLength: width, withPad: " ", startingAt: 0),
                    change(row).map { String(format: "%+.1f pt", $0 * 100) } ?? "–", row.latest.map { "\($0.summary.errors)" } ?? "–",
                    "\(row.openRegressions)", row.lastAudit.map(HistoryRenderer.timestamp) ?? "never",
                ])
            }
            let problems = rows.compactMap { row in row.problem.map { "\(row.repository): \($0)\n" } }.joined()
            return table.aligned + problems
        }
    }

    /// Compliance now minus at the start of the window.
    static func change(_ row: FleetRow) -> Double? {
        guard let first = row.daily.first, let last = row.daily.last else { return nil }
        return last - first
    }
}

struct FleetDocument: Encodable {
    let repository: String
    let commit: String?
    let summary: SummaryDocument?
    let daily: [Double]
    let openRegressions: Int
    let commits: Int
    let lastAudit: String?
    let problem: String?

    enum CodingKeys: String, CodingKey {
        case repository, commit, summary, daily, commits, problem
        case openRegressions = "open_regressions"
        case lastAudit = "last_audit"
    }

    init(_ row: FleetRow) {
        repository = row.repository
        commit = row.latest?.sha
        summary = row.latest.map { SummaryDocument($0.summary) }
        daily = row.daily
        openRegressions = row.openRegressions
        commits = row.commits
        lastAudit = row.lastAudit.map(HistoryRenderer.timestamp)
        problem = row.problem
    }
}
