import DynatypeReport
import DynatypeEngine
import DynatypeRules

enum RulesCommand: Command {
    static let name = "rules"
    static let options = OptionSpec(
        [
            .value("--format", "FORMAT", "text (default), markdown (the table of docs/guide/rules.md), reference (the whole rule reference, docs/reference/rules.md), json"),
        ]
    )
    static let examples = [
        (command: "dynatype rules", purpose: "every rule with its default severity"),
        (command: "dynatype rules fixed_font_size", purpose: "why, fix and examples of one rule"),
        (command: "dynatype rules --format reference > docs/reference/rules.md", purpose: "the whole rule reference"),
    ]
    static let summary = "List the rule catalogue: id, default severity, what it flags"
    static let help = """
        USAGE: dynatype rules [RULE_ID] [--format text|markdown|reference|json]

        Lists every rule with its default severity and what it flags; with a rule id,
        shows that rule's rationale, fix and examples.

        OPTIONS:
        \(options.help)

        EXIT STATUS:
          0  success
          2  unknown rule id or usage error
        """

    enum Format: String, CaseIterable { case text, markdown, reference, json }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        let format = try options.choice("--format", Format.self) ?? .text
        if let id = options.positionals.first {
            guard let rule = RuleID(rawValue: id) else { throw UsageError(message: Suggestion.unknownRule(id)) }
            Terminal.write(detail(RuleCatalogue.descriptor(rule)))
            return ExitStatus.success
        }
        switch format {
        case .text:
            let width = RuleID.allCases.map(\.rawValue.count).max() ?? 30
            for rule in RuleCatalogue.all {
                Terminal.write("\(rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \(rule.severityText.padding(toLength: 8, withPad: " ", startingAt: 0))  \(rule.summary)\n")
            }
        case .markdown:
            Terminal.write(RuleTable.markdown())
        case .reference:
            Terminal.write(RuleReference.markdown())
        case .json:
            Terminal.write(JSONOutput.encode(RuleCatalogue.all.map(RuleDocument.init)))
        }
        return ExitStatus.success
    }

    private static func detail(_ rule: RuleDescriptor) -> String {
        var text = "\(rule.id.rawValue) — \(rule.name)\n  severity: \(rule.severityText)\n  flags:    \(rule.summary)\n"
        text += "  why:      \(rule.rationale)\n  fix:      \(rule.fix)\n  sources:  \(rule.sources)\n"
        for example in rule.triggering { text += "\n  triggers:\n" + indent(example.code) }
        for example in rule.nonTriggering { text += "\n  does not trigger:\n" + indent(example.code.replacingOccurrences(of: "↓", with: "")) }
        return text
    }

    private static func indent(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    private struct RuleDocument: Encodable {
        let id: String
        let name: String
        let defaultSeverity: String
        let summary: String
        let rationale: String
        let fix: String

        init(_ rule: RuleDescriptor) {
            id = rule.id.rawValue
            name = rule.name
            defaultSeverity = rule.severityText
            summary = rule.summary
            rationale = rule.rationale
            fix = rule.fix
        }
    }
}
