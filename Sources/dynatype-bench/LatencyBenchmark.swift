import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

/// One-line commits made in a clone, each audited as the daemon would: plan
/// from the moved ref, audit, store. The engine is warm (it has audited the
/// recent history), as a running daemon is; a daemon that has backfilled a
/// long history plans every ref move against all of it.
struct LatencyBenchmark {
    let source: URL
    let samples: Int
    /// How many of the newest commits are audited before the samples.
    var history = 20

    func run() throws {
        let folder = try temporaryFolder("latency")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("clone").path
        try Child.git(["clone", "-q", source.path, clone], in: folder.path)
        try Child.git(["config", "user.email", "bench@example.com"], in: clone)
        try Child.git(["config", "user.name", "Bench"], in: clone)
        let store = try SQLiteHistoryStore(path: folder.appendingPathComponent("history.sqlite").path)
        let engine = HistoryEngine(repository: try Repository(at: URL(fileURLWithPath: clone)), store: store)
        let scanner = HistoryScanner(engine: engine)
        _ = try scanner.run(try scanner.plan(refs: ["HEAD"], limit: .newest(history)))

        // Edit the largest view files, one line each time, as a developer would.
        let files = try engine.repository.files(of: try engine.repository.resolveCommit("HEAD")) { $0.hasSuffix(".swift") }
        var sized: [(path: String, size: Int)] = []
        for file in files {
            let data = try engine.repository.contents(of: file.blob)
            if String(decoding: data, as: UTF8.self).contains("some View") { sized.append((file.path, data.count)) }
        }
        let targets = sized.sorted { $0.size > $1.size }.prefix(3).map(\.path)
        guard !targets.isEmpty else { throw BenchmarkError(message: "no SwiftUI file to edit") }
        var times: [Double] = []
        for sample in 0..<samples {
            let path = targets[sample % targets.count]
            let url = URL(fileURLWithPath: clone).appendingPathComponent(path)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let line = min(lines.count - 1, lines.count / 2 + sample)
            lines.insert("// edit \(sample)", at: line)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            try Child.git(["commit", "-q", "-am", "edit \(sample)"], in: clone)
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try scanner.run(try scanner.plan(refs: ["HEAD"], limit: .newCommits))
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard result.audited == 1 else { throw BenchmarkError(message: "expected one commit, audited \(result.audited)") }
        }
        let sorted = times.sorted()
        print(String(format: "  after %d commits, %d one-line commits to %@: median %.1f ms (min %.1f, max %.1f); peak memory %@",
                     history, samples, targets.joined(separator: ", "), Measure.median(times), sorted.first ?? 0, sorted.last ?? 0, megabytes(selfPeakBytes())))
    }
}
