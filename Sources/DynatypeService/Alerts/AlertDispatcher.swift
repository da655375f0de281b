import DynatypeEngine
import DynatypeHistory
import Foundation

/// Delivers a repository's outbox on a thread of its own (with its own
/// database connection), so a slow webhook never delays an audit. Each sink
/// gets its alerts in order: after a failure, that sink's later alerts wait
/// for the retry, which backs off exponentially.
final class AlertDispatcher: @unchecked Sendable {
    private let database: String
    private let repository: String
    private let sinks: [AlertSink]
    private let retryInitial: Double
    private let retryMaximum: Double
    private let condition = NSCondition()
    private var woken = false
    private var stopping = false
    private var finished = false

    init(database: String, repository: String, sinks: [AlertSink], settings: DaemonConfiguration.AlertSettings) {
        self.database = database
        self.repository = repository
        self.sinks = sinks
        retryInitial = settings.retryInitial
        retryMaximum = settings.retryMaximum
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "dynatype-alerts-\(repository)"
        thread.start()
    }

    /// New alerts were queued.
    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// Finishes the delivery in progress (bounded by the sinks' timeouts) and stops.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func run() {
        defer {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        let store: SQLiteHistoryStore
        do {
            store = try SQLiteHistoryStore(path: database)
        } catch {
            Journal.error("\(repository): alerts cannot be delivered: \(error)")
            return
        }
        let names = sinks.map(\.name)
        while !isStopping {
            var next: Date?
            do {
                try deliverDue(store)
                next = try store.nextDeliveryTime(sinks: names)
            } catch {
                Journal.error("\(repository): the alert outbox cannot be read: \(error)")
                next = Date().addingTimeInterval(retryMaximum)
            }
            condition.lock()
            if !woken, !stopping {
                _ = condition.wait(until: min(next ?? .distantFuture, Date().addingTimeInterval(60)))
            }
            woken = false
            condition.unlock()
        }
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    private func deliverDue(_ store: SQLiteHistoryStore) throws {
        var blocked = Set<String>()
        for delivery in try store.dueDeliveries(sinks: sinks.map(\.name)) where !blocked.contains(delivery.sink) {
            if isStopping { return }
            guard let sink = sinks.first(where: { $0.name == delivery.sink }) else { continue }
            do {
                let document = try AlertDocument.decoder.decode(AlertDocument.self, from: delivery.payload)
                try sink.deliver(delivery, document: document)
                try store.markDelivered(delivery)
            } catch {
                blocked.insert(delivery.sink)
                let delay = min(retryMaximum, retryInitial * pow(2, Double(min(delivery.attempts, 30))))
                try store.markFailed(delivery, error: "\(error)", retryAt: Date().addingTimeInterval(delay))
                Journal.warning("\(repository): alert \(delivery.key) not delivered to \(delivery.sink) (attempt \(delivery.attempts + 1)): \(error); retrying in \(Int(delay.rounded())) s")
            }
        }
    }
}
