import DynatypeHistory
import DynatypeRules

/// Compliance by module folder (see `ModuleFolder`), the worst first, with
/// each folder's compliance over the period as a sparkline when the history
/// gives samples.
struct FolderBreakdown {
    let reports: [FileReport]
    var samples: [FolderSample] = []
    /// The least compliant folders shown before the rest fold away.
    static let shownRows = 12

    func render() -> String {
        let all = ModuleFolder.summaries(reports)
        guard !all.isEmpty else { return "<p>No file audited.</p>\n" }
        // A folder with no text element and no finding has nothing to show ("0 of 0").
        let folders = all.filter { $0.value.textElements > 0 || $0.value.errors + $0.value.warnings + $0.value.notes > 0 }
        let hidden = all.count - folders.count
        let note = hidden == 0 ? "" : "<p class=\"muted\">\(Plural.count(hidden, "folder")) without text elements or findings \(hidden == 1 ? "is" : "are") not listed.</p>\n"
        let ranked = folders.sorted {
            ($0.value.complianceRatio, -$0.value.errors, $0.key) < ($1.value.complianceRatio, -$1.value.errors, $1.key)
        }
        var columns: [HTMLTable.Column] = [
            .init(title: "folder"), .init(title: "compliance", numeric: true), .init(title: "text elements passing", numeric: true),
            .init(title: "files failing", numeric: true), .init(title: "errors", numeric: true), .init(title: "warnings", numeric: true),
        ]
        if samples.count > 1 { columns.append(.init(title: "compliance over the period")) }
        var table = HTMLTable(caption: "Module folders (their first two path components), the least compliant first", columns: columns, attributes: "id=\"folders-table\"")
        for (folder, summary) in ranked {
            var cells = [
                // No text element: nothing to be compliant with, not "100%".
                HTML.text(DisplayPath.escaped(folder)), summary.textElements == 0 ? "–" : HTML.percent(summary.complianceRatio),
                "\(summary.textElementsPassing) of \(summary.textElements)", "\(summary.filesFailing) of \(summary.filesAudited)",
                "\(summary.errors)", "\(summary.warnings)",
            ]
            if samples.count > 1 { cells.append(sparkline(folder)) }
            table.add(cells)
        }
        return (folders.isEmpty ? "" : table.render(folding: Self.shownRows, noun: "folder")) + note
    }

    /// A folder absent from a sample did not exist yet: the line starts where it appears.
    private func sparkline(_ folder: String) -> String {
        let ratios = samples.compactMap { $0.folders[folder]?.complianceRatio }
        guard let first = ratios.first, let last = ratios.last, ratios.count > 1 else { return "–" }
        return Sparkline.svg(ratios, label: "\(folder): \(HTML.percent(first)) → \(HTML.percent(last)) over \(ratios.count) sampled commits")
    }
}
