import DynatypeHistory

/// Findings introduced and fixed per author over the period.
struct AuthorTable {
    let authors: [AuthorTally]
    /// The authors shown before the rest fold away.
    static let shownRows = 12

    func render() -> String {
        guard !authors.isEmpty else { return "<p>No commit compared with an earlier one in the period.</p>\n" }
        // Authors whose commits changed no finding: a hundred rows of zeros hide the few that matter.
        let quiet = authors.filter { $0.introduced == 0 && $0.fixed == 0 }.count
        let note = quiet == 0 ? "" : "<p class=\"muted\">\(Plural.count(quiet, "author")) whose commits introduced and fixed nothing \(quiet == 1 ? "is" : "are") not listed.</p>\n"
        let authors = self.authors.filter { $0.introduced > 0 || $0.fixed > 0 }
        guard !authors.isEmpty else { return "<p>No commit of the period introduced or fixed a finding.</p>\n" + note }
        let most = max(1, authors.map { max($0.introduced, $0.fixed) }.max() ?? 1)
        var table = HTMLTable(
            caption: "Findings each author's commits introduced and fixed (a merge counts for whoever merged)",
            columns: [
                .init(title: "author"), .init(title: "commits", numeric: true), .init(title: "introduced", numeric: true),
                .init(title: "fixed", numeric: true), .init(title: "net", numeric: true), .init(title: "introduced / fixed"),
            ],
            attributes: "id=\"authors-table\""
        )
        for author in authors {
            let net = author.introduced - author.fixed
            table.add([
                HTML.text(author.name), "\(author.commits)", "\(author.introduced)", "\(author.fixed)",
                "<span class=\"\(net > 0 ? "bad" : net < 0 ? "good" : "")\">\(net > 0 ? "+" : "")\(net)</span>",
                bar(author.introduced, of: most, style: "bad") + bar(author.fixed, of: most, style: "good"),
            ])
        }
        return table.render(folding: Self.shownRows, noun: "author") + note
    }

    private func bar(_ value: Int, of most: Int, style: String) -> String {
        "<span class=\"bar \(style)\" style=\"width:\(String(format: "%.1f", 100 * Double(value) / Double(most)))%\" aria-hidden=\"true\"></span>"
    }
}
