import DynatypeRules

/// Checkstyle XML (read by Jenkins' warnings plugin, reviewdog, Danger…):
/// file names relative to the audited root, as the other CI formats write
/// them (those readers resolve them against the workspace), severities
/// error/warning/info.
struct CheckstyleReporter {
    func render(_ outcome: AuditOutcome) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        let counted = Dictionary(grouping: outcome.countedFindings, by: \.report.path)
        for report in outcome.reports {
            out += "  <file name=\"\(XMLText.escape(report.path))\">\n"
            for item in counted[report.path] ?? [] {
                let finding = item.finding
                out += "    <error line=\"\(finding.position.line)\" column=\"\(finding.position.column)\" severity=\"\(severity(finding.severity))\" "
                    + "message=\"\(XMLText.escape(finding.messageWithFix))\" source=\"dynatype.\(finding.rule.rawValue)\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }
}
