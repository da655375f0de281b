import DynatypeRules

/// Each file's verdict: failing files first with every failing element
/// (code, why, the replacement), then files with warnings or notes; files
/// that pass with nothing to say are one list.
struct FileVerdicts {
    let outcome: AuditOutcome
    let anchors: [String: String]

    func render() -> String {
        let counted = { (report: FileReport) in outcome.findings(of: report, in: .new) }
        let failing = outcome.reports.filter { $0.verdict == .fail }
        let attention = outcome.reports.filter { $0.verdict == .pass && !counted($0).isEmpty }
        let clean = outcome.reports.filter { $0.verdict == .pass && counted($0).isEmpty }
        var out = (failing + attention).map { file($0, findings: counted($0)) }.joined()
        if !clean.isEmpty {
            out += "<details><summary>\(Plural.count(clean.count, "file")) pass with no findings</summary><ul>"
                + clean.map { "<li id=\"\(anchors[$0.path]!)\">\(HTML.text(DisplayPath.escaped($0.path)))</li>" }.joined() + "</ul></details>\n"
        }
        if !outcome.skipped.isEmpty {
            out += "<h3>Not audited</h3><ul>" + outcome.skipped.map { "<li>\(HTML.text(DisplayPath.escaped($0.path))): \(HTML.text($0.reason))</li>" }.joined() + "</ul>\n"
        }
        return out.isEmpty ? "<p>No file audited.</p>\n" : out
    }

    private func file(_ report: FileReport, findings: [Finding]) -> String {
        // A file can fail with every text element passing: its errors are on
        // fonts and settings no element of the file uses yet.
        let outside = report.verdict == .fail && report.passingElementCount == report.elements.count
        var table = HTMLTable(
            caption: "\(Plural.count(findings.count, "finding")); \(report.passingElementCount) of \(Plural.count(report.elements.count, "text element")) pass"
                + (outside ? ", and the file fails on errors outside them (fonts or settings no text element here uses yet)" : ""),
            columns: [
                .init(title: "line", numeric: true), .init(title: "severity"), .init(title: "rule"), .init(title: "element"),
                .init(title: "code"), .init(title: "why"), .init(title: "fix"),
            ]
        )
        for finding in findings {
            let elements = finding.elements.compactMap { $0 < report.elements.count ? report.elements[$0].element.description : nil }
            // The fix text usually quotes the replacement already; say it once.
            let fix = finding.replacement.map { finding.fix.contains($0) ? HTML.prose(finding.fix) : "\(HTML.code($0)) (\(HTML.prose(finding.fix)))" }
                ?? HTML.prose(finding.fix)
            table.add([
                "\(finding.position.line):\(finding.position.column)", HTML.severity(finding.severity), HTML.ruleLink(finding.rule.rawValue),
                elements.map { HTML.code($0) }.joined(separator: ", "), HTML.code(finding.current), HTML.prose(finding.message), fix,
            ])
        }
        return "<article class=\"card\" id=\"\(anchors[report.path]!)\"><h3>\(HTML.verdict(report.verdict)) \(HTML.text(DisplayPath.escaped(report.path)))</h3>\n"
            + table.render() + "</article>\n"
    }
}
