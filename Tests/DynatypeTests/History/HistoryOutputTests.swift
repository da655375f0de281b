import DynatypeReport
import DynatypeRules
import Foundation
import Testing

/// What the history queries print on a history with several authors,
/// folders and months: filters, CSV a spreadsheet reads, empty buckets,
/// paths as git takes them.
@Suite struct HistoryOutputTests {
    /// Three months of commits by two authors in two folders:
    /// Jan: Ana adds App/Home (clean); Mar: Ben breaks Kit/Badge; Mar: Ana fixes it.
    static func history() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.write("App/Home/Home.swift", Snippets.view("Home"))
        try fixture.commit("Home screen", author: "Ana")
        fixture.advanceClock(days: 62)
        try fixture.write("Kit/Badge.swift", Snippets.view("Badge", font: ".system(size: 11)"))
        try fixture.commit("A badge with a fixed size", author: "Ben")
        try fixture.write("Kit/Badge.swift", Snippets.view("Badge", font: ".caption2"))
        try fixture.commit("Badge follows the text size", author: "Ana")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        return fixture
    }

    /// CSV rows end in CRLF (RFC 4180); "\r\n" is one Character in Swift.
    static func csvRows(_ text: String) -> [[String]] {
        text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func logFiltersByAuthorPathAndRegressionAndShowsTitles() throws {
        let fixture = try Self.history()
        let all = try runDynatype(["log"], in: fixture.url)
        #expect(all.stdout.contains("A badge with a fixed size"))
        let ben = try runDynatype(["log", "--author", "ben", "--format", "json"], in: fixture.url)
        #expect((try JSONSerialization.jsonObject(with: Data(ben.stdout.utf8)) as? [[String: Any]])?.count == 1)
        let kit = try runDynatype(["log", "--path", "Kit", "--format", "csv"], in: fixture.url)
        #expect(Self.csvRows(kit.stdout).count == 3, "\(kit.stdout)")
        let regressions = try runDynatype(["log", "--regressions", "--format", "csv"], in: fixture.url)
        let rows = Self.csvRows(regressions.stdout)
        #expect(rows.count == 2)
        #expect(rows.last?[3] == "A badge with a fixed size")
        // From a subfolder, a path is relative to it, as in git.
        let fromApp = try runDynatype(["log", "--path", "Home", "--format", "csv"], in: fixture.url.appendingPathComponent("App"))
        #expect(Self.csvRows(fromApp.stdout).count == 2, "\(fromApp.stdout)\(fromApp.stderr)")
        let none = try runDynatype(["log", "--author", "nobody"], in: fixture.url)
        #expect(none.stdout == "no audited commits match\n")
    }

    @Test func logCSVHasNumericColumnsAndISODates() throws {
        let fixture = try Self.history()
        let rows = Self.csvRows(try runDynatype(["log", "--format", "csv"], in: fixture.url).stdout)
        let header = rows[0]
        #expect(header == ["commit", "date", "author", "title", "status", "compliance", "errors", "warnings", "notes", "introduced", "fixed", "regression", "reasons"])
        let broken = try #require(rows.first { $0[3] == "A badge with a fixed size" })
        #expect(broken[0].count == 40)
        #expect(ISO8601DateFormatter().date(from: broken[1]) != nil, "\(broken[1])")
        #expect(Double(broken[5]) == 0.5)
        #expect(broken[9] == "1" && broken[10] == "0")
        #expect(broken[11] == "true")
    }

    @Test func trendByMonthShowsEmptyMonthsOnTheScaleOfItsValues() throws {
        let fixture = try Self.history()
        let csv = Self.csvRows(try runDynatype(["trend", "--by", "month", "--format", "csv"], in: fixture.url).stdout)
        let months = csv.dropFirst().map { $0[0] }
        #expect(months.count == 3, "\(csv)")
        #expect(csv[2][1].isEmpty, "the month without a commit has no commit: \(csv)")
        #expect(csv[2][3] == csv[1][3], "and carries the compliance forward")
        let table = try runDynatype(["trend", "--by", "month"], in: fixture.url).stdout
        // Every month ends at 100 %: the axis is the values' own, widened to its 5-point floor.
        #expect(csv.dropFirst().allSatisfy { Double($0[3]) == 1 })
        #expect(table.contains("(scale 95.0%–100.0%)"), "\(table)")
        #expect(table.contains("– (no commit)"))
    }

    /// A period with no commit in it carries the last value across every
    /// bucket to today instead of saying "no audited commits".
    @Test func aQuietPeriodCarriesTheLastValueToToday() throws {
        let fixture = try Self.history()
        let weeks = try runDynatype(["trend", "--since", "60 days ago", "--by", "week", "--format", "csv"], in: fixture.url)
        #expect(weeks.status == 0, "\(weeks.stderr)")
        let rows = Self.csvRows(weeks.stdout).dropFirst()
        #expect((9...10).contains(rows.count), "\(weeks.stdout)")
        #expect(rows.allSatisfy { $0[1].isEmpty }, "no commit in any of them")
        let last = Self.csvRows(try runDynatype(["trend", "--format", "csv"], in: fixture.url).stdout).last!
        #expect(Set(rows.map { $0[3] }) == [last[3]], "each carries the last audited compliance")
        let table = try runDynatype(["trend", "--since", "60 days ago", "--by", "week"], in: fixture.url).stdout
        #expect(!table.contains("no audited commits"))
    }

    @Test func sparklinesAreBoundedInWidthAndFittedToTheirValues() {
        #expect(Sparkline.render(Sparkline.fitted((0..<1_000).map { Double($0) })).count == Sparkline.maximumWidth)
        let scale = Sparkline.fittedRange([0.966, 1.0], floor: 0.05, within: 0...1)
        #expect(Sparkline.render([0.966, 1.0], range: scale) == "▃█", "96.6 % and 100 % are drawn apart")
        let flat = Sparkline.fittedRange([0.999, 1.0], floor: 0.05, within: 0...1)
        #expect(flat == 0.95...1.0, "a floor keeps near-equal values near-equal")
    }

    @Test func blameTakesPathsLikeGitAndFolders() throws {
        let fixture = try Self.history()
        try fixture.write("Kit/Badge.swift", Snippets.view("Badge", font: ".system(size: 10)"))
        try fixture.write("Kit/Pill.swift", Snippets.view("Pill", font: ".system(size: 9)"))
        try fixture.commit("Two fixed sizes", author: "Ben")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let kit = fixture.url.appendingPathComponent("Kit")
        let relative = try runDynatype(["blame", "Badge.swift", "--format", "json"], in: kit)
        #expect((try JSONSerialization.jsonObject(with: Data(relative.stdout.utf8)) as? [[String: Any]])?.first?["path"] as? String == "Kit/Badge.swift", "\(relative.stderr)")
        let absolute = try runDynatype(["blame", kit.appendingPathComponent("Badge.swift").path], in: fixture.url)
        #expect(absolute.status == 0)
        let folder = try runDynatype(["blame", "Kit", "--format", "csv"], in: fixture.url)
        #expect(Set(Self.csvRows(folder.stdout).dropFirst().map { $0[0] }) == ["Kit/Badge.swift", "Kit/Pill.swift"])
        let outside = try runDynatype(["blame", "/etc/passwd"], in: fixture.url)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("outside the repository"))
    }

    @Test func showHasCSV() throws {
        let fixture = try Self.history()
        let rows = Self.csvRows(try runDynatype(["show", "HEAD~1", "--format", "csv"], in: fixture.url).stdout)
        #expect(rows.first == ["change", "rule", "severity", "path", "line", "column", "message", "fingerprint"])
        #expect(rows.dropFirst().map { $0[0] } == ["introduced"])
        #expect(rows.last?[1] == "fixed_font_size")
    }
}

@Suite struct WordingTests {
    @Test func textIsCutAtATokenBoundary() {
        #expect(TextCut.words(".notation(.compact).foregroundStyle(.secondary)", limit: 20) == ".notation(.compact)…")
        #expect(TextCut.words("short", limit: 20) == "short")
        #expect(TextCut.words("a very long commit title that goes on", limit: 16) == "a very long…")
        #expect(TextCut.words("abcdefghijklmnopqrstuvwxyz", limit: 10) == "abcdefghi…")
    }

    @Test func theTextReportSaysAFixOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.swift", "import SwiftUI\nstruct A: View { let title: String; var body: some View { Text(title).frame(height: 20) } }\n")
        let report = try runDynatype(["audit"], in: folder.url).stdout
        let fixLines = report.split(separator: "\n").filter { $0.contains("fix ") && $0.contains("minHeight") }
        #expect(fixLines.count == 1)
        #expect(fixLines.allSatisfy { $0.components(separatedBy: ".frame(minHeight: 20)").count == 2 }, "\(fixLines)")
    }
}
