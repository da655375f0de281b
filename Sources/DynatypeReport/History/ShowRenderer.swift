import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype show`: a commit's summary, what it introduced and fixed, and
/// with `--all` every finding at that commit.
public enum ShowRenderer {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, sarif
    }

    public static func render(_ detail: CommitDetail, format: Format, root: String) -> String {
        switch format {
        case .json: return JSONOutput.encode(ShowDocument(detail))
        case .sarif: return OutputFormat.sarif.render(AuditOutcome(root: root, reports: detail.reports ?? [], skipped: []))
        case .text: return text(detail, root: root)
        }
    }

    private static func text(_ detail: CommitDetail, root: String) -> String {
        let record = detail.record
        let summary = record.summary
        var out = "commit \(record.sha) (\(record.status.rawValue)\(record.isBaseline ? ", baseline" : ""))\n"
        out += "Author: \(record.authorName) <\(record.authorEmail)>\nDate:   \(HistoryRenderer.timestamp(record.committedAt))\n\n    \(record.title)\n\n"
        if record.status == .failed {
            return out + "The audit failed: \(record.error ?? "unknown error")\n"
        }
        out += "Compliance \(HistoryRenderer.percent(summary.complianceRatio)) (\(summary.textElementsPassing) of \(summary.textElements) text elements pass) · "
        out += "\(summary.filesAudited) files, \(summary.filesFailing) failing · \(summary.errors) errors, \(summary.warnings) warnings, \(summary.notes) notes\n"
        if let base = record.base, !record.isBaseline {
            out += "Compared with \(base.prefix(10)): +\(record.introduced) introduced, -\(record.fixed) fixed\n"
        }
        if !detail.regression.isEmpty { out += "Regression: " + detail.regression.joined(separator: "; ") + "\n" }
        out += HistoryRenderer.section("Introduced", detail.changes.filter { $0.kind == .introduced })
        out += HistoryRenderer.section("Fixed", detail.changes.filter { $0.kind == .fixed })
        if let reports = detail.reports {
            out += "\nAll findings at this commit\n\n" + OutputFormat.text.render(AuditOutcome(root: root, reports: reports, skipped: []))
        }
        return out
    }
}

struct ShowDocument: Encodable {
    let commit: String
    let parent: String?
    let base: String?
    let status: String
    let error: String?
    let baseline: Bool
    let author: String
    let date: String
    let title: String
    let summary: SummaryDocument
    let regression: [String]
    let introducedFindings: [ChangeDocument]
    let fixedFindings: [ChangeDocument]
    let files: [FileDocument]?

    init(_ detail: CommitDetail) {
        let record = detail.record
        commit = record.sha
        parent = record.parent
        base = record.base
        status = record.status.rawValue
        error = record.error
        baseline = record.isBaseline
        author = record.authorName
        date = HistoryRenderer.timestamp(record.committedAt)
        title = record.title
        summary = SummaryDocument(record.summary, introduced: record.introduced, fixed: record.fixed)
        regression = detail.regression
        introducedFindings = detail.changes.filter { $0.kind == .introduced }.map(ChangeDocument.init)
        fixedFindings = detail.changes.filter { $0.kind == .fixed }.map(ChangeDocument.init)
        files = detail.reports?.map(FileDocument.init)
    }
}
