import DynatypeRules

/// One row per finding that counts, RFC 4180 quoting, for spreadsheets.
struct CSVReporter {
    func render(_ outcome: AuditOutcome) -> String {
        var table = TextTable(["path", "line", "column", "severity", "rule", "message", "current", "replacement", "fingerprint"])
        for item in outcome.countedFindings {
            let finding = item.finding
            table.add([
                item.report.path, "\(finding.position.line)", "\(finding.position.column)", finding.severity.rawValue,
                finding.rule.rawValue, finding.message, finding.current, finding.replacement ?? "", item.fingerprint,
            ])
        }
        return table.csv
    }
}
