import DynatypeHistory
import Foundation
import Testing

/// The daemon cannot be silenced or fooled by an ordinary commit: a broken
/// configuration is alerted once and audited with the last valid one, a
/// commit that switches a rule off raises `policy_weakened` instead of
/// "resolved", and moving code raises nothing.
@Suite struct DaemonTruthTests {
    @Test func aBrokenOrWeakenedConfigurationIsAlertedAndNeverReadsAsPerfect() throws {
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let regression = try DaemonTests.regress(fixture)
        try daemon.wait("the regression alert") { daemon.alertLines().count == 1 }

        try fixture.write(".dynatype.json", "{ \"disabled_rules\": [\"no_such_rule\"] }")
        let broken = try fixture.commit("typo in config")
        try fixture.write("App/Badge.swift", Snippets.view("Badge", font: ".system(size: 9)"))
        let meanwhile = try fixture.commit("a badge")
        try daemon.wait("the configuration and second regression alerts") { daemon.alertLines().count == 3 }
        let alerts = daemon.alertLines()
        #expect(alerts.map { $0["kind"] as? String } == ["regression", "configuration_invalid", "regression"])
        #expect(alerts[1]["commit"] as? String == broken)
        #expect((alerts[1]["reasons"] as? [String])?.first?.contains("unknown rule id \"no_such_rule\"") == true)
        #expect(alerts[2]["commit"] as? String == meanwhile)

        // The metrics file is rewritten after the commit is saved, maybe after its alerts went out;
        // the broken commit's metrics say `configuration_invalid` too, with one finding fewer.
        let invalid = "dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"configuration_invalid\"} 1\n"
        let both = "dynatype_findings{repository=\"app\",ref=\"refs/heads/main\",rule=\"fixed_font_size\",severity=\"error\"} 2\n"
        try daemon.wait("the metrics of the last commit") {
            let text = (try? String(contentsOf: daemon.metrics, encoding: .utf8)) ?? ""
            return text.contains(invalid) && text.contains(both)
        }
        let metrics = try String(contentsOf: daemon.metrics, encoding: .utf8)
        #expect(metrics.contains("dynatype_compliance_ratio{repository=\"app\",ref=\"refs/heads/main\"} 0\n"))
        #expect(metrics.contains("dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"configuration_invalid\"} 1\n"))
        #expect(metrics.contains(both))
        let status = try runDynatype(["status", "--config", daemon.configuration.path])
        #expect(status.stdout.contains("· configuration_invalid · 0.0% · a badge"))
        #expect(status.stdout.contains("unknown rule id \"no_such_rule\""))
        #expect(status.stdout.contains("regressions   2 open"))

        // Switching the rule off neither resolves the regressions nor lifts compliance.
        try fixture.write(".dynatype.json", "{ \"disabled_rules\": [\"fixed_font_size\"] }")
        let chore = try fixture.commit("chore: config")
        try daemon.wait("the policy alert") { daemon.alertLines().count == 4 }
        let weakened = daemon.alertLines()[3]
        #expect(weakened["kind"] as? String == "policy_weakened")
        #expect(weakened["commit"] as? String == chore)
        #expect((weakened["reasons"] as? [String])?.contains("disables fixed_font_size") == true)
        let audited = "dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"audited\"} 1\n"
        try daemon.wait("the metrics of the chore") { ((try? String(contentsOf: daemon.metrics, encoding: .utf8)) ?? "").contains(audited) }
        let after = try String(contentsOf: daemon.metrics, encoding: .utf8)
        #expect(after.contains("dynatype_compliance_ratio{repository=\"app\",ref=\"refs/heads/main\"} 0\n"))
        #expect(after.contains("dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"audited\"} 1\n"))
        #expect(after.contains("dynatype_open_regressions{repository=\"app\"} 2\n"))
        #expect(!daemon.alertLines().contains { $0["kind"] as? String == "resolved" })
        #expect(try daemon.recordedCommits().first { $0.sha == regression }?.status == .audited)
        daemon.stop()

        // The same database read by `fleet`, the report and `log` says the same.
        let fleet = try runDynatype(["fleet", "--db", daemon.database.path, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(fleet.stdout.utf8)) as? [[String: Any]], "\(fleet.stderr)")
        #expect(rows.first?["open_regressions"] as? Int == 2)
        #expect((rows.first?["summary"] as? [String: Any])?["files_failing"] as? Int == 2)
        let page = fixture.folder.url.appendingPathComponent("report.html")
        let report = try runDynatype(["report", "--html", page.path, "--db", daemon.database.path], in: fixture.url)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("data-metric=\"open_regressions\" data-value=\"2\""))
        #expect(html.contains("data-metric=\"compliance\" data-value=\"0.0000\""))
        #expect(html.components(separatedBy: "⚠ Configuration").count == 3)
        let log = try runDynatype(["log", "--db", daemon.database.path], in: fixture.url)
        #expect(log.stdout.contains("checks lowered: disables fixed_font_size"))
        #expect(log.stdout.contains("configuration invalid (audited with the last valid one)"))
    }

    @Test func movingFailingCodeIntoANewFileRaisesNothing() throws {
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        _ = try DaemonTests.regress(fixture)
        try daemon.wait("the regression alert") { daemon.alertLines().count == 1 }
        try fixture.remove("App/Card.swift")
        try fixture.write("App/Views/Card.swift", Snippets.view("Card", font: ".system(size: 13)", extra: "Text(\"more\")"))
        try fixture.commit("refactor: move the card")
        try daemon.wait("the refactor") { try daemon.recordedCommits().count == 3 }
        let refactor = try #require(try daemon.recordedCommits().last)
        #expect(refactor.introduced == 0)
        #expect(daemon.alertLines().count == 1)
        daemon.stop()
    }
}
