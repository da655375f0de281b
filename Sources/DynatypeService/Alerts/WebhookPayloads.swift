import DynatypeEngine
import DynatypeHistory
import DynatypeRules
import Foundation

/// The bodies a webhook can receive: the alert document itself, a Slack
/// incoming-webhook message, or an Alertmanager webhook (version 4) body.
enum WebhookPayload {
    /// `commitLink`: the commit's web page, which chat messages link and
    /// Alertmanager gives as the alert's generator.
    static func body(_ document: AlertDocument, raw: Data, format: DaemonConfiguration.Webhook.Format, commitLink: String? = nil) throws -> Data {
        switch format {
        case .generic: return raw
        case .slack: return try JSONSerialization.data(withJSONObject: slack(document, commitLink: commitLink), options: [.sortedKeys])
        case .alertmanager:
            return try JSONSerialization.data(withJSONObject: alertmanager(document, commitLink: commitLink), options: [.sortedKeys])
        }
    }

    private static func line(_ item: FindingChange) -> String {
        "• `\(item.rule)` \(item.path):\(item.line) — \(item.message)\n    fix: \(item.fix)"
    }

    static func slack(_ document: AlertDocument, commitLink: String? = nil) -> [String: Any] {
        let commit = commitLink.map { "<\($0)|\(document.commit.prefix(10))> " } ?? ""
        var blocks: [[String: Any]] = [["type": "section", "text": ["type": "mrkdwn", "text": "*\(document.headline)*\n\(commit)\(document.title)"]]]
        let (heading, items): (String, [FindingChange])
        switch document.kind {
        case .regression: (heading, items) = ("Introduced", document.introduced)
        case .resolved: (heading, items) = ("Fixed", document.fixed)
        case .policyWeakened, .configurationInvalid: (heading, items) = ("No longer checked", document.noLongerChecked ?? [])
        }
        if !items.isEmpty {
            let shown = items.prefix(10).map(line).joined(separator: "\n")
            let more = items.count > 10 ? "\n…and \(items.count - 10) more" : ""
            blocks.append(["type": "section", "text": ["type": "mrkdwn", "text": "*\(heading)*\n\(shown)\(more)"]])
        }
        return ["text": document.headline, "blocks": blocks]
    }

    /// One alert per regression: its resolution has the same fingerprint, so
    /// Alertmanager (and what reads its webhooks) closes it. A configuration
    /// alert is an alert of its own name that fires once.
    static func alertmanager(_ document: AlertDocument, commitLink: String? = nil) -> [String: Any] {
        let regression = document.regression ?? document.commit
        let firing = document.kind != .resolved
        let name: String
        switch document.kind {
        case .regression, .resolved: name = "DynamicTypeRegression"
        case .configurationInvalid: name = "DynamicTypeConfigurationInvalid"
        case .policyWeakened: name = "DynamicTypePolicyWeakened"
        }
        let labels: [String: String] = ["alertname": name, "repository": document.repository, "ref": document.ref, "severity": "warning"]
        let items = firing ? document.introduced : document.fixed
        let annotations: [String: String] = [
            "summary": document.headline,
            "description": items.prefix(20).map { "\($0.rule) \($0.path):\($0.line) — \($0.message) (fix: \($0.fix))" }.joined(separator: "\n"),
            "commit": document.commit, "regression_commit": regression, "author": document.author.name,
            "ratio_before": String(format: "%.4f", document.ratioBefore), "ratio_after": String(format: "%.4f", document.ratioAfter),
        ]
        // A regression's fingerprint is as it always was, so one raised before an upgrade still closes.
        let scope = firing && document.kind != .regression ? "\(name)|" : ""
        let fingerprint = String(format: "%016llx", Fingerprint.fnv1a("\(scope)\(document.repository)|\(document.ref)|\(regression)"))
        let alert: [String: Any] = [
            "status": firing ? "firing" : "resolved", "labels": labels, "annotations": annotations,
            "startsAt": document.committedAt.formatted(.iso8601),
            "endsAt": firing ? "0001-01-01T00:00:00Z" : Date().formatted(.iso8601),
            "generatorURL": commitLink ?? "", "fingerprint": fingerprint,
        ]
        return [
            "version": "4", "groupKey": "{}:{repository=\"\(document.repository)\",ref=\"\(document.ref)\"}", "truncatedAlerts": 0,
            "status": firing ? "firing" : "resolved", "receiver": "dynatype", "groupLabels": ["repository": document.repository],
            "commonLabels": labels, "commonAnnotations": annotations, "externalURL": "", "alerts": [alert],
        ]
    }
}
