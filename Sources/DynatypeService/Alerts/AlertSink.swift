import DynatypeEngine
import DynatypeHistory
import Foundation

/// Somewhere alerts go. A failed delivery throws a message that is safe to
/// log (never a secret); the outbox retries it later. A delivery that can
/// take long (a hook, a webhook) gives up soon after `cancellation` is set:
/// the daemon is stopping, and the delivery is retried after the restart.
protocol AlertSink {
    /// The outbox's name for the sink (deliveries are recorded per name).
    var name: String { get }
    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws
}

/// Set once when the deliveries in flight are to be abandoned.
final class DeliveryCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
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
        sinks += try webhooks.map { try WebhookSink(webhook: $0, commitURL: commitURL, environment: environment) }
        return sinks
    }
}
