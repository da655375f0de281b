import Foundation

/// The alert outbox. Alerts are queued in their commit's transaction, one
/// delivery row per sink; a sink's deliveries are made oldest first, each
/// recorded as delivered or failed (with the time of the next attempt), so
/// a restart resumes exactly where deliveries stood.
extension SQLHistoryStore {
    /// Called inside `save`'s transaction.
    func enqueue(_ notifications: CommitNotifications, commit sha: String) throws {
        let now = Date()
        for alert in notifications.alerts {
            try connection.insert(into: "alerts", [
                "repository_id": repository, "key": .text(alert.key), "sha": .text(sha), "kind": .text(alert.kind.rawValue),
                "ref": .text(alert.ref), "payload": .text(String(decoding: alert.payload, as: UTF8.self)), "created_at": .seconds(now),
            ], suffix: " ON CONFLICT DO NOTHING")
            guard let id = try rows("SELECT id FROM alerts WHERE repository_id = ? AND key = ?", [repository, .text(alert.key)], { Int64(try $0.int("id")) }).first else { continue }
            for sink in notifications.sinks {
                try connection.run(
                    "INSERT INTO alert_deliveries (alert_id, sink, next_attempt_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    [.integer(id), .text(sink), .real(now.timeIntervalSince1970)]
                )
            }
        }
        for regression in notifications.opened + notifications.moved {
            try connection.insert(into: "open_regressions", [
                "repository_id": repository, "sha": .text(regression.sha), "ref": .text(regression.ref),
                "findings": .text(try storedJSON(regression.findings)), "failing_paths": .text(try storedJSON(regression.failingPaths)),
                "ratio_before": .real(regression.ratioBefore),
            ], suffix: """
                 ON CONFLICT (repository_id, sha) DO UPDATE SET ref = excluded.ref, findings = excluded.findings,
                    failing_paths = excluded.failing_paths, ratio_before = excluded.ratio_before
                """)
        }
        for resolved in notifications.resolved {
            try connection.run(
                "UPDATE open_regressions SET resolved_by = ? WHERE repository_id = ? AND sha = ?", [.text(sha), repository, .text(resolved)]
            )
        }
    }

    public func openRegressions(ref: String) throws -> [OpenRegression] {
        try rows(
            """
            SELECT o.sha, o.findings, o.failing_paths, o.ratio_before FROM open_regressions o
            JOIN commits c ON c.repository_id = o.repository_id AND c.sha = o.sha
            WHERE o.repository_id = ? AND o.ref = ? AND o.resolved_by IS NULL ORDER BY c.seq
            """,
            [repository, .text(ref)]
        ) { row in
            OpenRegression(
                sha: try row.text("sha"), ref: ref, findings: try row.json("findings"), failingPaths: try row.json("failing_paths"),
                ratioBefore: try row.double("ratio_before")
            )
        }
    }

    /// Every regression the ledger holds for a ref, with the commit that resolved it (nil: still open).
    public func regressionLedger(ref: String) throws -> [String: String?] {
        Dictionary(uniqueKeysWithValues: try rows(
            "SELECT sha, resolved_by FROM open_regressions WHERE repository_id = ? AND ref = ?", [repository, .text(ref)]
        ) { (try $0.text("sha"), try $0.optionalText("resolved_by")) })
    }

    /// Regressions not yet resolved, on every ref: the one count that
    /// `status`, `fleet`, metrics and the report show.
    public func openRegressionCount() throws -> Int {
        try rows("SELECT COUNT(*) AS count FROM open_regressions WHERE repository_id = ? AND resolved_by IS NULL", [repository]) {
            try $0.int("count")
        }.first ?? 0
    }

    /// Makes the oldest delivery owed to `sink`, if it is due, and records
    /// what became of it; nil when none is due. A delivery waiting for its
    /// retry holds back the later ones, so a sink gets its alerts in order.
    ///
    /// In PostgreSQL, where several daemons may share the outbox, the row is
    /// claimed (`FOR UPDATE … SKIP LOCKED`) until its outcome is recorded:
    /// another process skips it, and finds no later one either, since an
    /// older delivery is still owed. SQLite has a single writer (the lock
    /// file), so it delivers outside a transaction rather than holding the
    /// database's write lock for as long as a webhook takes.
    public func deliverNext(sink: String, now: Date = Date(), _ deliver: (PendingDelivery) -> DeliveryOutcome) throws -> DeliveryOutcome? {
        try withoutActuallyEscaping(deliver) { deliver in
            let attempt = { () throws -> DeliveryOutcome? in
                guard let delivery = try self.oldestDue(sink: sink, now: now) else { return nil }
                let outcome = deliver(delivery)
                try self.record(outcome, of: delivery)
                return outcome
            }
            return connection.dialect == .postgresql ? try connection.transaction(attempt) : try attempt()
        }
    }

    private func oldestDue(sink: String, now: Date) throws -> PendingDelivery? {
        try rows(
            """
            SELECT a.id, a.key, a.kind, d.sink, a.payload, d.attempts FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
            WHERE a.repository_id = ? AND d.sink = ? AND d.delivered_at IS NULL AND d.next_attempt_at <= ?
              AND NOT EXISTS (
                SELECT 1 FROM alert_deliveries e JOIN alerts b ON b.id = e.alert_id
                WHERE b.repository_id = a.repository_id AND e.sink = d.sink AND e.delivered_at IS NULL AND e.alert_id < d.alert_id
              )
            ORDER BY a.id LIMIT 1\(connection.dialect.claimRows)
            """,
            [repository, .text(sink), .real(now.timeIntervalSince1970)]
        ) { row in
            PendingDelivery(
                alertID: Int64(try row.int("id")), key: try row.text("key"), kind: try row.value("kind"), sink: try row.text("sink"),
                payload: Data(try row.text("payload").utf8), attempts: try row.int("attempts")
            )
        }.first
    }

    private func record(_ outcome: DeliveryOutcome, of delivery: PendingDelivery) throws {
        switch outcome {
        case .delivered:
            try connection.run(
                "UPDATE alert_deliveries SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE alert_id = ? AND sink = ?",
                [.seconds(Date()), .integer(delivery.alertID), .text(delivery.sink)]
            )
        case .failed(let error, let retryAt):
            try connection.run(
                "UPDATE alert_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE alert_id = ? AND sink = ?",
                [.text(error), .real(retryAt.timeIntervalSince1970), .integer(delivery.alertID), .text(delivery.sink)]
            )
        case .abandoned:
            break
        }
    }

    /// When the oldest delivery owed to `sink` falls due (nil: none pending);
    /// the later ones wait for it.
    public func nextDeliveryTime(sink: String) throws -> Date? {
        try rows(
            """
            SELECT d.next_attempt_at FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
            WHERE a.repository_id = ? AND d.sink = ? AND d.delivered_at IS NULL ORDER BY d.alert_id LIMIT 1
            """,
            [repository, .text(sink)]
        ) { Date(timeIntervalSince1970: try $0.double("next_attempt_at")) }.first
    }

    public func outboxStatus(sinks: [String]) throws -> OutboxStatus {
        var pending: [String: Int] = [:]
        var failing: [String: (attempts: Int, error: String)] = [:]
        try rows(
            """
            SELECT d.sink, COUNT(*) AS count, MAX(d.attempts) AS attempts, MAX(d.last_error) AS last_error
            FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
            WHERE a.repository_id = ? AND d.delivered_at IS NULL GROUP BY d.sink
            """,
            [repository]
        ) { row in (try row.text("sink"), try row.int("count"), try row.int("attempts"), try row.optionalText("last_error")) }
            .filter { sinks.contains($0.0) }
            .forEach { sink, count, attempts, error in
                pending[sink] = count
                if let error, attempts > 0 { failing[sink] = (attempts, error) }
            }
        let last = try rows("SELECT key, kind, sha, created_at FROM alerts WHERE repository_id = ? ORDER BY id DESC LIMIT 1", [repository]) { row in
            (key: try row.text("key"), kind: try row.value("kind", as: OutboxAlert.Kind.self), commit: try row.text("sha"), createdAt: try row.date("created_at"))
        }.first
        var byKind: [OutboxAlert.Kind: Int] = [:]
        try rows("SELECT kind, COUNT(*) AS count FROM alerts WHERE repository_id = ? GROUP BY kind", [repository]) {
            (try $0.value("kind", as: OutboxAlert.Kind.self), try $0.int("count"))
        }.forEach { kind, count in byKind[kind] = count }
        return OutboxStatus(pending: pending, failing: failing, lastAlert: last, alertsByKind: byKind)
    }
}
