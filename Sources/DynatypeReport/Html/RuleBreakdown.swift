import DynatypeRules

/// Findings by rule, as a table with bars, and the rule to fix first.
struct RuleBreakdown {
    let findings: [(path: String, finding: Finding)]

    func render() -> String {
        guard !findings.isEmpty else { return "<p>No findings.</p>\n" }
        let byRule = AuditDigest.byRule(findings)
        let most = byRule.map(\.value.count).max() ?? 1
        var table = HTMLTable(
            caption: "Findings by rule: errors first, then warnings, then notes",
            columns: [
                .init(title: "rule"), .init(title: "errors", numeric: true), .init(title: "warnings", numeric: true),
                .init(title: "notes", numeric: true), .init(title: "total", numeric: true), .init(title: "share"),
            ],
            attributes: "id=\"rules-table\""
        )
        for (rule, items) in byRule {
            let count = { (severity: Severity) in items.filter { $0.finding.severity == severity }.count }
            let width = String(format: "%.1f", 100 * Double(items.count) / Double(most))
            table.add([
                HTML.ruleLink(rule.rawValue), "\(count(.error))", "\(count(.warning))", "\(count(.note))", "\(items.count)",
                "<span class=\"bar\(count(.error) > 0 ? " bad" : "")\" style=\"width:\(width)%\" aria-hidden=\"true\"></span>",
            ])
        }
        return fixFirst() + table.render()
    }

    private func fixFirst() -> String {
        guard let first = AuditDigest.firstToFix(AuditDigest.byRule(findings.filter { $0.finding.severity != .note })) else { return "" }
        let descriptor = RuleCatalogue.descriptor(first.key)
        return "<p><strong>Fix first:</strong> \(HTML.ruleLink(first.key.rawValue)) (\(Plural.count(first.value.count, "finding"))): "
            + "\(HTML.prose(descriptor.fix))\(descriptor.fix.hasSuffix(".") ? "" : ".") \(HTML.code("dynatype fix --dry-run")) shows the fixes it can make mechanically.</p>\n"
    }
}
