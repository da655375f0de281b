@testable import DynatypeEngine
import DynatypeHistory
import DynatypeRules
@testable import DynatypeService
import Foundation
import Testing

/// The daemon's pieces on their own: configuration defaults, metric names,
/// webhook payload shapes.
@Suite struct DaemonUnitTests {
    @Test func configurationDefaultsAndRelativePaths() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("conf/daemon.json", """
            // comments are allowed
            { "repositories": [{ "path": "../repos/App.git", "alerts": { "jsonl": "out/alerts.jsonl",
              "webhooks": [{ "url": "https://example.com/hook", "format": "alertmanager" }] } }], }
            """)
        let configuration = try DaemonConfiguration(file: file.path, environment: [:])
        let repository = try #require(configuration.repositories.first)
        #expect(repository.name == "App")
        #expect(repository.path.path == folder.url.appendingPathComponent("repos/App.git").standardizedFileURL.path)
        #expect(repository.refs == ["HEAD"])
        #expect(repository.policy == RegressionPolicy())
        #expect(repository.alerts.jsonl == folder.url.appendingPathComponent("conf/out/alerts.jsonl").standardizedFileURL.path)
        #expect(repository.alerts.sinkNames == ["jsonl", "journal", "webhook:webhook-1"])
        #expect(configuration.pollSeconds == 30 && configuration.debounceMilliseconds == 200)
        let state = repository.historyDatabase(environment: ["STATE_DIRECTORY": "/var/lib/dynatype/ios"])
        #expect(state == .sqlite(path: "/var/lib/dynatype/ios/App.sqlite"))
        // Outside systemd: the XDG state directory, never the watched repository.
        #expect(repository.historyDatabase(environment: ["HOME": "/home/ci"]) == .sqlite(path: "/home/ci/.local/state/dynatype/App.sqlite"))
        #expect(repository.historyDatabase(environment: ["XDG_STATE_HOME": "/srv/state"]) == .sqlite(path: "/srv/state/dynatype/App.sqlite"))
    }

    @Test(arguments: [
        ("\"secret\": \"x\"", "\"repositories[0].alerts.webhooks[0].secret_header\": is required with a secret"),
        ("\"secret_header\": \"X-Token\"", "\"repositories[0].alerts.webhooks[0].secret_header\": needs secret, secret_file or secret_env"),
        ("\"secret_header\": \"X-Token\", \"secret\": \"a\", \"secret_env\": \"B\"", "give only one of secret, secret_file and secret_env"),
        ("\"format\": \"teams\"", "must be one of generic, slack, alertmanager"),
        ("\"secret_header\": \"X-Token\\r\\nX-Injected: 1\", \"secret\": \"a\"", "\"repositories[0].alerts.webhooks[0].secret_header\": must be a header name"),
    ])
    func webhookSecretsAndFormatsAreChecked(extra: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("daemon.json", """
            { "repositories": [{ "path": "/srv/app", "alerts": { "webhooks": [{ "url": "https://example.com/", \(extra) }] } }] }
            """)
        #expect {
            try DaemonConfiguration(file: file.path, environment: [:])
        } throws: { error in
            "\(error)".contains(message)
        }
    }
    @Test func aSecretWithALineBreakIsRefused() throws {
        let webhook = DaemonConfiguration.Webhook(
            name: "ops", url: URL(string: "https://example.com/")!, format: .generic, timeout: 1, secretHeader: "Authorization",
            secretSource: .value("Bearer x\r\nX-Injected: 1")
        )
        #expect {
            try WebhookSink(webhook: webhook, environment: [:])
        } throws: { error in
            "\(error)".contains("control character")
        }
    }


    static let document = AlertDocument(
        id: "app:regression:abc", kind: .regression, repository: "app", ref: "refs/heads/main", commit: String(repeating: "a", count: 40),
        base: String(repeating: "b", count: 40), title: "Hardcode", author: .init(name: "Jane", email: "jane@example.com"),
        committedAt: Date(timeIntervalSince1970: 1_700_000_000), ratioBefore: 1, ratioAfter: 0.5, reasons: ["introduced 1 finding"],
        introduced: [], fixed: [], regression: nil
    )

    @Test func alertmanagerBodiesPairARegressionWithItsResolution() throws {
        let firing = WebhookPayload.alertmanager(Self.document)
        #expect(firing["version"] as? String == "4")
        #expect(firing["status"] as? String == "firing")
        let alert = try #require((firing["alerts"] as? [[String: Any]])?.first)
        #expect((alert["labels"] as? [String: String])?["alertname"] == "DynamicTypeRegression")
        #expect(alert["endsAt"] as? String == "0001-01-01T00:00:00Z")
        let resolution = AlertDocument(
            id: "app:resolved:\(Self.document.commit)", kind: .resolved, repository: "app", ref: "refs/heads/main",
            commit: String(repeating: "c", count: 40), base: Self.document.commit, title: "Fix", author: Self.document.author,
            committedAt: Date(), ratioBefore: 0.5, ratioAfter: 1, reasons: [], introduced: [], fixed: [], regression: Self.document.commit
        )
        let resolved = WebhookPayload.alertmanager(resolution)
        #expect(resolved["status"] as? String == "resolved")
        let closing = try #require((resolved["alerts"] as? [[String: Any]])?.first)
        #expect(closing["fingerprint"] as? String == alert["fingerprint"] as? String)

        let slack = WebhookPayload.slack(Self.document)
        #expect((slack["text"] as? String)?.hasPrefix("Dynamic Type regression in app") == true)
        #expect((slack["blocks"] as? [[String: Any]])?.isEmpty == false)
    }

    /// With the repository's commit page configured, chat messages link the
    /// commit and Alertmanager names it as the alert's source.
    @Test func alertsLinkTheCommitWhenItsWebPageIsConfigured() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("daemon.json", """
            {"repositories": [{"path": "/srv/app", "alerts": {"commit_url": "https://github.com/org/app/commit/{commit}",
              "webhooks": [{"name": "chat", "url": "https://hooks.example.com/x", "format": "slack"}]}}]}
            """)
        let configuration = try DaemonConfiguration(file: file.path, environment: [:])
        let template = try #require(configuration.repositories.first?.alerts.commitURL)
        let link = template.replacingOccurrences(of: "{commit}", with: Self.document.commit)
        let slack = try JSONSerialization.jsonObject(
            with: try WebhookPayload.body(Self.document, raw: Data(), format: .slack, commitLink: link)
        ) as? [String: Any]
        let first = (slack?["blocks"] as? [[String: Any]])?.first?["text"] as? [String: Any]
        #expect((first?["text"] as? String)?.contains("<https://github.com/org/app/commit/\(Self.document.commit)|\(Self.document.commit.prefix(10))>") == true)
        let alert = (WebhookPayload.alertmanager(Self.document, commitLink: link)["alerts"] as? [[String: Any]])?.first
        #expect(alert?["generatorURL"] as? String == link)

        let bad = try folder.write("bad.json", """
            {"repositories": [{"path": "/srv/app", "alerts": {"commit_url": "https://github.com/org/app/commit/"}}]}
            """)
        #expect { try DaemonConfiguration(file: bad.path, environment: [:]) } throws: { "\($0)".contains("commit_url") && "\($0)".contains("{commit}") }
    }

    @Test func metricsFollowPrometheusNamingAndKeepShasInInfoOnly() throws {
        var summary = AuditSummary()
        summary.textElements = 4
        summary.textElementsPassing = 3
        summary.findingsByRule = ["fixed_font_size": 1]
        let record = CommitRecord(
            sha: String(repeating: "d", count: 40), parent: nil, base: nil, status: .audited, isBaseline: true, authorName: "Jane",
            authorEmail: "j@x", committedAt: Date(), title: "t", configurationHash: nil, summary: summary, introduced: 0, fixed: 0,
            durationSeconds: 0.25, auditedAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
        let text = MetricsWriter.render(MetricsSnapshot(
            repository: "app", refs: [.init(ref: "refs/heads/main", record: record)], outcomes: ["refs/heads/main": .configurationInvalid],
            commitsAudited: 3, commitsFailed: 0, findingsNoLongerChecked: 4,
            alerts: [.regression: 2], pendingDeliveries: 1, openRegressions: 1, lastAuditSeconds: 0.25
        ))
        #expect(text.contains("dynatype_compliance_ratio{repository=\"app\",ref=\"refs/heads/main\"} 0.75\n"))
        #expect(text.contains("dynatype_findings{repository=\"app\",ref=\"refs/heads/main\",rule=\"fixed_font_size\",severity=\"error\"} 1\n"))
        #expect(text.contains("dynatype_alerts_total{repository=\"app\",kind=\"resolved\"} 0\n"))
        #expect(text.contains("dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"configuration_invalid\"} 1\n"))
        #expect(text.contains("dynatype_last_commit_status{repository=\"app\",ref=\"refs/heads/main\",status=\"audited\"} 0\n"))
        #expect(text.contains("dynatype_findings_no_longer_checked_total{repository=\"app\"} 4\n"))
        #expect(text.contains("dynatype_open_regressions{repository=\"app\"} 1\n"))
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# TYPE") {
                let parts = line.split(separator: " ")
                #expect(parts[2].hasPrefix("dynatype_"))
                #expect((parts[3] == "counter") == parts[2].hasSuffix("_total"), "\(line)")
            } else if !line.hasPrefix("#") {
                #expect(!line.contains(record.sha) || line.hasPrefix("dynatype_last_commit_info"), "\(line)")
            }
        }
    }
}
