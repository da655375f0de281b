import DynatypeHistory

/// The commits that regressed and those that resolved a regression, newest
/// first: who, when, why, the findings introduced (with their code and fix)
/// or fixed, and whether a regression is still open.
struct EventList {
    let events: [RegressionEvent]
    let leftOut: Int
    /// Findings listed per commit at most, so one huge commit cannot swell the page.
    var findingLimit = 20
    /// Events shown before the rest are folded into a `<details>`.
    static let openCount = 10

    func render() -> String {
        guard !events.isEmpty else { return "<p>No commit of the period regressed, resolved a regression or changed what is checked.</p>\n" }
        let shown = Set(events.map(\.record.sha))
        var out = ""
        if leftOut > 0 {
            out += "<p class=\"muted\">The newest \(events.count) are shown; \(Plural.count(leftOut, "older one")) of the period \(leftOut == 1 ? "is" : "are") left out (\(HTML.code("dynatype log --regressions")) lists every regression).</p>\n"
        }
        // The newest stay open; the rest fold away with their count.
        for event in events.prefix(Self.openCount) { out += render(event, shown: shown) }
        if events.count > Self.openCount {
            out += "<details><summary>\(Plural.count(events.count - Self.openCount, "older event")) of the period</summary>\n"
                + events.dropFirst(Self.openCount).map { render($0, shown: shown) }.joined() + "</details>\n"
        }
        return out
    }

    private func link(_ sha: String, shown: Set<String>) -> String {
        let short = HTML.code(String(sha.prefix(10)))
        return shown.contains(sha) ? "<a href=\"#\(HTML.commitAnchor(sha))\">\(short)</a>" : short
    }

    private func render(_ event: RegressionEvent, shown: Set<String>) -> String {
        let record = event.record
        var badges: [String] = []
        if event.isRegression { badges.append("<span class=\"badge bad\">▼ Regression</span>") }
        if !event.resolves.isEmpty { badges.append("<span class=\"badge good\">✓ Resolution</span>") }
        if !event.configuration.isEmpty { badges.append("<span class=\"badge bad\">⚠ Configuration</span>") }
        let kind = event.isRegression ? "regression" : event.resolves.isEmpty ? "configuration" : "resolution"
        var out = "<article class=\"card\" id=\"\(HTML.commitAnchor(record.sha))\" data-kind=\"\(kind)\" data-open=\"\(event.isOpen)\">\n"
        out += "<h3>\(badges.joined(separator: " ")) \(HTML.code(String(record.sha.prefix(10)))) \(HTML.text(record.title))</h3>\n"
        out += "<p class=\"muted\">\(HTML.text(record.authorName)) · \(HistoryRenderer.date(record.committedAt)) · compliance \(HTML.percent(record.summary.complianceRatio)) · "
            + "+\(record.introduced) introduced, −\(record.fixed) fixed</p>\n"
        if event.isRegression {
            out += "<p>" + status(event, shown: shown) + "</p>\n"
            out += "<ul>" + event.reasons.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul>\n"
        }
        if !event.configuration.isEmpty {
            out += "<ul>" + event.configuration.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul>\n"
        }
        if !event.resolves.isEmpty {
            out += "<p>Resolves \(event.resolves.map { link($0, shown: shown) }.joined(separator: ", ")): the findings they introduced are gone.</p>\n"
        }
        if !event.introduced.isEmpty { out += findings(event.introduced, title: "Introduced") }
        if !event.noLongerChecked.isEmpty { out += findings(event.noLongerChecked, title: "No longer checked") }
        if !event.fixed.isEmpty {
            let table = findings(event.fixed, title: "Fixed")
            out += event.isRegression ? "<details><summary>Also fixed \(Plural.count(event.fixed.count, "finding"))</summary>\n\(table)</details>\n" : table
        }
        return out + "</article>\n"
    }

    private func status(_ event: RegressionEvent, shown: Set<String>) -> String {
        if event.isOpen { return "<strong class=\"bad\">Still open</strong>: a finding it introduced is still there." }
        if let resolver = event.resolvedBy { return "<strong class=\"good\">Resolved</strong> by \(link(resolver, shown: shown))." }
        return "<strong class=\"good\">Resolved</strong>: none of the findings it introduced is still there."
    }

    private func findings(_ changes: [FindingChange], title: String) -> String {
        var table = HTMLTable(
            caption: "\(title): \(Plural.count(changes.count, "finding"))\(changes.count > findingLimit ? ", the first \(findingLimit) shown" : "")",
            columns: [.init(title: "severity"), .init(title: "rule"), .init(title: "where"), .init(title: "code"), .init(title: "fix")],
            attributes: "data-changes=\"\(title.lowercased())\""
        )
        for change in changes.prefix(findingLimit) {
            table.add([
                HTML.severity(change.severity), HTML.ruleLink(change.rule), HTML.text("\(DisplayPath.escaped(change.path)):\(change.line)"),
                HTML.code(change.current), HTML.prose(change.fix),
            ])
        }
        return table.render()
    }
}
