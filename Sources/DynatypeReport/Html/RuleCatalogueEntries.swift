import DynatypeRules

/// The catalogue's entries (why, fix, Apple's documentation) for the rules
/// the page mentions; every rule link on the page points here.
struct RuleCatalogueEntries {
    let rules: Set<String>

    func render() -> String {
        let descriptors = RuleCatalogue.all.filter { rules.contains($0.id.rawValue) }
        guard !descriptors.isEmpty else { return "<p>No rule is involved.</p>\n" }
        return descriptors.map { rule in
            let sources = rule.sourceLinks.map { $0.url.isEmpty ? HTML.text($0.title) : "<a href=\"\(HTML.text($0.url))\">\(HTML.text($0.title))</a>" }
            return """
                <div class="rule-entry" id="\(HTML.ruleAnchor(rule.id.rawValue))">
                <h3><code>\(rule.id.rawValue)</code>: \(HTML.text(rule.name))</h3>
                <p><strong>Severity:</strong> \(HTML.text(rule.severityText)). <strong>Flags:</strong> \(HTML.prose(rule.summary))</p>
                <p><strong>Why:</strong> \(HTML.prose(rule.rationale))</p>
                <p><strong>Fix:</strong> \(HTML.prose(rule.fix))</p>
                <p class="muted"><strong>Sources:</strong> \(sources.joined(separator: "; "))</p>
                </div>

                """
        }.joined()
    }
}
