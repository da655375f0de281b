import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype report --html`: a ref's compliance history as one page.
public struct HistoryReportPage {
    let history: ComplianceHistory
    /// Names the repository in the title.
    let repository: String

    public init(_ history: ComplianceHistory, repository: String) {
        self.history = history
        self.repository = repository
    }

    public func render() -> String {
        let tip = history.tip
        let findings = history.files.flatMap { report in report.findings.map { (path: report.path, finding: $0) } }
        let mentioned = Set(findings.map(\.finding.rule.rawValue))
            .union(history.events.flatMap { ($0.introduced + $0.fixed + $0.noLongerChecked).map(\.rule) })
        let subtitle = "\(HTML.text(history.ref)) at \(HTML.code(String(tip.sha.prefix(10)))) (\(HistoryRenderer.date(tip.committedAt)), \(HTML.text(tip.title))) · "
            + period
        let problem = history.problem.map { "<p class=\"bad\" role=\"alert\">\(HTML.text($0))</p>\n" } ?? ""
        return HTMLPage(title: "Dynamic Type compliance of \(repository)", subtitle: subtitle, sections: [
            .init(id: "summary", title: "Where it stands", body: problem + tiles()),
            .init(id: "trend", title: "Compliance over time", body: TrendChart(points: history.trend, bucket: history.bucket, events: history.events).render()),
            .init(id: "rules", title: "Findings by rule", body: RuleBreakdown(findings: findings).render()),
            .init(id: "folders", title: "Folders", body: FolderBreakdown(reports: history.files, samples: history.folderSamples).render()),
            .init(id: "files", title: "Worst files", body: WorstFiles(reports: history.files).render()),
            .init(id: "changes", title: "Regressions and resolutions", body: EventList(events: history.events, leftOut: history.eventsLeftOut).render()),
            .init(id: "authors", title: "By author", body: AuthorTable(authors: history.authors).render()),
            .init(id: "catalogue", title: "Rules involved", body: RuleCatalogueEntries(rules: mentioned).render()),
        ]).render()
    }

    private var period: String {
        guard let first = history.trend.first?.record else { return "no audited commit in the period" }
        let commits = history.trend.filter { !$0.isEmpty }.count
        let span = history.bucket == .commit ? Plural.count(commits, "commit") : Plural.count(history.trend.count, history.bucket.rawValue)
        return "from \(HistoryRenderer.date(first.committedAt)) to \(HistoryRenderer.date(history.tip.committedAt)), \(span) of first-parent history"
    }

    private func tiles() -> String {
        let summary = history.tip.summary
        // From the first state with text to judge: an empty first commit
        // counts as 100 % and would make every period look like a decline.
        let start = history.trend.first { $0.record.summary.textElements > 0 }?.record.summary ?? summary
        let open = history.openRegressionCount
        let change = (summary.complianceRatio - start.complianceRatio)
        return SummaryTiles(tiles: [
            .init(
                metric: "compliance", label: "Compliance", shown: HTML.percent(summary.complianceRatio), value: String(format: "%.4f", summary.complianceRatio),
                detail: "\(summary.textElementsPassing) of \(summary.textElements) text elements pass"
            ),
            .init(
                metric: "change", label: "Change over the period", shown: HTML.text(ComplianceText.change(from: start, to: summary)),
                value: String(format: "%.4f", change), detail: "from \(HTML.percent(start.complianceRatio))"
            ),
            .init(metric: "errors", label: "Errors", shown: "\(summary.errors)", value: "\(summary.errors)"),
            .init(metric: "warnings", label: "Warnings", shown: "\(summary.warnings)", value: "\(summary.warnings)"),
            .init(metric: "notes", label: "Notes", shown: "\(summary.notes)", value: "\(summary.notes)"),
            .init(
                metric: "files_failing", label: "Files failing", shown: "\(summary.filesFailing)", value: "\(summary.filesFailing)",
                detail: "of \(summary.filesAudited) audited"
            ),
            .init(
                metric: "open_regressions", label: "Open regressions", shown: "\(open)", value: "\(open)",
                detail: open == 0 ? "none still has its findings" : "<a href=\"#changes\">see which</a>"
            ),
        ]).render()
    }
}
