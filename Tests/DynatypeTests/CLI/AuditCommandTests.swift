import DynatypeReport
import DynatypeRules
import Foundation
import Testing

/// `dynatype audit`, `rules` and `--help`, driven through the real binary.
@Suite struct AuditCommandTests {
    let failing = """
        struct OrderCard: View {
            var body: some View { Text("Total").font(.system(size: 20)) }
        }
        """
    let passing = "struct Ok: View { var body: some View { Text(\"Fine\").font(.body) } }\n"

    @Test func exitStatusFollowsTheVerdicts() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Ok.swift", passing)
        #expect(try runDynatype(["audit", "Ok.swift"], in: folder.url).status == 0)
        try folder.write("Card.swift", failing)
        let result = try runDynatype(["audit"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL  Card.swift"))
        #expect(result.stdout.contains(".title3"))
        #expect(result.stdout.contains("2 files audited: 1 FAIL, 1 PASS"))
    }

    @Test func unreadableAndMissingPathsAreErrorsButTheRestIsAudited() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App/Card.swift", failing)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("App/Gone.swift").path, withDestinationPath: "/nonexistent/Gone.swift")
        let result = try runDynatype(["audit", "App", "Missing.swift", "--format", "json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Gone.swift: cannot read"))
        #expect(result.stderr.contains("Missing.swift: no such file or directory"))
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect((document["files"] as! [[String: Any]]).count == 1)
    }

    /// A missing path printed "0 files audited … (100%)", which reads like success,
    /// and moved the other paths' root to `/`, where a folder above them named
    /// like a test folder excluded every file.
    @Test func aMissingPathIsAnErrorOnStderrAndDoesNotChangeWhatTheOtherPathsAudit() throws {
        let folder = try TemporaryDirectory()
        try folder.write("AppTests/Fixtures/Card.swift", failing)
        let missing = try runDynatype(["audit", "Missing"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Missing: no such file or directory"))
        #expect(!missing.stdout.contains("100%"))
        #expect(missing.stdout.contains("nothing audited"))

        let alone = try runDynatype(["audit", "AppTests/Fixtures"], in: folder.url)
        let withMissing = try runDynatype(["audit", "AppTests/Fixtures", "/nonexistent/Gone"], in: folder.url)
        #expect(alone.status == 1)
        #expect(withMissing.status == 2)
        #expect(alone.stdout.contains("FAIL  Card.swift"))
        #expect(withMissing.stdout.contains("FAIL  Card.swift"), "\(withMissing.stdout)")
    }

    /// A 400-file audit was 1,000+ lines, mostly PASS lines and passing elements.
    @Test func aManyFileReportPutsFailuresFirstCollapsesPassesAndSumsUp() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<6 { try folder.write("App/Clean\(index).swift", passing) }
        try folder.write("Kit/Broken.swift", failing)
        let normal = try runDynatype(["audit"], in: folder.url).stdout
        let lines = normal.split(separator: "\n")
        #expect(lines.first?.hasPrefix("FAIL  Kit/Broken.swift") == true, "\(normal)")
        #expect(normal.contains("PASS  6 other files with no findings (--verbose lists them)"))
        #expect(!normal.contains("Passing elements"))
        #expect(normal.contains("Findings by rule\n  fixed_font_size  1"))
        #expect(normal.contains("Fix first\n  fixed_font_size (1 finding)"))
        #expect(lines.last?.hasPrefix("7 files audited: 1 FAIL, 6 PASS") == true)

        let quiet = try runDynatype(["audit", "--quiet"], in: folder.url).stdout
        #expect(!quiet.contains("PASS  ") && !quiet.contains("Findings by rule"))
        #expect(quiet.contains("FAIL  Kit/Broken.swift") && quiet.hasSuffix("notes\n"))

        let verbose = try runDynatype(["audit", "-v"], in: folder.url).stdout
        #expect(verbose.components(separatedBy: "\nPASS  App/Clean").count == 7)
        #expect(try runDynatype(["audit", "-q", "-v"], in: folder.url).status == 2)

        // One screen: the sums and the summary line, no file's report.
        let summary = try runDynatype(["audit", "--summary"], in: folder.url)
        #expect(summary.status == 1)
        #expect(summary.stdout.hasPrefix("Findings by rule\n  fixed_font_size  1"), "\(summary.stdout)")
        #expect(!summary.stdout.contains("FAIL  Kit/Broken.swift") && !summary.stdout.contains("Failing elements"))
        #expect(summary.stdout.hasSuffix("1 error, 0 warnings, 0 notes\n"))
        #expect(try runDynatype(["audit", "--summary", "--quiet"], in: folder.url).status == 2)
    }

    @Test func folderWithoutSwiftFilesAndBinaryFilesGetClearMessages() throws {
        let folder = try TemporaryDirectory()
        try folder.write("docs/README.md", "# hi")
        let empty = try runDynatype(["audit", "docs"], in: folder.url)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("docs: no Swift or Interface Builder files"))
        #expect(empty.stdout == "nothing audited: 1 path could not be audited (see the errors above)\n")
        try folder.write("src/Blob.swift", data: Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 1]))
        try folder.write("src/Ok.swift", passing)
        let binary = try runDynatype(["audit", "src"], in: folder.url)
        #expect(binary.status == 0)
        #expect(binary.stdout.contains("Blob.swift: not audited: it contains a NUL byte, so it is binary content rather than source text"))
    }

    @Test func configurationIsFoundAboveTheAuditedFolderAndErrorsNameTheKey() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App/Card.swift", failing)
        try folder.write(".dynatype.json", "{ /* relaxed */ \"disabled_rules\": [\"fixed_font_size\"] }")
        #expect(try runDynatype(["audit", "App"], in: folder.url).status == 0)
        try folder.write(".dynatype.json", "{ \"excludes\": [\"Generated\"] }")
        let bad = try runDynatype(["audit", "App"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\"excludes\": unknown key (did you mean \"excluded\"?)"))
        let explicit = try folder.write("strict.json", "{ \"severity\": { \"fixed_font_size\": \"warning\" } }")
        #expect(try runDynatype(["audit", "App", "--config", explicit.path], in: folder.url).status == 0)
    }

    /// Issue 9 "Context": a file's findings are the same whether the audit
    /// names the file, its folder or the repository; `--context` overrides.
    @Test func findingsOfAFileDoNotDependOnWhichOfTheProjectsPathsAreNamed() throws {
        let folder = try TemporaryDirectory()
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], in: folder.url)
        try folder.write("DesignSystem/Font+Brand.swift", "extension Font { static let caption3 = Font.system(size: 10) }\n")
        try folder.write("Features/Feed/Row.swift", "struct Row: View { var body: some View { Text(\"a\").font(.caption3) } }\n")
        func findings(_ arguments: [String]) throws -> [String] {
            let result = try runDynatype(["audit", "--format", "json"] + arguments, in: folder.url)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            let row = (document["files"] as! [[String: Any]]).first { ($0["path"] as! String).hasSuffix("Row.swift") }!
            return (row["findings"] as! [[String: Any]]).map { "\($0["rule"]!):\($0["line"]!)" }
        }
        let whole = try findings([])
        #expect(whole == ["fixed_font_token:1"])
        #expect(try findings(["Features"]) == whole)
        #expect(try findings(["Features/Feed/Row.swift"]) == whole)
        #expect(try findings(["Features", "--context", "Features"]) == ["unresolved_font:1"])
        let named = try runDynatype(["audit", "--format", "json", "Features"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as! [String: Any]
        #expect((document["files"] as! [[String: Any]]).count == 1, "context files are not reported")
    }

    /// duckduckgo's macOS browser: `SDKROOT = macosx` is in an `.xcconfig`,
    /// and a file deep in the project is fixed with macOS's sizes too.
    @Test func aMacOSProjectsFileIsFixedWithMacOSSizesWhereverItIsAudited() throws {
        let folder = try TemporaryDirectory()
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], in: folder.url)
        try folder.write("Browser.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; }\n")
        try folder.write("Configuration/Global.xcconfig", "SDKROOT = macosx\nMACOSX_DEPLOYMENT_TARGET = 11.4\n")
        try folder.write("Browser/VPN/Location.swift", "import SwiftUI\nstruct Location: View { var body: some View { Text(\"a\").font(.system(size: 15)) } }\n")
        func replacement(_ arguments: [String], in directory: URL) throws -> String? {
            let result = try runDynatype(["audit", "--format", "json"] + arguments, in: directory)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            let findings = (document["files"] as! [[String: Any]]).flatMap { $0["findings"] as! [[String: Any]] }
            return findings.first?["replacement"] as? String
        }
        #expect(try replacement([], in: folder.url) == ".title3", "macOS's 15 pt style")
        #expect(try replacement(["Location.swift"], in: folder.url.appendingPathComponent("Browser/VPN")) == ".title3")
    }

    @Test func sarifHasTheCatalogueRelativeURIsAndLineFreeFingerprints() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Sources/Card View.swift", failing)
        func results(_ arguments: [String]) throws -> [String: Any] {
            let result = try runDynatype(["audit", "--format", "sarif"] + arguments, in: folder.url)
            #expect(result.status == 1)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            #expect(document["version"] as? String == "2.1.0")
            let run = (document["runs"] as! [[String: Any]])[0]
            let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
            #expect((driver["rules"] as! [[String: Any]]).count == RuleID.allCases.count)
            return (run["results"] as! [[String: Any]])[0]
        }
        func uri(_ result: [String: Any]) -> String {
            let location = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            return (location["artifactLocation"] as! [String: Any])["uri"] as! String
        }
        let folderResult = try results(["."])
        #expect(uri(folderResult) == "Sources/Card%20View.swift")
        #expect(folderResult["level"] as? String == "error")
        let single = try results(["Sources/Card View.swift"])
        #expect(uri(single) == "Card%20View.swift")

        try folder.write("Sources/Card View.swift", "import SwiftUI\n\n\n" + failing)
        let moved = try results(["."])
        #expect(moved["partialFingerprints"] as! [String: String] == folderResult["partialFingerprints"] as! [String: String])
    }

    @Test func jsonHasTheDocumentedSummary() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Card.swift", failing)
        let result = try runDynatype(["audit", "--format", "json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let summary = document["summary"] as! [String: Any]
        for key in ["files_audited", "files_failing", "text_elements", "text_elements_passing", "compliance_ratio", "errors", "warnings", "notes"] {
            #expect(summary[key] != nil, "summary.\(key)")
        }
        #expect(summary["files_failing"] as? Int == 1)
        let finding = ((document["files"] as! [[String: Any]])[0]["findings"] as! [[String: Any]])[0]
        #expect(finding["rule"] as? String == "fixed_font_size")
        #expect(finding["replacement"] as? String == ".title3")
    }

    @Test func xcodeAndGitHubFormats() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App/Card.swift", failing)
        let xcode = try runDynatype(["audit", "App", "--format", "xcode"], in: folder.url)
        let path = folder.url.appendingPathComponent("App/Card.swift").resolvingSymlinksInPath().path
        #expect(xcode.stdout.hasPrefix("\(path):2:46: error: "))
        #expect(xcode.stdout.hasSuffix("(fixed_font_size)\n"))
        let github = try runDynatype(["audit", "App", "--format", "github"], in: folder.url)
        #expect(github.stdout.hasPrefix("::error file=App/Card.swift,line=2,col=46,title=dynatype fixed_font_size::"))
        // GitHub resolves annotation paths from the repository root, whatever folder the step ran in.
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], in: folder.url)
        let fromSubfolder = try runDynatype(["audit", ".", "--format", "github"], in: folder.url.appendingPathComponent("App"))
        #expect(fromSubfolder.stdout.hasPrefix("::error file=App/Card.swift,line=2"), "\(fromSubfolder.stdout)")
        let inActions = try runDynatype(
            ["audit", ".", "--format", "github"], in: folder.url.appendingPathComponent("App"),
            environment: ["GITHUB_WORKSPACE": folder.url.resolvingSymlinksInPath().path]
        )
        #expect(inActions.stdout.hasPrefix("::error file=App/Card.swift,line=2"), "\(inActions.stdout)")
    }

    @Test func everyCommandHasHelpAndUsageErrorsExitWithTwo() throws {
        let top = try runDynatype(["--help"]).stdout
        let listed = top.components(separatedBy: "COMMANDS:\n").last!.components(separatedBy: "\n\n").first!
        let commands = listed.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands == ["audit", "check", "fix", "rules", "scan", "log", "show", "diff", "trend", "blame", "report", "fleet", "watch", "status"])
        for command in commands {
            let help = try runDynatype([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: dynatype \(command)"))
            #expect(help.stdout.contains("EXIT STATUS"))
            // Help ends with two or three examples, whose options the command has.
            let examples = help.stdout.components(separatedBy: "\nEXAMPLES:\n").last!.split(separator: "\n")
            #expect((2...3).contains(examples.count), "\(command): \(examples)")
            let options = help.stdout.components(separatedBy: "\nEXAMPLES:\n").first!
            for example in examples where example.hasPrefix("  dynatype ") {
                for option in example.split(separator: " ").filter({ $0.hasPrefix("--") }) {
                    #expect(options.contains(option), "\(command): the example \(example) uses \(option), which its help does not list")
                }
            }
            // Help points at files that exist: the repository's, and what scripts/package installs.
            for match in help.stdout.matches(of: /Config\/[A-Za-z.]+\.json/) {
                #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(String(match.output)).path), "\(command): \(match.output)")
            }
            let packaging = try String(contentsOf: packageRoot.appendingPathComponent("scripts/package"), encoding: .utf8)
            for match in help.stdout.matches(of: /\/usr\/share\/doc\/dynatype\/examples\/([A-Za-z.]+\.json)/) {
                #expect(packaging.contains("Config/\(match.output.1)"), "\(command): \(match.output.0) is not installed by scripts/package")
            }
            let wrong = try runDynatype([command, "--no-such-option"])
            #expect(wrong.status == 2, "\(command)")
            #expect(wrong.stderr.contains("unknown option --no-such-option"), "\(command): \(wrong.stderr)")
        }
        let unknown = try runDynatype(["audit", "--frmat", "json"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option --frmat for `dynatype audit` (did you mean --format?)"))
        let misspelled = try runDynatype(["audti", "."])
        #expect(misspelled.status == 2)
        #expect(misspelled.stderr.contains("unknown command \"audti\" (did you mean `audit`?)"))
        #expect(try runDynatype(["audit", "--format", "yaml"]).stderr.contains("must be one of text, xcode, json, sarif, github"))
        #expect(try runDynatype(["frobnicate"]).status == 2)
    }

    @Test func rulesListsTheCatalogueAndTheReadmeTableIsInSync() throws {
        let list = try runDynatype(["rules"])
        #expect(list.status == 0)
        for rule in RuleID.allCases { #expect(list.stdout.contains(rule.rawValue)) }
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/guide/rules.md"), encoding: .utf8)
        #expect(guide.contains(RuleTable.markdown()), "docs/guide/rules.md's rule table is stale: run `dynatype rules --format markdown`")
        let reference = try String(contentsOf: packageRoot.appendingPathComponent("docs/reference/rules.md"), encoding: .utf8)
        #expect(
            reference == RuleReference.markdown(),
            "docs/reference/rules.md is stale: run `dynatype rules --format reference > docs/reference/rules.md`"
        )
        for rule in RuleCatalogue.all {
            #expect(reference.contains("## `\(rule.id.rawValue)`"))
            #expect(!rule.sourceLinks.isEmpty && rule.sourceLinks.allSatisfy { $0.url.hasPrefix("https://developer.apple.com/") }, "\(rule.id)")
        }
        let detail = try runDynatype(["rules", "fixed_font_size"])
        #expect(detail.stdout.contains("triggers:"))
    }
}
