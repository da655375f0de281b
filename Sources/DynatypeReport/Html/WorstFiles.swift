import DynatypeRules

/// The files with the most errors and warnings.
struct WorstFiles {
    let reports: [FileReport]
    var limit = 15
    /// The anchor of a file's section on the page, when it has one.
    var anchor: ((FileReport) -> String)?

    func render() -> String {
        let ranked = reports.filter { $0.count(of: .error) + $0.count(of: .warning) > 0 }
            .sorted { ($0.count(of: .error), $0.count(of: .warning), $1.path) > ($1.count(of: .error), $1.count(of: .warning), $0.path) }
        guard !ranked.isEmpty else { return "<p>No file has an error or a warning.</p>\n" }
        var table = HTMLTable(
            caption: "The \(Plural.count(min(limit, ranked.count), "file")) with the most errors, then warnings (of \(ranked.count) with any)",
            columns: [
                .init(title: "file"), .init(title: "verdict"), .init(title: "errors", numeric: true), .init(title: "warnings", numeric: true),
                .init(title: "notes", numeric: true), .init(title: "text elements passing", numeric: true),
            ],
            attributes: "id=\"worst-files\""
        )
        for report in ranked.prefix(limit) {
            let name = HTML.text(DisplayPath.escaped(report.path))
            table.add([
                anchor.map { "<a href=\"#\($0(report))\">\(name)</a>" } ?? name, HTML.verdict(report.verdict),
                "\(report.count(of: .error))", "\(report.count(of: .warning))", "\(report.count(of: .note))",
                "\(report.passingElementCount) of \(report.elements.count)",
            ])
        }
        return table.render()
    }
}
