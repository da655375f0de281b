import DynatypeEngine
import DynatypeHistory
import Foundation

/// Delivers a repository's outbox off the audit thread, one delivery loop
/// per sink (each a thread with its own database connection): a webhook or
/// hook that hangs delays its own alerts only, never the JSON Lines file or
/// the journal, and never an audit.
final class AlertDispatcher {
    private let repository: String
    private let loops: [SinkDeliveryLoop]
    private let cancellation = DeliveryCancellation()

    /// How long `stop` waits for deliveries in flight once told to abandon them.
    static let stopGrace = 5.0

    /// `outboxChanged` is told after each delivery is recorded (delivered or
    /// failed), from a delivery thread.
    init(
        database: HistoryDatabase, identity: RepositoryIdentity, sinks: [AlertSink], settings: DaemonConfiguration.AlertSettings,
        outboxChanged: WakeupPipe
    ) {
        repository = identity.name
        let backoff = RetryBackoff(initial: settings.retryInitial, maximum: settings.retryMaximum)
        loops = sinks.map { [cancellation] sink in
            SinkDeliveryLoop(
                database: database, identity: identity, sink: sink, backoff: backoff, cancellation: cancellation,
                outboxChanged: outboxChanged
            )
        }
    }

    func start() {
        for loop in loops { loop.start() }
    }

    /// New alerts were queued.
    func wake() {
        for loop in loops { loop.wake() }
    }

    /// Abandons the deliveries in flight (a hook's process group is stopped,
    /// a webhook request cancelled) and ends the loops after them.
    func cancel() {
        cancellation.cancel()
        wake()
    }

    /// Waits for the loops to end after `cancel`, until `deadline` at most.
    /// A delivery still running then is left behind; it was not recorded, so
    /// it is made again after the restart.
    func waitUntilStopped(before deadline: Date) {
        for loop in loops where !loop.waitUntilFinished(before: deadline) {
            Journal.warning("\(repository): a delivery to \(loop.sinkName) is still in progress; it will be made again after the restart")
        }
    }
}

/// The deliveries owed to one sink, in alert order: after a failure the
/// sink's later alerts wait for the retry, which backs off exponentially.
private final class SinkDeliveryLoop: @unchecked Sendable {
    private let database: HistoryDatabase
    private let identity: RepositoryIdentity
    private let sink: AlertSink
    private let backoff: RetryBackoff
    private let cancellation: DeliveryCancellation
    private let outboxChanged: WakeupPipe
    private let condition = NSCondition()
    private var woken = false
    private var finished = false

    init(
        database: HistoryDatabase, identity: RepositoryIdentity, sink: AlertSink, backoff: RetryBackoff, cancellation: DeliveryCancellation,
        outboxChanged: WakeupPipe
    ) {
        self.database = database
        self.identity = identity
        self.sink = sink
        self.backoff = backoff
        self.cancellation = cancellation
        self.outboxChanged = outboxChanged
    }

    var sinkName: String { sink.name }
    private var repository: String { identity.name }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "dynatype-alerts-\(repository)-\(sink.name)"
        thread.start()
    }

    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// Whether the loop ended before `deadline`.
    func waitUntilFinished(before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !finished, condition.wait(until: deadline) {}
        return finished
    }

    private func run() {
        defer {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        let store: SQLHistoryStore
        do {
            store = try database.openForReading(identity)
        } catch {
            Journal.error("\(repository): alerts cannot be delivered to \(sink.name): \(error)")
            return
        }
        while !cancellation.isCancelled {
            var next: Date?
            do {
                try deliverDue(store)
                next = try store.nextDeliveryTime(sink: sink.name)
            } catch {
                Journal.error("\(repository): the alert outbox cannot be read: \(error)")
                next = backoff.date(afterDelay: backoff.maximum)
            }
            condition.lock()
            if !woken, !cancellation.isCancelled {
                _ = condition.wait(until: min(next ?? .distantFuture, Date().addingTimeInterval(60)))
            }
            woken = false
            condition.unlock()
        }
    }

    private func deliverDue(_ store: SQLHistoryStore) throws {
        while !cancellation.isCancelled, let outcome = try store.deliverNext(sink: sink.name, deliver) {
            if outcome != .abandoned { outboxChanged.signal() }
            guard outcome == .delivered else { return }
        }
    }

    /// One delivery; a failure is logged and its retry scheduled.
    private func deliver(_ delivery: PendingDelivery) -> DeliveryOutcome {
        do {
            let document = try AlertDocument.decoder.decode(AlertDocument.self, from: delivery.payload)
            try sink.deliver(delivery, document: document, cancellation: cancellation)
        } catch {
            if cancellation.isCancelled { return .abandoned }
            let delay = backoff.delay(afterAttempts: delivery.attempts + 1)
            Journal.warning("\(repository): alert \(delivery.key) not delivered to \(delivery.sink) (attempt \(delivery.attempts + 1)): \(error); retrying in \(RetryBackoff.describe(delay))")
            return .failed(error: "\(error)", retryAt: backoff.date(afterDelay: delay))
        }
        return .delivered
    }
}

/// Exponential backoff between delivery attempts. It saturates: whatever
/// the configured numbers (1e300, infinity), a delay is a finite number of
/// seconds no longer than `longestDelay`, so no date or integer arithmetic
/// on it can trap.
struct RetryBackoff: Sendable {
    let initial: Double
    let maximum: Double

    /// Longer than anyone waits for an alert; short enough for any arithmetic.
    static let longestDelay = 366.0 * 86_400

    init(initial: Double, maximum: Double) {
        self.initial = Self.saturated(initial)
        self.maximum = Self.saturated(maximum)
    }

    /// The wait after the `attempts`-th failed attempt: `initial`, doubling, up to `maximum`.
    func delay(afterAttempts attempts: Int) -> Double {
        let doublings = Double(min(max(attempts - 1, 0), 30))
        return Self.saturated(min(maximum, initial * pow(2, doublings)))
    }

    func date(afterDelay delay: Double) -> Date {
        Date().addingTimeInterval(Self.saturated(delay))
    }

    /// "12 s", for log lines.
    static func describe(_ delay: Double) -> String {
        "\(Int(saturated(delay).rounded())) s"
    }

    private static func saturated(_ seconds: Double) -> Double {
        seconds.isNaN ? longestDelay : min(max(seconds, 0), longestDelay)
    }
}
