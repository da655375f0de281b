import DynatypeRules
import Foundation

/// `dynatype audit --format html`: a one-shot audit as one page: the verdict
/// per file, the failing elements with their code and fix, and where the
/// findings gather. Against a baseline or a base revision, only the findings
/// that count (new ones) are listed.
struct AuditHTMLReporter {
    func render(_ outcome: AuditOutcome) -> String {
        let counted = outcome.reports.flatMap { report in outcome.findings(of: report, in: .new).map { (path: report.path, finding: $0) } }
        let anchors = Dictionary(uniqueKeysWithValues: outcome.reports.enumerated().map { ($1.path, "file-\($0 + 1)") })
        let subtitle = "\(Plural.count(outcome.summary.filesAudited, "file")) audited under \(HTML.code(outcome.root))"
            + (outcome.skipped.isEmpty ? "" : " · \(outcome.skipped.count) not audited")
        return HTMLPage(title: "Dynamic Type audit", subtitle: subtitle, sections: [
            .init(id: "summary", title: "Where it stands", body: tiles(outcome)),
            .init(id: "rules", title: "Findings by rule", body: RuleBreakdown(findings: counted).render()),
            .init(id: "folders", title: "Folders", body: FolderBreakdown(reports: outcome.reports).render()),
            .init(id: "files", title: "Worst files", body: WorstFiles(reports: outcome.reports, anchor: { anchors[$0.path]! }).render()),
            .init(id: "verdicts", title: "Verdict per file", body: FileVerdicts(outcome: outcome, anchors: anchors).render()),
            .init(id: "catalogue", title: "Rules involved", body: RuleCatalogueEntries(rules: Set(counted.map(\.finding.rule.rawValue))).render()),
        ]).render()
    }

    private func tiles(_ outcome: AuditOutcome) -> String {
        let summary = outcome.summary
        var tiles: [SummaryTiles.Tile] = [
            .init(
                metric: "compliance", label: "Compliance", shown: HTML.percent(summary.complianceRatio), value: String(format: "%.4f", summary.complianceRatio),
                detail: "\(summary.textElementsPassing) of \(summary.textElements) text elements pass"
            ),
            .init(
                metric: "files_failing", label: "Files failing", shown: "\(summary.filesFailing)", value: "\(summary.filesFailing)",
                detail: "of \(summary.filesAudited) audited"
            ),
            .init(metric: "errors", label: "Errors", shown: "\(summary.errors)", value: "\(summary.errors)"),
            .init(metric: "warnings", label: "Warnings", shown: "\(summary.warnings)", value: "\(summary.warnings)"),
            .init(metric: "notes", label: "Notes", shown: "\(summary.notes)", value: "\(summary.notes)"),
        ]
        if outcome.comparison != nil {
            tiles.append(.init(metric: "baseline", label: "Accepted (baseline)", shown: "\(outcome.unchangedCount)", value: "\(outcome.unchangedCount)"))
        }
        if !outcome.skipped.isEmpty {
            tiles.append(.init(metric: "not_audited", label: "Not audited", shown: "\(outcome.skipped.count)", value: "\(outcome.skipped.count)"))
        }
        return SummaryTiles(tiles: tiles).render()
    }
}
