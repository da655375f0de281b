import DynatypeHistory
import Foundation

/// `dynatype watch` as a user sees it: from `git commit` returning to the
/// alert line in the JSON Lines file (debounce included), and the daemon's
/// resident memory idle and after a burst of commits.
struct DaemonBenchmark {
    let source: URL?
    let dynatype: String
    let samples: Int

    func run() throws {
        let folder = try temporaryFolder("daemon")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repo").path
        if let source {
            try Child.git(["clone", "-q", source.path, repository], in: folder.path)
        } else {
            try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
            try Child.git(["init", "-q", "-b", "main"], in: repository)
        }
        try Child.git(["config", "user.email", "bench@example.com"], in: repository)
        try Child.git(["config", "user.name", "Bench"], in: repository)
        let probe = URL(fileURLWithPath: repository).appendingPathComponent("DynatypeBench/Probe.swift")
        try FileManager.default.createDirectory(at: probe.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.view(fixed: false).write(to: probe, atomically: true, encoding: .utf8)
        try Child.git(["add", "-A"], in: repository)
        try Child.git(["commit", "-q", "-m", "benchmark probe"], in: repository)

        let alerts = folder.appendingPathComponent("alerts.jsonl")
        let database = folder.appendingPathComponent("history.sqlite")
        let configuration = folder.appendingPathComponent("daemon.json")
        try """
            { "repositories": [{ "name": "bench", "path": "\(repository)", "database": "\(database.path)",
              "alerts": { "jsonl": "\(alerts.path)", "journal": false }, "metrics_file": "\(folder.path)/metrics.prom" }] }
            """.write(to: configuration, atomically: true, encoding: .utf8)

        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: dynatype)
        daemon.arguments = ["watch", "--config", configuration.path]
        let log = folder.appendingPathComponent("daemon.log")
        try Data().write(to: log)
        daemon.standardError = try FileHandle(forWritingTo: log)
        let started = Date()
        try daemon.run()
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        try wait(timeout: 600) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("watching bench") }
        print(String(format: "  start-up (baseline audit of HEAD, then watching): %.2f s", Date().timeIntervalSince(started)))
        sleep(1)
        print("  resident memory, idle after start-up: \(megabytes(Self.residentBytes(daemon.processIdentifier)))")

        var latencies: [Double] = []
        for sample in 0..<samples {
            try Self.view(fixed: sample % 2 == 0).write(to: probe, atomically: true, encoding: .utf8)
            let lines = Self.lineCount(alerts)
            _ = try Child.git(["commit", "-q", "-am", "probe \(sample)"], in: repository)
            let committed = Date()
            try wait(timeout: 30) { Self.lineCount(alerts) > lines }
            latencies.append(Date().timeIntervalSince(committed) * 1000)
        }
        let sorted = latencies.sorted()
        print(String(format: "  git commit → alert line: median %.0f ms (min %.0f, max %.0f) over %d commits (debounce 200 ms included)",
                     Measure.median(latencies), sorted.first ?? 0, sorted.last ?? 0, latencies.count))

        let before = try SQLiteHistoryStore(path: database.path, readOnly: true).allCommits().count
        let burstStart = Date()
        for index in 0..<10 {
            try Self.view(fixed: index % 2 == 1, title: "Burst \(index)").write(to: probe, atomically: true, encoding: .utf8)
            _ = try Child.git(["commit", "-q", "-am", "burst \(index)"], in: repository)
        }
        try wait(timeout: 120) { (try? SQLiteHistoryStore(path: database.path, readOnly: true).allCommits().count) == before + 10 }
        print(String(format: "  a burst of 10 commits audited %.2f s after the first", Date().timeIntervalSince(burstStart)))
        sleep(1)
        print("  resident memory after the burst: \(megabytes(Self.residentBytes(daemon.processIdentifier)))")
    }

    private static func view(fixed: Bool, title: String = "Probe") -> String {
        """
        import SwiftUI

        struct DynatypeBenchProbe: View {
            var body: some View {
                Text("\(title)").font(\(fixed ? ".system(size: 13)" : ".footnote"))
            }
        }
        """
    }

    private static func lineCount(_ file: URL) -> Int {
        ((try? Data(contentsOf: file)) ?? Data()).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private static func residentBytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    private func wait(timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw BenchmarkError(message: "timed out waiting for the daemon") }
            usleep(1_000)
        }
    }
}
