import DynatypeRules
import Foundation

/// Text and values as the report pages write them.
enum HTML {
    /// Text in an element or a quoted attribute (the same escaping as XML,
    /// which keeps the page well-formed XML too).
    static func text(_ text: String) -> String { XMLText.escape(text) }

    /// The catalogue's and the findings' sentences, whose `backquoted`
    /// parts are code.
    static func prose(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? code(String(part)) : HTML.text(String(part))
        }.joined()
    }

    /// Code, as written in the file. Browsers break lines after a hyphen,
    /// which turns `--dry-run` into `--dry-` and `run`: a token with one is
    /// kept whole (lines still break at spaces).
    static func code(_ text: String) -> String {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false).map { token in
            token.contains("-") ? "<span class=\"nowrap\">\(HTML.text(String(token)))</span>" : HTML.text(String(token))
        }
        return "<code>" + tokens.joined(separator: " ") + "</code>"
    }

    /// The anchor of a commit's section.
    static func commitAnchor(_ sha: String) -> String { "c-\(sha)" }

    /// The anchor of a rule's catalogue entry.
    static func ruleAnchor(_ rule: String) -> String { "rule-\(rule)" }

    /// A rule's id, linked to its catalogue entry on the page.
    static func ruleLink(_ rule: String) -> String {
        "<a href=\"#\(ruleAnchor(rule))\"><code>\(text(rule))</code></a>"
    }

    /// `96.6%`
    static func percent(_ ratio: Double) -> String { HistoryRenderer.percent(ratio) }

    /// The severity as a label whose color is not the only cue (the word is there).
    static func severity(_ severity: Severity) -> String {
        "<span class=\"sev sev-\(severity.rawValue)\">\(severity.rawValue)</span>"
    }

    static func verdict(_ verdict: FileReport.Verdict) -> String {
        "<span class=\"verdict \(verdict == .pass ? "pass" : "fail")\">\(verdict.rawValue)</span>"
    }
}

/// A data table inside a wrapper that scrolls sideways on a narrow screen
/// instead of pushing the page wider. Cells are HTML already.
struct HTMLTable {
    struct Column {
        let title: String
        var numeric = false
    }

    let caption: String
    let columns: [Column]
    var rows: [[String]] = []
    /// Attributes of the `table` element (`data-…` for tools that read the page).
    var attributes = ""

    init(caption: String, columns: [Column], attributes: String = "") {
        self.caption = caption
        self.columns = columns
        self.attributes = attributes
    }

    mutating func add(_ cells: [String]) { rows.append(cells) }

    /// The first `count` rows, and the rest folded into a `<details>` that
    /// says how many: a wall shows the head of a long table.
    func render(folding count: Int, noun: String) -> String {
        guard rows.count > count else { return render() }
        var head = self
        head.rows = Array(rows.prefix(count))
        var rest = HTMLTable(caption: "\(caption) (continued)", columns: columns)
        rest.rows = Array(rows.dropFirst(count))
        return head.render() + "<details><summary>\(Plural.count(rows.count - count, "more \(noun)"))</summary>\n" + rest.render() + "</details>\n"
    }

    func render() -> String {
        let head = columns.map { "<th scope=\"col\"\($0.numeric ? " class=\"num\"" : "")>\(HTML.text($0.title))</th>" }.joined()
        let body = rows.map { cells in
            "<tr>" + zip(columns, cells).map { column, cell in "<td\(column.numeric ? " class=\"num\"" : "")>\(cell)</td>" }.joined() + "</tr>\n"
        }.joined()
        // A table that scrolls sideways on a phone is a region the keyboard can reach and scroll (WCAG 2.1.1).
        return "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"\(HTML.text(caption))\"><table\(attributes.isEmpty ? "" : " " + attributes)><caption>\(HTML.text(caption))</caption>\n<thead><tr>\(head)</tr></thead>\n<tbody>\n\(body)</tbody></table></div>\n"
    }
}
