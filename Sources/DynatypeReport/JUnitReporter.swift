import DynatypeRules

/// JUnit XML, as CI test-report viewers read it: one test case per file,
/// one failure per error (warnings and notes do not fail a test case).
struct JUnitReporter {
    func render(_ outcome: AuditOutcome) -> String {
        let counted = outcome.countedFindings
        let errors = Dictionary(grouping: counted.filter { $0.finding.severity == .error }, by: \.report.path)
        let failing = errors.values.filter { !$0.isEmpty }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"dynatype\" tests=\"\(outcome.reports.count)\" failures=\"\(failing)\" errors=\"0\">\n"
        out += "  <testsuite name=\"dynatype\" tests=\"\(outcome.reports.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"\(outcome.skipped.count)\">\n"
        for report in outcome.reports {
            let name = XMLText.escape(report.path)
            let failures = errors[report.path] ?? []
            guard !failures.isEmpty else {
                out += "    <testcase classname=\"dynatype\" name=\"\(name)\"/>\n"
                continue
            }
            out += "    <testcase classname=\"dynatype\" name=\"\(name)\">\n"
            for item in failures {
                let finding = item.finding
                out += "      <failure type=\"\(finding.rule.rawValue)\" message=\"\(XMLText.escape(finding.message))\">"
                    + XMLText.escape("\(report.path):\(finding.position.line):\(finding.position.column): \(finding.current) — \(finding.messageWithFix)")
                    + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        for skipped in outcome.skipped {
            out += "    <testcase classname=\"dynatype\" name=\"\(XMLText.escape(skipped.path))\"><skipped message=\"\(XMLText.escape(skipped.reason))\"/></testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }
}
