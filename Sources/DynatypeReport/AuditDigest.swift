import DynatypeRules
import Foundation

/// The block at the end of a text report of many files: what a reader of a
/// 400-file audit wants after the details — which rules fire, where the
/// problems gather, and what to fix first.
struct AuditDigest {
    let outcome: AuditOutcome
    /// How many folders and files the "worst" lists show.
    var listLength = 5

    private var findings: [(path: String, finding: Finding)] {
        outcome.reports.flatMap { report in outcome.findings(of: report, in: .new).map { (report.path, $0) } }
            .filter { $0.finding.severity != .note }
    }

    /// Empty when there is nothing to summarise.
    func render(bold: (String) -> String) -> String {
        let problems = findings
        guard !problems.isEmpty else { return "" }
        var out = bold("Findings by rule") + "\n"
        let byRule = Self.byRule(problems)
        let width = byRule.map(\.key.rawValue.count).max() ?? 0
        for (rule, items) in byRule {
            let errors = items.filter { $0.finding.severity == .error }.count
            out += "  \(rule.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \(items.count)"
                + (errors > 0 && errors < items.count ? " (\(errors) error\(errors == 1 ? "" : "s"))" : "") + "\n"
        }
        out += worst("Worst folders", problems.map { folder(of: $0.path) }, bold: bold)
        out += worst("Worst files", problems.map(\.path), bold: bold)
        if let first = Self.firstToFix(byRule) {
            let descriptor = RuleCatalogue.descriptor(first.key)
            out += bold("Fix first") + "\n  \(first.key.rawValue) (\(first.value.count) finding\(first.value.count == 1 ? "" : "s")): \(descriptor.fix)\n"
                + "  `dynatype fix --dry-run` shows the fixes it can make mechanically\n"
        }
        return out + "\n"
    }

    /// The places with the most findings (none when there is only one place).
    private func worst(_ title: String, _ places: [String], bold: (String) -> String) -> String {
        let ranked = Self.ranked(places)
        guard ranked.count > 1 else { return "" }
        return bold(title) + "\n" + ranked.prefix(listLength).map { "  \($0.count)  \(DisplayPath.escaped($0.place))\n" }.joined()
    }

    /// Findings grouped by rule, the most frequent first.
    /// Rules with errors first (the most errors first), then those with
    /// warnings, then notes: 42 notes do not outrank 12 errors.
    static func byRule(_ findings: [(path: String, finding: Finding)]) -> [(key: RuleID, value: [(path: String, finding: Finding)])] {
        let rank = { (items: [(path: String, finding: Finding)]) -> [Int] in
            [Severity.error, .warning, .note].map { severity in items.filter { $0.finding.severity == severity }.count }
        }
        return Dictionary(grouping: findings, by: \.finding.rule).sorted { first, second in
            let (a, b) = (rank(first.value), rank(second.value))
            return a != b ? a.lexicographicallyPrecedes(b) == false : first.key.rawValue < second.key.rawValue
        }
    }

    /// The rule to fix first: the most frequent one with an error, else the most frequent.
    static func firstToFix(_ byRule: [(key: RuleID, value: [(path: String, finding: Finding)])]) -> (key: RuleID, value: [(path: String, finding: Finding)])? {
        byRule.first { $0.value.contains { $0.finding.severity == .error } } ?? byRule.first
    }

    /// Places by how often they occur, the most frequent first.
    static func ranked(_ places: [String]) -> [(place: String, count: Int)] {
        Dictionary(grouping: places, by: { $0 }).mapValues(\.count).sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    private func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
