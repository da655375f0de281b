import DynatypeHistory
import Foundation
import Testing

/// A `dynatype watch` child process over a temporary repository, with its
/// configuration, JSON Lines alerts, metrics and logs in the fixture's folder.
final class DaemonHarness {
    let fixture: GitFixture
    /// The repository the daemon watches (the fixture, or a bare remote).
    let watched: URL
    let configuration: URL
    let alerts: URL
    let metrics: URL
    let database: URL
    /// The configuration's `database`: the SQLite file `database`, or a PostgreSQL URL.
    let databaseSetting: String
    let log: URL
    private(set) var process: Process?
    var environment: [String: String] = [:]
    /// What runs `watch`: the binary, or a command that runs it as another user.
    var command: (executable: URL, arguments: [String]) = (dynatypeBinary, [])

    /// `folder` holds the daemon's configuration, log, alerts and metrics
    /// (default: the fixture's folder); `database` is a PostgreSQL URL to
    /// record into instead of an SQLite file there.
    init(
        fixture: GitFixture, watched: URL? = nil, folder: URL? = nil, database postgresql: String? = nil, extra: String = "", alertSettings: String = ""
    ) throws {
        self.fixture = fixture
        self.watched = watched ?? fixture.url
        let folder = folder ?? fixture.folder.url
        configuration = folder.appendingPathComponent("daemon.json")
        alerts = folder.appendingPathComponent("alerts.jsonl")
        metrics = folder.appendingPathComponent("metrics/dynatype.prom")
        database = folder.appendingPathComponent("state/history.sqlite")
        databaseSetting = postgresql ?? database.path
        log = folder.appendingPathComponent("daemon.log")
        try writeConfiguration(extra: extra, alertSettings: alertSettings)
    }

    func writeConfiguration(extra: String = "", alertSettings: String = "", jsonl: URL? = nil) throws {
        let text = """
            {
              // written by the test
              "repositories": [{
                "name": "app", "path": "\(watched.path)", "database": "\(databaseSetting)",
                "alerts": { "jsonl": "\((jsonl ?? alerts).path)", "retry_initial_seconds": 0.2 \(alertSettings) },
                "metrics_file": "\(metrics.path)" \(extra)
              }],
              "poll_seconds": 30
            }
            """
        try Data(text.utf8).write(to: configuration)
    }

    /// What the daemon tells systemd, heard on a socket in the fixture's
    /// folder (with a watchdog interval, when given).
    func listenAsSystemd(watchdogMicroseconds: Int? = nil) throws -> NotifyListener {
        let socketPath = fixture.folder.url.appendingPathComponent("notify.sock").path
        let listener = try NotifyListener(path: socketPath)
        environment["NOTIFY_SOCKET"] = socketPath
        if let watchdogMicroseconds { environment["WATCHDOG_USEC"] = "\(watchdogMicroseconds)" }
        return listener
    }

    /// Starts the daemon and waits until it is watching (it catches up first).
    func start(waitUntilWatching: Bool = true) throws {
        let process = Process()
        process.executableURL = command.executable
        process.arguments = command.arguments + ["watch", "--config", configuration.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if !FileManager.default.fileExists(atPath: log.path) { try Data().write(to: log) }
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        process.standardError = handle
        process.standardOutput = handle
        let started = logText.components(separatedBy: "watching app").count
        try process.run()
        self.process = process
        guard waitUntilWatching else { return }
        try wait("the daemon to start watching") { self.logText.components(separatedBy: "watching app").count > started || !process.isRunning }
        try #require(process.isRunning, "the daemon exited: \(logText)")
    }

    /// SIGTERM, and the exit status.
    @discardableResult
    func stop() -> Int32 {
        guard let process, process.isRunning else { return process?.terminationStatus ?? 0 }
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGTERM, then how long the daemon took to exit; nil when it did not
    /// exit within `limit` seconds (it is then killed, so the test goes on).
    func stop(within limit: Double) -> (status: Int32, seconds: Double)? {
        guard let process, process.isRunning else { return nil }
        let start = Date()
        process.terminate()
        while process.isRunning {
            if Date().timeIntervalSince(start) > limit {
                kill9()
                return nil
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return (process.terminationStatus, Date().timeIntervalSince(start))
    }

    func kill9() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func signal(_ number: Int32) {
        if let process { kill(process.processIdentifier, number) }
    }

    deinit { if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The alert lines written so far, decoded.
    func alertLines(in file: URL? = nil) -> [[String: Any]] {
        let text = (try? String(contentsOf: file ?? alerts, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The commits the daemon recorded, in audit order.
    func recordedCommits() throws -> [CommitRecord] {
        guard databaseSetting == database.path else {
            let fleet = try HistoryDatabase(databaseSetting, relativeTo: fixture.folder.url).openFleet()
            return try fleet.repositories().first { $0.identity.name == "app" }?.store.allCommits() ?? []
        }
        guard FileManager.default.fileExists(atPath: database.path) else { return [] }
        return try SQLiteHistoryStore(path: database.path, readOnly: true).allCommits()
    }

    /// Polls until `condition` holds (10 s at most; the debug build is slow).
    func wait(_ what: String, timeout: Double = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        throw FixtureError(message: "timed out waiting for \(what); daemon log:\n\(logText)")
    }
}
