import DynatypeRules

/// The rule table of `docs/guide/rules.md`, generated from the catalogue (a test keeps it in sync).
public enum RuleTable {
    public static func markdown() -> String {
        var table = "| id | default | flags |\n|---|---|---|\n"
        for rule in RuleCatalogue.all {
            table += "| `\(rule.id.rawValue)` | \(rule.severityText) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return table
    }
}
