import DynatypeHistory
import Foundation
import Testing

/// The Prometheus textfile against the daemon's other answers: after each
/// step of a scripted session, every metric says what `dynatype status
/// --format json` and the history say at that moment.
@Suite struct MetricsTests {
    /// The textfile's samples by series (`name{labels}`).
    static func samples(_ file: URL) throws -> [String: Double] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    static func status(_ daemon: DaemonHarness) throws -> [String: Any] {
        let result = try runDynatype(["status", "--config", daemon.configuration.path, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require((json["repositories"] as? [[String: Any]])?.first)
    }

    static func pendingDeliveries(_ status: [String: Any]) -> Int {
        (status["sinks"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["pending"] as? Int ?? 0) }
    }

    /// Whether the textfile has caught up with a number of audited commits and pending deliveries.
    static func fileShows(_ daemon: DaemonHarness, commits: Int, pending: Int) throws -> Bool {
        let metrics = try samples(daemon.metrics)
        return metrics["dynatype_commits_audited_total{repository=\"app\"}"] == Double(commits)
            && metrics["dynatype_alert_deliveries_pending{repository=\"app\"}"] == Double(pending)
    }

    /// Every metric that has a counterpart in status or the history.
    static func expectAgreement(_ daemon: DaemonHarness, step: String) throws {
        let metrics = try samples(daemon.metrics)
        let status = try status(daemon)
        let records = try daemon.recordedCommits()
        let last = try #require(records.last)
        let ref = "repository=\"app\",ref=\"refs/heads/main\""
        let statusRatio = (status["last_audited"] as? [String: Any])?["compliance_ratio"] as? Double
        #expect(metrics["dynatype_compliance_ratio{\(ref)}"] == statusRatio, "\(step): compliance ratio")
        #expect(metrics["dynatype_text_elements{\(ref)}"] == Double(last.summary.textElements), "\(step): text elements")
        #expect(metrics["dynatype_text_elements_passing{\(ref)}"] == Double(last.summary.textElementsPassing), "\(step): passing")
        #expect(metrics["dynatype_files_audited{\(ref)}"] == Double(last.summary.filesAudited), "\(step): files audited")
        #expect(metrics["dynatype_files_failing{\(ref)}"] == Double(last.summary.filesFailing), "\(step): files failing")
        #expect(metrics["dynatype_commits_audited_total{repository=\"app\"}"] == Double(records.count), "\(step): commits audited")
        #expect(metrics["dynatype_commits_failed_total{repository=\"app\"}"] == 0, "\(step): commits failed")
        #expect(metrics["dynatype_alert_deliveries_pending{repository=\"app\"}"] == Double(pendingDeliveries(status)), "\(step): pending")
        let infoKey = "dynatype_last_commit_info{\(ref),commit=\"\(last.sha)\",status=\"audited\"}"
        #expect(metrics[infoKey] == 1, "\(step): last commit info")
        let fixedFontSize = "dynatype_findings{\(ref),rule=\"fixed_font_size\",severity=\"error\"}"
        #expect(metrics[fixedFontSize] == Double(last.summary.findingsByRule["fixed_font_size"] ?? 0), "\(step): findings")
    }

    /// An exec sink that fails until the test opens its gate, so deliveries
    /// stay pending exactly as long as the test wants.
    static func gatedDaemon(_ fixture: GitFixture) throws -> (DaemonHarness, gate: URL) {
        let gate = fixture.folder.url.appendingPathComponent("gate-open")
        let hook = #", "exec": { "command": ["/bin/sh", "-c", "test -f '\#(gate.path)'"] }, "retry_maximum_seconds": 0.4"#
        return (try DaemonHarness(fixture: fixture, alertSettings: hook), gate)
    }

    @Test func everyMetricAgreesWithStatusAfterEachStep() throws {
        let fixture = try DaemonTests.repository()
        let (daemon, gate) = try Self.gatedDaemon(fixture)
        try daemon.start()
        try daemon.wait("the first metrics file") {
            try FileManager.default.fileExists(atPath: daemon.metrics.path) && Self.fileShows(daemon, commits: 1, pending: 0)
        }
        try Self.expectAgreement(daemon, step: "start")

        _ = try DaemonTests.regress(fixture)
        try daemon.wait("the regression, pending on the closed hook") {
            let pending = Self.pendingDeliveries(try Self.status(daemon))
            return daemon.alertLines().count == 1 && pending == 1
        }
        // The textfile is written after the history records the commit.
        try daemon.wait("the metrics file after the regression") { try Self.fileShows(daemon, commits: 2, pending: 1) }
        try Self.expectAgreement(daemon, step: "regression pending")

        // The outbox drains with no new commit: the file must follow it.
        try Data().write(to: gate)
        try daemon.wait("the delivery") { Self.pendingDeliveries(try Self.status(daemon)) == 0 }
        try daemon.wait("the metrics file after the delivery") { try Self.fileShows(daemon, commits: 2, pending: 0) }
        try Self.expectAgreement(daemon, step: "drained")

        try DaemonTests.fix(fixture)
        try daemon.wait("the resolution delivered") {
            let pending = Self.pendingDeliveries(try Self.status(daemon))
            return daemon.alertLines().count == 2 && pending == 0
        }
        try daemon.wait("the metrics file after the resolution") { try Self.fileShows(daemon, commits: 3, pending: 0) }
        try Self.expectAgreement(daemon, step: "fixed")
        #expect(daemon.stop() == 0)
    }

    @Test func aRuleWhoseFindingsAreFixedReportsZeroInsteadOfVanishing() throws {
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        _ = try DaemonTests.regress(fixture)
        let series = "dynatype_findings{repository=\"app\",ref=\"refs/heads/main\",rule=\"fixed_font_size\",severity=\"error\"}"
        try daemon.wait("the finding") { try Self.samples(daemon.metrics)[series] == 1 }
        try DaemonTests.fix(fixture)
        try daemon.wait("the fix") { try daemon.recordedCommits().count == 3 }
        try daemon.wait("the metrics of the fix") { try Self.samples(daemon.metrics)[series] == 0 }
        #expect(daemon.stop() == 0)
    }
}
