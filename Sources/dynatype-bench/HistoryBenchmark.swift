import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

/// Issue 5's benchmark on one repository: the audit of HEAD (and the parser's
/// floor), `scan` of the last N commits three ways, and the latency of a
/// one-line commit, with peak memory; medians of repeated runs and ratios
/// measured in the same run.
struct HistoryBenchmark {
    let repository: URL
    let commits: Int
    let runs: Int
    let dynatype: String

    func run() throws {
        let repo = try Repository(at: repository)
        let head = try repo.resolveCommit("HEAD")
        print("repository: \(repository.path) (HEAD \(head.short))")

        // 1. Full audit of HEAD, from a checkout of its tree.
        let checkout = try temporaryFolder("checkout")
        defer { try? FileManager.default.removeItem(at: checkout) }
        for file in try repo.files(of: head, keep: { SourceKind(path: $0) != nil }) {
            let url = checkout.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try repo.contents(of: file.blob).write(to: url)
        }
        print("\n1. full audit of HEAD")
        AuditBenchmark(folder: checkout, runs: runs).run()

        // 2. scan of the last N commits, three ways, each in a fresh database.
        print("\n2. scan of the last \(commits) commits, from an empty history (median of \(runs) runs each)")
        let folder = try temporaryFolder("scan")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The modes take turns within each round, so a machine that slows
        // down under sustained load (or a noisy neighbour) weighs on all alike.
        var times: [CacheMode: [Double]] = [:]
        var peaks: [CacheMode: Int] = [:]
        var breakdowns: [CacheMode: String] = [:]
        for run in 0..<runs {
            for mode in CacheMode.allCases {
                let database = folder.appendingPathComponent("\(mode.rawValue)-\(run).sqlite").path
                let result = Child.run(
                    dynatype, ["scan", "--repo", repository.path, "--db", database, "--max-commits", "\(commits)", "--cache", mode.rawValue, "--verbose"]
                )
                guard result.status == 0 else { throw BenchmarkError(message: "dynatype scan --cache \(mode.rawValue) exited \(result.status)") }
                times[mode, default: []].append(result.seconds)
                peaks[mode] = max(peaks[mode] ?? 0, result.peakBytes)
                // The counts are the same every run: the scan's own breakdown of its work.
                breakdowns[mode] = result.output.split(separator: "\n").filter { $0.hasPrefix("  ") }.joined(separator: "\n")
            }
        }
        let naive = Measure.median(times[.none] ?? [])
        print("  mode    seconds  commits/s  vs naive  peak memory")
        for mode in CacheMode.allCases {
            let median = Measure.median(times[mode] ?? [])
            print(String(format: "  %-6@ %8.2f  %9.1f  %7.2fx  %@", mode.rawValue, median, Double(commits) / median, naive / median, megabytes(peaks[mode] ?? 0)))
        }
        for mode in CacheMode.allCases {
            print("  where the work went, --cache \(mode.rawValue):")
            print(breakdowns[mode] ?? "")
        }

        // 3. Latency of a one-line commit, in a clone, from ref update to stored summary.
        print("\n3. latency of a one-line commit (in-process, from ref update to stored summary)")
        try LatencyBenchmark(source: repository, samples: max(10, runs * 4)).run()
    }
}

extension Measure {
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
