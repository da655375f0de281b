import DynatypeRules
import Foundation

/// The report shape, per file: the verdict first, then
/// failing elements with the current font, why, and the exact fix; warnings;
/// passing elements; notes; assumptions. A report of many files puts the
/// failing ones first and collapses clean passes to one count (a 400-file
/// audit should not be 1,000 lines of PASS), then sums up by rule and place.
struct TextReporter {
    let options: ReportOptions

    func render(_ outcome: AuditOutcome) -> String {
        if options.detail == .summary {
            let notAudited = outcome.skipped.filter { !$0.isError }.count
            return AuditDigest(outcome: outcome).render { paint($0, .bold) }
                + (notAudited == 0 ? "" : paint("SKIP ", .yellow) + "  \(Plural.count(notAudited, "file")) not audited (without --summary: which and why)\n")
                + footer(outcome)
        }
        var out = ""
        // One file is always shown whole: that is what was asked about.
        let detail = outcome.reports.count > 1 ? options.detail : .verbose
        let clean = { (report: FileReport) in
            outcome.findings(of: report, in: .new).isEmpty && !report.elements.contains { $0.verdict == .unresolved }
        }
        let failing = outcome.reports.filter { $0.verdict == .fail }
        let attention = outcome.reports.filter { $0.verdict != .fail && !clean($0) }
        let passing = outcome.reports.filter { $0.verdict != .fail && clean($0) }
        for report in failing { out += render(report, in: outcome, level: detail) }
        if detail != .quiet {
            for report in attention { out += render(report, in: outcome, level: detail) }
            if detail == .verbose {
                for report in passing { out += render(report, in: outcome, level: detail, brief: outcome.reports.count > 1) }
            } else if !passing.isEmpty {
                out += paint("PASS", .green) + "  \(passing.count) other file\(passing.count == 1 ? "" : "s") with no findings (--verbose lists them)\n\n"
            }
        }
        if let absent = outcome.comparison?.absent, !absent.isEmpty {
            out += paint(outcome.comparison!.isChange ? "Fixed by the change" : "Fixed since the baseline", .bold) + "\n"
            out += absent.map { "  \(paint("FIXED", .green))  \(DisplayPath.escaped($0.path))  \($0.current)  [\($0.rule)]\n" }.joined() + "\n"
        }
        for skipped in outcome.skipped where !skipped.isError && detail != .quiet {
            out += paint("SKIP ", .yellow) + "  \(DisplayPath.escaped(skipped.path)): \(skipped.reason)\n"
        }
        if detail != .quiet, outcome.reports.count > 1 {
            out += AuditDigest(outcome: outcome).render { paint($0, .bold) }
        }
        out += footer(outcome)
        return out
    }

    private func render(_ report: FileReport, in outcome: AuditOutcome, level: ReportOptions.Detail, brief: Bool = false) -> String {
        let fresh = outcome.findings(of: report, in: .new)
        let baselined = outcome.findings(of: report, in: .unchanged)
        let verdict = report.verdict == .pass ? paint("PASS", .green) : paint("FAIL", .red)
        var out = "\(verdict)  \(paint(DisplayPath.escaped(report.path), .bold))  ·  \(counts(report, fresh: fresh, baselined: baselined.count))\n"
        if brief { return out }
        let errors = fresh.filter { $0.severity == .error }
        let warnings = fresh.filter { $0.severity == .warning }
        let notes = fresh.filter { $0.severity == .note && $0.rule != .unresolvedFont }
        let passing = report.elements.filter { $0.verdict == .passing }
        let unresolved = report.elements.filter { $0.verdict == .unresolved }
        let looseAssumptions = fresh.filter { $0.rule == .unresolvedFont && $0.elements.isEmpty }

        out += section("Failing elements", errors.map { describe($0, in: report) })
        if level == .quiet { return out + "\n" }
        out += section("Warnings", warnings.map { describe($0, in: report) })
        out += section("Passing elements", level != .verbose ? [] : passing.map { element in
            "\(location(element.element.position))  \(element.element.description)  \(paint(element.element.font, .dim)) — \(element.reason)"
        })
        out += section("Notes", notes.map { "\(location($0.position))  \($0.message) [\($0.rule.rawValue)]\n" + detail("fix", $0.fix) })
        out += section("Assumptions", unresolved.map { element in
            "\(location(element.element.position))  \(element.element.description): \(element.reason)"
        } + looseAssumptions.map { "\(location($0.position))  \($0.message)" })
        let baselineTitle = outcome.comparison?.isChange == true ? "Already there before the change" : "Baseline (accepted, not failing)"
        out += section(baselineTitle, baselined.map {
            "\(location($0.position))  \($0.current)  \(paint("[\($0.rule.rawValue)]", .dim))"
        })
        for remark in report.remarks { out += "  \(paint("·", .dim)) \(remark)\n" }
        return out + "\n"
    }

    private func describe(_ finding: Finding, in report: FileReport) -> String {
        let elements = finding.elements.compactMap { index -> String? in
            guard index < report.elements.count else { return nil }
            let element = report.elements[index].element
            return element.description.isEmpty ? element.kind : element.description
        }
        // A finding on no element (a font defined for later use) is headed by its code.
        var text = "\(location(finding.position))  \(elements.isEmpty ? finding.current : elements.joined(separator: ", "))\n"
        if !elements.isEmpty { text += detail("code", finding.current) }
        text += detail("why", "\(finding.message) [\(finding.rule.rawValue)]")
        // The fix text usually quotes the replacement already; say it once.
        if let replacement = finding.replacement, !finding.fix.contains(replacement) {
            text += detail("fix", "\(replacement)   (\(finding.fix))")
        } else {
            text += detail("fix", finding.fix)
        }
        return text
    }

    private func detail(_ label: String, _ text: String) -> String {
        let padded = label.padding(toLength: 4, withPad: " ", startingAt: 0)
        return "           \(paint(padded, .dim))  \(text)\n"
    }

    private func section(_ title: String, _ entries: [String]) -> String {
        guard !entries.isEmpty else { return "" }
        return "  \(paint(title, .bold))\n" + entries.map { "    " + ($0.hasSuffix("\n") ? $0 : $0 + "\n") }.joined()
    }

    private func location(_ position: SourcePosition) -> String {
        "\(position.line):\(position.column)".padding(toLength: 6, withPad: " ", startingAt: 0)
    }

    private func counts(_ report: FileReport, fresh: [Finding], baselined: Int) -> String {
        var parts: [String] = []
        for (severity, name) in [(Severity.error, "error"), (.warning, "warning"), (.note, "note")] {
            let count = fresh.filter { $0.severity == severity }.count
            if count > 0 { parts.append("\(count) \(name)\(count == 1 ? "" : "s")") }
        }
        if baselined > 0 { parts.append("\(baselined) baseline") }
        let elements = report.elements.count
        parts.append(elements == 0 ? "no text elements" : "\(elements) text element\(elements == 1 ? "" : "s"), \(report.passingElementCount) passing")
        return parts.joined(separator: " · ")
    }

    private func footer(_ outcome: AuditOutcome) -> String {
        if case .change(let base, let head, let before, let after, let regressions) = outcome.comparison?.reference {
            return changeFooter(outcome, base: base, head: head, before: before, after: after, regressions: regressions)
        }
        let summary = outcome.summary
        let unreadable = outcome.skipped.filter(\.isError).count
        // Zero files with "100%" would read like success.
        if summary.filesAudited == 0 {
            return unreadable > 0
                ? paint("nothing audited", .red) + ": \(unreadable) path\(unreadable == 1 ? "" : "s") could not be audited (see the errors above)\n"
                : "nothing audited: no Swift or Interface Builder files\n"
        }
        let percent = Int((summary.complianceRatio * 100).rounded())
        let failing = summary.filesFailing
        return "\(summary.filesAudited) file\(summary.filesAudited == 1 ? "" : "s") audited: "
            + paint("\(failing) FAIL", failing > 0 ? .red : .dim) + ", \(summary.filesAudited - failing) PASS · "
            + "\(summary.textElements) text elements, \(summary.textElementsPassing) passing (\(percent)%) · "
            + Plural.severities(summary)
            + baselineCounts(outcome)
            + (outcome.skipped.isEmpty ? "" : " · \(outcome.skipped.count) not audited") + "\n"
    }

    private func changeFooter(
        _ outcome: AuditOutcome, base: String, head: String, before: AuditSummary, after: AuditSummary, regressions: [String]
    ) -> String {
        let introduced = outcome.reports.flatMap { outcome.findings(of: $0, in: .new) }
        let errors = introduced.filter { $0.severity == .error }.count
        var out = "\(head == "work tree" ? "work tree" : String(head.prefix(10))) against merge base \(base.prefix(10)): "
            + "compliance \(ComplianceText.percent(before)) → \(ComplianceText.percent(after)) · "
            + "\(introduced.count) introduced (\(errors) error\(errors == 1 ? "" : "s")), \(outcome.comparison?.absent.count ?? 0) fixed\n"
        for reason in regressions { out += paint("REGRESSION", .red) + "  \(reason)\n" }
        if regressions.isEmpty { out += paint("OK", .green) + "  no regression\n" }
        return out
    }

    private func baselineCounts(_ outcome: AuditOutcome) -> String {
        guard let comparison = outcome.comparison else { return "" }
        return " · \(outcome.unchangedCount) baseline, \(comparison.absent.count) fixed"
    }

    private enum Style: String {
        case red = "31", green = "32", yellow = "33", bold = "1", dim = "2"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        options.color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
