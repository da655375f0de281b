import DynatypeRules
import Foundation

/// The rule reference shipped as `docs/reference/rules.md`, generated from the
/// catalogue (a test keeps the file in sync): per rule what it flags, why,
/// the fix, where it applies, Apple's documentation it follows, and the
/// catalogue's examples (`↓` marks where a finding is reported).
public enum RuleReference {
    public static func markdown() -> String {
        var page = """
            # dynatype rules

            Generated from the rule catalogue by `dynatype rules --format reference`; do not edit by hand.
            Suppress a rule on one line with `// dynatype:disable:next <rule_id>` (or `:this`, `:previous`),
            over a region with `// dynatype:disable <rule_id>` … `// dynatype:enable <rule_id>`, or everywhere
            with `disabled_rules` in `.dynatype.json`, where `severity` overrides a default severity.


            """
        page += RuleTable.markdown() + "\n"
        for rule in RuleCatalogue.all { page += section(rule) }
        return page
    }

    private static func section(_ rule: RuleDescriptor) -> String {
        var text = "## `\(rule.id.rawValue)`: \(rule.name)\n\n"
        text += "- **Default severity:** \(rule.severityText)\n"
        text += "- **Flags:** \(rule.summary)\n"
        text += "- **Why:** \(rule.rationale)\n"
        text += "- **Fix:** \(rule.fix)\n"
        if rule.platforms != Set(Platform.allCases) {
            text += "- **Platforms:** \(Platform.allCases.filter(rule.platforms.contains).map(\.rawValue).joined(separator: ", "))\n"
        }
        let links = rule.sourceLinks.map { $0.url.isEmpty ? $0.title : "[\($0.title)](\($0.url))" }
        text += "- **Sources:** \(links.joined(separator: "; "))\n\n"
        if !rule.triggering.isEmpty {
            text += "Triggers:\n\n" + rule.triggering.map { codeBlock($0) }.joined()
        }
        if !rule.nonTriggering.isEmpty {
            text += "Does not trigger:\n\n" + rule.nonTriggering.map { codeBlock($0, unmarked: true) }.joined()
        }
        return text
    }

    private static func codeBlock(_ example: RuleExample, unmarked: Bool = false) -> String {
        let language = example.fileName.hasSuffix(".swift") ? "swift" : "xml"
        let code = unmarked ? example.code.replacingOccurrences(of: "↓", with: "") : example.code
        return "```\(language)\n\(code.hasSuffix("\n") ? code : code + "\n")```\n\n"
    }
}

extension RuleDescriptor {
    /// The catalogue's sources, "Title (https://…); Title (https://…)", as
    /// (title, url) pairs for links (`url` empty for a source without one).
    public var sourceLinks: [(title: String, url: String)] {
        sources.split(separator: ";").map { part in
            let source = part.trimmingCharacters(in: .whitespaces)
            guard source.hasSuffix(")"), let open = source.range(of: " (http", options: .backwards) else { return (source, "") }
            let url = source[source.index(after: open.lowerBound)..<source.index(before: source.endIndex)].dropFirst()
            return (String(source[..<open.lowerBound]), String(url))
        }
    }
}
