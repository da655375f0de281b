@testable import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation
import Testing

/// Scripted histories in real temporary git repositories: summaries,
/// introduced/fixed and fingerprints commit by commit, and each summary
/// checked against `dynatype audit` of a checkout.
@Suite struct HistoryTests {
    final class Harness {
        let fixture: GitFixture
        let store: SQLiteHistoryStore
        let engine: HistoryEngine
        let scanner: HistoryScanner

        init(_ fixture: GitFixture) throws {
            self.fixture = fixture
            store = try SQLiteHistoryStore(path: fixture.folder.url.appendingPathComponent("history.sqlite").path)
            engine = HistoryEngine(repository: try Repository(at: fixture.url), store: store, threads: 2)
            scanner = HistoryScanner(engine: engine)
        }

        @discardableResult
        func scan(_ limit: ScanLimit = .newCommits, refs: [String] = ["HEAD"]) throws -> ScanResult {
            try scanner.run(try scanner.plan(refs: refs, limit: limit))
        }

        func record(_ sha: String) throws -> CommitRecord { try #require(try store.commit(sha)) }

        func changes(_ sha: String, _ kind: FindingChange.Kind) throws -> [String] {
            try store.findingChanges(of: sha).filter { $0.kind == kind }.map { "\($0.rule)@\($0.path):\($0.line)" }.sorted()
        }

        /// The central property: the commit's summary is the audit of its checkout.
        func expectMatchesCheckout(_ sha: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let recorded = try record(sha).summary
            let audited = try fixture.auditCheckout(sha).summary
            #expect(recorded == audited, "summary of \(sha.prefix(8))", sourceLocation: sourceLocation)
        }
    }

    @Test func editsRenamesAndDeletionsCommitByCommit() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("App/A.swift", Snippets.fixedView)
        try fixture.write("App/B.swift", Snippets.view("Clean"))
        let first = try fixture.commit("add views")
        try fixture.write("App/A.swift", Snippets.view("Fixed", font: ".caption"))
        let fix = try fixture.commit("fix A")
        try fixture.git(["mv", "App/B.swift", "App/Renamed.swift"])
        try fixture.write("App/Renamed.swift", Snippets.view("Clean", extra: "Text(title).lineLimit(1)"))
        let rename = try fixture.commit("rename B and truncate")
        try fixture.remove("App/Renamed.swift")
        let delete = try fixture.commit("delete it")
        try harness.scan()

        #expect(try harness.record(first).isBaseline)
        #expect(try harness.record(first).summary.errors == 1)
        #expect(try harness.changes(fix, .fixed) == ["fixed_font_size@App/A.swift:7"])
        #expect(try harness.changes(fix, .introduced).isEmpty)
        #expect(try harness.changes(rename, .introduced) == ["single_line_truncation@App/Renamed.swift:8"])
        #expect(try harness.record(rename).introducedErrors == 1)
        #expect(try harness.record(rename).filesNewlyFailing == 1)
        #expect(try harness.changes(delete, .fixed) == ["single_line_truncation@App/Renamed.swift:8"])
        for sha in [first, fix, rename, delete] { try harness.expectMatchesCheckout(sha) }
        #expect(try harness.store.renames(to: "App/Renamed.swift").map(\.rename.oldPath) == ["App/B.swift"])
    }

    @Test func aPureRenameKeepsEveryFingerprint() throws {
        let harness = try Harness(try GitFixture())
        try harness.fixture.write("A.swift", Snippets.fixedView)
        try harness.fixture.commit("add")
        try harness.fixture.git(["mv", "A.swift", "Moved.swift"])
        let moved = try harness.fixture.commit("move")
        try harness.scan()
        #expect(try harness.store.findingChanges(of: moved).isEmpty)
        try harness.expectMatchesCheckout(moved)
    }

    @Test func mergesAreComparedWithTheirFirstParent() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.view("A"))
        try fixture.commit("base")
        try fixture.git(["checkout", "-q", "-b", "feature"])
        try fixture.write("Feature.swift", Snippets.fixedView)
        try fixture.commit("feature view")
        try fixture.git(["checkout", "-q", "main"])
        try fixture.write("A.swift", Snippets.view("A", font: ".headline"))
        try fixture.commit("main change")
        try fixture.git(["merge", "-q", "--no-ff", "-m", "merge feature", "feature"])
        let merge = try fixture.git(["rev-parse", "HEAD"])
        try harness.scan()
        #expect(try harness.changes(merge, .introduced) == ["fixed_font_size@Feature.swift:7"])
        try harness.expectMatchesCheckout(merge)
        #expect(try harness.store.allCommits().count == 4)
    }

    @Test func aForcePushIsFollowedAndOldCommitsStayQueryable() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.view("A"))
        try fixture.commit("one")
        try fixture.write("A.swift", Snippets.fixedView)
        let old = try fixture.commit("two")
        try harness.scan()
        try fixture.git(["reset", "-q", "--hard", "HEAD~1"])
        try fixture.write("B.swift", Snippets.view("B", extra: "Text(title).frame(height: 20)"))
        let rewritten = try fixture.commit("two, rewritten")
        try fixture.git(["reflog", "expire", "--expire=now", "--all"])
        try fixture.git(["gc", "-q", "--prune=now"])
        let result = try harness.scan()
        #expect(result.audited == 1)
        #expect(try harness.changes(rewritten, .introduced) == ["fixed_text_height@B.swift:8"])
        #expect(try harness.store.commit(old) != nil)
        try harness.expectMatchesCheckout(rewritten)
        #expect(try harness.store.trackedRefs()["refs/heads/main"] == rewritten)
    }

    /// The engine opens the repository again only when objects may have
    /// gone: a commit only adds loose objects; `git gc` replaces the packs,
    /// and pruning an unreachable commit removes its objects' folders.
    @Test func theObjectStoreStampTellsWhenObjectsMayHaveGone() throws {
        let fixture = try GitFixture()
        try fixture.write("A.swift", Snippets.view("A"))
        try fixture.commit("one")
        try fixture.git(["gc", "-q"])
        let repository = try Repository(at: fixture.url)
        let packed = ObjectStoreStamp(repository)
        #expect(!ObjectStoreStamp(repository).mayHaveLostObjects(since: packed))
        try fixture.write("A.swift", Snippets.fixedView)
        try fixture.commit("two")
        let committed = ObjectStoreStamp(repository)
        #expect(!committed.mayHaveLostObjects(since: packed))
        try fixture.git(["reset", "-q", "--hard", "HEAD~1"])
        try fixture.git(["reflog", "expire", "--expire=now", "--all"])
        try fixture.git(["prune", "--expire=now"])
        #expect(ObjectStoreStamp(repository).mayHaveLostObjects(since: committed))
        try fixture.write("B.swift", Snippets.view("B"))
        try fixture.commit("three")
        let loose = ObjectStoreStamp(repository)
        try fixture.git(["gc", "-q"])
        #expect(ObjectStoreStamp(repository).mayHaveLostObjects(since: loose))
    }

    @Test func aConfigurationChangeChangesTheRulesFromThatCommitOn() throws {
        let harness = try Harness(try GitFixture())
        harness.engine.rulePolicy = RulePolicy(repositoryConfiguration: .full)
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.fixedView)
        try fixture.write("Generated/G.swift", Snippets.fixedView)
        try fixture.commit("two fixed views")
        try fixture.write(".dynatype.json", "{ // relax\n \"excluded\": [\"Generated\"], \"severity\": {\"fixed_font_size\": \"warning\"} }")
        let configured = try fixture.commit("configure")
        try harness.scan()
        let record = try harness.record(configured)
        #expect(record.summary.filesAudited == 1)
        #expect(record.summary.errors == 0)
        #expect(record.summary.warnings == 1)
        // A's finding keeps its identity (a new severity is not a new finding); G's leaves the audit, unfixed.
        #expect(try harness.changes(configured, .fixed).isEmpty)
        #expect(try harness.changes(configured, .unchecked) == ["fixed_font_size@Generated/G.swift:7"])
        #expect(record.policyChange?.contains("lowers fixed_font_size from error to warning") == true)
        #expect(try harness.changes(configured, .introduced).isEmpty)
        try harness.expectMatchesCheckout(configured)
    }

    @Test func aTokenDefinitionChangeRejudgesItsUsesWithoutReparsingThem() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("Design/Font+Brand.swift", Snippets.tokens(fixed: true))
        try fixture.write("Views/Receipt.swift", Snippets.tokenUser)
        let first = try fixture.commit("tokens")
        try harness.scan()
        #expect(try harness.record(first).summary.filesFailing == 2)
        let parsedBefore = harness.engine.work.blobsAnalyzed

        try fixture.write("Design/Font+Brand.swift", Snippets.tokens(fixed: false))
        let fixed = try fixture.commit("scale the token")
        try harness.scan()
        #expect(harness.engine.work.blobsAnalyzed - parsedBefore == 1)
        #expect(try harness.changes(fixed, .fixed) == [
            "fixed_font_size@Design/Font+Brand.swift:4", "fixed_font_token@Views/Receipt.swift:6", "fixed_font_token@Views/Receipt.swift:7",
        ])
        #expect(try harness.record(fixed).summary.filesFailing == 0)
        try harness.expectMatchesCheckout(fixed)
    }

    /// A cell's font is AppKit's or UIKit's by its superclasses in other
    /// files: a change two classes up re-judges the file that sets the font.
    @Test func aSuperclassChangeTwoFilesAwayRejudgesTheFontsPlatform() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("Controller.swift", """
            import SwiftUI
            final class Controller {
                func make() -> AnyObject {
                    let view = ProjectCell(frame: .zero)
                    view.textField?.font = .systemFont(ofSize: 13, weight: .medium)
                    return view
                }
            }
            """)
        try fixture.write("ProjectCell.swift", "final class ProjectCell: BaseCell {}\n")
        try fixture.write("BaseCell.swift", "import UIKit\nclass BaseCell: UITableViewCell {}\n")
        let first = try fixture.commit("a UIKit cell")
        try harness.scan()
        #expect(try harness.record(first).summary.findingsByRule["fixed_uikit_font"] == 1)

        try fixture.write("BaseCell.swift", "import AppKit\nclass BaseCell: NSTableCellView {}\n")
        let appKit = try fixture.commit("an AppKit cell")
        try harness.scan()
        #expect(try harness.changes(appKit, .introduced) == ["fixed_appkit_font@Controller.swift:5"])
        #expect(try harness.changes(appKit, .fixed) == ["fixed_uikit_font@Controller.swift:5"])
        try harness.expectMatchesCheckout(appKit)
    }

    @Test func anInvalidConfigurationIsRecordedOnItsCommitWhichIsAuditedWithTheLastValidOne() throws {
        let harness = try Harness(try GitFixture())
        harness.engine.rulePolicy = RulePolicy(repositoryConfiguration: .full)
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.fixedView)
        let good = try fixture.commit("good")
        try fixture.write(".dynatype.json", "{ \"disabled_rule\": [] }")
        let bad = try fixture.commit("typo in config")
        try fixture.write(".dynatype.json", "{ \"disabled_rules\": [\"fixed_font_size\"] }")
        let repaired = try fixture.commit("repair config")
        try harness.scan()
        let broken = try harness.record(bad)
        #expect(broken.status == .audited)
        #expect(broken.configurationError?.contains("\"disabled_rule\": unknown key") == true)
        #expect(broken.summary == (try harness.record(good)).summary)
        let next = try harness.record(repaired)
        #expect(next.base == bad)
        #expect(try harness.changes(repaired, .unchecked) == ["fixed_font_size@A.swift:7"])
        try harness.expectMatchesCheckout(repaired)
    }

    @Test func aCommitWhoseAuditsKeepDyingIsRecordedAsFailedAndTheHistoryGoesOn() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.view("A"))
        let first = try fixture.commit("first")
        try fixture.write("A.swift", Snippets.fixedView)
        let deadly = try fixture.commit("the audit of this one dies")
        try fixture.write("B.swift", Snippets.view("B"))
        let after = try fixture.commit("after")
        try fixture.git(["branch", "start", first])
        try harness.scan(refs: ["start"])
        // Three audits of `deadly` started and never saved (crashes, kill -9).
        for _ in 0..<HistoryEngine.maximumAttempts { _ = try harness.store.beginAttempt(deadly) }
        try harness.scan()
        let failed = try harness.record(deadly)
        #expect(failed.status == .failed)
        #expect(failed.error?.contains("stopped 3 times while auditing this commit") == true)
        let next = try harness.record(after)
        #expect(next.status == .audited)
        #expect(next.base == first)
        try harness.expectMatchesCheckout(after)
        // One death is not enough: the next attempt audits normally.
        try fixture.write("C.swift", Snippets.view("C"))
        let once = try fixture.commit("killed once")
        _ = try harness.store.beginAttempt(once)
        try harness.scan()
        #expect(try harness.record(once).status == .audited)
    }

    @Test func nonUTF8AndBinaryBlobsAreHandledLikeTheAudit() throws {
        let harness = try Harness(try GitFixture())
        var latin1 = Data("import SwiftUI\nstruct A: View { var body: some View { Text(\"caf".utf8)
        latin1.append(0xE9)
        latin1.append(Data("\").font(.system(size: 9)) } }\n".utf8))
        try harness.fixture.write("Latin1.swift", data: latin1)
        try harness.fixture.write("Blob.swift", data: Data([0x00, 0x01, 0x02, 0xFF]))
        let sha = try harness.fixture.commit("odd files")
        try harness.scan()
        #expect(try harness.record(sha).summary.errors == 1)
        try harness.expectMatchesCheckout(sha)
    }

    @Test func aBlobThatCannotBeReadFailsItsCommitAndTheHistoryGoesOn() throws {
        let harness = try Harness(try GitFixture())
        let fixture = harness.fixture
        try fixture.write("A.swift", Snippets.view("Clean"))
        let first = try fixture.commit("A")
        try fixture.write("B.swift", Snippets.fixedView)
        let broken = try fixture.commit("B")
        let blob = try fixture.git(["rev-parse", "HEAD:B.swift"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try fixture.remove("B.swift")
        try fixture.write("A.swift", Snippets.view("Clean", font: ".system(size: 9)"))
        let after = try fixture.commit("drop B, break A")
        try FileManager.default.removeItem(at: fixture.url.appendingPathComponent(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))
        try harness.scan()

        #expect(try harness.record(first).status == .audited)
        let failed = try harness.record(broken)
        #expect(failed.status == .failed)
        #expect(failed.error?.contains(String(blob.prefix(7))) == true, "\(failed.error ?? "no error")")
        let next = try harness.record(after)
        #expect(next.status == .audited)
        #expect(next.base == first)
        #expect(next.summary.errors == 1)
    }

    @Test func aShallowCloneStartsAtItsOldestCommit() throws {
        let origin = try GitFixture()
        for index in 0..<4 {
            try origin.write("A.swift", Snippets.view("A\(index)", font: index % 2 == 0 ? ".body" : ".system(size: 11)"))
            try origin.commit("commit \(index)")
        }
        let clone = try GitFixture()
        try FileManager.default.removeItem(at: clone.url)
        try clone.git(["clone", "-q", "--depth", "2", "file://\(origin.url.path)", clone.url.path], in: clone.folder.url)
        let harness = try Harness(clone)
        let plan = try harness.scanner.plan(refs: ["HEAD"], limit: .newCommits)
        #expect(plan.notes.contains { $0.contains("shallow clone") })
        #expect(plan.commits.count == 2)
        _ = try harness.scanner.run(plan)
        let records = try harness.store.allCommits()
        #expect(records.map(\.isBaseline) == [true, false])
        try harness.expectMatchesCheckout(records[1].sha)
    }

    @Test func aBareRepositoryReceivingPushesIsScanned() throws {
        let bare = try GitFixture(bare: true)
        let work = try GitFixture()
        try work.write("A.swift", Snippets.fixedView)
        try work.commit("one")
        try work.git(["push", "-q", bare.url.path, "main"])
        let harness = try Harness(bare)
        #expect(harness.engine.repository.isBare)
        try harness.scan()
        #expect(try harness.store.allCommits().map(\.summary.errors) == [1])
    }

    @Test func limitedScansAndLaterScansDoNotBackfillUnlessAsked() throws {
        let harness = try Harness(try GitFixture())
        for index in 0..<5 {
            try harness.fixture.write("A.swift", Snippets.view("A\(index)"))
            try harness.fixture.commit("commit \(index)")
        }
        #expect(try harness.scan(.newest(2)).audited == 2)
        try harness.fixture.write("B.swift", Snippets.view("B"))
        try harness.fixture.commit("more")
        #expect(try harness.scan().audited == 1)
        #expect(try harness.scan(.everything).audited == 3)
        #expect(try harness.scan().audited == 0)
    }
}
