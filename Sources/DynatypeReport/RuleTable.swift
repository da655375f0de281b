import DynatypeRules

/// The README's rule table, generated from the catalogue (a test keeps the README in sync).
public enum RuleTable {
    public static func markdown() -> String {
        var table = "| id | default | flags |\n|---|---|---|\n"
        for rule in RuleCatalogue.all {
            table += "| `\(rule.id.rawValue)` | \(rule.severityText) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return table
    }
}
