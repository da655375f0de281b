import Foundation
import SwiftParser
import Testing

/// `dynatype fix` on a temporary git repository, through the real binary.
@Suite struct FixTests {
    static let swiftUI = """
        import SwiftUI

        struct Card: View {
            let title: String
            var body: some View {
                VStack {
                    Text(title).font(.system(size: 20, weight: .bold))
                    Text("Brand").font(.custom("Inter", size: 15))
                    Text("Fixed").font(.custom("Inter", fixedSize: 11))
                    Text("Row").frame(height: 44)
                    Text("Tag").frame(width: 60, height: 24, alignment: .leading)
                    HStack { Text("Side") }.frame(width: 80, height: 30)
                    Text(title).lineLimit(1)
                }
                .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
            }
        }

        struct Other: View {
            var body: some View {
                Text("Hi").dynamicTypeSize(.xSmall ... .xxLarge)
            }
        }

        struct Pinned: View {
            var body: some View {
                Text("One").dynamicTypeSize(.large)
            }
        }
        """
    static let uiKit = """
        import UIKit

        final class ProfileView: UIView {
            let nameLabel = UILabel()
            let bioLabel = UILabel()

            func configure() {
                nameLabel.font = UIFont.systemFont(ofSize: 17)
                bioLabel.font = UIFont(name: "Avenir", size: 15)!
                bioLabel.adjustsFontForContentSizeCategory = true
            }
        }
        """
    static let fixedRules: Set = [
        "fixed_font_size", "custom_font_without_relative_style", "fixed_custom_font", "fixed_uikit_font",
        "missing_adjusts_font", "fixed_text_height", "clamped_dynamic_type",
    ]

    private func repository() throws -> GitFixture {
        let repository = try GitFixture()
        try repository.write("App/Card.swift", Self.swiftUI)
        try repository.write("App/ProfileView.swift", Self.uiKit)
        try repository.commit("Legacy views")
        return repository
    }

    private func rules(in audit: ProcessResult) throws -> [String] {
        let files = try LegacyCode.json(audit.stdout)["files"] as! [[String: Any]]
        return files.flatMap { ($0["findings"] as! [[String: Any]]).map { $0["rule"] as! String } }
    }

    @Test func theDryRunDiffAppliesWithGitAndEqualsWhatFixWrites() throws {
        let repository = try repository()
        let dryRun = try runDynatype(["fix", "--dry-run"], in: repository.url)
        // single_line_truncation has no mechanical fix: reported, never a failure of `fix`.
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.contains("2 files fixed"))
        #expect(dryRun.stdout.contains("+            Text(title).font(.title3.weight(.bold))"))
        #expect(try repository.git(["status", "--porcelain"]).isEmpty)
        let patch = repository.folder.url.appendingPathComponent("fix.patch")
        try Data(dryRun.stdout.utf8).write(to: patch)
        try repository.git(["apply", "--check", patch.path])
        try repository.git(["apply", patch.path])
        let applied = try [String](["App/Card.swift", "App/ProfileView.swift"].map {
            try String(contentsOf: repository.url.appendingPathComponent($0), encoding: .utf8)
        })
        try repository.git(["checkout", "--", "."])

        let fixed = try runDynatype(["fix"], in: repository.url)
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("single_line_truncation"))
        let written = try [String](["App/Card.swift", "App/ProfileView.swift"].map {
            try String(contentsOf: repository.url.appendingPathComponent($0), encoding: .utf8)
        })
        #expect(written == applied)
        #expect(written[0].contains(".custom(\"Inter\", size: 15, relativeTo: .subheadline)"))
        // A clamp with no lower bound, widened, clamps nothing: it is removed, with its line.
        #expect(!written[0].contains("...DynamicTypeSize"))
        #expect(written[0].contains("            Text(title).lineLimit(1)\n        }\n    }\n}\n"))
        #expect(written[0].contains("        Text(\"One\")\n"))
        #expect(written[0].contains(".dynamicTypeSize(.xSmall ... DynamicTypeSize.accessibility5)"))
        #expect(written[0].contains(".frame(minHeight: 44)"))
        // The other side and the alignment stay; a fixed text width is freed by the same edit.
        #expect(written[0].contains("Text(\"Tag\").frame(minWidth: 60, minHeight: 24, alignment: .leading)"))
        #expect(written[0].contains("HStack { Text(\"Side\") }.frame(minWidth: 80, maxWidth: 80, minHeight: 30)"))
        #expect(written[1].contains("scaledFont(for: UIFont(name: \"Avenir\", size: 15) ?? .systemFont(ofSize: 15))"))
        #expect(written[1].contains("        nameLabel.font = UIFont.preferredFont(forTextStyle: .body)\n        nameLabel.adjustsFontForContentSizeCategory = true\n"))
    }

    @Test func afterAFixNoFixedRuleRemainsAndEveryFileParses() throws {
        let repository = try repository()
        let before = try rules(in: runDynatype(["audit", "--format", "json"], in: repository.url))
        #expect(Set(before).isSuperset(of: Self.fixedRules.subtracting(["missing_adjusts_font"])))
        _ = try runDynatype(["fix"], in: repository.url)
        let after = try rules(in: runDynatype(["audit", "--format", "json"], in: repository.url))
        #expect(after == ["single_line_truncation"])
        for path in ["App/Card.swift", "App/ProfileView.swift"] {
            let source = try String(contentsOf: repository.url.appendingPathComponent(path), encoding: .utf8)
            #expect(!Parser.parse(source: source).hasError, "\(path) does not parse")
        }
        // Nothing left to fix mechanically: a second run changes nothing, and
        // passes as a gate (what is left has no mechanical fix).
        let again = try runDynatype(["fix", "--dry-run"], in: repository.url)
        #expect(again.stdout.isEmpty)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func aFixThatWouldLeaveANewFindingIsRefused() throws {
        let repository = try repository()
        // Without missing_adjusts_font, the scaling font would leave the label without it.
        let result = try runDynatype(["fix", "App/ProfileView.swift", "--rule", "fixed_uikit_font"], in: repository.url)
        #expect(result.status == 1)
        let written = try String(contentsOf: repository.url.appendingPathComponent("App/ProfileView.swift"), encoding: .utf8)
        #expect(written.contains("nameLabel.font = UIFont.systemFont(ofSize: 17)"))
        #expect(written.contains("scaledFont(for: UIFont(name: \"Avenir\", size: 15) ?? .systemFont(ofSize: 15))"))
        #expect(result.stdout.contains("fixed_uikit_font  1      0     1"))
    }

    @Test func onlyFixableRulesAreAccepted() throws {
        let repository = try repository()
        let result = try runDynatype(["fix", "--rule", "single_line_truncation"], in: repository.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("single_line_truncation has no mechanical fix"))
    }

    /// A repository's symbolic link cannot make `fix` write elsewhere, nor
    /// `audit` read elsewhere; a link inside the folder is read, never written through.
    @Test func fixNeverWritesThroughALinkAndAuditReadsNoLinkOutsideTheFolder() throws {
        let outside = try TemporaryDirectory()
        let victim = try outside.write("Victim.swift", Self.swiftUI)
        let folder = try TemporaryDirectory()
        let inside = try folder.write("App/Real.swift", Self.swiftUI)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("App/Escape.swift").path, withDestinationPath: victim.path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("App/Alias.swift").path, withDestinationPath: inside.path)

        let audit = try runDynatype(["audit", "App", "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let audited = (document["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(audited.sorted() == ["Alias.swift", "Real.swift"])
        let skipped = (document["skipped"] as? [[String: Any]] ?? []).first { $0["path"] as? String == "Escape.swift" }
        #expect((skipped?["reason"] as? String)?.contains("outside the audited folder") == true)

        let fixed = try runDynatype(["fix", "App"], in: folder.url)
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.swiftUI)
        #expect(fixed.stderr.contains("Alias.swift was left as it is: it is a symbolic link"), "\(fixed.stderr)")
        #expect(try String(contentsOf: inside, encoding: .utf8) != Self.swiftUI)
        var status = stat()
        #expect(lstat(folder.url.appendingPathComponent("App/Alias.swift").path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    /// A file no target builds is left alone (duckduckgo-iOS and
    /// pocket-casts-ios kept views that no Xcode project names): a fix there
    /// changes nothing anyone sees. Where the project keeps its folders in
    /// sync (Xcode 16), it names no files, and every file counts as built.
    @Test(arguments: [false, true])
    func aFileNoTargetBuildsIsLeftAlone(synchronizedFolders: Bool) throws {
        let folder = try TemporaryDirectory()
        let view = "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\").font(.system(size: 12)) } }\n"
        try folder.write("App/Built.swift", view)
        try folder.write("App/Orphan.swift", view)
        try folder.write("Kit/Sources/Kit/Packaged.swift", view)
        try folder.write("Kit/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\")\n")
        let group = synchronizedFolders ? "isa = PBXFileSystemSynchronizedRootGroup; path = App;" : "isa = PBXGroup; children = ();"
        try folder.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            { objects = {
                1A /* Built.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1B /* Built.swift */; };
                1B /* Built.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Built.swift; sourceTree = "<group>"; };
                1C = {\(group)};
            }; }
            """)
        let result = try runDynatype(["fix", "--dry-run", "--no-cache", "App", "Kit"], in: folder.url)
        #expect(result.stdout.contains("+++ b/App/Built.swift") && result.stdout.contains("+++ b/Kit/Sources/Kit/Packaged.swift"), "\(result.stdout)")
        #expect(result.stdout.contains("+++ b/App/Orphan.swift") == synchronizedFolders, "\(result.stdout)")
        #expect(result.stderr.contains("no Xcode project or package builds it (App/Orphan.swift)") == !synchronizedFolders, "\(result.stderr)")
    }
}
