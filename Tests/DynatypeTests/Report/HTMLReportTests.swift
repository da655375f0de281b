@testable import DynatypeEngine
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `dynatype report --html` and `audit --format html`: the page's structure,
/// and its numbers against the history's JSON.
@Suite struct HTMLReportTests {
    /// A command's JSON; `audit` exits 1 when a file fails, which the fixture has.
    private func json(_ arguments: [String], in fixture: GitFixture) throws -> Any {
        let result = try runDynatype(arguments, in: fixture.url)
        try #require(result.status == 0 || (arguments[0] == "audit" && result.status == 1), "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Self-contained, static and with no dangling link.
    private func checkStructure(_ page: String) throws {
        let parsed = try ParsedPage(page)
        #expect(try parsed.elements("//script").isEmpty, "the page has no script")
        #expect(try parsed.elements("//*[@src]").isEmpty, "the page loads nothing")
        #expect(try parsed.elements("//link").isEmpty, "no stylesheet or font to fetch")
        let style = try parsed.elements("//style").compactMap(\.stringValue).joined()
        #expect(!style.contains("url(") && !style.contains("@import"), "the stylesheet fetches nothing")
        #expect(style.contains("prefers-color-scheme:dark"), "dark mode")
        #expect(!style.replacingOccurrences(of: "1px solid", with: "").contains("px"), "sizes are in rem/em (hairline borders aside), so text follows the reader's size")
        let ids = try parsed.elements("//*[@id]").compactMap { parsed.attribute("id", of: $0) }
        #expect(Set(ids).count == ids.count, "ids are unique: \(ids)")
        for link in try parsed.elements("//*[@href]").compactMap({ parsed.attribute("href", of: $0) }) {
            if link.hasPrefix("#") {
                #expect(ids.contains(String(link.dropFirst())), "\(link) has a target on the page")
            } else {
                #expect(link.hasPrefix("https://"), "an outside link is a plain https address: \(link)")
            }
        }
        for chart in try parsed.elements("//*[local-name()='svg']") {
            #expect(parsed.attribute("aria-label", of: chart) != nil || parsed.attribute("aria-labelledby", of: chart) != nil, "a chart has a label")
        }
    }

    @Test func theHistoryPageIsSelfContainedAndItsNumbersAreTheHistorys() throws {
        let fixture = try ReportHistory.make()
        let (_, page) = try ReportHistory.report(fixture)
        try checkStructure(page)
        let parsed = try ParsedPage(page)

        let show = try json(["show", "HEAD", "--format", "json"], in: fixture) as! [String: Any]
        let summary = show["summary"] as! [String: Any]
        #expect(try parsed.metric("compliance") == String(format: "%.4f", summary["compliance_ratio"] as! Double))
        for key in ["errors", "warnings", "notes", "files_failing"] {
            #expect(try parsed.metric(key) == "\(summary[key] as! Int)", "\(key)")
        }
        #expect(summary["warnings"] as? Int == 1 && summary["errors"] as? Int == 1, "the fixture has what the page must show")

        // The trend table is `dynatype trend` with the page's bucket.
        let bucket = try #require(try parsed.elements("//table[@id='trend-table']").first.flatMap { parsed.attribute("data-bucket", of: $0) })
        #expect(bucket == "commit")
        let trend = try json(["trend", "--by", bucket, "--format", "json"], in: fixture) as! [[String: Any]]
        let rows = try parsed.rows(ofTable: "trend-table")
        #expect(rows.count == trend.count && rows.count == 6)
        for (row, point) in zip(rows, trend) {
            let pointSummary = point["summary"] as! [String: Any]
            #expect(row[0] == point["bucket"] as? String)
            #expect(row[3] == String(format: "%.1f%%", (pointSummary["compliance_ratio"] as! Double) * 100))
            #expect(row[4] == "\(pointSummary["errors"] as! Int)" && row[5] == "\(pointSummary["warnings"] as! Int)")
        }
        #expect(try parsed.elements("//*[local-name()='polyline' and @class='line']").count == 1)
        #expect(try parsed.elements("//*[local-name()='circle' and @class='point']/*[local-name()='title']").count == trend.count, "every point has a hover title")

        // Regressions are those of `log --regressions`; the markers link to their sections.
        let regressions = (try json(["log", "--regressions", "-n", "0", "--format", "json"], in: fixture) as! [[String: Any]]).map { $0["commit"] as! String }
        let articles = try parsed.elements("//article[@data-kind='regression']").compactMap { parsed.attribute("id", of: $0) }
        #expect(Set(articles) == Set(regressions.map { "c-\($0)" }))
        #expect(regressions.count == 2)
        let markers = try parsed.elements("//*[local-name()='a'][*[local-name()='path' and @class='regressed']]").compactMap { parsed.attribute("href", of: $0) }
        #expect(Set(markers) == Set(regressions.map { "#c-\($0)" }))
        let open = try parsed.elements("//article[@data-open='true']").compactMap { parsed.attribute("id", of: $0) }
        #expect(open == ["c-\(try fixture.git(["rev-parse", "HEAD~1"]))"], "the hardcoded B is still there")
        #expect(try parsed.metric("open_regressions") == "1")
        let resolution = try #require(try parsed.elements("//article[@data-kind='resolution']").first)
        #expect(parsed.attribute("id", of: resolution) == "c-\(try fixture.git(["rev-parse", "HEAD~2"]))")
        #expect(resolution.stringValue?.contains("Resolves") == true)
        #expect(try parsed.elements("//*[local-name()='circle' and @class='resolved']").count == 1)

        // Rules, folders and authors.
        let byRule = summary["findings_by_rule"] as! [String: Int]
        let ruleRows = try parsed.rows(ofTable: "rules-table")
        #expect(Dictionary(uniqueKeysWithValues: ruleRows.map { ($0[0], Int($0[4])!) }) == byRule)
        #expect(Set(try parsed.rows(ofTable: "folders-table").map { $0[0] }) == ["App/Views", "Packages/Core", "Packages/Feed"])
        let log = try json(["log", "-n", "0", "--format", "json"], in: fixture) as! [[String: Any]]
        var expected: [String: (Int, Int)] = [:]
        for commit in log where commit["baseline"] as? Bool == false {
            let counts = commit["summary"] as! [String: Any]
            let author = commit["author"] as! String
            expected[author] = ((expected[author]?.0 ?? 0) + (counts["introduced"] as! Int), (expected[author]?.1 ?? 0) + (counts["fixed"] as! Int))
        }
        let authorRows = try parsed.rows(ofTable: "authors-table")
        #expect(authorRows.count == expected.count)
        for row in authorRows {
            #expect(expected[row[0]].map { "\($0.0)/\($0.1)" } == "\(row[2])/\(row[3])", "\(row[0])")
        }
        // Every rule named on the page has its catalogue entry.
        for rule in byRule.keys { #expect(try !parsed.elements("//*[@id='rule-\(rule)']").isEmpty) }
        #expect(page.contains("Hardcode &lt;A&gt; &amp; &quot;more&quot;"), "titles are escaped")
    }

    @Test func sinceAndByChooseThePeriodAndThePoints() throws {
        let fixture = try ReportHistory.make()
        let since = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_700_000_000 + 3 * 86_400))
        let (_, page) = try ReportHistory.report(fixture, arguments: ["--since", since, "--by", "day"])
        try checkStructure(page)
        let parsed = try ParsedPage(page)
        let trend = try json(["trend", "--since", since, "--by", "day", "--format", "json"], in: fixture) as! [[String: Any]]
        #expect(try parsed.rows(ofTable: "trend-table").map { $0[0] } == trend.map { $0["bucket"] as! String })
        // Four days with commits, then the last value carried on (to today, at most 400 buckets).
        let lastCommitted = try #require(trend.lastIndex { $0["commit"] is String })
        #expect(lastCommitted == 3 && trend.count == 4 + TrendCalendar.maximumGap)
        #expect(trend[(lastCommitted + 1)...].allSatisfy { $0["commit"] == nil })
        // The resolved regression predates the period; the open one is in it.
        #expect(try parsed.elements("//article[@data-kind='regression']").count == 1)
    }

    @Test func theAuditPageListsEveryFileWithItsVerdict() throws {
        let fixture = try ReportHistory.make()
        let result = try runDynatype(["audit", "--format", "html"], in: fixture.url)
        #expect(result.status == 1, "a file fails")
        try checkStructure(result.stdout)
        let parsed = try ParsedPage(result.stdout)
        let audit = try json(["audit", "--format", "json"], in: fixture) as! [String: Any]
        let summary = audit["summary"] as! [String: Any]
        #expect(try parsed.metric("errors") == "\(summary["errors"] as! Int)")
        #expect(try parsed.metric("files_failing") == "\(summary["files_failing"] as! Int)")
        let failing = (audit["files"] as! [[String: Any]]).filter { $0["verdict"] as? String == "FAIL" }.map { $0["path"] as! String }
        let shown = try parsed.elements("//article[.//span[@class='verdict fail']]//h3").compactMap { $0.stringValue }
        #expect(shown.map { String($0.dropFirst("FAIL ".count)) } == failing)
        #expect(result.stdout.contains("<code>.system(size: 9)</code>"), "the failing code")
        #expect(result.stdout.contains("<code>.caption2</code>"), "and its fix")
    }

    /// What a wall shows first: errors before notes however many notes, no
    /// rows of "0 of 0", and a FAIL file whose text elements all pass says why.
    @Test func theAuditPageRanksBySeverityHidesEmptyRowsAndExplainsItsVerdicts() throws {
        let folder = try TemporaryDirectory()
        // Three notes in one rule, one error in another.
        let noted = (0..<3).map { "        let label\($0) = UILabel()\n" }.joined()
        try folder.write("App/Labels.swift", "import UIKit\nfinal class Cell: UIView {\n    func build() {\n\(noted)        addSubview(label0); addSubview(label1); addSubview(label2)\n    }\n}\n")
        try folder.write("App/Badge.swift", "import SwiftUI\nstruct Badge: View { var body: some View { Text(\"b\").font(.system(size: 9)) } }\n")
        // A font for later use: the file fails, its only text element passes.
        try folder.write("Kit/Theme.swift", "import SwiftUI\nlet tiny = Font.system(size: 8)\nstruct T: View { var body: some View { Text(\"t\").font(.body) } }\n")
        try folder.write("Empty/Math.swift", "func twice(_ x: Int) -> Int { x * 2 }\n")
        let result = try runDynatype(["audit", "--format", "html"], in: folder.url)
        let parsed = try ParsedPage(result.stdout)
        let rules = try parsed.rows(ofTable: "rules-table")
        let errorsThenWarningsThenNotes = rules.map { [Int($0[1])!, Int($0[2])!, Int($0[3])!] }
        #expect(errorsThenWarningsThenNotes == errorsThenWarningsThenNotes.sorted { $0.lexicographicallyPrecedes($1) == false }, "\(rules)")
        #expect(Int(rules.first![1])! > 0, "a rule with errors leads")
        #expect(!(try parsed.rows(ofTable: "folders-table").contains { $0[0] == "Empty" }))
        #expect(result.stdout.contains("1 folder without text elements or findings is not listed"))
        #expect(result.stdout.contains("and the file fails on errors outside them"), "Kit/Theme.swift")
        let text = try runDynatype(["audit"], in: folder.url).stdout
        let byRule = text.components(separatedBy: "Findings by rule\n")[1].components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }
        #expect(byRule.first?.contains("fixed_font_size") == true, "errors lead in the terminal too: \(byRule)")
    }

    /// One person committing under an old address is one row once
    /// `.mailmap` says so, as `git shortlog` counts them.
    @Test func authorsAreMergedByTheMailmap() throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("Start", author: "Ana")
        try fixture.write("App/A.swift", Snippets.view("A", font: ".system(size: 12)"))
        try fixture.git(["add", "-A"])
        try fixture.git(["-c", "user.name=Ana Old", "-c", "user.email=ana@old.example.com", "commit", "-qm", "Hardcode"])
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("Scale again", author: "Ana")
        try fixture.write(".mailmap", "Ana <ana@example.com> Ana Old <ana@old.example.com>\n")
        try fixture.commit("Mailmap", author: "Ana")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let rows = try ParsedPage(try ReportHistory.report(fixture).page).rows(ofTable: "authors-table")
        #expect(rows.map { $0[0] } == ["Ana"], "\(rows)")
        #expect(rows.first.map { "\($0[2])/\($0[3])" } == "1/1")
    }

    @Test func usageAndInputErrorsExitTwo() throws {
        let fixture = try ReportHistory.make()
        let missing = try runDynatype(["report"], in: fixture.url)
        #expect(missing.status == 2 && missing.stderr.contains("--html FILE is required"))
        let noHistory = try GitFixture()
        try noHistory.write("A.swift", Snippets.view("A"))
        try noHistory.commit("one")
        let absent = try runDynatype(["report", "--html", "x.html"], in: noHistory.url)
        #expect(absent.status == 2 && absent.stderr.contains("no history at"))
        let unknown = try runDynatype(["report", "--html", "x.html", "--ref", "nope"], in: fixture.url)
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown revision"))
        let help = try runDynatype(["report", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES:") && help.stdout.contains("EXIT STATUS:"))
        let stdout = try runDynatype(["report", "--html", "-"], in: fixture.url)
        #expect(stdout.status == 0 && stdout.stdout.hasPrefix("<!DOCTYPE html>"))
    }
}
