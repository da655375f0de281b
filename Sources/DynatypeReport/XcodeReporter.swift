import DynatypeRules

/// `path:line:col: error: message (rule_id)`, which Xcode turns into issues.
/// Against a baseline or a base revision, only new findings.
struct XcodeReporter {
    func render(_ outcome: AuditOutcome) -> String {
        var lines: [String] = []
        for report in outcome.reports {
            let path = DisplayPath.escaped(outcome.absolutePath(of: report))
            for finding in outcome.findings(of: report, in: .new) {
                lines.append("\(path):\(finding.position.line):\(finding.position.column): \(finding.severity.rawValue): \(finding.messageWithFix) (\(finding.rule.rawValue))")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
