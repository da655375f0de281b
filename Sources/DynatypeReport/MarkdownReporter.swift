import DynatypeRules
import Foundation

/// GitHub-flavoured Markdown a CI step can post as a pull-request comment:
/// for a change, compliance before → after, the introduced findings with
/// their replacement code, and the fixed ones; for an audit, the summary and
/// the findings that count (new ones, against a baseline). GitHub refuses
/// comments over 65,536 characters: rows stop short of `limit`, and a last
/// line says how many were left out.
struct MarkdownReporter {
    var limit = 60_000

    func render(_ outcome: AuditOutcome) -> String {
        var out = "### dynatype: Dynamic Type\n\n"
        if case .change(let base, let head, let before, let after, let regressions) = outcome.comparison?.reference {
            let headName = head == "work tree" ? "the work tree" : "`\(head.prefix(10))`"
            out += "Compliance **\(ComplianceText.percent(before)) → \(ComplianceText.percent(after))** "
                + "(\(ComplianceText.change(from: before, to: after))), \(headName) against merge base `\(base.prefix(10))`.\n\n"
            out += regressions.isEmpty ? "✅ No regression.\n\n" : regressions.map { "❌ \(escape($0))\n" }.joined() + "\n"
        } else {
            let summary = outcome.summary
            out += "Compliance **\(ComplianceText.percent(summary))** · \(summary.filesAudited) files audited, \(summary.filesFailing) failing · "
                + Plural.severities(summary)
                + (outcome.comparison == nil ? "" : " · \(outcome.unchangedCount) in the baseline") + "\n\n"
        }
        let counted = outcome.reports.flatMap { report in outcome.findings(of: report, in: .new).map { (report.path, $0) } }
        let title = outcome.comparison?.isChange == true ? "Introduced" : (outcome.comparison == nil ? "Findings" : "New findings")
        out += "#### \(title) (\(counted.count))\n\n"
        if counted.isEmpty {
            out += "None.\n\n"
        } else {
            out += "| | File | Line | Rule | Code | Replace with |\n|---|---|---|---|---|---|\n"
            let rows = counted.map { path, finding in
                "| \(icon(finding.severity)) | \(escape(path)) | \(finding.position.line) | `\(finding.rule.rawValue)` | "
                    + "\(code(finding.current)) | \(finding.replacement.map(code) ?? escape(finding.fix)) |\n"
            }
            // The fixed list keeps a share of the room.
            let fixedShare = outcome.comparison?.absent.isEmpty == false ? limit / 5 : 0
            out += capped(rows, within: limit - fixedShare - out.unicodeScalars.count, noun: "finding") + "\n"
        }
        if let absent = outcome.comparison?.absent, !absent.isEmpty {
            out += "#### Fixed (\(absent.count))\n\n"
            let items = absent.map { "- \(escape($0.path))\($0.line.map { ":\($0)" } ?? ""): `\($0.rule)` \(code($0.current))\n" }
            out += capped(items, within: limit - out.unicodeScalars.count, noun: "fixed finding") + "\n"
        }
        return out
    }

    /// The lines that fit in `room` characters, then how many did not.
    private func capped(_ lines: [String], within room: Int, noun: String) -> String {
        let tailRoom = 160
        var out = ""
        var used = 0
        for (index, line) in lines.enumerated() {
            let size = line.unicodeScalars.count
            guard used + size <= room - tailRoom else {
                let left = lines.count - index
                return out + "\n… and \(Plural.count(left, "more \(noun)")), left out to fit a "
                    + "pull-request comment: see the full report (`--format html` or `json`) in the job's artifacts.\n"
            }
            out += line
            used += size
        }
        return out
    }

    private func icon(_ severity: Severity) -> String {
        switch severity {
        case .error: return "❌"
        case .warning: return "⚠️"
        case .note: return "ℹ️"
        }
    }

    /// Inline code that survives backticks and pipes in the code itself.
    private func code(_ text: String) -> String {
        let fence = text.contains("`") ? "``" : "`"
        let padded = text.contains("`") ? " \(text) " : text
        return fence + padded.replacingOccurrences(of: "|", with: "\\|") + fence
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { out.append("\\") }
            out.append(character == "\n" ? " " : character)
        }
        return out
    }
}
