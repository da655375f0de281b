import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype show`: a commit's summary, what it introduced and fixed, and
/// with `--all` every finding at that commit.
public enum ShowRenderer {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, csv, sarif
    }

    public static func render(_ detail: CommitDetail, format: Format, root: String) -> String {
        switch format {
        case .json: return JSONOutput.encode(ShowDocument(detail))
        case .csv:
            return HistoryRenderer.changesCSV(FindingChange.Kind.allCases.map { kind in
                (kind.rawValue, detail.changes.filter { $0.kind == kind })
            })
        case .sarif: return OutputFormat.sarif.render(AuditOutcome(root: root, reports: detail.reports ?? [], skipped: []))
        case .text: return text(detail, root: root)
        }
    }

    private static func text(_ detail: CommitDetail, root: String) -> String {
        let record = detail.record
        let summary = record.summary
        var out = "commit \(record.sha) (\(record.status.rawValue)\(record.isBaseline ? ", baseline" : ""))\n"
        out += "Author: \(DisplayPath.escaped(record.authorName)) <\(DisplayPath.escaped(record.authorEmail))>\n"
        out += "Date:   \(HistoryRenderer.timestamp(record.committedAt))\n\n    \(DisplayPath.escaped(record.title))\n\n"
        if record.status == .failed {
            return out + "The audit failed: \(record.error ?? "unknown error")\n"
        }
        if let error = record.configurationError {
            out += "Configuration invalid, audited with the last valid configuration: \(error)\n"
        }
        if let change = record.policyChange { out += "Checks lowered by its configuration: \(change)\n" }
        out += "Compliance \(HistoryRenderer.percent(summary.complianceRatio)) (\(summary.textElementsPassing) of \(summary.textElements) text elements pass) · "
        out += "\(summary.filesAudited) files, \(summary.filesFailing) failing · \(Plural.severities(summary))\n"
        if record.filesNotAudited > 0 {
            out += "Not audited: \(record.filesNotAudited) file\(record.filesNotAudited == 1 ? "" : "s") of the tree\n"
            for (path, reason) in record.notAudited.sorted(by: { $0.key < $1.key }) {
                out += "    \(DisplayPath.escaped(path)): \(reason)\n"
            }
        }
        if let base = record.base, !record.isBaseline {
            out += "Compared with \(base.prefix(10)): +\(record.introduced) introduced, -\(record.fixed) fixed"
            if record.moved > 0 { out += ", \(record.moved) moved" }
            if record.unchecked > 0 { out += ", \(record.unchecked) no longer checked" }
            out += "\n"
        }
        if !detail.regression.isEmpty { out += "Regression: " + detail.regression.joined(separator: "; ") + "\n" }
        out += HistoryRenderer.section("Introduced", detail.changes.filter { $0.kind == .introduced })
        out += HistoryRenderer.section("Fixed", detail.changes.filter { $0.kind == .fixed })
        for (title, kind) in [("Moved", FindingChange.Kind.moved), ("No longer checked", .unchecked)] {
            let changes = detail.changes.filter { $0.kind == kind }
            if !changes.isEmpty { out += HistoryRenderer.section(title, changes) }
        }
        if let reports = detail.reports {
            out += "\nAll findings at this commit\n\n" + OutputFormat.text.render(AuditOutcome(root: root, reports: reports, skipped: []))
        }
        return out
    }
}

/// `show --format json`: the commit as `log` describes it, with its
/// finding changes and (with `--all`) every file.
struct ShowDocument: Encodable {
    let commit: CommitDocument
    let introducedFindings: [ChangeDocument]
    let fixedFindings: [ChangeDocument]
    let movedFindings: [ChangeDocument]
    let noLongerCheckedFindings: [ChangeDocument]
    let files: [FileDocument]?

    enum CodingKeys: String, CodingKey {
        case introducedFindings, fixedFindings, movedFindings, noLongerCheckedFindings, files
    }

    init(_ detail: CommitDetail) {
        commit = CommitDocument(detail.record, regression: detail.regression)
        introducedFindings = detail.changes.filter { $0.kind == .introduced }.map(ChangeDocument.init)
        fixedFindings = detail.changes.filter { $0.kind == .fixed }.map(ChangeDocument.init)
        movedFindings = detail.changes.filter { $0.kind == .moved }.map(ChangeDocument.init)
        noLongerCheckedFindings = detail.changes.filter { $0.kind == .unchecked }.map(ChangeDocument.init)
        files = detail.reports?.map { FileDocument($0) }
    }

    /// One object: the commit's keys, then these.
    func encode(to encoder: Encoder) throws {
        try commit.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(introducedFindings, forKey: .introducedFindings)
        try container.encode(fixedFindings, forKey: .fixedFindings)
        try container.encode(movedFindings, forKey: .movedFindings)
        try container.encode(noLongerCheckedFindings, forKey: .noLongerCheckedFindings)
        try container.encodeIfPresent(files, forKey: .files)
    }
}
