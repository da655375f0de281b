@testable import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation
import Testing

/// The history tells the truth about configuration and moved code: a
/// broken `.dynatype.json` is audited with the last valid one and never
/// reads as 100 %, a commit cannot switch its own checks off, findings
/// that stop being checked are not "fixed", moved code is neither
/// introduced nor fixed, and every view counts open regressions alike.
@Suite struct HistoryTruthTests {
    /// A scan harness that keeps the regression ledger as `scan` does.
    final class Ledger {
        let harness: HistoryTests.Harness
        let notifier: RegressionNotifier

        init(policy: RulePolicy = RulePolicy()) throws {
            harness = try HistoryTests.Harness(try GitFixture())
            harness.engine.rulePolicy = policy
            notifier = RegressionNotifier(repository: "app", policy: RegressionPolicy(), sinks: [], store: harness.store)
            harness.engine.observer = notifier
        }

        var fixture: GitFixture { harness.fixture }
        func scan() throws { try harness.scan() }
        func record(_ sha: String) throws -> CommitRecord { try harness.record(sha) }
        func changes(_ sha: String, _ kind: FindingChange.Kind) throws -> [String] { try harness.changes(sha, kind) }
        func openRegressions() throws -> [OpenRegression] { try harness.store.openRegressions(ref: "refs/heads/main") }

        /// A passing App/Card.swift, then a commit that hardcodes its size
        /// (a regression, returned); not scanned yet.
        func hardcodeTheCard() throws -> String {
            try fixture.write("App/Card.swift", Snippets.view("Card"))
            try fixture.commit("first")
            try fixture.write("App/Card.swift", Snippets.view("Card", font: ".system(size: 13)"))
            return try fixture.commit("hardcode")
        }

        /// A passing view, a commit that hardcodes its size (a regression),
        /// then a "chore: config" commit writing `configuration`; all scanned.
        func regressThenConfigure(_ configuration: String) throws -> (regression: String, chore: String) {
            try fixture.write("A.swift", Snippets.view("A"))
            try fixture.commit("first")
            try fixture.write("A.swift", Snippets.fixedView)
            let regression = try fixture.commit("hardcode")
            try fixture.write(".dynatype.json", configuration)
            let chore = try fixture.commit("chore: config")
            try scan()
            return (regression, chore)
        }
    }

    static let twoFixedViews = Snippets.view("Card", font: ".system(size: 13)", extra: "Text(\"Sub\").font(.system(size: 11))")

    @Test func anInvalidConfigurationIsAuditedWithTheLastValidOneAndItsRepairIsNotBlamed() throws {
        let ledger = try Ledger()
        let fixture = ledger.fixture
        try fixture.write("A.swift", Snippets.fixedView)
        try fixture.commit("good")
        try fixture.write(".dynatype.json", "{ \"disabled_rules\": [\"no_such_rule\"] }")
        let broken = try fixture.commit("typo in config")
        try fixture.write("B.swift", Snippets.view("B", font: ".system(size: 14)"))
        let regressed = try fixture.commit("a fixed font while the configuration is broken")
        try fixture.write(".dynatype.json", "{ \"severity\": {\"fixed_text_width\": \"error\"} }")
        let repaired = try fixture.commit("repair config")
        try ledger.scan()

        let record = try ledger.record(broken)
        #expect(record.status == .audited)
        #expect(record.configurationError?.contains("unknown rule id \"no_such_rule\"") == true)
        #expect(record.summary.errors == 1)
        #expect(record.summary.complianceRatio < 1)
        #expect(try ledger.changes(regressed, .introduced) == ["fixed_font_size@B.swift:7"])
        #expect(try ledger.record(regressed).configurationError != nil)
        #expect(try ledger.openRegressions().map(\.sha) == [regressed])
        // The repair changes no finding: the error stays where it was introduced.
        #expect(try ledger.changes(repaired, .introduced).isEmpty)
        #expect(try ledger.record(repaired).configurationError == nil)
        #expect(try ledger.record(repaired).summary.errors == 2)
    }

    @Test func aCommitCannotSwitchItsOwnChecksOffByDefault() throws {
        let ledger = try Ledger()
        let (regression, chore) = try ledger.regressThenConfigure(
            "{ \"disabled_rules\": [\"fixed_font_size\"], \"severity\": {\"fixed_text_width\": \"error\"} }"
        )

        let record = try ledger.record(chore)
        #expect(record.policyChange?.contains("disables fixed_font_size") == true)
        #expect(record.policyChange?.contains("ignored") == true)
        #expect(try ledger.changes(chore, .fixed).isEmpty)
        #expect(record.summary.errors == 1)
        #expect(try ledger.openRegressions().map(\.sha) == [regression])
        // What it raises does apply.
        let hash = try #require(record.configurationHash)
        let stored = try #require(try ledger.harness.store.configuration(hash: hash))
        #expect(try ProjectConfiguration(stored: stored).rules.severities[.fixedTextWidth] == .error)
    }

    @Test func findingsThatAConfigurationStopsCheckingAreNoLongerCheckedNotFixed() throws {
        let ledger = try Ledger(policy: RulePolicy(repositoryConfiguration: .full))
        let (regression, chore) = try ledger.regressThenConfigure("{ \"disabled_rules\": [\"fixed_font_size\"] }")

        let record = try ledger.record(chore)
        #expect(record.fixed == 0)
        #expect(record.unchecked == 1)
        #expect(try ledger.changes(chore, .unchecked) == ["fixed_font_size@A.swift:7"])
        #expect(record.policyChange?.contains("applied") == true)
        // Not resolved: nobody fixed it.
        #expect(try ledger.openRegressions().map(\.sha) == [regression])
    }

    @Test func anOperatorsPinnedRulesStandAgainstTheRepository() throws {
        var pinned = ProjectConfiguration()
        pinned.rules.severities[.fixedTextWidth] = .error
        let ledger = try Ledger(policy: RulePolicy(pinned: pinned, repositoryConfiguration: .tightenOnly))
        let fixture = ledger.fixture
        try fixture.write(".dynatype.json", "{ \"severity\": {\"fixed_text_width\": \"note\", \"custom_font_without_relative_style\": \"error\"} }")
        let first = try fixture.commit("relax a rule, raise another")
        try ledger.scan()
        let hash = try #require(try ledger.record(first).configurationHash)
        let stored = try #require(try ledger.harness.store.configuration(hash: hash))
        let effective = try ProjectConfiguration(stored: stored)
        #expect(effective.rules.severities[.fixedTextWidth] == .error)
        #expect(effective.rules.severities[.customFontWithoutRelativeStyle] == .error)
    }

    /// A refactor moves a view's two failing texts into an extension in a
    /// new file: nothing is introduced or fixed, the regression that
    /// brought them stays open and follows them, and blame names it.
    @Test func movedCodeIsMovedAndBlameFollowsItToItsOrigin() throws {
        let ledger = try Ledger()
        let fixture = ledger.fixture
        try fixture.write("App/Card.swift", Snippets.view("Card"))
        try fixture.commit("first")
        try fixture.write("App/Card.swift", Self.twoFixedViews)
        let regression = try fixture.commit("hardcode two sizes")
        try fixture.write("App/Card.swift", """
            import SwiftUI

            struct Card: View {
                let title: String
                var body: some View {
                    VStack {
                        heading
                        subheading
                    }
                }
            }
            """)
        try fixture.write("App/Card+Parts.swift", """
            import SwiftUI

            extension Card {
                var heading: some View { Text(title).font(.system(size: 13)) }
                var subheading: some View { Text("Sub").font(.system(size: 11)) }
            }
            """)
        let refactor = try fixture.commit("refactor: split Card")
        try ledger.scan()

        let record = try ledger.record(refactor)
        #expect(record.introduced == 0)
        #expect(record.fixed == 0)
        #expect(record.moved == 2)
        #expect(try ledger.changes(refactor, .moved) == ["fixed_font_size@App/Card+Parts.swift:4", "fixed_font_size@App/Card+Parts.swift:5"])
        #expect(record.filesNewlyFailing == 0)
        let open = try ledger.openRegressions()
        #expect(open.map(\.sha) == [regression])
        #expect(Set(open.first?.findings.map(\.path) ?? []) == ["App/Card+Parts.swift"])
        let queries = HistoryQueries(engine: ledger.harness.engine)
        #expect(try queries.blame("App/Card+Parts.swift", at: refactor).map { $0.commit?.sha } == [regression, regression])

        try fixture.write("App/Card+Parts.swift", """
            import SwiftUI

            extension Card {
                var heading: some View { Text(title).font(.headline) }
                var subheading: some View { Text("Sub").font(.caption) }
            }
            """)
        let fix = try fixture.commit("scale them")
        try ledger.scan()
        #expect(try ledger.changes(fix, .fixed).count == 2)
        #expect(try ledger.openRegressions().isEmpty)
    }

    /// A copied file's findings are new failing text (introduced), but blame
    /// names the commit that introduced the code they copy.
    @Test func blameFollowsACopiedFileToTheFindingsOrigin() throws {
        let ledger = try Ledger()
        let fixture = ledger.fixture
        let regression = try ledger.hardcodeTheCard()
        try fixture.write("App/Tile.swift", Snippets.view("Tile", font: ".system(size: 13)"))
        let copy = try fixture.commit("a tile like the card")
        try ledger.scan()
        #expect(try ledger.changes(copy, .introduced) == ["fixed_font_size@App/Tile.swift:7"])
        #expect(try ledger.harness.store.findingChanges(of: copy).first?.fromPath == "App/Card.swift")
        let queries = HistoryQueries(engine: ledger.harness.engine)
        #expect(try queries.blame("App/Tile.swift", at: copy).map { $0.commit?.sha } == [regression])
    }

    @Test func aRenameKeepsARegressionOpenUntilItsFindingIsFixed() throws {
        let ledger = try Ledger()
        let fixture = ledger.fixture
        let regression = try ledger.hardcodeTheCard()
        try fixture.git(["mv", "App/Card.swift", "App/Tile.swift"])
        try fixture.commit("rename")
        try ledger.scan()
        #expect(try ledger.openRegressions().map(\.sha) == [regression])
        #expect(try ledger.openRegressions().first?.findings.map(\.path) == ["App/Tile.swift"])
    }

    /// A backfill keeps the ledger in memory from commit to commit; read
    /// back from the history at every commit instead (a notifier per commit,
    /// as a daemon restarted each time), it must come out the same.
    @Test func aLedgerKeptThroughABackfillIsTheLedgerReadBackAtEveryCommit() throws {
        let steps: [(String, (GitFixture) throws -> Void)] = [
            ("first", { try $0.write("App/Card.swift", Snippets.view("Card")) }),
            ("hardcode the card", { try $0.write("App/Card.swift", Snippets.view("Card", font: ".system(size: 13)")) }),
            ("rename", { try $0.git(["mv", "App/Card.swift", "App/Tile.swift"]) }),
            ("fix the tile", { try $0.write("App/Tile.swift", Snippets.view("Card")) }),
            ("hardcode a badge", { try $0.write("App/Badge.swift", Snippets.view("Badge", font: ".system(size: 11)")) }),
            ("fix the badge", { try $0.write("App/Badge.swift", Snippets.view("Badge")) }),
        ]
        func ledger(scanningEachCommit: Bool) throws -> [String] {
            let ledger = try Ledger()
            var notifiers: [RegressionNotifier] = []
            for (title, change) in steps {
                try change(ledger.fixture)
                try ledger.fixture.commit(title)
                guard scanningEachCommit else { continue }
                let notifier = RegressionNotifier(repository: "app", policy: RegressionPolicy(), sinks: [], store: ledger.harness.store)
                notifiers.append(notifier)
                ledger.harness.engine.observer = notifier
                try ledger.scan()
            }
            if !scanningEachCommit { try ledger.scan() }
            let database = try SQLiteDatabase(path: ledger.fixture.folder.url.appendingPathComponent("history.sqlite").path)
            let regressions = try database.query("SELECT sha, resolved_by, findings FROM open_regressions", []) { row in
                (try row.text("sha"), try row.optionalText("resolved_by"), try row.text("findings"))
            }
            return try regressions.map { sha, resolvedBy, findings in
                let resolved = try resolvedBy.map { try ledger.record($0).title } ?? "open"
                let paths = try JSONDecoder().decode([OpenRegression.Finding].self, from: Data(findings.utf8)).map(\.path)
                return "\(try ledger.record(sha).title) → \(resolved): \(paths)"
            }.sorted()
        }
        let kept = try ledger(scanningEachCommit: false)
        #expect(kept == [#"hardcode a badge → fix the badge: ["App/Badge.swift"]"#, #"hardcode the card → fix the tile: ["App/Tile.swift"]"#])
        #expect(try ledger(scanningEachCommit: true) == kept)
    }

    /// `status`, `fleet`, the metrics and the report read one ledger.
    @Test func everyViewCountsTheSameOpenRegressionsComplianceAndFailingFiles() throws {
        let ledger = try Ledger()
        let fixture = ledger.fixture
        try fixture.write("App/Card.swift", Snippets.view("Card"))
        try fixture.write("App/Row.swift", Snippets.view("Row"))
        try fixture.commit("first")
        try fixture.write("App/Card.swift", Snippets.view("Card", font: ".system(size: 13)"))
        try fixture.commit("one regression")
        try fixture.write("App/Row.swift", Snippets.view("Row", font: ".system(size: 9)"))
        try fixture.commit("another")
        try ledger.scan()

        let store = ledger.harness.store
        let report = try HistoryQueries(engine: ledger.harness.engine).complianceHistory("HEAD", since: nil, by: nil)
        let fleet = try FleetQueries(fleet: try HistoryDatabase.sqlite(path: store.name).openFleet()).overview()
        #expect(try store.openRegressionCount() == 2)
        #expect(report.openRegressionCount == 2)
        #expect(report.openRegressions.count == 2)
        #expect(fleet.map(\.openRegressions) == [2])
        #expect(fleet.first?.latest?.summary == report.tip.summary)
        #expect(report.tip.summary.filesFailing == 2)
    }
}
