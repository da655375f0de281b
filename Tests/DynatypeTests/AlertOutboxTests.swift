@testable import DynatypeHistory
import Foundation
import Testing

/// The outbox's per-sink order, on a store of its own.
@Suite struct AlertOutboxTests {
    @Test func aDeliveryWaitingForItsRetryHoldsBackTheLaterAlertsOfItsSinkOnly() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteHistoryStore(path: folder.url.appendingPathComponent("history.sqlite").path)
        // Alerts without the commits they belong to.
        try store.database.execute("PRAGMA foreign_keys = OFF")
        var notifications = CommitNotifications()
        notifications.sinks = ["jsonl", "webhook:ops"]
        notifications.alerts = ["regression:a", "resolved:a"].map {
            OutboxAlert(key: $0, kind: $0.hasPrefix("regression") ? .regression : .resolved, ref: "refs/heads/main", payload: Data("{}".utf8))
        }
        try store.enqueue(notifications, commit: "a")

        let due = try store.dueDeliveries(sink: "webhook:ops")
        #expect(due.map(\.key) == ["regression:a", "resolved:a"])
        try store.markFailed(due[0], error: "connection reset", retryAt: Date().addingTimeInterval(60))
        #expect(try store.dueDeliveries(sink: "webhook:ops").isEmpty, "the resolution would overtake its regression")
        let next = try #require(try store.nextDeliveryTime(sink: "webhook:ops"))
        #expect(abs(next.timeIntervalSinceNow - 60) < 5)
        #expect(try store.dueDeliveries(sink: "jsonl").map(\.key) == ["regression:a", "resolved:a"])
    }
}
