import DynatypeEngine
import DynatypeRules
import Foundation
import SwiftParser

/// Parse-only floor versus full audit for one folder, on one thread and on
/// all cores, so the rules' overhead over parsing is a ratio measured in the
/// same run.
struct AuditBenchmark {
    let folder: URL
    let runs: Int

    func run() {
        let discovery = FileDiscovery(configuration: ProjectConfiguration(), configurationRoot: folder)
        let files = discovery.files(under: folder).files.filter { $0.pathExtension == "swift" }
        let sources = files.compactMap { try? Data(contentsOf: $0) }
        let texts = sources.map { String(decoding: $0, as: UTF8.self) }
        let bytes = sources.reduce(0) { $0 + $1.count }
        let cores = ParallelWork.defaultThreadCount
        print("folder: \(folder.path)")
        print("files: \(files.count) Swift files, \(bytes) bytes (\(String(format: "%.2f", Double(bytes) / 1_048_576)) MB); \(runs) runs each, medians; \(cores) cores")

        let parseOne = Measure.median(runs) { _ = ParallelWork.map(count: texts.count, threads: 1) { Parser.parse(source: texts[$0]).endPosition.utf8Offset } }
        let auditOne = Measure.median(runs) { _ = audit(sources, threads: 1, prefilter: false) }
        let filteredOne = Measure.median(runs) { _ = audit(sources, threads: 1, prefilter: true) }
        let parseAll = Measure.median(runs) { _ = ParallelWork.map(count: texts.count, threads: cores) { Parser.parse(source: texts[$0]).endPosition.utf8Offset } }
        let auditAll = Measure.median(runs) { _ = audit(sources, threads: cores, prefilter: true) }
        let budgetAll = Measure.median(runs) { _ = ParallelWork.map(count: texts.count, threads: cores) { index in CPUBudget.run(seconds: 10) { index } } }
        let skipped = sources.filter { !SourcePrefilter.mayMatter(Array(String(decoding: $0, as: UTF8.self).utf8)) }.count

        let table = [
            ("parse only, 1 thread", parseOne), ("audit, every file parsed, 1 thread", auditOne),
            ("audit with prefilter, 1 thread", filteredOne), ("parse only, \(cores) threads", parseAll),
            ("audit with prefilter, \(cores) threads", auditAll),
        ]
        for (name, seconds) in table {
            print("  \(name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(String(format: "%8.3f s  %7.2f MB/s  %7.1f files/s", seconds, Double(bytes) / 1_048_576 / seconds, Double(files.count) / seconds))")
        }
        print(String(format: "rules overhead over parsing (every file parsed, 1 thread): %+.1f%%   (audit/parse = %.3f)", (auditOne / parseOne - 1) * 100, auditOne / parseOne))
        print("prefilter: \(skipped) of \(files.count) files skipped (\(Int((Double(skipped) / Double(max(1, files.count)) * 100).rounded()))%)")
        print(String(format: "parallel speedup of the audit: %.2fx on %d cores", filteredOne / auditAll, cores))
        print(String(format: "per-file CPU budget alone (empty work, %d threads): %.1f ms, %.2f%% of the audit", cores, budgetAll * 1000, budgetAll / auditAll * 100))
    }

    private func audit(_ sources: [Data], threads: Int, prefilter: Bool) -> [FileReport] {
        let analyzer = FileAnalyzer(prefilter: prefilter)
        let analyses = ParallelWork.map(count: sources.count, threads: threads) { index -> FileAnalysis? in
            if case .analyzed(let analysis) = analyzer.analyze(sources[index], kind: .swift) { return analysis }
            return nil
        }
        let named = analyses.enumerated().compactMap { index, analysis in analysis.map { ("\(index).swift", $0) } }
        return ProjectResolver().resolve(named)
    }
}

enum Measure {
    /// The median wall-clock time of `runs` calls.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        return times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    }
}
