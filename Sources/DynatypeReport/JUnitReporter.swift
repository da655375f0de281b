import DynatypeRules

/// JUnit XML as Jenkins, GitLab and Azure DevOps read it: a test suite per
/// file and a test case per error or warning finding (their viewers show
/// only the first failure of a test case, so findings never share one).
/// Errors are failures; a warning is a passing case whose output says what
/// to change, since warnings do not fail the audit. A file with neither is
/// one passing case, a declined file one skipped case.
struct JUnitReporter {
    func render(_ outcome: AuditOutcome) -> String {
        let counted = Dictionary(grouping: outcome.countedFindings.filter { $0.finding.severity != .note }, by: \.report.path)
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0)
        for report in outcome.reports {
            let findings = counted[report.path] ?? []
            let cases = findings.isEmpty ? [passingCase(report.path)] : findings.map { testCase(for: $0.finding, in: report.path) }
            let failures = findings.filter { $0.finding.severity == .error }.count
            suites.append(suite(report.path, cases: cases, failures: failures, skipped: 0))
            totals.tests += cases.count
            totals.failures += failures
        }
        for skipped in outcome.skipped {
            let name = XMLText.escape(skipped.path)
            let skippedCase = "    <testcase classname=\"\(name)\" name=\"\(name)\"><skipped message=\"\(XMLText.escape(skipped.reason))\"/></testcase>\n"
            suites.append(suite(skipped.path, cases: [skippedCase], failures: 0, skipped: 1))
            totals.tests += 1
            totals.skipped += 1
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"dynatype\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\" skipped=\"\(totals.skipped)\">\n"
        return out + suites.joined() + "</testsuites>\n"
    }

    private func suite(_ path: String, cases: [String], failures: Int, skipped: Int) -> String {
        "  <testsuite name=\"\(XMLText.escape(path))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            + cases.joined() + "  </testsuite>\n"
    }

    private func passingCase(_ path: String) -> String {
        "    <testcase classname=\"\(XMLText.escape(path))\" name=\"\(XMLText.escape(path)): no errors or warnings\"/>\n"
    }

    private func testCase(for finding: Finding, in path: String) -> String {
        let location = "\(path):\(finding.position.line):\(finding.position.column)"
        let name = XMLText.escape("\(location): \(finding.rule.rawValue)")
        let detail = XMLText.escape("\(location): \(finding.current) — \(finding.messageWithFix)")
        let opening = "    <testcase classname=\"\(XMLText.escape(path))\" name=\"\(name)\">"
        switch finding.severity {
        case .error:
            return opening + "<failure type=\"\(finding.rule.rawValue)\" message=\"\(XMLText.escape(finding.message))\">\(detail)</failure></testcase>\n"
        case .warning, .note:
            return opening + "<system-out>warning: \(detail)</system-out></testcase>\n"
        }
    }
}
