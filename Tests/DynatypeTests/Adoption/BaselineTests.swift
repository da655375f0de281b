import Foundation
import Testing

/// `audit --baseline` / `--write-baseline` through the real binary, on a
/// legacy project with fifty findings.
@Suite struct BaselineTests {
    private func legacyProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (path, code) in LegacyCode.screens { try folder.write(path, code) }
        return folder
    }

    @Test func aBaselineFreezesTheDebtAndOnlyNewErrorsFail() throws {
        let folder = try legacyProject()
        #expect(try runDynatype(["audit"], in: folder.url).status == 1)
        let written = try runDynatype(["audit", "--write-baseline", "baseline.json"], in: folder.url)
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote 50 findings"))
        let audit = try runDynatype(["audit", "--baseline", "baseline.json", "--format", "json"], in: folder.url)
        #expect(audit.status == 0)
        let summary = try LegacyCode.json(audit.stdout)["summary"] as! [String: Any]
        #expect(summary["baseline"] as? Int == 50)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["files_failing"] as? Int == 0)

        // Code moved down by a few lines and a new, unrelated file: nothing new.
        try folder.write("Screens/Screen3.swift", "// header\n// more\n" + LegacyCode.screen(3))
        try folder.write("Ok.swift", "import SwiftUI\nstruct Ok: View { var body: some View { Text(\"x\").font(.body) } }\n")
        let moved = try runDynatype(["audit", "--baseline", "baseline.json"], in: folder.url)
        #expect(moved.status == 0)
        #expect(moved.stdout.contains("0 errors, 0 warnings, 0 notes · 50 baseline, 0 fixed"))

        // One new fixed font: only it fails, in every format.
        try folder.write("Screens/Screen4.swift", LegacyCode.screen(4, extra: "            Text(\"New\").font(.system(size: 30))"))
        let json = try runDynatype(["audit", "--baseline", "baseline.json", "--format", "json"], in: folder.url)
        #expect(json.status == 1)
        let files = try LegacyCode.json(json.stdout)["files"] as! [[String: Any]]
        let fresh = files.flatMap { $0["findings"] as! [[String: Any]] }
        #expect(fresh.map { $0["current"] as! String } == [".system(size: 30)"])
        #expect(files.flatMap { $0["baselined"] as! [[String: Any]] }.count == 50)
        let sarif = try runDynatype(["audit", "--baseline", "baseline.json", "--format", "sarif"], in: folder.url)
        let results = ((try LegacyCode.json(sarif.stdout)["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
        #expect(results.filter { $0["baselineState"] as? String == "new" }.count == 1)
        #expect(results.filter { $0["baselineState"] as? String == "unchanged" }.count == 50)
        let github = try runDynatype(["audit", "--baseline", "baseline.json", "--format", "github"], in: folder.url)
        #expect(github.stdout.split(separator: "\n").count == 1)
        let text = try runDynatype(["audit", "--baseline", "baseline.json"], in: folder.url)
        #expect(text.stdout.contains("FAIL  Screens/Screen4.swift  ·  1 error · 5 baseline"))
    }

    @Test func fixedDebtIsReportedAndRewritingShrinksTheBaseline() throws {
        let folder = try legacyProject()
        try folder.write(".dynatype.json", "{ \"baseline\": \"config/accepted.json\" }")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        #expect(try runDynatype(["audit", "--write-baseline", "config/accepted.json"], in: folder.url).status == 0)
        let first = try String(contentsOf: folder.url.appendingPathComponent("config/accepted.json"), encoding: .utf8)
        #expect(!first.contains(folder.url.path))
        #expect(first.contains("\"path\" : \"../Screens/Screen0.swift\""))
        // Stable: the same findings write the same bytes.
        #expect(try runDynatype(["audit", "--write-baseline", "config/accepted.json"], in: folder.url).status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("config/accepted.json"), encoding: .utf8) == first)

        try folder.write("Screens/Screen0.swift", LegacyCode.screen(0).replacingOccurrences(of: ".system(size: 11)", with: ".caption2"))
        // The configuration's baseline applies without an option.
        let json = try runDynatype(["audit", "--format", "json"], in: folder.url)
        #expect(json.status == 0)
        let document = try LegacyCode.json(json.stdout)
        #expect((document["summary"] as! [String: Any])["fixed"] as? Int == 1)
        #expect((document["fixed_findings"] as! [[String: Any]]).map { $0["path"] as! String } == ["Screens/Screen0.swift"])
        #expect(try runDynatype(["audit"], in: folder.url).stdout.contains("FIXED  Screens/Screen0.swift  .system(size: 11)"))

        // Auditing one folder rewrites only its entries.
        try folder.write("Other/Extra.swift", LegacyCode.screen(99))
        #expect(try runDynatype(["audit", "Screens", "--write-baseline", "config/accepted.json"], in: folder.url).status == 0)
        let rewritten = try LegacyCode.json(String(contentsOf: folder.url.appendingPathComponent("config/accepted.json"), encoding: .utf8))
        #expect((rewritten["findings"] as! [Any]).count == 49)
    }

    @Test func unusableBaselinesAreClearErrors() throws {
        let folder = try legacyProject()
        let missing = try runDynatype(["audit", "--baseline", "nope.json"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read baseline"))
        try folder.write("bad.json", "{ this is not json")
        let bad = try runDynatype(["audit", "--baseline", "bad.json"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json is not a dynatype baseline (not valid JSON)"))
        try folder.write("other.json", "{\"findings\": 3}")
        #expect(try runDynatype(["audit", "--baseline", "other.json"], in: folder.url).stderr.contains("is not a dynatype baseline"))
    }
}
