import Foundation

/// The alert outbox in SQLite. Alerts are queued in their commit's
/// transaction, one delivery row per sink; sinks mark rows delivered or
/// failed (with the time of the next attempt), so a restart resumes exactly
/// where deliveries stood.
extension SQLiteHistoryStore {
    /// Called inside `save`'s transaction.
    func enqueue(_ notifications: CommitNotifications, commit sha: String) throws {
        let now = Date().timeIntervalSince1970
        for alert in notifications.alerts {
            try database.run(
                "INSERT OR IGNORE INTO alerts (key, sha, kind, ref, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [.text(alert.key), .text(sha), .text(alert.kind.rawValue), .text(alert.ref), .text(String(decoding: alert.payload, as: UTF8.self)), .integer(Int64(now))]
            )
            guard let id = try rows("SELECT id FROM alerts WHERE key = ?", [.text(alert.key)], { Int64(try $0.int("id")) }).first else { continue }
            for sink in notifications.sinks {
                try database.run(
                    "INSERT OR IGNORE INTO alert_deliveries (alert_id, sink, next_attempt_at) VALUES (?, ?, ?)",
                    [.integer(id), .text(sink), .real(now)]
                )
            }
        }
        for regression in notifications.opened {
            try database.run(
                "INSERT OR REPLACE INTO open_regressions (sha, ref, findings, failing_paths, ratio_before) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(regression.sha), .text(regression.ref), .text(try json(regression.findings)), .text(try json(regression.failingPaths)),
                    .real(regression.ratioBefore),
                ]
            )
        }
        for resolved in notifications.resolved {
            try database.run("DELETE FROM open_regressions WHERE sha = ?", [.text(resolved)])
        }
    }

    private func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try JSONEncoder().encode(value), as: UTF8.self) }

    public func openRegressions(ref: String) throws -> [OpenRegression] {
        try rows(
            """
            SELECT o.sha, o.findings, o.failing_paths, o.ratio_before FROM open_regressions o JOIN commits c ON c.sha = o.sha
            WHERE o.ref = ? ORDER BY c.seq
            """,
            [.text(ref)]
        ) { row in
            OpenRegression(
                sha: try row.text("sha"), ref: ref, findings: try row.json("findings"), failingPaths: try row.json("failing_paths"),
                ratioBefore: try row.double("ratio_before")
            )
        }
    }

    /// The deliveries owed to `sink` that are due now, oldest alert first,
    /// stopping before the first one that is not: an alert waiting for a
    /// retry holds back the later ones, so a sink gets its alerts in order.
    public func dueDeliveries(sink: String, now: Date = Date(), limit: Int = 100) throws -> [PendingDelivery] {
        let now = SQLValue.real(now.timeIntervalSince1970)
        return try rows(
            """
            SELECT a.id, a.key, a.kind, d.sink, a.payload, d.attempts FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
            WHERE d.sink = ? AND d.delivered_at IS NULL AND d.next_attempt_at <= ?
              AND NOT EXISTS (
                SELECT 1 FROM alert_deliveries e
                WHERE e.sink = d.sink AND e.delivered_at IS NULL AND e.alert_id < d.alert_id AND e.next_attempt_at > ?
              )
            ORDER BY a.id LIMIT ?
            """,
            [.text(sink), now, now, .integer(Int64(limit))]
        ) { row in
            PendingDelivery(
                alertID: Int64(try row.int("id")), key: try row.text("key"), kind: try row.value("kind"), sink: try row.text("sink"),
                payload: Data(try row.text("payload").utf8), attempts: try row.int("attempts")
            )
        }
    }

    /// When the oldest delivery owed to `sink` falls due (nil: none pending);
    /// the later ones wait for it.
    public func nextDeliveryTime(sink: String) throws -> Date? {
        try rows(
            "SELECT next_attempt_at FROM alert_deliveries WHERE sink = ? AND delivered_at IS NULL ORDER BY alert_id LIMIT 1",
            [.text(sink)]
        ) { Date(timeIntervalSince1970: try $0.double("next_attempt_at")) }.first
    }

    public func markDelivered(_ delivery: PendingDelivery) throws {
        try database.run(
            "UPDATE alert_deliveries SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE alert_id = ? AND sink = ?",
            [.integer(Int64(Date().timeIntervalSince1970)), .integer(delivery.alertID), .text(delivery.sink)]
        )
    }

    public func markFailed(_ delivery: PendingDelivery, error: String, retryAt: Date) throws {
        try database.run(
            "UPDATE alert_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE alert_id = ? AND sink = ?",
            [.text(error), .real(retryAt.timeIntervalSince1970), .integer(delivery.alertID), .text(delivery.sink)]
        )
    }

    public func outboxStatus(sinks: [String]) throws -> OutboxStatus {
        var pending: [String: Int] = [:]
        var failing: [String: (attempts: Int, error: String)] = [:]
        try rows(
            "SELECT sink, COUNT(*) AS count, MAX(attempts) AS attempts, MAX(last_error) AS last_error FROM alert_deliveries WHERE delivered_at IS NULL GROUP BY sink"
        ) { row in (try row.text("sink"), try row.int("count"), try row.int("attempts"), try row.optionalText("last_error")) }
            .filter { sinks.contains($0.0) }
            .forEach { sink, count, attempts, error in
                pending[sink] = count
                if let error, attempts > 0 { failing[sink] = (attempts, error) }
            }
        let last = try rows("SELECT key, kind, sha, created_at FROM alerts ORDER BY id DESC LIMIT 1") { row in
            (key: try row.text("key"), kind: try row.value("kind", as: OutboxAlert.Kind.self), commit: try row.text("sha"),
             createdAt: Date(timeIntervalSince1970: TimeInterval(try row.int("created_at"))))
        }.first
        var byKind: [OutboxAlert.Kind: Int] = [:]
        try rows("SELECT kind, COUNT(*) AS count FROM alerts GROUP BY kind") { (try $0.value("kind", as: OutboxAlert.Kind.self), try $0.int("count")) }
            .forEach { kind, count in byKind[kind] = count }
        return OutboxStatus(pending: pending, failing: failing, lastAlert: last, alertsByKind: byKind)
    }
}
