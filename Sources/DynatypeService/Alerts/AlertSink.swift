import DynatypeEngine
import DynatypeHistory
import Foundation

/// Somewhere alerts go. A failed delivery throws a message that is safe to
/// log (never a secret); the outbox retries it later.
protocol AlertSink {
    /// The outbox's name for the sink (deliveries are recorded per name).
    var name: String { get }
    func deliver(_ delivery: PendingDelivery, document: AlertDocument) throws
}

struct DeliveryError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension DaemonConfiguration.AlertSettings {
    /// The sinks of these settings, in `sinkNames` order.
    func makeSinks(environment: [String: String]) throws -> [AlertSink] {
        var sinks: [AlertSink] = []
        if let jsonl { sinks.append(JSONLinesSink(file: jsonl)) }
        if journal { sinks.append(JournalSink()) }
        if let exec { sinks.append(ExecSink(hook: exec)) }
        sinks += try webhooks.map { try WebhookSink(webhook: $0, environment: environment) }
        return sinks
    }
}
