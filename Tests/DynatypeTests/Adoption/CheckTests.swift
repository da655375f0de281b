import Foundation
import Testing

/// `dynatype check` on temporary git repositories, through the real binary.
@Suite struct CheckTests {
    /// A legacy app (fifty findings) on main, and a feature branch checked out.
    private func legacyRepository() throws -> GitFixture {
        let repository = try GitFixture()
        for (path, code) in LegacyCode.screens { try repository.write(path, code) }
        try repository.commit("Legacy app")
        try repository.git(["checkout", "-q", "-b", "feature"])
        return repository
    }

    private func check(_ repository: GitFixture, _ arguments: [String]) throws -> ProcessResult {
        try runDynatype(["check", "--base", "main"] + arguments, in: repository.url)
    }

    /// A pull request cannot pass its gate by disabling the rule that flags it.
    @Test func aChangeThatDisablesARuleDoesNotPassTheGateByDoingSo() throws {
        let repository = try legacyRepository()
        try repository.write("Screens/Screen4.swift", LegacyCode.screen(4, extra: "            Text(\"New\").font(.system(size: 30))"))
        try repository.write(".dynatype.json", "{ \"disabled_rules\": [\"fixed_font_size\"] }")
        try repository.commit("Hardcode a size; chore: config")

        let tightened = try check(repository, ["--head", "HEAD"])
        #expect(tightened.status == 1)
        #expect(tightened.stderr.contains("disables fixed_font_size; ignored"))
        #expect(tightened.stdout.contains(".system(size: 30)"))

        let full = try check(repository, ["--head", "HEAD", "--repository-config", "full", "--format", "json"])
        #expect(full.status == 1)
        #expect((try LegacyCode.json(full.stdout)["regression"] as! [String]).contains("its .dynatype.json disables fixed_font_size"))
    }

    @Test func aCommitAddingOneFixedFontIsReportedAloneInEveryFormat() throws {
        let repository = try legacyRepository()
        try repository.write("Screens/Screen4.swift", LegacyCode.screen(4, extra: "            Text(\"New\").font(.system(size: 30))"))
        try repository.commit("Hardcode a size")

        let json = try check(repository, ["--head", "HEAD", "--format", "json"])
        #expect(json.status == 1)
        let document = try LegacyCode.json(json.stdout)
        let introduced = document["introduced"] as! [[String: Any]]
        #expect(introduced.map { $0["current"] as! String } == [".system(size: 30)"])
        #expect(introduced.first?["path"] as? String == "Screens/Screen4.swift")
        #expect((document["fixed"] as! [Any]).isEmpty)
        #expect((document["regression"] as! [String]).contains("introduced 1 finding of severity error or above"))

        let sarif = try LegacyCode.json(try check(repository, ["--head", "HEAD", "--format", "sarif"]).stdout)
        let results = (sarif["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
        #expect(results.count == 1)
        #expect(results.first?["baselineState"] as? String == "new")

        let github = try check(repository, ["--head", "HEAD", "--format", "github"]).stdout
        #expect(github.split(separator: "\n").count == 1)
        #expect(github.hasPrefix("::error file=Screens/Screen4.swift,line=11,"))

        let markdown = try check(repository, ["--head", "HEAD", "--format", "markdown"]).stdout
        #expect(markdown.contains("| | File | Line | Rule | Code | Replace with |"))
        #expect(markdown.contains("| ❌ | Screens/Screen4.swift | 11 | `fixed_font_size` | `.system(size: 30)` | `.title` |"))
        #expect(markdown.contains("Compliance **"))
        #expect(markdown.contains("#### Introduced (1)"))

        let text = try check(repository, ["--head", "HEAD"]).stdout
        #expect(text.contains("1 introduced (1 error), 0 fixed"))
        #expect(text.contains("REGRESSION  introduced 1 finding"))
    }

    /// actions/checkout clones with depth 1: the merge base is not there.
    /// With the base tip fetched, the change is compared with it (said on
    /// stderr); without it, the error gives the fetch command to run.
    @Test func aShallowCloneIsComparedWithTheBaseTipOrToldWhatToFetch() throws {
        let upstream = try GitFixture()
        try upstream.write("App/A.swift", "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\").font(.body) } }\n")
        try upstream.commit("one")
        for step in 2...4 {
            try upstream.write("App/Notes\(step).swift", "// \(step)\n")
            try upstream.commit("step \(step)")
        }
        try upstream.git(["checkout", "-q", "-b", "feature"])
        try upstream.write("App/B.swift", "import SwiftUI\nstruct B: View { var body: some View { Text(\"b\").font(.system(size: 12)) } }\n")
        try upstream.commit("a fixed font")
        try upstream.git(["checkout", "-q", "main"])
        try upstream.write("App/Notes5.swift", "// 5\n")
        try upstream.commit("main moves on")
        let clone = upstream.folder.url.appendingPathComponent("clone")
        try upstream.git(["clone", "-q", "--depth", "1", "--branch", "feature", "file://\(upstream.url.path)", clone.path], in: upstream.folder.url)

        let unfetched = try runDynatype(["check", "--base", "origin/main"], in: clone)
        #expect(unfetched.status == 2)
        #expect(unfetched.stderr.contains("this is a shallow clone: fetch the base first (git fetch --no-tags --depth=1 origin main:refs/remotes/origin/main)"), "\(unfetched.stderr)")

        try upstream.git(["fetch", "-q", "--no-tags", "--depth=1", "origin", "main:refs/remotes/origin/main"], in: clone)
        let fetched = try runDynatype(["check", "--base", "origin/main", "--format", "json"], in: clone)
        #expect(fetched.status == 1, "\(fetched.stderr)")
        #expect(fetched.stderr.contains("this shallow clone does not reach the merge base of origin/main and the head"))
        let introduced = try #require(try LegacyCode.json(fetched.stdout)["introduced"] as? [[String: Any]])
        #expect(introduced.map { $0["path"] as? String } == ["App/B.swift"])
    }

    @Test func theWorkTreeIsTheDefaultHead() throws {
        let repository = try legacyRepository()
        #expect(try check(repository, []).status == 0)
        try repository.write("Screens/Screen1.swift", LegacyCode.screen(1, extra: "            Text(\"Draft\").font(.system(size: 9))"))
        try repository.write("New/Badge.swift", "import SwiftUI\nstruct Badge: View { var body: some View { Text(\"1\").font(.custom(\"Inter\", fixedSize: 9)) } }\n")
        let json = try check(repository, ["--format", "json"])
        #expect(json.status == 1)
        let document = try LegacyCode.json(json.stdout)
        #expect(document["head"] as? String == "work tree")
        #expect(Set((document["introduced"] as! [[String: Any]]).map { $0["rule"] as! String }) == ["fixed_font_size", "fixed_custom_font"])
    }

    @Test func movingCodeAroundIntroducesNothing() throws {
        let repository = try legacyRepository()
        // Lines shift, a file moves to another folder, another gets a comment on top.
        try repository.write("Moved/Screen2.swift", LegacyCode.screen(2))
        try repository.remove("Screens/Screen2.swift")
        try repository.write("Screens/Screen5.swift", "// Reordered\n\n\n" + LegacyCode.screen(5))
        try repository.commit("Reorganize")
        let result = try check(repository, ["--head", "HEAD", "--format", "json"])
        #expect(result.status == 0)
        let document = try LegacyCode.json(result.stdout)
        #expect((document["introduced"] as! [Any]).isEmpty)
        #expect((document["fixed"] as! [Any]).isEmpty)
        // The same move left uncommitted in the work tree.
        try repository.write("Moved/Screen3.swift", LegacyCode.screen(3))
        try repository.remove("Screens/Screen3.swift")
        #expect(try check(repository, []).status == 0)
    }

    @Test func fixesAreReportedAndAHistoryDatabaseIsReused() throws {
        let repository = try legacyRepository()
        try repository.write("Screens/Screen0.swift", LegacyCode.screen(0).replacingOccurrences(of: ".system(size: 11)", with: ".caption2"))
        try repository.commit("Fix one")
        let markdown = try check(repository, ["--head", "HEAD", "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("#### Fixed (1)"))
        #expect(markdown.stdout.contains("✅ No regression."))
        let withoutHistory = try check(repository, ["--head", "HEAD", "--format", "json"]).stdout
        #expect(try runDynatype(["scan", "--ref", "main"], in: repository.url).status == 0)
        #expect(try check(repository, ["--head", "HEAD", "--format", "json"]).stdout == withoutHistory)
    }

    @Test func aComplianceDropPastTheThresholdFails() throws {
        let repository = try GitFixture()
        let texts = { (font: String) in (0..<4).map { "Text(\"\($0)\").font(\($0 < 2 ? font : ".body"))" }.joined(separator: "\n") }
        try repository.write("Card.swift", "import SwiftUI\nstruct Card: View {\n let font: Font\n var body: some View { VStack {\n\(texts(".body"))\n } }\n}\n")
        try repository.commit("Card")
        try repository.git(["checkout", "-q", "-b", "feature"])
        // Two fonts from a parameter: unresolved (notes), so compliance drops from 100% to 50% without an error.
        try repository.write("Card.swift", "import SwiftUI\nstruct Card: View {\n let font: Font\n var body: some View { VStack {\n\(texts("font"))\n } }\n}\n")
        let dropped = try check(repository, [])
        #expect(dropped.status == 1)
        #expect(dropped.stdout.contains("REGRESSION  compliance dropped from 100.0% to 50.0%"))
        #expect(try check(repository, ["--max-ratio-drop", "0.6"]).status == 0)
        #expect(try check(repository, ["--max-ratio-drop", "2"]).status == 2)
    }

    @Test func badInputIsAClearError() throws {
        let repository = try legacyRepository()
        let unknown = try runDynatype(["check", "--base", "no-such-branch"], in: repository.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown revision \"no-such-branch\""))
        #expect(try runDynatype(["check"], in: repository.url).stderr.contains("--base REV is required"))
        let plain = try TemporaryDirectory()
        let outside = try runDynatype(["check", "--base", "main"], in: plain.url)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("is not a git repository"))
    }
}
