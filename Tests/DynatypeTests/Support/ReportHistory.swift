import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A scanned history with what a report shows: three authors, two module
/// folders, a regression that a later commit resolves, one still open, and
/// a title that needs escaping.
enum ReportHistory {
    static func make() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.write("App/Views/A.swift", Snippets.view("A"))
        try fixture.write("App/Views/C.swift", Snippets.view("C", font: ".caption"))
        try fixture.write("Packages/Core/Sources/Core/B.swift", Snippets.view("B", font: ".title"))
        try fixture.commit("Start", author: "Ana")
        fixture.advanceClock(days: 1)
        try fixture.write("App/Views/A.swift", Snippets.view("A", font: ".system(size: 12)"))
        try fixture.commit("Hardcode <A> & \"more\"", author: "Bob")
        fixture.advanceClock(days: 2)
        try fixture.write("Packages/Feed/Sources/Feed/D.swift", Snippets.view("D", font: ".headline"))
        try fixture.commit("Add the feed", author: "Dev")
        fixture.advanceClock(days: 1)
        try fixture.write("App/Views/A.swift", Snippets.view("A", font: ".title3"))
        try fixture.commit("Use a text style in A", author: "Ana")
        fixture.advanceClock(days: 1)
        try fixture.write("Packages/Core/Sources/Core/B.swift", Snippets.view("B", font: ".system(size: 9)"))
        try fixture.commit("Tiny B", author: "Bob")
        fixture.advanceClock(days: 1)
        try fixture.write("App/Views/C.swift", Snippets.view("C", font: ".caption", extra: "Text(title).minimumScaleFactor(0.5)"))
        try fixture.commit("Shrink C", author: "Dev")
        let scan = try runDynatype(["scan"], in: fixture.url)
        guard scan.status == 0 else { throw FixtureError(message: "scan failed: \(scan.stderr)") }
        return fixture
    }

    /// The page `dynatype report --html` writes for the fixture.
    static func report(_ fixture: GitFixture, arguments: [String] = []) throws -> (file: URL, page: String) {
        let file = fixture.folder.url.appendingPathComponent("report.html")
        let result = try runDynatype(["report", "--html", file.path] + arguments, in: fixture.url)
        guard result.status == 0 else { throw FixtureError(message: "report failed (\(result.status)): \(result.stderr)") }
        return (file, try String(contentsOf: file, encoding: .utf8))
    }
}

/// A report page read as XML (the pages are well-formed XML by design).
struct ParsedPage {
    let document: XMLDocument

    init(_ page: String) throws {
        document = try XMLDocument(data: Data(page.utf8), options: [])
    }

    func elements(_ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// By name alone: `attribute(forName:)` misses those of elements in the SVG namespace.
    func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    /// The text of each cell of a table's body rows.
    func rows(ofTable id: String) throws -> [[String]] {
        try elements("//table[@id='\(id)']/tbody/tr").map { row in
            (row.children ?? []).compactMap { ($0 as? XMLElement)?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    /// A headline tile's raw value.
    func metric(_ name: String) throws -> String? {
        try elements("//dd[@data-metric='\(name)']").first.flatMap { attribute("data-value", of: $0) }
    }
}
