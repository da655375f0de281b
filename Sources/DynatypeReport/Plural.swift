import DynatypeRules

/// Counts with their nouns, singular for one ("1 warning", "2 warnings").
enum Plural {
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// "1 error, 2 warnings, 0 notes".
    static func severities(_ summary: AuditSummary) -> String {
        "\(count(summary.errors, "error")), \(count(summary.warnings, "warning")), \(count(summary.notes, "note"))"
    }
}
